import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import { signUp } from "./helpers/dashboard";

/**
 * A merchant who just signed up, on a phone (375 px): the empty payments, payouts, webhooks and
 * API keys pages say what to do next (the first sandbox payment as a curl with this server's
 * URL and $API_KEY, the test numbers, where the keys are), in English and French, and the
 * commands they show work as printed once the real key is put in.
 */
const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? "3100"}`;

test.use({ viewport: { width: 375, height: 800 }, locale: "en-GB" });

/** The URL and JSON body of a `curl -X POST <url> … -d '<json>'` command as the page prints it. */
function parseCurl(command: string): { url: string; body: Record<string, unknown> } {
  const url = command.match(/curl -X POST (\S+)/)?.[1];
  const body = command.match(/-d '(.+)'\s*$/s)?.[1];
  expect(command).toContain('-H "X-API-Key: $API_KEY"');
  if (!url || !body) throw new Error(`not a curl command: ${command}`);
  return { url, body: JSON.parse(body) };
}

/** Sends a printed command with the merchant's real key in place of $API_KEY. */
async function run(request: APIRequestContext, command: string, key: string, replace: Record<string, string> = {}) {
  let text = command;
  for (const [from, to] of Object.entries(replace)) text = text.replace(from, to);
  const { url, body } = parseCurl(text);
  const res = await request.post(url, { headers: { "X-API-Key": key, "Content-Type": "application/json" }, data: body });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

/** The page is no wider than the phone: commands and tables scroll inside their own box. */
async function expectNoPageOverflow(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, page.url()).toBeLessThanOrEqual(client);
}

async function setLanguage(page: Page, lang: "en" | "fr") {
  await page.context().addCookies([{ name: "lang", value: lang, url: BASE }]);
}

test("a new merchant's empty lists say what to do next, in English and French, and the commands work", async ({ page, request, context }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: BASE });
  const account = await signUp(page, "Boutique Vide");

  // The overview points to the first payment.
  await page.getByTestId("first-steps").getByRole("link", { name: "Next: make your first sandbox payment" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  const guide = page.getByTestId("first-payment");
  await expect(guide.getByRole("heading", { level: 2, name: "Make your first sandbox payment" })).toBeVisible();
  await expect(page.getByTestId("payments-table")).toHaveCount(0);

  // The key: the real public key, the secret as a placeholder (it was shown once), and where keys live.
  await expect(page.getByTestId("api-key-command")).toHaveText(`export API_KEY="${account.publicKey}:YOUR_SECRET_KEY"`);
  await expect(guide).not.toContainText(account.secretKey);
  await expect(guide.getByRole("link", { name: /API keys/ })).toHaveAttribute("href", "/dashboard/api-keys");

  // The request: this server's URL, $API_KEY, a number the sandbox approves; the copy button copies it.
  const command = (await page.getByTestId("first-payment-command").textContent())!;
  expect(command).toContain(`curl -X POST ${BASE}/api/v1/payments/initiate`);
  await guide.getByRole("button", { name: "Copy the payment request" }).click();
  await expect(guide.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(command);

  // The test numbers, from the simulator's table (lib/connectors/simulator).
  const numbers = page.getByTestId("test-numbers");
  await expect(numbers.getByRole("row", { name: /…90/ })).toContainText("insufficient_funds");
  await expect(numbers.getByRole("row", { name: /…91/ })).toContainText("user_cancelled");
  await expect(numbers.getByRole("row", { name: /…94/ })).toContainText("invalid_phone");
  await expect(numbers.getByRole("row", { name: /…94/ })).toContainText("limit_exceeded");
  await expect(numbers.getByRole("row", { name: /…95/ })).toContainText("Paid, then returned by the operator");
  await expect(numbers.getByRole("row", { name: /…99/ })).toContainText("Never answered: stays processing");
  await expect(numbers).toContainText(/Any other ending succeeds about 1\.5 s after the request/);
  await expectNoSeriousA11yViolations(page, "empty payments");
  await expectNoPageOverflow(page);

  // Payouts: test funds, the quote, the payout of that quote.
  await page.goto("/dashboard/payouts");
  const payoutGuide = page.getByTestId("first-payout");
  await expect(payoutGuide.getByRole("heading", { level: 2, name: "Send your first sandbox payout" })).toBeVisible();
  await expect(payoutGuide.getByRole("link", { name: "Balances: add test funds" })).toHaveAttribute("href", "/dashboard/balances");
  await expect(page.getByTestId("first-quote-command")).toContainText(`${BASE}/api/v1/payouts/quote`);
  await expectNoSeriousA11yViolations(page, "empty payouts");
  await expectNoPageOverflow(page);
  const quoteCommand = (await page.getByTestId("first-quote-command").textContent())!;
  const payoutCommand = (await page.getByTestId("first-payout-command").textContent())!;

  // Webhooks: no event yet, and how to get one.
  await page.goto("/dashboard/webhooks");
  await expect(page.getByTestId("webhooks-empty")).toContainText("No webhook event yet.");
  await expect(page.getByTestId("webhooks-empty").getByRole("link", { name: "Payments: your first sandbox payment" })).toBeVisible();
  await expectNoSeriousA11yViolations(page, "empty webhooks");
  await expectNoPageOverflow(page);

  // API keys: how to use them, with the public key.
  await page.goto("/dashboard/api-keys");
  await expect(page.getByTestId("using-keys")).toContainText(account.publicKey);
  await expect(page.getByTestId("using-keys")).toContainText("shown once");
  await expectNoSeriousA11yViolations(page, "API keys of a new merchant");
  await expectNoPageOverflow(page);

  // The same in French.
  await setLanguage(page, "fr");
  await page.goto("/dashboard");
  await expect(page.getByTestId("first-steps")).toHaveText("Prochaine étape : faites votre premier paiement sandbox");
  await page.goto("/dashboard/payments");
  await expect(page.getByRole("heading", { level: 2, name: "Faites votre premier paiement sandbox" })).toBeVisible();
  await expect(page.getByTestId("test-numbers").getByRole("row", { name: /…90/ })).toContainText("Le solde du portefeuille du client est insuffisant.");
  await expect(page.getByTestId("first-payment-command")).toHaveText(command);
  await expectNoSeriousA11yViolations(page, "empty payments (fr)");
  await expectNoPageOverflow(page);
  await page.goto("/dashboard/payouts");
  await expect(page.getByRole("heading", { level: 2, name: "Envoyez votre premier décaissement sandbox" })).toBeVisible();
  await page.goto("/dashboard/webhooks");
  await expect(page.getByTestId("webhooks-empty")).toContainText("Aucun événement webhook pour l’instant.");
  await setLanguage(page, "en");

  // The printed commands work with the real key: the payment succeeds and fills the list.
  const payment = await run(request, command, account.key);
  const transactionId = payment.data.transactionId as string;
  await expect(async () => {
    await page.goto("/dashboard/payments");
    await expect(page.getByTestId("payments-table")).toContainText(transactionId, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId("first-payment")).toHaveCount(0);
  await expect(async () => {
    await page.goto(`/dashboard/payments/${transactionId}`);
    await expect(page.getByTestId("refund-sandbox-hint")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await page.goto("/dashboard");
  await expect(page.getByTestId("first-steps")).toHaveCount(0);

  await request.post(`${BASE}/api/v1/sandbox/wallets/fund`, { headers: { "X-API-Key": account.key }, data: { currency: "XOF", amount: 50_000 } });
  const quote = await run(request, quoteCommand, account.key);
  const payout = await run(request, payoutCommand, account.key, { QUOTE_ID: quote.quoteId });
  await page.goto("/dashboard/payouts");
  await expect(page.getByTestId("payouts-table")).toContainText(payout.transactionId);
});
