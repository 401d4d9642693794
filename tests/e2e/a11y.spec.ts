import { expect, test, type Browser, type BrowserContext } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./helpers/axe";
import { useWebhookReceiver } from "./helpers/dashboard";
import { expectFrench } from "./helpers/french";
import { CHECKOUT_STAGES, dashboardPages, linkPages, openPage, PUBLIC_PAGES, seedDemoMerchant, WIDTHS, type TourData } from "./helpers/page-tour";
import { logInToDashboard } from "./helpers/log-in";

/**
 * Accessibility: axe-core, WCAG 2 A and AA rules, on every dashboard page (as the
 * demo merchant, with a payment, a refund, a payout, a bulk payout and payment links to show),
 * every stage of the hosted checkout, a payment link's customer page, the sign-in, sign-up and
 * password reset pages and /docs, at 375 and 1280 px. Any serious
 * or critical violation fails. The pages are the ones `npm run screenshots` pictures
 * (helpers/page-tour.ts). The phone-width walk of the dashboard is in French, and each page must
 * also say nothing in English and show no raw code (helpers/french.ts): one walk, both checks.
 */
const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? "3100"}`;
const EXPIRY_BASE = `http://127.0.0.1:${process.env.E2E_EXPIRY_PORT ?? "3101"}`;
const receiver = useWebhookReceiver("/a11y-hooks");

let data: TourData;
test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  data = await seedDemoMerchant(BASE, browser, receiver.url());
});

async function signedIn(browser: Browser, width: number, lang: "en" | "fr" = "en"): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: lang === "fr" ? "fr-FR" : "en-GB", baseURL: BASE });
  // The dashboard's language switch is this cookie (lib/dashboard/i18n.ts).
  if (lang === "fr") await context.addCookies([{ name: "lang", value: "fr", url: BASE }]);
  await logInToDashboard(await context.newPage());
  return context;
}

const DASHBOARD_PARTS = 3;

/** The phone is the French merchant's: the 375 px walk is in French (and checked for English). */
const langAt = (width: number) => (width === 375 ? "fr" : "en");

for (const width of WIDTHS) {
  test.describe(`${width} px`, () => {
    // The walk in parts, each a test of its own: one test for some forty pages ran past any
    // sensible timeout on a loaded CI machine, and a retry then walked them all again.
    for (let part = 0; part < DASHBOARD_PARTS; part++) {
      test(`every dashboard page${langAt(width) === "fr" ? ", in French" : ""} (part ${part + 1} of ${DASHBOARD_PARTS})`, async ({ browser }) => {
        test.setTimeout(360_000);
        const context = await signedIn(browser, width, langAt(width));
        const page = await context.newPage();
        for (const tour of dashboardPages(data).filter((_, i) => i % DASHBOARD_PARTS === part)) {
          const { name, path } = tour;
          await test.step(name, async () => {
            await openPage(page, tour);
            await expectNoSeriousA11yViolations(page, `${name} (${path}) at ${width} px`);
            if (langAt(width) === "fr") await expectFrench(page, `${name} (${path})`);
          });
        }
        await context.close();
      });
    }

    test("sign-in, sign-up and the API reference", async ({ browser }) => {
      test.setTimeout(240_000);
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: "en-GB", baseURL: BASE });
      const page = await context.newPage();
      for (const tour of PUBLIC_PAGES) {
        const { name, path } = tour;
        await test.step(name, async () => {
          await openPage(page, tour);
          await expectNoSeriousA11yViolations(page, `${name} (${path}) at ${width} px`);
        });
      }
      await context.close();
    });

    test(`a payment link's customer page${langAt(width) === "fr" ? ", in French" : ""}`, async ({ browser }) => {
      const lang = langAt(width);
      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: lang === "fr" ? "fr-FR" : "en-GB", baseURL: BASE });
      const page = await context.newPage();
      for (const tour of linkPages(data)) {
        const { name, path } = tour;
        await test.step(name, async () => {
          await openPage(page, tour);
          await expect(page.locator("html")).toHaveAttribute("lang", lang);
          await expectNoSeriousA11yViolations(page, `${name} (${path}) at ${width} px`);
          if (lang === "fr") await expectFrench(page, `${name} (${path})`);
        });
      }
      await context.close();
    });

    for (const stage of CHECKOUT_STAGES) {
      test(`checkout: ${stage.name}`, async ({ browser }) => {
        const context = await browser.newContext({ viewport: { width, height: 900 }, locale: "en-GB", baseURL: BASE });
        const page = await context.newPage();
        await stage.reach(page, { base: BASE, expiryBase: EXPIRY_BASE });
        await expectNoSeriousA11yViolations(page, `checkout ${stage.name} at ${width} px`);
        await context.close();
      });
    }
  });
}

test("a bulk in progress updates itself in place, and the user can pause that (no meta refresh)", async ({ browser }) => {
  const context = await signedIn(browser, 1280);
  const page = await context.newPage();
  await page.goto(`/dashboard/payouts/bulk/${data.bulkId}`);
  await expect(page.getByTestId("bulk-status")).toHaveText("In progress");
  await expect(page.locator("meta[http-equiv=refresh]")).toHaveCount(0);
  // router.refresh asks the server for the page's components (an RSC request), without a reload.
  const refreshes = () => new Promise<boolean>((resolve) => {
    const seen = (r: { headers: () => Record<string, string> }) => r.headers()["rsc"] === "1" && resolve(true);
    page.on("request", seen);
    setTimeout(() => (page.off("request", seen), resolve(false)), 7_000);
  });
  expect(await refreshes()).toBe(true);
  const pause = page.getByRole("button", { name: "Pause updates" });
  await pause.click();
  await expect(pause).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("auto-refresh")).toContainText("Updates paused");
  expect(await refreshes()).toBe(false);
  await context.close();
});

