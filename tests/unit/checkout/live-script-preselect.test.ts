import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Checkout } from "@/lib/checkout";
import { renderCheckoutPage } from "@/lib/checkout/page";
import { seedCatalogue } from "../reference/test-catalogue";

/**
 * The page's live script in a real browser (Debian's Chromium, as the e2e tests use): the number
 * typed preselects its operator's method while the customer has chosen none (docs/design/provider-prediction.md). The page
 * is rendered by renderCheckoutPage and loaded with setContent: no server needed.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const methods = [
  { provider: "wave", name: "Wave", logoPath: null, color: "#1dc8ff" },
  { provider: "orange", name: "Orange Money", logoPath: null, color: "#ff7900" },
  { provider: "free", name: "Free Money", logoPath: null, color: "#cd1e25" },
];

function pageHtml(): string {
  const catalogue = seedCatalogue();
  return renderCheckoutPage({
    checkout: {
      merchantName: "Boutique Awa",
      country: catalogue.countryByCode.get("SN")!,
      payment: {
        id: "txn_1",
        type: "checkout",
        status: "pending",
        provider: null,
        amount: 5000n,
        currency: "XOF",
        description: null,
        externalReference: "order-1",
        errorCode: null,
        checkoutToken: "tok_abcdefghijklmnopqrstuvwxyz",
        returnUrl: null,
        cancelUrl: null,
        // Far enough that the countdown never refreshes the page during the test.
        expiresAt: new Date(Date.now() + 3_600_000),
      } as unknown as Checkout["payment"],
    },
    methods,
    locale: "en",
    nonce: "n0nce",
    query: {},
    typedPhone: "",
    sandbox: true,
    numbering: catalogue.numberingPlans.get("SN"),
  });
}

const checked = (page: Page) => page.evaluate(() => (document.querySelector("input[name=provider]:checked") as HTMLInputElement | null)?.value ?? null);

describe.skipIf(!existsSync(CHROMIUM))("checkout live script: preselecting the number's method", () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
  });

  const errors: string[] = [];
  afterAll(() => expect(errors).toEqual([]));

  const open = async () => {
    page = await browser.newPage();
    page.on("pageerror", (e) => errors.push(e.message));
    await page.setContent(pageHtml());
    return page.getByLabel("Phone number");
  };

  it("picks the operator of the number as it is typed, follows a change of number, and picks none for a block without a method", async () => {
    const phone = await open();
    expect(await checked(page)).toBeNull();
    await phone.pressSequentially("7");
    expect(await checked(page)).toBeNull();
    await phone.pressSequentially("7 000");
    expect(await checked(page)).toBe("orange");
    await phone.fill("76 000 00 12");
    expect(await checked(page)).toBe("free");
    await phone.fill("+221 78 000 00 12");
    expect(await checked(page)).toBe("orange");
    // Promobile (75): no method here, so the earlier preselection is withdrawn.
    await phone.fill("75 000 00 12");
    expect(await checked(page)).toBeNull();
    await page.close();
  });

  it("never changes a method the customer picked (Wave takes any number)", async () => {
    const phone = await open();
    await page.getByRole("radio", { name: "Wave" }).check();
    await phone.fill("77 000 00 12");
    expect(await checked(page)).toBe("wave");
    await page.close();
    // A preselection the customer then overrides stays overridden too.
    const fresh = await open();
    await fresh.fill("76 000 00 12");
    expect(await checked(page)).toBe("free");
    await page.getByRole("radio", { name: "Orange Money" }).check();
    await fresh.fill("76 000 00 13");
    expect(await checked(page)).toBe("orange");
    await page.close();
  });
});
