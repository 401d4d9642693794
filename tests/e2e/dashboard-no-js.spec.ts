import { expect, test } from "@playwright/test";
import { nav, openMenu, signUp } from "./helpers/dashboard";

/**
 * Every form of the dashboard works with JavaScript disabled: server actions post as
 * plain forms and the page comes back with the result; GET filters are plain query strings.
 * Forms covered elsewhere without JavaScript: sign-in and 2FA (sign-in-security.spec), team
 * (team.spec), refunds (dashboard-refunds.spec), bulk payouts (dashboard-bulk.spec), the request
 * log (request-log.spec). This spec walks the others with one new merchant, at phone width
 * (verification is a production page: it is not served in the sandbox).
 */
test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } });

test("sign up, then balances, statement, webhooks, API keys, settings and audit forms without JavaScript", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, "Boutique sans JS");

  // Balances: a refused amount is explained and kept; then test funds, the mode, a move.
  await openMenu(page);
  await nav(page).getByRole("link", { name: "Balances" }).click();
  const funds = page.getByTestId("add-funds-form");
  await funds.getByLabel("Amount").fill("abc");
  await funds.getByRole("button", { name: "Add funds" }).click();
  await expect(page.getByTestId("add-funds-form").getByRole("alert")).toContainText("Enter an amount");
  await page.getByTestId("add-funds-form").getByLabel("Amount").fill("25 000");
  await page.getByTestId("add-funds-form").getByRole("button", { name: "Add funds" }).click();
  await expect(page.getByTestId("add-funds-form").getByText("Test funds added.")).toBeVisible();
  await page.goto("/dashboard/balances");
  await expect(page.getByTestId("wallet-XOF-collect")).toContainText("25,000");
  const mode = page.getByTestId("balance-mode-form");
  await mode.getByLabel(/Separate/).check();
  await mode.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("balance-mode-form").getByText("Saved.")).toBeVisible();
  await page.goto("/dashboard/balances");
  await page.getByTestId("move-funds-form").getByLabel("Amount").fill("5000");
  await page.getByTestId("move-funds-form").getByRole("button", { name: "Move" }).click();
  await expect(page.getByTestId("move-funds-form").getByText("Funds moved.")).toBeVisible();
  await page.goto("/dashboard/balances");
  await expect(page.getByTestId("wallet-XOF-payout")).toContainText("5,000");

  // Statement: the GET form filters by query string.
  await page.goto("/dashboard/balances/statement");
  await page.getByTestId("filter-toggle").click(); // the statement's filters sit behind a disclosure
  await page.getByLabel("Category").selectOption("collect");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/category=collect/);
  await expect(page.getByTestId("statement-summary")).toBeVisible();

  // Webhooks: a refused URL keeps what was typed; a good one is saved.
  await openMenu(page);
  await nav(page).getByRole("link", { name: "Webhooks" }).click();
  await page.getByTestId("webhook-url-form").getByLabel("URL").fill("ftp://example.com/hooks");
  await page.getByTestId("webhook-url-form").getByRole("button", { name: "Save URL" }).click();
  await expect(page.getByTestId("webhook-url-form").getByRole("alert")).toContainText("https");
  await expect(page.getByTestId("webhook-url-form").getByLabel("URL")).toHaveValue("ftp://example.com/hooks");
  await page.getByTestId("webhook-url-form").getByLabel("URL").fill("https://example.com/webhooks/no-js");
  await page.getByTestId("webhook-url-form").getByRole("button", { name: "Save URL" }).click();
  await expect(page.getByTestId("webhook-url-form").getByText("Saved.")).toBeVisible();
  await page.goto("/dashboard/webhooks");
  await expect(page.getByTestId("webhook-url-form").getByLabel("URL")).toHaveValue("https://example.com/webhooks/no-js");

  // API keys: the rotation's confirmation is a native disclosure; the new secret is shown once.
  await openMenu(page);
  await nav(page).getByRole("link", { name: "API keys" }).click();
  const rotate = page.getByTestId("rotate-keys");
  await rotate.getByText("Rotate keys").click();
  await rotate.getByRole("button", { name: "Yes, rotate" }).click();
  await expect(page.getByTestId("new-secret-key")).toHaveText(/^sk_test_/);

  // Settings: the time zone, and a wrong current password refused.
  await openMenu(page);
  await nav(page).getByRole("link", { name: "Settings" }).click();
  await page.getByTestId("time-zone-form").getByLabel("Show times in").selectOption("Africa/Dakar");
  await page.getByTestId("time-zone-form").getByRole("button", { name: "Save time zone" }).click();
  await expect(page.getByTestId("time-zone-form").getByText("Saved.")).toBeVisible();
  await page.goto("/dashboard/settings");
  await expect(page.getByTestId("time-zone-form").getByLabel("Show times in")).toHaveValue("Africa/Dakar");
  await page.getByTestId("password-form").getByLabel("Current password").fill("not my password at all");
  await page.getByTestId("password-form").getByLabel("New password").fill("another long password");
  await page.getByTestId("password-form").getByRole("button", { name: "Change password" }).click();
  await expect(page.getByTestId("password-form").getByRole("alert")).toContainText("The current password is wrong.");

  // Audit log: the GET filter narrows to one action.
  await page.goto("/dashboard/audit");
  await page.getByTestId("audit-filters").getByLabel("Action").selectOption({ index: 1 });
  await page.getByTestId("audit-filters").getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=/);
});
