import { expect, test, type APIRequestContext } from "@playwright/test";
import { addFunds, alert, nav, signUp, unique } from "./helpers/dashboard";

/**
 * Refunds from the payment's page (docs/design/refunds.md), in Chromium against the built app: a paid
 * sandbox payment, a partial refund with amount and reason behind the confirmation step, a
 * refused one (more than what is left), then the rest refunded with JavaScript off (the form is
 * a plain POST), until the payment reads Refunded.
 */

async function paidPayment(request: APIRequestContext, key: string, amount: number): Promise<string> {
  const headers = { "X-API-Key": key, "Content-Type": "application/json" };
  const res = await request.post("/api/v1/payments/initiate", {
    headers,
    data: { type: "direct", amount, externalReference: `refund-${unique()}`, provider: "orange", country: "SN", customerPhone: "+221770000012" },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).data.transactionId as string;
  await expect(async () => {
    const s = await request.get(`/api/v1/payments/status/${id}`, { headers });
    expect((await s.json()).status).toBe("success");
  }).toPass({ timeout: 30_000 });
  return id;
}

test("refund a payment from its page: partial with a reason, a refusal, then the rest without JavaScript", async ({ page, request, browser }) => {
  // A sign-up, a paid payment and three refunds waited for in turn: minutes on a loaded machine.
  test.setTimeout(240_000);
  const account = await signUp(page);
  await addFunds(page, "50000");
  const id = await paidPayment(request, account.key, 10_000);

  await page.goto(`/dashboard/payments/${id}`);
  await expect(page.getByTestId("payment-status")).toHaveText("Success");
  await expect(page.getByText("No refund yet.")).toBeVisible();
  const form = page.getByTestId("refund-form");
  await expect(form).toBeHidden(); // behind the disclosure
  await page.getByTestId("refund").locator("summary").click();
  await form.getByLabel(/Amount to refund/).fill("4000");
  await form.getByLabel("Reason (optional)").fill("Damaged item");
  // Without ticking the confirmation the browser does not send it.
  await form.getByRole("button", { name: "Refund now" }).click();
  await expect(page.getByTestId("refund-created")).toHaveCount(0);
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Refund now" }).click();
  await expect(page.getByTestId("refund-created")).toBeVisible();
  const rows = page.getByTestId("refund-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("4,000");
  await expect(rows.first()).toContainText("Damaged item");
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("refund-row").first()).toContainText("Success", { timeout: 1000 });
    await expect(page.getByTestId("refunded-amount")).toContainText("4,000", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("payment-status")).toHaveText("Success");

  // More than what is left: refused, with the reason, nothing created.
  await page.getByTestId("refund").locator("summary").click();
  await form.getByLabel(/Amount to refund/).fill("7000");
  await form.getByRole("checkbox").check();
  await form.getByRole("button", { name: "Refund now" }).click();
  await expect(alert(page, "At most XOF 6,000 is left to refund")).toBeVisible();
  await expect(page.getByTestId("refund-row")).toHaveCount(1);

  // The rest, with JavaScript off: the same form posts and the page comes back with the refund.
  const noJs = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noJs.newPage();
  await plain.goto(`/dashboard/payments/${id}`);
  await plain.getByTestId("refund").locator("summary").click();
  const plainForm = plain.getByTestId("refund-form");
  await plainForm.getByRole("checkbox").check();
  await plainForm.getByRole("button", { name: "Refund now" }).click();
  await expect(plain.getByTestId("refund-created")).toBeVisible();
  await expect(plain.getByTestId("refund-row")).toHaveCount(2);
  await expect(async () => {
    await plain.reload();
    await expect(plain.getByTestId("payment-status")).toHaveText("Refunded", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(plain.getByTestId("refunded-amount")).toContainText("10,000");
  await expect(plain.getByTestId("refund")).toHaveCount(0); // nothing left: no refund action
  await noJs.close();
});
