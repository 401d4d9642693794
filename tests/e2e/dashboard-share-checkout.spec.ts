import { expect, test, type APIRequestContext } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import { collectCspViolations } from "./helpers/csp";
import { signUp } from "./helpers/dashboard";

/**
 * A shop owner without a developer gets a customer to pay again, on a phone: the pending checkout's
 * page copied from the payment's detail, and the support contact the owner set in branding shown
 * on their payment link's page, open or closed (never "ask the merchant" without a way to).
 */
test.use({ viewport: { width: 375, height: 800 }, locale: "en-GB" });

async function api(request: APIRequestContext, key: string, path: string, data?: Record<string, unknown>) {
  const res = await request.post(`/api/v1${path}`, { headers: { "X-API-Key": key }, data: data ?? {} });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

test("copy a pending checkout's link from its payment; the link page shows the support contact", async ({ page, request, context }) => {
  test.setTimeout(120_000);
  const violations = collectCspViolations(page);
  const account = await signUp(page, "Boutique Contact");

  // The support contact, in Settings › Checkout branding.
  await page.goto("/dashboard/settings/branding");
  const form = page.getByTestId("branding-form");
  await form.getByLabel("Support phone number").fill("+221 33 800 11 22");
  await form.getByRole("button", { name: "Save branding" }).click();
  await expect(form.getByText(/^Saved\./)).toBeVisible();

  // A checkout the customer has not paid: its page, to copy, on the payment's detail.
  const checkout = (await api(request, account.key, "/payments/initiate", { type: "checkout", amount: 5000, currency: "XOF", externalReference: `share-${Date.now()}` })).data;
  await page.goto(`/dashboard/payments/${checkout.transactionId}`);
  const share = page.getByTestId("checkout-link");
  await expect(share.getByRole("heading", { name: "Checkout page" })).toBeVisible();
  await expect(share.getByTestId("checkout-url")).toHaveValue(checkout.redirectUrl);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await share.getByRole("button", { name: "Copy the link" }).click();
  await expect(share.getByRole("button", { name: "Link copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(checkout.redirectUrl);
  await expectNoSeriousA11yViolations(page, "payment detail with its checkout link at 375 px");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // The customer's page of a payment link: the contact under the form, and under the closed link.
  const link = await api(request, account.key, "/payment-links", { title: "Robe wax", amount: 15000, currency: "XOF" });
  await page.goto(`/pay/${link.slug}`);
  const contact = page.getByTestId("merchant-contact");
  await expect(contact).toContainText("Contact Boutique Contact:");
  await expect(contact.getByRole("link", { name: "+221338001122" })).toHaveAttribute("href", "tel:+221338001122");
  await api(request, account.key, `/payment-links/${link.id}/deactivate`);
  await page.reload();
  await expect(page.getByTestId("link-closed")).toContainText("contact the merchant (details below)");
  await expect(page.getByTestId("merchant-contact")).toBeVisible();
  await expectNoSeriousA11yViolations(page, "closed payment link with the support contact at 375 px");

  expect(violations).toEqual([]);
});
