import { expect, test, type APIRequestContext } from "@playwright/test";
import { collectCspViolations } from "./helpers/csp";
import { addFunds, alert, nav, signUp, signUpLink, unique, useWebhookReceiver } from "./helpers/dashboard";

/**
 * Payouts in the dashboard, in Chromium against the built app (scripts/e2e-server.mjs): sign up,
 * add test funds, quote and initiate a payout through the API with the key shown at sign-up,
 * then find it in the payouts list and read its detail (quote numbers, beneficiary, timeline,
 * webhook attempts), the paid-out chart on the overview, and isolation between merchants.
 */
const receiver = useWebhookReceiver("/payout-hooks");


async function payout(request: APIRequestContext, key: string, amount: number, extra: Record<string, unknown> = {}) {
  const headers = { "X-API-Key": key, "Content-Type": "application/json" };
  const q = await request.post("/api/v1/payouts/quote", { headers, data: { amount, currency: "XOF", destinationCountry: "SN", method: "orange" } });
  expect(q.status(), await q.text()).toBe(200);
  const quote = await q.json();
  const externalReference = `payout-${unique()}`;
  const res = await request.post("/api/v1/payouts/initiate", {
    headers,
    data: { quoteId: quote.quoteId, recipient: { phone: "+221770000012", name: "Awa Diop" }, externalReference, ...extra },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = await res.json();
  return { payoutId: body.transactionId as string, quoteId: quote.quoteId as string, externalReference };
}

test("add test funds, pay out through the API, see the payout in the list and its detail", async ({ page, request }) => {
  const violations = collectCspViolations(page);
  const account = await signUp(page);
  await addFunds(page, "50000");
  const p = await payout(request, account.key, 10_000, { callbackUrl: receiver.url() });

  // The list, from the navigation.
  await nav(page).getByRole("link", { name: "Payouts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Payouts" })).toBeVisible();
  const table = page.getByTestId("payouts-table");
  await expect(table).toContainText(p.payoutId);
  await expect(table).toContainText(p.externalReference);
  await expect(table).toContainText("Awa Diop");

  // Filters: by reference finds it, by another status or a bad date does not.
  await page.goto(`/dashboard/payouts?externalReference=${encodeURIComponent(p.externalReference)}`);
  await expect(page.getByTestId("payouts-table")).toContainText(p.payoutId);
  await page.goto(`/dashboard/payouts?status=failed`);
  await expect(page.getByText("No payout matches these filters.")).toBeVisible();
  await page.goto(`/dashboard/payouts?startDate=2026-13-01`);
  await expect(alert(page, "From: Enter a real date.")).toBeVisible();

  // The detail: quote numbers, beneficiary, the timeline to success and the delivered webhook attempts.
  await page.goto("/dashboard/payouts");
  await page.getByRole("link", { name: p.payoutId }).click();
  await expect(page.getByTestId("payout-id")).toHaveText(p.payoutId);
  const quote = page.getByTestId("payout-quote");
  await expect(quote).toContainText("10,000");
  await expect(quote).toContainText("100"); // fees
  await expect(page.getByTestId("payout-debit")).toContainText("10,100");
  await expect(quote).toContainText(p.quoteId);
  await expect(page.getByTestId("payout-recipient")).toContainText("Awa Diop");
  // In words: the operator's name, not its code.
  await expect(page.getByTestId("payout-beneficiary")).toContainText("Orange Money");
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("payout-status")).toHaveText("Success", { timeout: 1000 });
    await expect(page.getByTestId("timeline").locator("li")).toHaveCount(3, { timeout: 1000 });
    await expect(page.getByTestId("webhook-attempts")).toHaveCount(3, { timeout: 1000 });
    for (const t of await page.getByTestId("webhook-attempts").all()) await expect(t.locator("tbody tr").first()).toContainText("200", { timeout: 1000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByTestId("webhook-event").first()).toContainText("payout.pending");
  await expect(page.getByTestId("webhook-attempts").first()).toContainText(receiver.url());
  expect(receiver.received.some((b) => b.includes(p.payoutId))).toBe(true);
  // A successful payout can no longer be cancelled: no button.
  await expect(page.getByTestId("cancel-payout")).toHaveCount(0);
  // On a phone: no horizontal scrolling of the whole page, list or detail.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.goto("/dashboard/payouts");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The overview charts the paid-out volume next to the collected one.
  await nav(page).getByRole("link", { name: "Overview" }).click();
  await expect(page.getByTestId("chart-paidout-XOF")).toBeVisible();
  await expect(page.getByTestId("chart-paidout-XOF")).toHaveAttribute("aria-label", /10,000/);
  await expect(page.getByTestId("chart-XOF")).toBeVisible();
  expect(violations).toEqual([]);
});

test("cancel while pending: the button calls the server action and shows its outcome", async ({ page, request }) => {
  const account = await signUp(page, "Payouts Cancel E2E");
  await addFunds(page, "20000");
  const p = await payout(request, account.key, 5_000);
  await page.goto(`/dashboard/payouts/${p.payoutId}`);
  const step = page.getByTestId("cancel-payout");
  // The sandbox provider takes the payout within seconds: either it is still pending and the
  // cancel succeeds, or it was sent meanwhile and the page says why it cannot be cancelled.
  if ((await step.count()) > 0) {
    test.info().annotations.push({ type: "branch", description: "rendered while pending: clicked Cancel" });
    // A confirmation step first: the destructive button is behind it.
    await step.getByText("Cancel payout…").click();
    await page.getByRole("button", { name: "Yes, cancel this payout" }).click();
    const form = page.getByTestId("cancel-payout-form");
    await expect(page.getByTestId("payout-cancelled").or(form.getByRole("alert").filter({ hasText: "can no longer be cancelled" }))).toBeVisible();
    await page.reload();
    await expect(page.getByTestId("payout-status")).toHaveText(/Cancelled|Processing|Success/);
  } else {
    test.info().annotations.push({ type: "branch", description: "already sent when rendered: no Cancel button" });
    await expect(page.getByTestId("payout-status")).toHaveText(/Processing|Success/);
  }
});

test("a second merchant cannot see the first one's payout by URL", async ({ browser, request }) => {
  const first = await browser.newContext();
  const firstPage = await first.newPage();
  const a = await signUp(firstPage, "Payout Merchant A");
  await addFunds(firstPage, "20000");
  const p = await payout(request, a.key, 5_000);
  await first.close();

  const second = await browser.newContext();
  const page = await second.newPage();
  await signUp(page, "Payout Merchant B");
  const res = await page.goto(`/dashboard/payouts/${p.payoutId}`);
  expect(res?.status()).toBe(404);
  await page.goto("/dashboard/payouts");
  await expect(page.getByText(p.payoutId)).toHaveCount(0);
  await second.close();
});

test("an international bank payout in French: FX, debit, sender (no ID number) and bank account", async ({ browser, request }) => {
  const context = await browser.newContext({ locale: "fr-FR", extraHTTPHeaders: { "Accept-Language": "fr-FR,fr;q=0.9" } });
  const page = await context.newPage();
  await page.goto("/signup");
  const email = `e2e-po-fr-${unique()}@test.local`;
  await page.getByLabel("Nom de l’entreprise").fill("Export SARL");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Mot de passe").fill("e2e password long");
  await page.getByRole("button", { name: "Créer le compte" }).click();
  await expect(page.getByRole("heading", { name: "Consultez vos e-mails" })).toBeVisible();
  await page.goto(await signUpLink(email));
  await page.getByRole("button", { name: "Confirmer et ouvrir mon tableau de bord" }).click();
  const publicKey = (await page.getByTestId("public-key").textContent())!.trim();
  const secretKey = (await page.getByTestId("secret-key").textContent())!.trim();
  await page.getByRole("link", { name: "Aller au tableau de bord" }).click();
  await nav(page).getByRole("link", { name: "Soldes" }).click();
  const form = page.getByTestId("add-funds-form");
  await form.getByLabel("Montant").fill("200000");
  await form.getByRole("button", { name: "Ajouter" }).click();
  await expect(form.getByText("Fonds de test ajoutés.")).toBeVisible();

  const headers = { "X-API-Key": `${publicKey}:${secretKey}`, "Content-Type": "application/json" };
  const q = await request.post("/api/v1/payouts/quote", { headers, data: { amount: 100_000, currency: "XOF", destinationCountry: "FR", method: "bank_transfer" } });
  expect(q.status(), await q.text()).toBe(200);
  const quote = await q.json();
  const res = await request.post("/api/v1/payouts/initiate", {
    headers,
    data: {
      quoteId: quote.quoteId,
      purpose: "INVOICE",
      sender: {
        firstName: "Moussa",
        lastName: "Ndiaye",
        address: "12 rue Carnot, Dakar",
        dateOfBirth: "1985-04-12",
        nationality: "SN",
        identity: { type: "passport", number: "A1234567", issuingCountry: "SN", issueDate: "2020-01-15", expiryDate: "2035-01-14" },
      },
      recipient: { firstName: "Jean", lastName: "Dupont", nationality: "FR" },
      bankAccount: { accountNumber: "FR1420041010050500013M02606", swiftBic: "BNPAFRPPXXX", bankName: "BNP Paribas", bankBranch: "Paris Opéra", bankAddress: "16 boulevard des Italiens, 75009 Paris" },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const payoutId = (await res.json()).transactionId as string;

  await nav(page).getByRole("link", { name: "Décaissements" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Décaissements" })).toBeVisible();
  await page.getByRole("link", { name: payoutId }).click();
  await expect(page.getByTestId("payout-id")).toHaveText(payoutId);
  await expect(page.getByRole("heading", { name: "Devis" })).toBeVisible();
  await expect(page.getByTestId("payout-fx")).toContainText(`XOF → EUR: ${quote.fx.rate}`);
  await expect(page.getByTestId("payout-debit")).toContainText("XOF");
  const beneficiary = page.getByTestId("payout-beneficiary");
  await expect(beneficiary).toContainText("Dupont");
  await expect(beneficiary).toContainText("BNPAFRPPXXX");
  await expect(beneficiary).toContainText("Moussa");
  await expect(beneficiary).toContainText("Passeport");
  await expect(beneficiary).toContainText("Sénégal");
  await expect(beneficiary).not.toContainText("A1234567");
  await context.close();
});
