import { describe, expect, it } from "vitest";
import type { Checkout } from "@/lib/checkout";
import { formatCountdown, renderCheckoutPage, renderMessagePage } from "@/lib/checkout/page";
import type { CheckoutPageInput } from "@/lib/checkout/page/render-checkout-page";
import { seedCatalogue } from "../reference/test-catalogue";

/** A checkout as getCheckoutByToken returns it; only the fields the page reads matter. */
function checkoutOf(payment: Record<string, unknown> = {}, merchantName = "Boutique Awa"): Checkout {
  const now = Date.parse("2026-11-22T10:00:00Z");
  return {
    merchantName,
    country: { code: "SN", phonePrefix: "+221", nationalNumberLength: 9 } as Checkout["country"],
    payment: {
      id: "txn_1",
      type: "checkout",
      status: "pending",
      provider: null,
      amount: 250000n,
      currency: "XOF",
      description: "Order #42",
      externalReference: "order-42",
      errorCode: null,
      checkoutToken: "tok_abcdefghijklmnopqrstuvwxyz",
      returnUrl: "https://shop.example/done?order=42",
      cancelUrl: null,
      expiresAt: new Date(now + 3_600_000),
      ...payment,
    } as unknown as Checkout["payment"],
  };
}

const NOW = new Date("2026-11-22T10:00:00Z");
const WAVE = { provider: "wave", name: "Wave", logoPath: "/logos/wave.svg", color: "#1dc8ff" };
const ORANGE = { provider: "orange", name: "Orange Money", logoPath: null, color: "#ff7900" };

const baseInput = (): CheckoutPageInput => ({ checkout: checkoutOf(), methods: [WAVE, ORANGE], locale: "fr", nonce: "N0nce==", query: {}, typedPhone: "", sandbox: true, now: NOW });

function render(overrides: Partial<CheckoutPageInput> & { payment?: Record<string, unknown> } = {}) {
  const { payment, ...rest } = overrides;
  return renderCheckoutPage({
    checkout: checkoutOf(payment),
    methods: [WAVE, ORANGE],
    locale: "fr",
    nonce: "N0nce==",
    query: {},
    typedPhone: "",
    sandbox: true,
    now: NOW,
    ...rest,
  });
}

