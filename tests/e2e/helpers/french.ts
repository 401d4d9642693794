import { expect, type Page } from "@playwright/test";

/**
 * A page shown in French says nothing in English and shows no stored code (issue: `mobile_money ·
 * orange`, `c2c`, `SN`, an untranslated `skipped`, raw JSON). Read: every text node and the
 * attributes people read (placeholder, aria-label, title, alt), hidden ones included (a closed
 * menu or filter is still the page's words). Not read: code, which is the same in every language
 * (<code>, <pre>, <kbd>), and what a merchant or customer typed (marked translate="no": names,
 * references, reasons), which is in no page language.
 */
const ENGLISH = /\b(the|and|with|your|you|this|from|for|is|are|has|not|of|to|Payments?|Payouts?|Amount|Status|Customer|Created|Provider|Reference|Success|Failed|Pending|Processing|Skipped|Delivered|Details|Filter|Search|Refunds?|Balances?|Settings|Overview|Resend|Recipient|Method|Previous|Next|Download|Save|Rotate|Revoke|Attempts?|Event|Timeline|Fee|Phone|Name|Country|Cancel|Collected|Paid|Available)\b/;
const RAW = [
  /\b[a-z]+(?:_[a-z]+)+\b/, // snake_case codes: mobile_money, insufficient_funds, bank_transfer
  /\b(?:c2c|b2b|skipped)\b/,
  /\b(?:SN|CI|BJ|BF|ML|NE|TG|GW|CM|GA|CG|TD|CF|GQ|KE|UG|TZ|RW|ZM|GH)\b/, // a country's code instead of its name
  /\{\s*"/, // JSON
];

export async function expectFrench(page: Page, where: string) {
  const texts: string[] = await page.evaluate(() => {
    const skip = (el: Element | null) => !!el?.closest("code, pre, kbd, samp, script, style, noscript, [translate=no]");
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue?.trim();
      if (text && !skip(node.parentElement)) out.push(text);
    }
    for (const el of Array.from(document.body.querySelectorAll("[placeholder], [aria-label], [title], [alt]"))) {
      if (skip(el)) continue;
      for (const name of ["placeholder", "aria-label", "title", "alt"]) {
        const value = el.getAttribute(name)?.trim();
        // A <time>'s title is its UTC form, a date: numbers only.
        if (value) out.push(value);
      }
    }
    return out;
  });
  const english = texts.filter((t) => ENGLISH.test(t));
  const raw = texts.filter((t) => RAW.some((r) => r.test(t)));
  // Soft: one walk reports every page that fails, not only the first.
  expect.soft({ english, raw }, `${where}: English words or raw codes on a French page`).toEqual({ english: [], raw: [] });
}
