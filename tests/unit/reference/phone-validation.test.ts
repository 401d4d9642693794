import { describe, expect, it } from "vitest";
import { checkPhoneForCountry } from "@/lib/reference/validate-phone";
import { seedCatalogue } from "./test-catalogue";

const catalogue = seedCatalogue();
const check = (country: string, phone: unknown) => checkPhoneForCountry(catalogue.countryByCode.get(country)!, phone);

describe("phone validation (E.164, calling code, national length)", () => {
  it.each([
    ["SN", "+221771234567"],
    ["CI", "+2250701234567"], // 10 digits since 2021
    ["BJ", "+2290197123456"], // 10 digits since November 2024
    ["BF", "+22670123456"],
    ["ML", "+22376123456"],
    ["NE", "+22790123456"],
    ["TG", "+22890123456"],
    ["GW", "+245955123456"],
    ["CM", "+237677123456"],
    ["GA", "+24106031234"],
    ["CG", "+242061234567"],
    ["TD", "+23566123456"],
    ["CF", "+23670123456"],
    ["GQ", "+240222123456"],
  ])("accepts a good %s number", (country, phone) => {
    expect(check(country, phone)).toEqual({ ok: true, e164: phone });
  });

  it("removes formatting characters and returns the E.164 form", () => {
    expect(check("SN", " +221 77 123-45.67 ")).toEqual({ ok: true, e164: "+221771234567" });
    expect(check("CM", "+237 (6) 77 12 34 56")).toEqual({ ok: true, e164: "+237677123456" });
  });

  it.each([
    ["SN", "771234567", /E\.164.*\+221/],
    ["SN", "00221771234567", /E\.164/],
    ["SN", "+22177123456a", /only digits/],
    ["SN", "+2217712345678901234", /at most 15 digits/],
    ["SN", "+225771234567", /must start with \+221 for Senegal \(SN\)/],
    ["SN", "+22177123456", /Senegal number has 9 digits after \+221; this one has 8/],
    ["CI", "+22507012345", /10 digits after \+225; this one has 8/],
    ["BJ", "+22997123456", /Benin number has 10 digits after \+229; this one has 8/],
    ["BF", "+226701234567", /8 digits after \+226; this one has 9/],
    ["CM", "+23767712345", /9 digits after \+237; this one has 8/],
    ["GA", "+241060312345", /8 digits after \+241; this one has 9/],
    ["TG", "+221771234567", /must start with \+228/],
    ["SN", "", /required/],
    ["SN", "   ", /required/],
    ["SN", 221771234567, /required/],
    ["SN", null, /required/],
  ])("refuses %s %j with a clear reason", (country, phone, reason) => {
    const result = check(country, phone);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});
