import { describe, expect, it } from "vitest";
import { checkoutStage, isCancellable, isPayable } from "@/lib/checkout/checkout-stage";
import { localeFromAcceptLanguage, pickLocale } from "@/lib/checkout/locale";
import { readPhoneInput } from "@/lib/checkout/read-phone-input";
import { redirectTarget } from "@/lib/checkout/redirect-target";

const SN = { phonePrefix: "+221", nationalNumberLength: 9 };

describe("locale", () => {
  it("?lang beats the cookie, which beats Accept-Language; French by default", () => {
    expect(pickLocale({ query: "en", cookie: "fr", acceptLanguage: "fr" })).toBe("en");
    expect(pickLocale({ query: "de", cookie: "en", acceptLanguage: "fr" })).toBe("en");
    expect(pickLocale({ acceptLanguage: "en-GB,en;q=0.9" })).toBe("en");
    expect(pickLocale({ acceptLanguage: "de-DE,de;q=0.9" })).toBe("fr");
    expect(pickLocale({})).toBe("fr");
  });

  it("without a stated language, the payment's country decides: English in East Africa and Ghana, French elsewhere", () => {
    for (const country of ["KE", "UG", "TZ", "RW", "ZM", "GH", "ke"]) expect(pickLocale({ country }), country).toBe("en");
    for (const country of ["SN", "CI", "CM", "CD", null, undefined]) expect(pickLocale({ country }), String(country)).toBe("fr");
    // A language the customer asked for still wins over the country's.
    expect(pickLocale({ country: "KE", acceptLanguage: "fr-FR" })).toBe("fr");
    expect(pickLocale({ country: "KE", cookie: "fr" })).toBe("fr");
    expect(pickLocale({ country: "SN", query: "en" })).toBe("en");
    // Swahili or Kinyarwanda browsers (no French or English listed) get English in their market.
    expect(pickLocale({ country: "TZ", acceptLanguage: "sw-TZ" })).toBe("en");
    expect(pickLocale({ country: "RW", acceptLanguage: "rw" })).toBe("en");
  });

  it("reads Accept-Language by q-value, skipping languages we do not speak and q=0", () => {
    expect(localeFromAcceptLanguage("de;q=1, en;q=0.5, fr;q=0.8")).toBe("fr");
    expect(localeFromAcceptLanguage("fr;q=0, en-US")).toBe("en");
    expect(localeFromAcceptLanguage("wo-SN, fr-SN;q=0.9, en;q=0.8")).toBe("fr");
    expect(localeFromAcceptLanguage("*")).toBeNull();
  });
});

describe("phone entry next to the fixed prefix", () => {
  it("takes a number as dialled at home where the plan has a trunk prefix (Kenya: 0712…), never elsewhere", () => {
    const KE = { phonePrefix: "+254", nationalNumberLength: 9, trunkPrefix: "0" };
    expect(readPhoneInput("0712 345 678", KE)).toEqual({ ok: true, e164: "+254712345678" });
    expect(readPhoneInput("712 345 678", KE)).toEqual({ ok: true, e164: "+254712345678" });
    expect(readPhoneInput("+254 (0)712 345 678", KE)).toEqual({ ok: true, e164: "+254712345678" });
    expect(readPhoneInput("0712 345 6", KE)).toMatchObject({ ok: false, key: "phone_length" });
    // Without a trunk in the plan the 0 is a digit of the number (Côte d'Ivoire: 07…).
    expect(readPhoneInput("0712 345 678", { phonePrefix: "+254", nationalNumberLength: 9 })).toMatchObject({ ok: false, key: "phone_length" });
    expect(readPhoneInput("07 08 12 34 56", { phonePrefix: "+225", nationalNumberLength: 10, trunkPrefix: null })).toEqual({ ok: true, e164: "+2250708123456" });
  });

  it("accepts the national number with formatting, or the whole number pasted", () => {
    expect(readPhoneInput("77 000 00 12", SN)).toEqual({ ok: true, e164: "+221770000012" });
    expect(readPhoneInput("77.000.00.12", SN)).toEqual({ ok: true, e164: "+221770000012" });
    expect(readPhoneInput("+221 77 000 00 12", SN)).toEqual({ ok: true, e164: "+221770000012" });
    expect(readPhoneInput("00221770000012", SN)).toEqual({ ok: true, e164: "+221770000012" });
  });

  it("refuses with a reason key", () => {
    expect(readPhoneInput("", SN)).toMatchObject({ ok: false, key: "phone_required" });
    expect(readPhoneInput(undefined, SN)).toMatchObject({ ok: false, key: "phone_required" });
    expect(readPhoneInput("77 abc", SN)).toMatchObject({ ok: false, key: "phone_digits" });
    expect(readPhoneInput("+225 07 00 00 00 12", SN)).toMatchObject({ ok: false, key: "phone_prefix", params: { prefix: "+221" } });
    expect(readPhoneInput("77 123", SN)).toMatchObject({ ok: false, key: "phone_length", params: { length: 9, got: 5 } });
    expect(readPhoneInput("7700000123", SN)).toMatchObject({ ok: false, key: "phone_length", params: { got: 10 } });
  });
});

