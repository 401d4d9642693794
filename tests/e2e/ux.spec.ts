import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { addFunds, nav, signUp, unique } from "./helpers/dashboard";

/**
 * The defects, as merchants and customers meet them, in Chromium at phone (375 px) and
 * desktop (1280 px) widths: the payout link in the payments list, the sign-up form after a
 * failure (French), its password rule and country names before anything is typed, no fee on a
 * failed payment, amounts typed with French separators, the webhook URL after an error,
 * tables and the tab bar that scroll instead of clipping, times in the user's zone with UTC on
 * hover, and the checkout's waiting screen (its way out, no link countdown, no-JS refresh), FCFA
 * and the receipt.
 */
const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };


async function payout(request: APIRequestContext, key: string) {
  const headers = { "X-API-Key": key, "Content-Type": "application/json" };
  const q = await request.post("/api/v1/payouts/quote", { headers, data: { amount: 10_000, currency: "XOF", destinationCountry: "SN", method: "orange" } });
  expect(q.status(), await q.text()).toBe(200);
  const res = await request.post("/api/v1/payouts/initiate", {
    headers,
    data: { quoteId: (await q.json()).quoteId, recipient: { phone: "+221770000012", name: "Awa Diop" }, externalReference: `po-${unique()}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).transactionId as string;
}

/** Nothing wider than the viewport: whatever does not fit scrolls inside its own box. */
async function expectNoPageOverflow(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, page.url()).toBeLessThanOrEqual(client);
}

test.describe("dashboard", () => {
  test("a payout in the payments list opens its payout page (1280 px); amounts typed as '50 000' are taken", async ({ page, request }) => {
    await page.setViewportSize(DESKTOP);
    const account = await signUp(page);
    await addFunds(page, "50 000", "address");
    await addFunds(page, "50\u202F000", "address"); // narrow no-break space, as French formatting writes it
    await expect(page.getByTestId("wallet-XOF-collect")).toContainText("100,000");
    const payoutId = await payout(request, account.key);
    // Collections and payouts are apart; the "all" view holds both, each row linking to its own page.
    await page.goto("/dashboard/payments?view=all");
    await page.getByTestId("payments-table").getByRole("link", { name: payoutId }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/payouts/${payoutId}$`));
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(/Not found/);
  });

  test("before anything is typed, the sign-up form shows the password rule and names the countries (fr, 375 px)", async ({ browser }) => {
    const context = await browser.newContext({ locale: "fr-FR", viewport: PHONE });
    const page = await context.newPage();
    await page.goto("/signup");
    await expect(page.getByTestId("password-rule")).toContainText("Au moins 10 caractères");
    const country = page.locator('select[name="country"]');
    await expect(country.locator("option:checked")).toHaveText("Sénégal");
    // Every option is a country's name, none a bare code such as "SN".
    const labels = await country.locator("option").allTextContents();
    expect(labels.length).toBeGreaterThan(5);
    expect(labels.filter((label) => /^[A-Z]{2}$/.test(label.trim()))).toEqual([]);
    await context.close();
  });

  test("a failed payment's page shows no fee and no net amount; a successful one shows both (1280 px)", async ({ page, request }) => {
    await page.setViewportSize(DESKTOP);
    const account = await signUp(page);
    const headers = { "X-API-Key": account.key, "Content-Type": "application/json" };
    const paid = async (phone: string, status: string) => {
      const res = await request.post("/api/v1/payments/initiate", {
        headers,
        data: { type: "direct", amount: 5_000, externalReference: `fee-${unique()}`, provider: "orange", country: "SN", customerPhone: phone },
      });
      expect(res.status(), await res.text()).toBe(201);
      const id = (await res.json()).data.transactionId as string;
      await expect(async () => {
        expect((await (await request.get(`/api/v1/payments/status/${id}`, { headers })).json()).status).toBe(status);
      }).toPass({ timeout: 60_000 });
      return id;
    };
    // The sandbox's outcome endings: …90 is refused for insufficient funds, …12 succeeds.
    const failed = await paid("+221770000090", "failed");
    await page.goto(`/dashboard/payments/${failed}`);
    await expect(page.getByTestId("payment-id")).toHaveText(failed);
    await expect(page.getByTestId("payment-fee")).toHaveCount(0);
    await expect(page.getByTestId("payment-net")).toHaveCount(0);
    const succeeded = await paid("+221770000012", "success");
    await page.goto(`/dashboard/payments/${succeeded}`);
    await expect(page.getByTestId("payment-fee")).toBeVisible();
    await expect(page.getByTestId("payment-net")).toBeVisible();
  });

  test("a failed sign-up keeps the fields, marks the wrong ones, in French with the fields' names (375 px)", async ({ browser }) => {
    const context = await browser.newContext({ locale: "fr-FR", viewport: PHONE });
    const page = await context.newPage();
    await page.goto("/signup");
    await page.getByLabel("Nom de l’entreprise").fill("B");
    await page.getByLabel("E-mail").fill("awa@boutique");
    await page.getByLabel("Mot de passe").fill("court");
    await page.getByLabel("Pays").selectOption("CI");
    await page.getByRole("button", { name: "Créer le compte" }).click();
    const summary = page.getByTestId("signup-form").getByRole("alert");
    await expect(summary).toContainText("Corrigez les champs signalés.");
    await expect(summary.getByRole("link", { name: "Nom de l’entreprise" })).toBeVisible();
    await expect(summary).not.toContainText("businessName");
    await expect(page.getByLabel("Nom de l’entreprise")).toHaveValue("B");
    await expect(page.getByLabel("E-mail")).toHaveValue("awa@boutique");
    await expect(page.getByLabel("Pays")).toHaveValue("CI");
    await expect(page.getByLabel("Mot de passe")).toHaveValue(""); // never sent back
    for (const label of ["Nom de l’entreprise", "E-mail", "Mot de passe"]) await expect(page.getByLabel(label)).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#email-error")).toHaveText(/Indiquez une adresse e-mail valide/);
    await context.close();
  });

  test("the webhook URL field keeps what was typed after an error", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signUp(page);
    await page.goto("/dashboard/webhooks");
    const form = page.getByTestId("webhook-url-form");
    await form.getByLabel("URL").fill("ftp://not-a-webhook.example/x");
    await form.getByRole("button").click();
    await expect(form.getByRole("alert")).toBeVisible();
    await expect(form.getByLabel("URL")).toHaveValue("ftp://not-a-webhook.example/x");
    await expect(form.getByLabel("URL")).toHaveAttribute("aria-invalid", "true");
  });

  for (const viewport of [PHONE, { width: 768, height: 900 }, DESKTOP]) {
    test(`tables and the tab bar scroll inside their box instead of clipping at ${viewport.width} px`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      const account = await signUp(page);
      await addFunds(page, "1000000000", "address");
      await payout(request, account.key);
      for (const path of ["/dashboard/balances", "/dashboard/payments", "/dashboard/payouts", "/dashboard/webhooks", "/dashboard/api-keys"]) {
        await page.goto(path);
        await expectNoPageOverflow(page);
        // Every table is reachable: either it fits, or its wrapper scrolls to its last column.
        for (const wrap of await page.locator(".table-wrap").all()) {
          const fits = await wrap.evaluate((el) => {
            const table = el.querySelector("table")!;
            const box = el.getBoundingClientRect();
            return table.getBoundingClientRect().width <= box.width + 1 || el.scrollWidth > el.clientWidth;
          });
          expect(fits, `${path} at ${viewport.width}px`).toBe(true);
        }
      }
      // The balances table at 1280: its last column is inside the page, not cut off.
      await page.goto("/dashboard/balances");
      const lastCell = page.getByTestId("wallet-XOF-collect").locator("td").last();
      await lastCell.scrollIntoViewIfNeeded();
      await expect(lastCell).toBeInViewport();
      // The tab bar: the last tab can be reached (on a phone, inside the Menu disclosure).
      const menu = page.getByTestId("nav-menu").locator("summary");
      if (await menu.isVisible()) await menu.click();
      const settings = nav(page).getByRole("link", { name: "Settings" });
      await settings.scrollIntoViewIfNeeded();
      await expect(settings).toBeInViewport();
    });
  }

  test("times in the browser's zone by default, the zone chosen in settings after, UTC on hover", async ({ browser }) => {
    const context = await browser.newContext({ timezoneId: "America/New_York", viewport: DESKTOP });
    const page = await context.newPage();
    const account = await signUp(page);
    const res = await page.request.post("/api/v1/payments/initiate", {
      headers: { "X-API-Key": account.key, "Content-Type": "application/json" },
      data: { type: "direct", amount: 5000, externalReference: `tz-${unique()}`, provider: "orange", country: "SN", customerPhone: "+221770000012" },
    });
    expect(res.status()).toBe(201);
    await page.goto("/dashboard/payments");
    const time = page.getByTestId("payments-table").locator("time").first();
    await expect(time).toHaveText(/ (EST|EDT|GMT-[45])$/);
    await expect(time).toHaveAttribute("title", / UTC$/);
    await page.goto("/dashboard/settings");
    await page.getByTestId("time-zone-form").getByLabel("Show times in").selectOption("Africa/Dakar");
    await page.getByTestId("time-zone-form").getByRole("button").click();
    await expect(page.getByTestId("time-zone-form").getByText("Saved.")).toBeVisible();
    await page.goto("/dashboard/payments");
    await expect(page.getByTestId("payments-table").locator("time").first()).toHaveText(/ GMT$/);
    await context.close();
  });
});

