import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { collectCspViolations } from "./helpers/csp";
import { addFunds, nav, signUp, unique } from "./helpers/dashboard";

/**
 * Bulk payouts from a CSV in the dashboard, in Chromium against the built app: download the
 * template, upload a file, read every row's error before anything is sent, confirm, and watch
 * the batch reach its end (the page refreshes itself); then the same without JavaScript.
 */

function csvFile(run: string) {
  const rows = [
    "externalReference,amount,currency,country,method,provider,recipientPhone,recipientName",
    `${run}-1,10000,XOF,SN,MOBILE_MONEY,orange,+221770000012,Awa Diop`,
    `${run}-2,10000,XOF,SN,MOBILE_MONEY,orange,+22177000,Bad Phone`,
    `${run}-3,5000,XOF,SN,MOBILE_MONEY,wave,+221770000090,Refused By Provider`,
    `${run}-4,7500,XOF,SN,MOBILE_MONEY,carrier-pigeon,+221770000013,Unknown Operator`,
  ];
  return { name: "november.csv", mimeType: "text/csv", buffer: Buffer.from(rows.join("\r\n")) };
}

test("download the template, upload a CSV, see each row's error, confirm, watch the batch complete", async ({ page }) => {
  const violations = collectCspViolations(page);
  await signUp(page);
  await addFunds(page, "100000");
  await nav(page).getByRole("link", { name: "Payouts" }).click();
  await page.getByTestId("bulk-link").click();
  await expect(page.getByRole("heading", { level: 1, name: "Bulk payouts" })).toBeVisible();
  await expect(page.getByText("No bulk payout yet.")).toBeVisible();
  await page.getByRole("link", { name: "New bulk payout" }).click();

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("bulk-template").click()]);
  expect(download.suggestedFilename()).toBe("bulk-payouts-template.csv");
  const template = readFileSync((await download.path())!, "utf8");
  expect(template.split("\r\n")[0]).toMatch(/^externalReference,amount,currency,country,method,provider,recipientPhone/);

  const run = `e2e-${unique()}`;
  const form = page.getByTestId("bulk-upload-form");
  await form.getByLabel("CSV file").setInputFiles(csvFile(run));
  await form.getByRole("button", { name: "Check the file" }).click();

  const preview = page.getByTestId("bulk-preview");
  await expect(preview.getByTestId("bulk-preview-summary")).toHaveText("2 of 4 rows can be sent · 2 rows have an error and will not be sent");
  await expect(preview.getByTestId("bulk-row-2")).toContainText("OK");
  await expect(preview.getByTestId("bulk-row-3")).toContainText("9 digits");
  await expect(preview.getByTestId("bulk-row-4")).toContainText("OK");
  await expect(preview.getByTestId("bulk-row-5")).toContainText("carrier-pigeon");
  // The totals count the two rows that would be sent; the two invalid rows are left out, and said so.
  await expect(preview.getByTestId("bulk-count")).toHaveText("2");
  await expect(preview.getByTestId("bulk-left-out")).toHaveText("2 rows with an error or not covered by the balance: not in these totals");
  await expect(preview.getByTestId("bulk-total")).toHaveText("XOF\u00A015,000");
  // Nothing was sent by the check.
  await page.goto("/dashboard/payouts/bulk");
  await expect(page.getByText("No bulk payout yet.")).toBeVisible();
  await page.goBack();
  await form.getByLabel("CSV file").setInputFiles(csvFile(run));
  await form.getByRole("button", { name: "Check the file" }).click();
  await page.getByRole("button", { name: "Send 2 payouts" }).click();

  await expect(page).toHaveURL(/\/dashboard\/payouts\/bulk\/pb_/);
  const items = page.getByTestId("bulk-items");
  await expect(items.getByRole("row")).toHaveCount(5);
  await expect(items).toContainText(`${run}-2`);
  await expect(page.getByTestId("bulk-summary")).toContainText("4 · Accepted 2 · Rejected 2");
  // The sandbox answers in 1.5 s; the page refreshes itself every 5 s until every payout is final.
  await expect(page.getByTestId("bulk-status")).toHaveText("Completed", { timeout: 40_000 });
  await expect(page.getByTestId("bulk-progress")).toHaveText("2 of 2 payouts final");
  await expect(items.getByRole("row").filter({ hasText: `${run}-1` })).toContainText("Success");
  // Why each row did not go, in words: the refusal of the file's check, the operator's failure.
  await expect(items.getByTestId("bulk-item-2")).toContainText("9 digits");
  await expect(items.getByTestId("bulk-item-3")).toContainText("The recipient's account was not found.");
  await expect(items).not.toContainText("invalid_recipient");
  // On a phone the rows are cards: no header row to scroll past, amount and status first.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(items.locator("thead")).toHaveCSS("position", "absolute");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });

  // A batch's page lists its payouts: each links to the payout's own page.
  await items.getByRole("row").filter({ hasText: `${run}-1` }).getByRole("link").click();
  await expect(page.getByTestId("payout-amount")).toBeVisible();
  await page.goto("/dashboard/payouts/bulk");
  await expect(page.getByTestId("bulks-table")).toContainText("Completed");
  expect(violations).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the upload, the preview and the confirmation are plain form posts", async ({ page, browser }) => {
    // Sign up and fund with JavaScript (those pages have their own no-JS tests), then reuse the session.
    const withJs = await browser.newContext();
    const setup = await withJs.newPage();
    await signUp(setup);
    await addFunds(setup, "100000");
    await page.context().addCookies(await withJs.cookies());
    await withJs.close();

    await page.goto("/dashboard/payouts/bulk/new");
    const run = `nojs-${unique()}`;
    await page.getByLabel("CSV file").setInputFiles(csvFile(run));
    await page.getByRole("button", { name: "Check the file" }).click();
    await expect(page.getByTestId("bulk-preview-summary")).toHaveText("2 of 4 rows can be sent · 2 rows have an error and will not be sent");
    await expect(page.getByTestId("bulk-row-3")).toContainText("9 digits");
    await page.getByRole("button", { name: "Send 2 payouts" }).click();
    await expect(page).toHaveURL(/\/dashboard\/payouts\/bulk\/pb_/);
    await expect(page.getByTestId("bulk-summary")).toContainText("4 · Accepted 2 · Rejected 2");
  });
});