describe("stage, payable, cancellable", () => {
  const now = new Date("2026-11-22T10:00:00.000Z");
  const later = new Date("2026-11-22T11:00:00.000Z");
  const earlier = new Date("2026-11-22T09:00:00.000Z");
  const p = (over: Partial<{ type: "direct" | "checkout"; status: any; provider: string | null; expiresAt: Date }>) => ({
    type: "checkout" as const,
    status: "pending",
    provider: null,
    expiresAt: later,
    ...over,
  });

  it("a checkout with no method chosen is choose; once chosen or processing, waiting", () => {
    expect(checkoutStage(p({}), now)).toBe("choose");
    expect(checkoutStage(p({ provider: "wave" }), now)).toBe("waiting");
    expect(checkoutStage(p({ status: "processing", provider: "wave" }), now)).toBe("waiting");
    expect(checkoutStage(p({ type: "direct", provider: "orange" }), now)).toBe("waiting");
  });

  it("a pending payment past expiresAt is expired even before the sweep; processing never is", () => {
    expect(checkoutStage(p({ expiresAt: earlier }), now)).toBe("expired");
    expect(checkoutStage(p({ status: "processing", provider: "wave", expiresAt: earlier }), now)).toBe("waiting");
  });

  it("payable: unchosen pending or failed checkout, before expiry only", () => {
    expect(isPayable(p({}), now)).toBe(true);
    expect(isPayable(p({ status: "failed", provider: "wave" }), now)).toBe(true);
    expect(isPayable(p({ status: "failed", provider: "wave", expiresAt: earlier }), now)).toBe(false);
    expect(isPayable(p({ provider: "wave" }), now)).toBe(false);
    expect(isPayable(p({ type: "direct", status: "failed", provider: "wave" }), now)).toBe(false);
    expect(isPayable(p({ status: "success", provider: "wave" }), now)).toBe(false);
  });

  it("cancellable: checkout pending before expiry, or failed; never direct, processing or final", () => {
    expect(isCancellable(p({}), now)).toBe(true);
    expect(isCancellable(p({ status: "failed" }), now)).toBe(true);
    expect(isCancellable(p({ expiresAt: earlier }), now)).toBe(false);
    expect(isCancellable(p({ status: "processing" }), now)).toBe(false);
    expect(isCancellable(p({ type: "direct" }), now)).toBe(false);
    expect(isCancellable(p({ status: "success" }), now)).toBe(false);
  });
});

describe("redirect target", () => {
  const base = { id: "txn_1", returnUrl: "https://shop.example/done?order=42&status=old", cancelUrl: "https://shop.example/cancel" };
  it("success → returnUrl, cancelled → cancelUrl, with transactionId and status; the merchant's query is kept", () => {
    expect(redirectTarget({ ...base, status: "success" })).toBe("https://shop.example/done?order=42&status=success&transactionId=txn_1");
    expect(redirectTarget({ ...base, status: "cancelled" })).toBe("https://shop.example/cancel?transactionId=txn_1&status=cancelled");
  });
  it("no URL, or another state: no redirect", () => {
    expect(redirectTarget({ ...base, status: "failed" })).toBeNull();
    expect(redirectTarget({ ...base, status: "expired" })).toBeNull();
    expect(redirectTarget({ ...base, returnUrl: null, status: "success" })).toBeNull();
    expect(redirectTarget({ ...base, cancelUrl: "javascript:alert(1)", status: "cancelled" })).toBeNull();
  });
});