test.describe("checkout", () => {
  const key = "pk_test_E2eE2eE2eE2eE2eE2eE2eE2eE2:sk_test_E2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2";
  async function initiate(request: APIRequestContext, body: Record<string, unknown>) {
    const res = await request.post("/api/v1/payments/initiate", {
      headers: { "X-API-Key": key, "Content-Type": "application/json" },
      data: { type: "checkout", currency: "XOF", externalReference: `ux-${unique()}`, ...body },
    });
    return res;
  }

  test("an amount no mobile-money method takes is refused at initiate with the bounds; deep links are the page's methods", async ({ request }) => {
    const refused = await initiate(request, { amount: 20_000_000 });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ statusCode: 400, code: "invalid_amount", message: expect.stringContaining("2000000 XOF") });
    const ok = await initiate(request, { amount: 5000 });
    const links = Object.keys((await ok.json()).data.deepLinks);
    expect(links).not.toContain("bank_transfer");
    expect(links).not.toContain("crypto");
  });

  test("waiting: no link countdown, then 'did not get the prompt'; while the operator holds it nothing is resent (375 px)", async ({ page, request }) => {
    await page.setViewportSize(PHONE);
    const res = await initiate(request, { amount: 5000 });
    const { redirectUrl } = (await res.json()).data;
    await page.goto(redirectUrl);
    await expect(page.getByTestId("amount")).toHaveText("5,000\u00A0FCFA");
    await expect(page.getByRole("timer")).toBeVisible();
    await page.getByRole("radio", { name: "Orange Money" }).check();
    await page.getByLabel("Phone number of the account").fill("770000099"); // the simulator never answers
    await page.getByRole("button", { name: /^Pay/ }).click();
    await expect(page.getByRole("heading", { name: "Approve the payment on your phone" })).toBeVisible();
    // The number the prompt went to, masked, with its wallet; Orange Money Senegal's USSD menu to approve from.
    await expect(page.getByTestId("prompt-phone")).toHaveText("Request sent to +221•••••••99 (Orange Money)");
    await expect(page.getByTestId("ussd-code")).toContainText("Dial #144# on this phone");
    await expect(page.getByRole("timer")).toHaveCount(0);
    // Revealed by the script after CHECKOUT_PROMPT_HELP_SECONDS (4 s on the e2e server).
    await expect(page.getByRole("heading", { name: "Did not get the prompt?" })).toBeVisible({ timeout: 15_000 });
    await page.getByRole("button", { name: "Resend the prompt" }).click();
    await expect(page.getByTestId("stuck-open")).toBeVisible();
    await expectNoPageOverflow(page);
  });

  test("without JavaScript the waiting page refreshes itself to the result", async ({ browser, request }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
    const page = await context.newPage();
    const res = await initiate(request, { amount: 5000 });
    await page.goto((await res.json()).data.redirectUrl);
    await page.getByRole("radio", { name: "Wave" }).check();
    await page.getByLabel("Phone number of the account").fill("770000012");
    await page.getByRole("button", { name: /^Pay/ }).click();
    await expect(page.getByRole("link", { name: "Check again" })).toBeVisible();
    // The meta refresh (every 5 s) brings the success without a click.
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible({ timeout: 30_000 });
    await context.close();
  });

  test("the success page is a receipt: amount, merchant, the wallet that paid, reference, local date, operator reference (1280 px)", async ({ page, request }) => {
    await page.setViewportSize(DESKTOP);
    const reference = `receipt-${unique()}`;
    const res = await request.post("/api/v1/payments/initiate", {
      headers: { "X-API-Key": key, "Content-Type": "application/json" },
      data: { type: "checkout", currency: "XOF", amount: 7500, externalReference: reference },
    });
    await page.goto((await res.json()).data.redirectUrl);
    await page.getByRole("radio", { name: "Wave" }).check();
    await page.getByLabel("Phone number of the account").fill("770000012");
    await page.getByRole("button", { name: /^Pay/ }).click();
    await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible({ timeout: 20_000 });
    const receipt = page.getByTestId("receipt");
    await expect(receipt).toContainText("7,500\u00A0FCFA");
    await expect(receipt).toContainText("Demo Merchant");
    await expect(receipt).toContainText(reference);
    // Dated in the customer's country's time, and saying so; the wallet by the same masked number.
    await expect(receipt.getByTestId("receipt-date")).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4} at \d{2}:\d{2}, local time \(Dakar\)$/);
    await expect(receipt.getByTestId("receipt-wallet")).toHaveText("Wave · +221•••••••12");
    await expect(receipt).toContainText(/Operator reference\s*sim_txn_/);
  });
});
