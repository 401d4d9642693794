import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { pngImage } from "../helpers/images";
import { collectCspViolations } from "./helpers/csp";
import { signUp } from "./helpers/dashboard";

/**
 * Checkout branding in Chromium at a phone's and a laptop's width: an owner sets the
 * name, accent colour and logo in Settings (a too-light colour and an SVG are refused first, with
 * the reason on the page), then a checkout created with the account's own key shows them, with
 * no CSP violation on either side. Then the same form as a plain multipart POST without JavaScript.
 */
const SAVED = /^Saved\. New checkouts/;

async function openBranding(page: Page) {
  await page.goto("/dashboard/settings");
  await page.getByRole("link", { name: "Change the name, colour and logo" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Checkout branding" })).toBeVisible();
  return page.getByTestId("branding-form");
}

async function createCheckout(request: APIRequestContext, key: string): Promise<string> {
  const res = await request.post("/api/v1/payments/initiate", {
    headers: { "X-API-Key": key },
    data: { type: "checkout", amount: 5000, currency: "XOF", externalReference: `brand-${Date.now()}-${Math.random().toString(36).slice(2, 8)}` },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data.redirectUrl;
}

/** No part of the page wider than the viewport (nothing to scroll sideways on a phone). */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 }, locale: "en-GB" });

    test("an owner sets name, colour and logo in Settings and the checkout shows them", async ({ page, request }) => {
      const violations = collectCspViolations(page);
      const account = await signUp(page, `Boutique Légale ${width}`);
      const form = await openBranding(page);
      const name = form.getByLabel("Name shown to customers");
      const colour = form.getByLabel("Accent colour (#RRGGBB)");
      const logo = form.getByLabel(/^Logo/);
      const save = form.getByRole("button", { name: "Save branding" });
      await expect(name).toHaveValue(`Boutique Légale ${width}`);
      await expect(colour).toHaveValue("#0B5FFF");

      // A colour white text cannot be read on: refused, with the nearest shade that passes.
      await name.fill(`Chez Awa ${width}`);
      await colour.fill("#FFCB05");
      await save.click();
      await expect(form.getByRole("alert")).toContainText(/#FFCB05 is too light for white text: contrast 1\.\d\d:1, at least 4\.5:1 needed\. Refused; the nearest darker shade that passes is #[0-9A-F]{6}\./);
      await expect(colour).toHaveAttribute("aria-invalid", "true");
      await expect(name).toHaveValue(`Chez Awa ${width}`); // what was typed stays

      // An SVG, even called .png: refused.
      await colour.fill("#7A1FA2");
      await logo.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') });
      await save.click();
      await expect(form.getByRole("alert")).toContainText("SVG files are not accepted");

      // Then a real PNG.
      await logo.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: pngImage(120, 40, [200, 30, 30]) });
      await save.click();
      await expect(form.getByText(SAVED)).toBeVisible();
      await expect(page.getByTestId("branding-name")).toHaveText(`Chez Awa ${width}`);
      await expect(page.getByTestId("branding-contrast")).toContainText("#7A1FA2");
      await expect(page.getByTestId("branding-logo")).toBeVisible();
      expect(await fitsWidth(page)).toBe(true);

      // The audit log has the change.
      await page.goto("/dashboard/audit?action=branding.");
      await expect(page.getByRole("table")).toContainText("branding.updated");

      // A checkout of this account: name, logo (loaded from our origin) and the accent on the pay button.
      await page.goto(await createCheckout(request, account.key));
      const header = page.locator("header");
      await expect(header.getByText(`Chez Awa ${width}`)).toBeVisible();
      await expect(header.getByText(`Boutique Légale ${width}`)).toHaveCount(0);
      const img = header.locator("img.brand-logo");
      await expect(img).toBeVisible();
      expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(120);
      const src = (await img.getAttribute("src"))!;
      expect(src).toMatch(/^\/branding\/mch_[0-9a-z]+\/[0-9a-f]{64}\.png$/);
      const button = page.getByRole("button", { name: /^Pay 5,000/ });
      await expect(button).toHaveCSS("background-color", "rgb(122, 31, 162)");
      await expect(button).toHaveCSS("color", "rgb(255, 255, 255)");
      expect(await fitsWidth(page)).toBe(true);

      const served = await request.get(src);
      expect(served.status()).toBe(200);
      expect(served.headers()["content-type"]).toBe("image/png");
      expect(served.headers()["x-content-type-options"]).toBe("nosniff");
      expect(served.headers()["cache-control"]).toContain("immutable");
      expect((await request.get(src.replace(/[0-9a-f]{64}/, "0".repeat(64)))).status()).toBe(404);

      expect(violations).toEqual([]);
    });
  });
}

test("operator badges are SVG images, sandboxed when opened on their own", async ({ request }) => {
  const res = await request.get("/logos/mtn.svg");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
  expect(res.headers()["content-security-policy"]).toContain("sandbox");
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  expect(await res.text()).toContain('fill="#FFCB05"');
});

test.describe("without JavaScript", () => {
  test("the branding form is a plain multipart form POST", async ({ browser }) => {
    // Sign up with JavaScript (its own pages have their no-JS tests), then reuse the session.
    const withJs = await browser.newContext({ locale: "en-GB" });
    const setup = await withJs.newPage();
    await signUp(setup, "Boutique Sans JS");
    const noJs = await browser.newContext({ javaScriptEnabled: false, locale: "en-GB", storageState: await withJs.storageState() });
    await withJs.close();
    const page = await noJs.newPage();
    const violations = collectCspViolations(page);

    const form = await openBranding(page);
    await expect(form).toHaveAttribute("method", /post/i);
    await expect(form).toHaveAttribute("enctype", "multipart/form-data");
    await form.getByLabel("Name shown to customers").fill("Sans JS");
    await form.getByLabel("Accent colour (#RRGGBB)").fill("#FFCB05");
    await form.getByRole("button", { name: "Save branding" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "too light for white text" })).toBeVisible();

    const again = page.getByTestId("branding-form");
    await again.getByLabel("Name shown to customers").fill("Sans JS");
    await again.getByLabel("Accent colour (#RRGGBB)").fill("#14171F");
    await again.getByLabel(/^Logo/).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: pngImage(64, 64, [20, 120, 60]) });
    await again.getByRole("button", { name: "Save branding" }).click();
    await expect(page.getByText(SAVED)).toBeVisible();
    await page.goto("/dashboard/settings/branding");
    await expect(page.getByTestId("branding-name")).toHaveText("Sans JS");
    await expect(page.getByTestId("branding-contrast")).toContainText("#14171F");
    await expect(page.getByTestId("branding-logo")).toBeVisible();
    expect(violations).toEqual([]);
    await noJs.close();
  });
});
