import { gzipSync } from "node:zlib";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import { collectCspViolations } from "./helpers/csp";
import { logInToDashboard } from "./helpers/log-in";

/**
 * Payment links end to end, once per width and language: 375 px in French with JavaScript off in
 * the dashboard (the create form is a plain multipart POST), 1280 px in English with it on. Each
 * run creates a link in the dashboard, shares it (copy field, WhatsApp, SMS, QR), pays it twice
 * as a customer (without JavaScript, then with), sees both payments and the totals under the
 * link, checks every page with axe, and measures the customer's page. The 1280 px run also
 * deactivates the link and reads what the customer then sees.
 */
const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? "3100"}`;

const RUNS = [
  { width: 375, locale: "fr-FR", lang: "fr", dashboardJs: false },
  { width: 1280, locale: "en-GB", lang: "en", dashboardJs: true },
] as const;

const WORDS = {
  fr: {
    nav: "Liens de paiement",
    new: "Nouveau lien de paiement",
    title: "Titre",
    amount: "Montant",
    successMessage: "Message de remerciement (facultatif)",
    create: "Créer le lien",
    name: "Nom complet",
    phone: /Numéro de téléphone/,
    pay: /^Payer 2\s500/,
    method: "Orange Money",
    paid: "Paiement réussi",
    totals: "2 paiements",
    deactivate: "Désactiver ce lien…",
    confirm: "Oui, désactiver le lien",
    closed: "Ce lien de paiement n’est plus actif",
  },
  en: {
    nav: "Payment links",
    new: "New payment link",
    title: "Title",
    amount: "Amount",
    successMessage: "Thank-you message (optional)",
    create: "Create the link",
    name: "Full name",
    phone: /Phone number/,
    pay: /^Pay 2,500/,
    method: "Orange Money",
    paid: "Payment successful",
    totals: "2 payments",
    deactivate: "Deactivate this link…",
    confirm: "Yes, deactivate the link",
    closed: "This payment link is no longer active",
  },
} as const;

/** A customer pays the link on their own phone: the first step, then the hosted checkout, to the receipt. */
async function payAsCustomer(browser: Browser, url: string, run: (typeof RUNS)[number], javaScriptEnabled: boolean, name: string, thanks: string) {
  const w = WORDS[run.lang];
  const context = await browser.newContext({ javaScriptEnabled, viewport: { width: run.width, height: 800 }, locale: run.locale });
  const page = await context.newPage();
  const violations = collectCspViolations(page);
  const response = await page.goto(url);
  expect(response!.status()).toBe(200);
  await expect(page.locator("html")).toHaveAttribute("lang", run.lang);
  await expect(page.getByTestId("amount")).toContainText(run.lang === "fr" ? "2\u202F500" : "2,500");
  await page.getByLabel(w.name).fill(name);
  await page.getByLabel(w.phone).fill("77 000 00 12");
  await page.getByRole("button", { name: w.pay }).click();
  // Step 2, the hosted checkout: the contact number is already in the wallet-number field.
  await expect(page).toHaveURL(/\/checkout\//);
  await expect(page.getByLabel(w.phone)).toHaveValue("770000012");
  await page.getByRole("radio", { name: w.method }).check();
  await page.getByRole("button", { name: w.pay }).click();
  // Without JavaScript the waiting page reloads itself every few seconds; with it, it updates in place.
  await expect(page.getByRole("heading", { name: w.paid })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("link-success-message")).toHaveText(thanks);
  expect(violations).toEqual([]);
  await context.close();
}

/** The customer's page as it travels: the HTML document alone (the page's only request without a logo or picture). */
async function measure(page: Page, url: string) {
  const response = await page.request.get(url, { headers: { "Accept-Language": "fr" } });
  const body = await response.body();
  return { raw: body.length, gzip: gzipSync(body).length };
}

for (const run of RUNS) {
  test(`${run.width} px, ${run.lang}: create a link in the dashboard, pay it without and with JavaScript, see the payments under it`, async ({ browser }) => {
    test.setTimeout(180_000);
    const w = WORDS[run.lang];
    const dashboard = await browser.newContext({ javaScriptEnabled: run.dashboardJs, viewport: { width: run.width, height: 900 }, locale: run.locale, baseURL: BASE });
    const page = await dashboard.newPage();
    await logInToDashboard(page);
    // axe runs in the page: a signed-in context with JavaScript on, at this width and language.
    const axeContext = await browser.newContext({ viewport: { width: run.width, height: 900 }, locale: run.locale, baseURL: BASE });
    const axePage = await axeContext.newPage();
    await logInToDashboard(axePage);
    const checkA11y = async (path: string) => {
      await axePage.goto(path);
      await expectNoSeriousA11yViolations(axePage, `${path} at ${run.width} px (${run.lang})`);
    };

    // Create: the list, then the form (the essentials; "More options" stays closed).
    // On a phone the navigation sits behind its Menu disclosure.
    const menu = page.getByTestId("nav-menu").locator("summary");
    if (await menu.isVisible()) await menu.click();
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: w.nav }).click();
    await expect(page.getByRole("heading", { level: 1, name: w.nav })).toBeVisible();
    await checkA11y("/dashboard/payment-links");
    await page.getByTestId("new-payment-link").click();
    await expect(page.getByRole("heading", { level: 1, name: w.new })).toBeVisible();
    const title = `Robe wax ${run.lang} ${Date.now().toString(36)}`;
    const thanks = run.lang === "fr" ? "Merci ! Nous vous appelons pour la livraison." : "Thank you! We will call you about delivery.";
    const form = page.getByTestId("payment-link-form");
    await form.getByLabel(w.title, { exact: true }).fill(title);
    await form.getByLabel(w.amount, { exact: true }).fill("2 500");
    await form.getByLabel(w.successMessage).fill(thanks);
    await form.getByRole("button", { name: w.create }).click();

    // The link's page: share it.
    await expect(page.getByTestId("payment-link-title")).toHaveText(title);
    const url = await page.getByTestId("payment-link-url").inputValue();
    expect(url).toMatch(new RegExp(`^${BASE}/pay/robe-wax-${run.lang}-[a-z0-9]+-[a-z0-9]{4}$`));
    const shareText = run.lang === "fr" ? `${title} — payez ici : ${url}` : `${title} — pay here: ${url}`;
    expect(decodeURIComponent((await page.getByTestId("share-whatsapp").getAttribute("href"))!)).toBe(`https://wa.me/?text=${shareText}`);
    expect(decodeURIComponent((await page.getByTestId("share-sms").getAttribute("href"))!)).toContain(url);
    const qr = await page.request.get(`${BASE}${await page.getByTestId("payment-link-qr").getAttribute("src")}`);
    expect(qr.headers()["content-type"]).toContain("image/svg+xml");
    const png = await page.request.get(`${BASE}${await page.getByTestId("qr-png").getAttribute("href")}`);
    expect((await png.body()).subarray(1, 4).toString()).toBe("PNG");
    const detailPath = new URL(page.url()).pathname;
    await checkA11y(detailPath);
    await checkA11y("/dashboard/payment-links/new");

    // The customer's page: accessible, and light.
    await checkA11y(new URL(url).pathname);
    const weight = await measure(page, url);
    test.info().annotations.push({ type: "page weight", description: `/pay/<slug>: ${weight.raw} B of HTML (${weight.gzip} B gzipped), no script, no other request` });
    console.log(`[payment-links] ${run.width} px: /pay/<slug> ${weight.raw} B raw, ${weight.gzip} B gzip`);
    expect(weight.raw).toBeLessThan(30 * 1024);

    await payAsCustomer(browser, url, run, false, "Awa Diop", thanks);
    await payAsCustomer(browser, url, run, true, "Moussa Ndiaye", thanks);

    // Back in the dashboard: both payments under the link, and its totals.
    await page.goto(detailPath);
    const payments = page.getByTestId("payment-link-payments").getByRole("listitem");
    await expect(payments).toHaveCount(2);
    await expect(page.getByTestId("payment-link-payments")).toContainText("Awa Diop");
    await expect(page.getByTestId("payment-link-payments")).toContainText("Moussa Ndiaye");
    await expect(page.getByTestId("payment-link-detail-totals")).toContainText(run.lang === "fr" ? "5\u202F000" : "5,000");
    await page.goto("/dashboard/payment-links");
    await expect(page.getByTestId("payment-link-card").filter({ hasText: title }).getByTestId("payment-link-totals")).toContainText(w.totals);

    if (run.dashboardJs) {
      // Deactivate: a destructive action behind its own confirmation; the customer is told.
      await page.goto(detailPath);
      await page.getByText(w.deactivate).click();
      await page.getByTestId("deactivate-confirm").click();
      await expect(page.getByTestId("payment-link-status")).toHaveText("Deactivated");
      const closed = await page.request.get(url, { headers: { "Accept-Language": "en" } });
      expect(closed.status()).toBe(410);
      expect(await closed.text()).toContain(w.closed);
    }
    await axeContext.close();
    await dashboard.close();
  });
}