describe("the checkout page's HTML", () => {
  it("choose stage: merchant, amount in French, description, methods with brand colours, phone entry, Pay, countdown, cancel link", () => {
    const page = render();
    expect(page).toMatch(/^<!doctype html>\n<html lang="fr">/);
    expect(page).toContain("<strong>Boutique Awa</strong>");
    expect(page).toContain(`<span data-testid="amount">250\u202F000\u00A0FCFA</span>`);
    expect(page).toContain(`<p class="description">Order #42</p>`);
    expect(page).toContain(`<form method="post" action="/checkout/tok_abcdefghijklmnopqrstuvwxyz/pay">`);
    expect(page).toContain(`<input type="radio" name="provider" value="wave">`);
    expect(page).toContain(`<img src="/logos/wave.svg" alt="" width="32" height="32">`);
    expect(page).toContain(`<style nonce="N0nce==" id="brand">.m-wave{--brand:#1dc8ff}.m-orange{--brand:#ff7900}</style>`);
    expect(page).toContain(`<span id="phone-prefix" class="prefix">+221</span>`);
    expect(page).toContain("Payer 250\u202F000\u00A0FCFA</button>");
    expect(page).toContain(`data-expires="2026-11-22T11:00:00.000Z" datetime="PT3600S">1:00:00</time>`);
    expect(page).toContain(`<a href="?cancel=1">Annuler le paiement</a>`);
    expect(page).toContain(`<main id="main" data-stage="choose">`);
    expect(page).toContain("environnement de test");
  });

  it("only nonce'd style and script, and no inline event handler or style attribute (the CSP allows nothing else)", () => {
    const page = render();
    const tags = [...page.matchAll(/<(script|style)\b[^>]*>/g)].map((m) => m[0]);
    expect(tags.length).toBe(3);
    for (const tag of tags) expect(tag).toContain(`nonce="N0nce=="`);
    expect(page).not.toMatch(/\son[a-z]+=/i);
    expect(page).not.toMatch(/\sstyle=/i);
    expect(page).not.toMatch(/<script[^>]+src=/);
  });

  it("escapes what merchants and customers typed", () => {
    const page = renderCheckoutPage({
      checkout: checkoutOf({ description: `<img src=x onerror="alert(1)">` }, `Evil "</title><script>alert(1)</script>`),
      methods: [WAVE],
      locale: "en",
      nonce: "n",
      query: { error: "phone_length", field: "phone" },
      typedPhone: `"><script>x</script>`,
      sandbox: true,
      now: NOW,
    });
    expect(page).not.toContain("<script>alert(1)");
    expect(page).not.toContain("<script>x");
    expect(page).not.toContain(`<img src=x`);
    expect(page).toContain("Evil &quot;&lt;/title&gt;&lt;script&gt;");
    expect(page).toContain(`value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"`);
  });

  it("a refused number: message next to the field with the digit count typed, field invalid and refilled, method kept", () => {
    const page = render({ locale: "en", query: { error: "phone_length", field: "phone", method: "orange" }, typedPhone: "77 123" });
    expect(page).toContain(`<p id="phone-error" class="error" role="alert">The number must have 9 digits after +221 (you typed 5).</p>`);
    expect(page).toContain(`value="77 123" aria-invalid="true" aria-describedby="phone-prefix phone-help phone-error"`);
    expect(page).toContain(`value="orange" checked>`);
    // An unknown error key in the URL is ignored, and the number is not refilled without an error.
    const junk = render({ locale: "en", query: { error: "<b>hi</b>" }, typedPhone: "77 123" });
    expect(junk).not.toContain("role=\"alert\"");
    expect(junk).not.toContain("77 123");
  });

  it("numbering plan: each method's blocks for the script's preselection, other operators' blocks on the field; none for Wave", () => {
    const numbering = seedCatalogue().numberingPlans.get("SN")!;
    const page = render({ numbering, locale: "en" });
    expect(page).toContain(`<input type="radio" name="provider" value="orange" data-prefixes="71 77 78">`);
    expect(page).toContain(`<input type="radio" name="provider" value="wave">`);
    // Free, Expresso (no method on this page) and the operators without a method here.
    for (const p of ["70", "72", "75", "76", "79"]) expect(page.match(/data-other-prefixes="([^"]*)"/)![1].split(" ")).toContain(p);
    // A number refused for its operator names the owner and the method chosen.
    const refused = render({ numbering, locale: "en", query: { error: "phone_operator", field: "phone", method: "orange" }, typedPhone: "76 000 00 12" });
    expect(refused).toContain("This number belongs to Free, not Orange Money. Choose your operator&#39;s payment method, or another number.");
    const fr = render({ numbering, query: { error: "phone_operator", field: "phone", method: "orange" }, typedPhone: "76 000 00 12" });
    expect(fr).toContain("Ce numéro est chez Free, pas chez Orange Money.");
    // No trunk prefix in Senegal: the field says none.
    expect(page).not.toMatch(/<input id="phone"[^>]*data-trunk/);
  });

  it("a plan with a trunk prefix (Kenya's 0) tells the script, which drops it from a number dialled at home", () => {
    const numbering = seedCatalogue().numberingPlans.get("KE")!;
    const page = render({ numbering, locale: "en" });
    expect(page).toMatch(/<input id="phone"[^>]* data-trunk="0" data-nsn-length="\d+">/);
  });

  it("waiting stage: the operator's hint, polled, no method form, no countdown to the link's expiry", () => {
    const page = render({ locale: "en", methods: [], payment: { provider: "orange", status: "processing", submittedAt: new Date(NOW.getTime() - 5_000) } });
    expect(page).toContain(`<main id="main" data-stage="waiting" data-poll>`);
    expect(page).toContain("An Orange Money request appears on your phone");
    expect(page).toContain(`id="live" data-testid="live-region">Request sent. Waiting for your approval…</p>`);
    expect(page).not.toContain(`action="/checkout/tok_abcdefghijklmnopqrstuvwxyz/pay"`);
    expect(page).not.toContain("?cancel=1");
    // The link's expiry is not what the customer waits for once the prompt is on the phone.
    expect(page).not.toContain(`id="countdown"`);
    expect(page).not.toContain("Time left");
  });

  it("waiting stage without JavaScript: the page refreshes itself and offers Check again", () => {
    const page = render({ locale: "en", methods: [], payment: { provider: "orange", status: "processing" } });
    expect(page).toContain(`<noscript><meta http-equiv="refresh" content="5"></noscript>`);
    expect(page).toContain(`<noscript><p class="center"><a href="?">Check again</a></p></noscript>`);
    // Not on the other stages.
    expect(render({ locale: "en" })).not.toContain(`http-equiv="refresh" content="5"`);
  });

  it("waiting stage: 'did not get the prompt' (resend, another method, cancel) appears after a delay, revealed by the script before", () => {
    const sent = (secondsAgo: number) => ({ provider: "orange", status: "processing", submittedAt: new Date(NOW.getTime() - secondsAgo * 1000) });
    const early = render({ locale: "en", methods: [], payment: sent(10) });
    expect(early).toContain(`<section id="stuck" class="stuck" aria-labelledby="stuck-title" data-reveal-in="35" hidden>`);
    const late = render({ locale: "en", methods: [], payment: sent(60) });
    expect(late).toContain(`<section id="stuck" class="stuck" aria-labelledby="stuck-title" data-reveal-in="0">`);
    expect(late).toContain("Did not get the prompt?");
    for (const [want, label] of [["resend", "Resend the prompt"], ["other", "Choose another method"], ["cancel", "Cancel the payment"]]) {
      expect(late).toMatch(new RegExp(`<form method="post" action="/checkout/tok_abcdefghijklmnopqrstuvwxyz/stuck"><input type="hidden" name="want" value="${want}"><button type="submit" class="button secondary[^"]*">${label}</button></form>`));
    }
    // After asking, when the operator still holds the prompt: the reason nothing was sent.
    const open = render({ locale: "fr", methods: [], payment: sent(10), query: { stuck: "open" } });
    expect(open).toContain(`data-testid="stuck-open">Votre opérateur a toujours la demande en cours`);
    expect(open).toContain(`data-reveal-in="35">`);
  });

  it("success: a receipt with amount, merchant, reference, date, operator reference and transaction", () => {
    const page = render({
      locale: "fr",
      methods: [],
      payment: { status: "success", provider: "wave", providerReference: "WV-778812", completedAt: new Date("2026-11-22T10:05:00Z") },
    });
    const receipt = page.slice(page.indexOf(`<dl class="receipt"`), page.indexOf("</dl>"));
    expect(receipt).toContain("<dt>Montant</dt><dd>250\u202F000\u00A0FCFA</dd>");
    expect(receipt).toContain("<dt>Marchand</dt><dd>Boutique Awa</dd>");
    expect(receipt).toContain("<dt>Référence</dt><dd>order-42</dd>");
    expect(receipt).toContain(`<dt>Date</dt><dd><time datetime="2026-11-22T10:05:00.000Z" data-testid="receipt-date">22 novembre 2026 à 10:05, heure locale (Dakar)</time></dd>`);
    expect(receipt).toContain("<dt>Référence opérateur</dt><dd>WV-778812</dd>");
    expect(receipt).toContain("<dt>Transaction</dt><dd>txn_1</dd>");
  });

  it("waiting stage: the masked number the prompt went to, its wallet, and the operator's USSD approval code where one is known", () => {
    const waitingWith = (provider: string, country: string, locale: "en" | "fr" = "en") =>
      renderCheckoutPage({
        checkout: { ...checkoutOf({ provider, country, status: "processing", customerPhone: "+221770000012", submittedAt: NOW }), providerName: "Orange Money" },
        methods: [],
        locale,
        nonce: "N0nce==",
        query: {},
        typedPhone: "",
        sandbox: true,
        now: NOW,
      });
    const page = waitingWith("orange", "SN");
    expect(page).toContain(`<p data-testid="prompt-phone">Request sent to <strong>+221•••••••12</strong> (Orange Money)</p>`);
    expect(page).not.toContain("770000012");
    expect(page).toContain(`data-testid="ussd-code">Nothing on your screen? Dial #144# on this phone`);
    expect(waitingWith("orange", "SN", "fr")).toContain("Composez #144# sur ce téléphone");
    // No known menu code (M-Pesa's STK has none): no sentence rather than a guess.
    expect(waitingWith("mpesa", "KE")).not.toContain(`data-testid="ussd-code"`);
    // The receipt names the wallet that paid, by the same masked number.
    const paid = renderCheckoutPage({
      checkout: { ...checkoutOf({ provider: "orange", country: "CM", status: "success", customerPhone: "+237690000012", completedAt: NOW }), providerName: "Orange Money" },
      methods: [],
      locale: "en",
      nonce: "N0nce==",
      query: {},
      typedPhone: "",
      sandbox: true,
      now: NOW,
    });
    expect(paid).toContain(`<dt>Paid with</dt><dd data-testid="receipt-wallet">Orange Money · +237•••••••12</dd>`);
    // Douala is an hour ahead of UTC: the receipt is in the customer's time, and says so.
    expect(paid).toContain(`data-testid="receipt-date">22 November 2026 at 11:00, local time (Douala)</time>`);
  });

  it("Wave's redirect flow: its page as a QR code for a computer (shown by CSS on wide screens; the script does not leave), none for other operators", () => {
    const redirect = (provider: string) => render({ locale: "en", methods: [], payment: { provider, status: "processing", providerRedirectUrl: "https://pay.wave.com/c/cos-18qq" } });
    const wave = redirect("wave");
    expect(wave).toMatch(/<figure class="qr" data-testid="wave-qr"><svg viewBox="-2 -2 (\d+) \1" width="200" height="200" role="img" aria-label="QR code of the Wave payment page">/);
    expect(wave).toMatch(/<path fill="#000" d="(M\d+ \d+h1v1h-1z)+"\/>/);
    expect(wave).toContain(`<a id="operator" class="button" href="https://pay.wave.com/c/cos-18qq" rel="noreferrer" data-qr>`);
    expect(redirect("orange")).not.toContain("wave-qr");
  });

  it("the merchant's support contact on every stage, outside <main> so a swap keeps it; nothing when none was given", () => {
    const support = { phone: "+221338001122", email: "aide@boutique.sn" };
    const stages = [{}, { provider: "orange", status: "processing" }, { status: "failed", provider: "orange", errorCode: "timeout" }, { status: "success", provider: "orange" }, { status: "expired" }];
    for (const payment of stages) {
      const page = renderCheckoutPage({
        checkout: { ...checkoutOf(payment), branding: { accentColor: "#0B5FFF", logo: null, support } },
        methods: [WAVE, ORANGE],
        locale: "fr",
        nonce: "N0nce==",
        query: {},
        typedPhone: "",
        sandbox: true,
        now: NOW,
      });
      const contact = page.slice(page.indexOf("</main>"));
      expect(contact).toContain(`<aside class="contact" aria-labelledby="contact-title" data-testid="merchant-contact">`);
      expect(contact).toContain(`<li>Téléphone\u00A0: <a href="tel:+221338001122">+221338001122</a></li>`);
      expect(contact).toContain(`<a href="mailto:aide@boutique.sn">aide@boutique.sn</a>`);
    }
    expect(render()).not.toContain("merchant-contact");
  });

  it("XAF reads F CFA", () => {
    expect(render({ locale: "en", payment: { currency: "XAF", amount: 1500n } })).toContain(`<span data-testid="amount">1,500\u00A0F\u00A0CFA</span>`);
  });

  it("failed stage: the message for its code and the retry form with the last method chosen", () => {
    const page = render({ locale: "en", payment: { status: "failed", provider: "wave", errorCode: "insufficient_funds" } });
    expect(page).toContain(`<p data-testid="failure-message">Your account balance is too low.`);
    expect(page).toContain("Try again with another method or number");
    expect(page).toContain(`value="wave" checked>`);
    expect(page).toContain(`<main id="main" data-stage="failed">`);
  });

  it("success with a returnUrl: visible countdown, Continue link and a no-JS refresh to the URL with transactionId and status", () => {
    const page = render({ locale: "en", methods: [], payment: { status: "success", provider: "wave" } });
    const target = "https://shop.example/done?order=42&amp;transactionId=txn_1&amp;status=success";
    expect(page).toContain(`<noscript><meta http-equiv="refresh" content="3;url=${target}"></noscript>`);
    expect(page).toContain(`<p id="redirect" data-href="${target}" data-seconds="3">Returning to the merchant in <span id="redirect-seconds">3</span> s…</p>`);
    expect(page).toContain(`<a class="button" href="${target}">Continue</a>`);
    expect(page).not.toContain(`id="countdown"`);
  });

  it("success without a URL, expired, and the cancel confirmation", () => {
    expect(render({ locale: "en", payment: { type: "direct", status: "success", returnUrl: null } })).toContain("You can close this page.");
    const expired = render({ locale: "en", payment: { expiresAt: new Date(NOW.getTime() - 1) } });
    expect(expired).toContain(`data-stage="expired"`);
    expect(expired).not.toContain("<form");
    const confirm = render({ locale: "en", query: { cancel: "1" } });
    expect(confirm).toContain(`<form method="post" action="/checkout/tok_abcdefghijklmnopqrstuvwxyz/cancel"><button type="submit" class="button danger">Yes, cancel</button></form>`);
    expect(confirm).not.toContain(`id="countdown"`);
  });

  it("expired: never 'ask the merchant' without a way — the link's page, else the contact below, else the merchant's page, else only that it is over", () => {
    const gone = { expiresAt: new Date(NOW.getTime() - 1) };
    const text = (page: string) => page.match(/<p data-testid="expired-text">([^<]*)<\/p>/)?.[1];
    const support = { phone: "+221338001122", email: null };
    const throughLink = renderCheckoutPage({ ...baseInput(), checkout: { ...checkoutOf(gone), link: { slug: "robe-wax-k3x9", successMessage: null, methods: [] } as unknown as Checkout["link"] }, locale: "en" });
    expect(text(throughLink)).toBe("The time to pay has run out. You can start again from the payment link&#39;s page.");
    expect(throughLink).toContain(`href="/pay/robe-wax-k3x9" data-testid="link-again"`);
    const withContact = renderCheckoutPage({ ...baseInput(), checkout: { ...checkoutOf(gone), branding: { accentColor: "#0B5FFF", logo: null, support } }, locale: "en" });
    expect(text(withContact)).toBe("The time to pay has run out. For a new payment link, contact the merchant (details below).");
    expect(withContact).toContain(`data-testid="merchant-contact"`);
    const back = render({ locale: "fr", payment: { ...gone, cancelUrl: "https://shop.example/cart" } });
    expect(text(back)).toBe("Le délai pour payer est dépassé. Retournez chez le marchand pour recommencer.");
    expect(back).toContain(`<a class="button" href="https://shop.example/cart?transactionId=txn_1&amp;status=expired" data-testid="back-to-merchant">Retour chez le marchand</a>`);
    const nothing = render({ locale: "en", payment: { ...gone, returnUrl: null } });
    expect(text(nothing)).toBe("The time to pay has run out: this payment can no longer be made.");
    for (const page of [throughLink, withContact, back, nothing]) expect(page).not.toMatch(/Ask the merchant|Demandez au marchand/);
  });

  it("formats the countdown as mm:ss, or h:mm:ss from an hour", () => {
    expect(formatCountdown(59)).toBe("00:59");
    expect(formatCountdown(600)).toBe("10:00");
    expect(formatCountdown(3725)).toBe("1:02:05");
    expect(formatCountdown(-4)).toBe("00:00");
  });

  it("message pages (404, refused) are in the customer's language", () => {
    const page = renderMessagePage({ locale: "fr", nonce: "n", title: "Lien introuvable", text: "Vérifiez <le lien>." });
    expect(page).toContain(`<html lang="fr">`);
    expect(page).toContain("Vérifiez &lt;le lien&gt;.");
  });
});
