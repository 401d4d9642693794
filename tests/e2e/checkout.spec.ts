import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { collectCspViolations } from "./helpers/csp";

/**
 * The hosted checkout in real Chromium against the built app (scripts/e2e-server.mjs): the
 * sandbox simulator answers after 1.5 s; the phone's last two digits pick the outcome (docs/design/sandbox.md).
 * Payments are created through the public API with the demo merchant's fixed sandbox keys.
 */
const API_KEY = "pk_test_E2eE2eE2eE2eE2eE2eE2eE2eE2:sk_test_E2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2";
const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? "3100"}`;
const EXPIRY_BASE = `http://127.0.0.1:${process.env.E2E_EXPIRY_PORT ?? "3101"}`;
let counter = 0;

type Initiated = { transactionId: string; redirectUrl: string; expiresAt: string };

async function initiate(request: APIRequestContext, body: Record<string, unknown>, base = BASE): Promise<Initiated> {
  const res = await request.post(`${base}/api/v1/payments/initiate`, {
    headers: { "X-API-Key": API_KEY },
    data: { type: "checkout", amount: 5000, currency: "XOF", externalReference: `e2e-${Date.now()}-${++counter}`, ...body },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data;
}

const checkoutBody = (extra: Record<string, unknown> = {}) => ({
  description: "Order #42 — 2 coffees",
  returnUrl: `${BASE}/api/ping?order=42`,
  cancelUrl: `${BASE}/api/ping?order=42&cancelled=1`,
  ...extra,
});

async function pay(page: Page, method: string, nationalNumber: string, payLabel: RegExp) {
  await page.getByRole("radio", { name: method }).check();
  await page.getByLabel(/phone number|numéro de téléphone/i).fill(nationalNumber);
  await page.getByRole("button", { name: payLabel }).click();
}

test.describe("English", () => {
  test.use({ locale: "en-GB" });

  test("a checkout payment succeeds with the simulator and returns to returnUrl with transactionId and status", async ({ page, request }) => {
    const violations = collectCspViolations(page);
    const payment = await initiate(request, checkoutBody());
    const response = await page.goto(payment.redirectUrl);
    const headers = response!.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'nonce-[^']+'(;|$)/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["content-security-policy"]).toContain("default-src 'none'");
    expect(headers["cache-control"]).toContain("no-store");
    expect(headers["referrer-policy"]).toBe("same-origin");

    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByText("Demo Merchant")).toBeVisible();
    await expect(page.getByTestId("amount")).toHaveText("5,000\u00A0FCFA");
    await expect(page.getByText("Order #42 — 2 coffees")).toBeVisible();
    await expect(page.getByRole("group", { name: "Choose how to pay" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "Wave" })).toBeVisible();
    await expect(page.getByRole("timer")).toHaveText(/^(59|60):\d\d$/);

    await pay(page, "Orange Money", "77 000 00 12", /^Pay 5,000/);
    await expect(page.getByRole("heading", { name: "Approve the payment on your phone" })).toBeVisible();
    await expect(page.getByText(/Orange Money request appears on your phone/)).toBeVisible();
    // The stage change arrives in place (no reload), so the live region's change is announced.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("live-region")).toHaveText("Payment successful");
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect(page.getByText(/Returning to the merchant in \d s/)).toBeVisible();

    await page.waitForURL(/\/api\/ping\?/, { timeout: 10_000 });
    const url = new URL(page.url());
    expect(url.searchParams.get("order")).toBe("42");
    expect(url.searchParams.get("transactionId")).toBe(payment.transactionId);
    expect(url.searchParams.get("status")).toBe("success");

    const status = await (await request.get(`${BASE}/api/v1/payments/public/status/${payment.transactionId}`)).json();
    expect(status.status).toBe("success");
    expect(violations).toEqual([]);
  });

  test("a failed attempt (…90, insufficient funds) can be retried with another method and number", async ({ page, request }) => {
    const violations = collectCspViolations(page);
    const payment = await initiate(request, checkoutBody());
    await page.goto(payment.redirectUrl);
    await pay(page, "Orange Money", "770000090", /^Pay 5,000/);
    await expect(page.getByRole("heading", { name: "The payment failed" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("failure-message")).toHaveText(/balance is too low/);
    await expect(page.getByRole("heading", { name: "Try again with another method or number" })).toBeVisible();
    // The method tried last is preselected, and the swapped-in form has its brand colours.
    await expect(page.getByRole("radio", { name: "Orange Money" })).toBeChecked();
    const brand = await page.locator("label.m-orange").evaluate((el) => getComputedStyle(el).getPropertyValue("--brand").trim());
    expect(brand).toMatch(/^#[0-9a-f]{3,6}$/i);

    await pay(page, "Wave", "770000012", /^Pay 5,000/);
    await expect(page.getByRole("heading", { name: "Approve the payment on your phone" })).toBeVisible();
    await expect(page.getByText("Open the Wave app and approve the payment.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible({ timeout: 20_000 });
    await page.waitForURL(/status=success/, { timeout: 10_000 });

    // The retry form arrived by the in-place update (brand colours included) without a CSP report.
    expect(violations).toEqual([]);
    const detail = await request.get(`${BASE}/api/v1/payments/transactions/${payment.transactionId}`, { headers: { "X-API-Key": API_KEY } });
    const body = await detail.json();
    expect(body.data?.provider ?? body.provider).toBe("wave");
  });

  test("a wrong number is refused next to the field, in words, and the number typed is kept", async ({ page, request }) => {
    const payment = await initiate(request, checkoutBody());
    await page.goto(payment.redirectUrl);
    await pay(page, "Wave", "77 123", /^Pay 5,000/);
    const field = page.getByLabel("Phone number of the account");
    await expect(page.locator("#phone-error")).toHaveText("The number must have 9 digits after +221 (you typed 5).");
    await expect(page.locator("#phone-error")).toHaveAttribute("role", "alert");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveValue("77 123");
    await expect(page.getByRole("radio", { name: "Wave" })).toBeChecked();
  });

  test("cancel asks for confirmation, then returns to cancelUrl with the status", async ({ page, request }) => {
    const payment = await initiate(request, checkoutBody());
    await page.goto(payment.redirectUrl);
    await page.getByRole("link", { name: "Cancel payment" }).click();
    await expect(page.getByRole("heading", { name: "Cancel this payment?" })).toBeVisible();
    await page.getByRole("button", { name: "Yes, cancel" }).click();
    await expect(page.getByRole("heading", { name: "Payment cancelled" })).toBeVisible();
    await page.waitForURL(/cancelled=1/, { timeout: 10_000 });
    const url = new URL(page.url());
    expect(url.searchParams.get("transactionId")).toBe(payment.transactionId);
    expect(url.searchParams.get("status")).toBe("cancelled");
  });

  test("a direct payment's page waits for the phone, then shows the success without a redirect URL", async ({ page, request }) => {
    const payment = await initiate(request, { type: "direct", provider: "orange", country: "SN", customerPhone: "+221770000012" });
    await page.goto(payment.redirectUrl);
    await expect(page.getByRole("radio")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: /Approve the payment on your phone|Payment successful/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("You can close this page.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Cancel payment" })).toHaveCount(0);
  });

  test("an unknown or malformed token gets a friendly 404", async ({ page }) => {
    for (const token of ["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "not a token"]) {
      const response = await page.goto(`/checkout/${encodeURIComponent(token)}`);
      expect(response!.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Payment link not found" })).toBeVisible();
    }
  });

  test("the live status endpoint exposes no personal data", async ({ request }) => {
    const payment = await initiate(request, { type: "direct", provider: "orange", country: "SN", customerPhone: "+221770000012", customerName: "Awa Diop" });
    const token = new URL(payment.redirectUrl).pathname.split("/").pop();
    const res = await request.get(`${BASE}/checkout/${token}/status`);
    expect(res.headers()["cache-control"]).toContain("no-store");
    const text = await res.text();
    expect(Object.keys(JSON.parse(text)).sort()).toEqual(["errorCode", "expiresAt", "operatorUrl", "payable", "redirectUrl", "stage", "status"]);
    expect(text).not.toContain("770000012");
    expect(text).not.toContain("Awa");
  });
});

test.describe("French", () => {
  test.use({ locale: "fr-FR" });

  test("renders in French from Accept-Language (amount with narrow no-break spaces) and switches to English", async ({ page, request }) => {
    const payment = await initiate(request, checkoutBody({ amount: 250000 }));
    await page.goto(payment.redirectUrl);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByTestId("amount")).toHaveText("250\u202F000\u00A0FCFA");
    await expect(page.getByRole("group", { name: "Choisissez votre moyen de paiement" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Payer 250\u202F000\u00A0FCFA" })).toBeVisible();
    await expect(page.getByText("Temps restant")).toBeVisible();

    // Keyboard only: Tab reaches the methods, arrows pick one, Tab reaches the number, Enter pays.
    await page.getByRole("radio").first().focus();
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("radio").nth(1)).toBeChecked();

    await page.getByRole("link", { name: "English" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("group", { name: "Choose how to pay" })).toBeVisible();
    await expect(page.getByTestId("amount")).toHaveText("250,000\u00A0FCFA");
    // The choice sticks (cookie) without the query.
    await page.goto(payment.redirectUrl);
    await expect(page.getByRole("group", { name: "Choose how to pay" })).toBeVisible();
  });

  test("a failure is explained in French", async ({ page, request }) => {
    const payment = await initiate(request, checkoutBody());
    await page.goto(payment.redirectUrl);
    await pay(page, "Wave", "770000091", /^Payer/);
    await expect(page.getByRole("heading", { name: "Validez le paiement sur votre téléphone" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Le paiement a échoué" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId("failure-message")).toHaveText("Vous avez refusé le paiement sur votre téléphone. Aucun montant n’a été débité.");
  });

  test("fits a 320 px wide screen (screenshot artifact)", async ({ page, request }, testInfo) => {
    await page.setViewportSize({ width: 320, height: 720 });
    const payment = await initiate(request, checkoutBody());
    await page.goto(payment.redirectUrl);
    await expect(page.getByRole("button", { name: /^Payer/ })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    const path = "test-results/checkout-320px.png";
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach("checkout-320px", { path, contentType: "image/png" });
  });
});

test.describe("expiry (second server: checkout payments expire after 6 s)", () => {
  test.use({ locale: "en-GB" });

  test("the countdown runs out and the page turns to the expired state; paying is no longer offered", async ({ page, request }) => {
    const payment = await initiate(request, checkoutBody({ returnUrl: undefined, cancelUrl: undefined }), EXPIRY_BASE);
    await page.goto(payment.redirectUrl);
    await expect(page.getByRole("heading", { name: "Payment expired" })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("radio")).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Payment expired" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Cancel payment" })).toHaveCount(0);
    // No "ask the merchant for a new link" without a way to: with nothing to offer, it says only that it is over.
    await expect(page.getByTestId("expired-text")).toHaveText("The time to pay has run out: this payment can no longer be made.");
  });

  test("an expired checkout with the merchant's cancel URL offers the way back there", async ({ page, request }) => {
    const payment = await initiate(request, checkoutBody({ returnUrl: undefined, cancelUrl: "https://shop.example/cart" }), EXPIRY_BASE);
    await page.goto(payment.redirectUrl);
    await expect(page.getByRole("heading", { name: "Payment expired" })).toBeVisible({ timeout: 20_000 });
    await page.reload();
    await expect(page.getByTestId("expired-text")).toHaveText("The time to pay has run out. Go back to the merchant to start again.");
    await expect(page.getByRole("link", { name: "Back to the merchant" })).toHaveAttribute("href", `https://shop.example/cart?transactionId=${payment.transactionId}&status=expired`);
  });
});

test.describe("without JavaScript", () => {
  test.use({ locale: "en-GB", javaScriptEnabled: false });

  test("the forms still work as plain HTML forms", async ({ page, request }) => {
    const payment = await initiate(request, checkoutBody());
    await page.goto(payment.redirectUrl);
    await pay(page, "Orange Money", "770000012", /^Pay 5,000/);
    await expect(page.getByRole("heading", { name: "Approve the payment on your phone" })).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 20_000 });
  });
});
