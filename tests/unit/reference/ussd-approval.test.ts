import { describe, expect, it } from "vitest";
import { SEED_COUNTRIES } from "@/lib/reference/catalogue-seed";
import { countryTimeZone } from "@/lib/reference/country-time-zone";
import { PROVIDER_CODES } from "@/lib/reference/provider-codes";
import { USSD_APPROVAL_CODES, ussdApprovalCode } from "@/lib/reference/ussd-approval";

describe("checkout reference data: USSD approval codes and countries' time zones", () => {
  it("every approval code is a dialable USSD string of a known operator in a served country, one per pair", () => {
    const countries = new Set(SEED_COUNTRIES.map((c) => c.code));
    const pairs = new Set<string>();
    for (const { provider, country, code } of USSD_APPROVAL_CODES) {
      expect(code, `${provider} ${country}`).toMatch(/^[*#]\d+([*#]\d+)*#$/);
      expect(PROVIDER_CODES as readonly string[]).toContain(provider);
      expect(countries.has(country), country).toBe(true);
      expect(pairs.has(`${provider}|${country}`), `${provider} ${country} twice`).toBe(false);
      pairs.add(`${provider}|${country}`);
    }
    expect(ussdApprovalCode("mtn", "gh")).toBe("*170#");
    expect(ussdApprovalCode("wave", "SN")).toBeNull();
    expect(ussdApprovalCode(null, "SN")).toBeNull();
  });

  it("every served country has a real IANA zone; an unknown one reads UTC", () => {
    for (const c of SEED_COUNTRIES.filter((c) => c.active)) {
      const zone = countryTimeZone(c.code);
      expect(zone, c.code).not.toBe("UTC");
      expect(() => new Intl.DateTimeFormat("en", { timeZone: zone })).not.toThrow();
    }
    expect(countryTimeZone("ZZ")).toBe("UTC");
  });
});
