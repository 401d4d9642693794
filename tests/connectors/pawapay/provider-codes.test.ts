import { describe, expect, it } from "vitest";
import { candidateCodes } from "@/lib/connectors/pawapay/provider-codes";
import { SEED_CHANNELS } from "@/lib/reference/catalogue-seed";

/** Our (country, provider) → pawaPay's codes, tried in order against active-conf. */
describe("pawaPay provider codes for East Africa and Ghana", () => {
  it.each([
    ["KE", "mpesa", "MPESA_KEN"],
    ["KE", "airtel", "AIRTEL_KEN"],
    ["UG", "mtn", "MTN_MOMO_UGA"],
    ["UG", "airtel", "AIRTEL_OAPI_UGA"],
    ["TZ", "mpesa", "VODACOM_TZA"],
    ["TZ", "airtel", "AIRTEL_TZA"],
    ["TZ", "mixx", "TIGO_TZA"],
    ["TZ", "halotel", "HALOTEL_TZA"],
    ["RW", "mtn", "MTN_MOMO_RWA"],
    ["RW", "airtel", "AIRTEL_RWA"],
    ["ZM", "mtn", "MTN_MOMO_ZMB"],
    ["ZM", "airtel", "AIRTEL_OAPI_ZMB"],
    ["ZM", "zamtel", "ZAMTEL_ZMB"],
    ["GH", "mtn", "MTN_MOMO_GHA"],
    ["GH", "telecel", "VODAFONE_GHA"],
    ["GH", "at", "AIRTELTIGO_GHA"],
  ])("%s %s → %s first", (country, provider, code) => {
    expect(candidateCodes(country, provider)[0]).toBe(code);
  });

  it("also tries the other spellings active-conf is known to use (Vodacom's M-Pesa, Airtel's OAPI)", () => {
    expect(candidateCodes("TZ", "mpesa")).toEqual(["VODACOM_TZA", "MPESA_TZA", "VODACOM_MPESA_TZA"]);
    expect(candidateCodes("TZ", "airtel")).toEqual(["AIRTEL_TZA", "AIRTEL_OAPI_TZA"]);
    expect(candidateCodes("KE", "mpesa")).toEqual(["MPESA_KEN", "VODACOM_KEN", "VODACOM_MPESA_KEN"]);
  });

  it("every mobile-money channel of the six countries has a code to try", () => {
    const pairs = SEED_CHANNELS.filter((c) => ["KE", "UG", "TZ", "RW", "ZM", "GH"].includes(c.countryCode) && !["bank_transfer", "crypto"].includes(c.providerCode));
    expect(pairs.length).toBeGreaterThan(0);
    for (const c of pairs) expect(candidateCodes(c.countryCode, c.providerCode).length, `${c.countryCode} ${c.providerCode}`).toBeGreaterThan(0);
  });
});
