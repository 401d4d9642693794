import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { collectCspViolations } from "./helpers/csp";
import { DEMO } from "./helpers/log-in";
import { alert, nav, signUp, unique, useWebhookReceiver } from "./helpers/dashboard";

/**
 * The merchant dashboard in Chromium against the built app (scripts/e2e-server.mjs): sign-up,
 * keys shown once, a payment made with them through the API, its webhook attempts, rotation
 * with the grace period, test funds, login errors and isolation between merchants.
 */
const receiver = useWebhookReceiver("/hooks");

async function pay(request: APIRequestContext, key: string, extra: Record<string, unknown> = {}) {
  const res = await request.post("/api/v1/payments/initiate", {
    headers: { "X-API-Key": key, "Content-Type": "application/json" },
    data: { type: "direct", amount: 5000, externalReference: `order-${unique()}`, provider: "orange", country: "SN", customerPhone: "+221770000012", ...extra },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { transactionId: string; externalReference: string };
}

test("sign up, pay with the keys shown, see the payment and its webhook attempts, rotate keys, add test funds", async ({ page, request }) => {
  // Every page runs under the nonce CSP (proxy.ts) and nothing it needs is refused.
  const violations = collectCspViolations(page);
  const login = await page.goto("/login");
  expect(login!.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  const account = await signUp(page);
  const key = `${account.publicKey}:${account.secretKey}`;
  const payment = await pay(request, key, { callbackUrl: receiver.url() });

  // The payment in the list, then its detail with the timeline and the delivered webhook attempts.
  await nav(page).getByRole("link", { name: "Payments" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  await page.getByRole("link", { name: payment.transactionId }).click();
  await expect(page.getByTestId("payment-id")).toHaveText(payment.transactionId);
  await expect(page.getByTestId("timeline").locator("li").first()).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("webhook-attempts").first().locator("tbody tr").first()).toContainText("200", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId("webhook-attempts").first()).toContainText(receiver.url());
  expect(receiver.received.some((b) => b.includes(payment.transactionId))).toBe(true);

  // Filters: by reference finds it, by another status does not.
  await page.goto(`/dashboard/payments?externalReference=${encodeURIComponent(payment.externalReference)}`);
  await expect(page.getByTestId("payments-table")).toContainText(payment.transactionId);
  await page.goto(`/dashboard/payments?status=refunded`);
  await expect(page.getByText("No payment matches these filters.")).toBeVisible();
  await page.goto(`/dashboard/payments?startDate=2026-13-01`);
  await expect(alert(page, "From: Enter a real date.")).toBeVisible();

  // API keys: the public key is visible; rotation states the 24 h grace and shows the new secret once.
  await nav(page).getByRole("link", { name: "API keys" }).click();
  await expect(page.getByTestId("current-public-key")).toHaveText(account.publicKey);
  const rotate = page.getByTestId("rotate-keys");
  await rotate.getByText("Rotate keys").click();
  await expect(rotate.getByLabel("24 hours (default)")).toBeChecked();
  await rotate.getByRole("button", { name: "Yes, rotate" }).click();
  const newPublic = (await page.getByTestId("new-public-key").textContent())!.trim();
  const newSecret = (await page.getByTestId("new-secret-key").textContent())!.trim();
  expect(newPublic).not.toBe(account.publicKey);
  for (const credentials of [key, `${newPublic}:${newSecret}`]) {
    const res = await request.get("/api/v1/payments/transactions", { headers: { "X-API-Key": credentials } });
    expect(res.status()).toBe(200);
  }
  await page.reload();
  await expect(page.getByTestId("current-public-key")).toHaveText(newPublic);
  await expect(page.getByTestId("expiring-key")).toContainText(account.publicKey);
  await expect(page.getByTestId("expiring-remaining")).toContainText(/still valid for 2[34] h/);
  await expect(page.getByTestId("audit-log")).toContainText("api_keys.rotated");

  // Balances: add sandbox test funds. The payment above settles 5 s after its success: settled
  // now, so the figures below do not depend on when the page happens to be read. Settling moves
  // only what has succeeded, so first the payment's success (seconds on a loaded machine).
  await expect(async () => {
    const status = await request.get(`/api/v1/payments/status/${payment.transactionId}`, { headers: { "X-API-Key": key } });
    expect((await status.json()).status).toBe("success");
  }).toPass({ timeout: 60_000 });
  expect((await request.post("/api/v1/sandbox/settle", { headers: { "X-API-Key": key } })).status()).toBe(200);
  await nav(page).getByRole("link", { name: "Balances" }).click();
  const form = page.getByTestId("add-funds-form");
  await form.getByLabel("Amount").fill("abc");
  await form.getByRole("button", { name: "Add funds" }).click();
  await expect(form.getByRole("alert")).toContainText("Enter an amount");
  await form.getByLabel("Amount").fill("25000");
  await form.getByRole("button", { name: "Add funds" }).click();
  await expect(form.getByText("Test funds added.")).toBeVisible();
  await page.reload();
  // 25,000 of test funds and the payment's 5,000 less its collect fee (75).
  await expect(page.getByTestId("wallet-XOF-collect")).toContainText("29,925");
  // Separate mode, then a funds move collect → payout.
  const modeForm = page.getByTestId("balance-mode-form");
  await modeForm.getByLabel(/Separate/).check();
  await modeForm.getByRole("button", { name: "Save" }).click();
  await expect(modeForm.getByText("Saved.")).toBeVisible();
  await page.reload();
  const move = page.getByTestId("move-funds-form");
  await move.getByLabel("Amount").fill("100000");
  await move.getByRole("button", { name: "Move" }).click();
  await expect(move.getByRole("alert")).toBeVisible();
  await move.getByLabel("Amount").fill("5000");
  await move.getByRole("button", { name: "Move" }).click();
  await expect(move.getByText("Funds moved.")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("wallet-XOF-collect")).toContainText("24,925");
  await expect(page.getByTestId("wallet-XOF-payout")).toContainText("5,000");

  // Webhooks: a URL the sandbox rules allow, the secret on request, the log and a resend.
  await nav(page).getByRole("link", { name: "Webhooks" }).click();
  const urlForm = page.getByTestId("webhook-url-form");
  await urlForm.getByLabel("URL").fill("ftp://example.com/hooks");
  await urlForm.getByRole("button", { name: "Save URL" }).click();
  await expect(urlForm.getByRole("alert")).toContainText("https");
  await urlForm.getByLabel("URL").fill(receiver.url());
  await urlForm.getByRole("button", { name: "Save URL" }).click();
  await expect(urlForm.getByText("Saved.")).toBeVisible();
  await page.getByRole("button", { name: "Reveal secret" }).click();
  await expect(page.getByTestId("webhook-secret")).toHaveText(/^whsec_/);
  const log = page.getByTestId("webhook-log");
  await expect(log).toContainText(payment.transactionId);
  await expect(log).toContainText("200");
  const before = receiver.received.length;
  await log.getByRole("button", { name: "Resend" }).first().click();
  await expect(log.getByText("✓").first()).toBeVisible();
  expect(receiver.received.length).toBeGreaterThan(before);

  // Log out: the dashboard is behind the login again.
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login/);
  expect(violations).toEqual([]);
});

test("a wrong password is rejected; the sandbox demo merchant logs in", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill("demo@sandbox.local");
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(alert(page, "Wrong email or password.")).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel("Password").fill("demo-password-e2e");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(page.getByTestId("env-badge")).toHaveText("SANDBOX");
});

test("a second merchant cannot see the first one's payment by URL", async ({ browser, request }) => {
  const first = await browser.newContext();
  const a = await signUp(await first.newPage(), "Merchant A");
  const payment = await pay(request, `${a.publicKey}:${a.secretKey}`);
  await first.close();

  const second = await browser.newContext();
  const page = await second.newPage();
  await signUp(page, "Merchant B");
  const violations = collectCspViolations(page);
  const res = await page.goto(`/dashboard/payments/${payment.transactionId}`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
  await expect(nav(page)).toBeVisible();
  expect(violations).toEqual([]);
  await page.goto("/dashboard/payments");
  await expect(page.getByText(payment.transactionId)).toHaveCount(0);
  await second.close();
});

test("French from Accept-Language, and the language switch", async ({ browser }) => {
  const context = await browser.newContext({ locale: "fr-FR", extraHTTPHeaders: { "Accept-Language": "fr-FR,fr;q=0.9" } });
  const page = await context.newPage();
  await page.goto("/login");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Connexion");
  await page.getByRole("button", { name: /Langue/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in");
  await context.close();
});

test("on a phone: the navigation, the environment badge, the keyboard skip link and the lists as cards work", async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill("demo@sandbox.local");
  await page.getByLabel("Password").fill("demo-password-e2e");
  await page.getByLabel("Password").press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(page.getByTestId("env-badge")).toBeVisible();
  // No horizontal scrolling of the whole page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  // A menu naming the page, not a strip of tabs cut at the edge.
  const menu = page.getByTestId("nav-menu");
  await expect(menu.locator("summary")).toHaveText("Menu · Overview");
  await expect(nav(page).getByRole("link", { name: "Payments" })).toBeHidden();
  await menu.locator("summary").click();
  await expect(nav(page).getByRole("link", { name: "Payments" })).toBeVisible();
  await nav(page).getByRole("link", { name: "Balances" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Balances" })).toBeVisible();

  // Lists are cards: amount and status open each, the id comes last; the filters wait behind "Filter".
  await pay(request, DEMO.key);
  await page.goto("/dashboard/payments?view=all");
  const card = page.getByTestId("transaction-row").first();
  await expect(card).toBeVisible();
  const top = async (testId: string) => (await card.getByTestId(testId).boundingBox())!.y;
  const idTop = (await card.locator("td[data-role=id]").boundingBox())!.y;
  expect(await top("row-amount")).toBeLessThan(idTop);
  expect(await top("row-amount")).toBeLessThanOrEqual(await top("row-customer"));
  await expect(card.getByTestId("row-amount")).toHaveText(/^[+−]/);
  await expect(page.getByLabel("Status")).toBeHidden();
  await page.getByTestId("filter-toggle").click();
  await expect(page.getByLabel("Status")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await context.close();
});
