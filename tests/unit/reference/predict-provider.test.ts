import { describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors";
import { SEED_CHANNELS, SEED_COUNTRIES } from "@/lib/reference/catalogue-seed";
import { SEED_NUMBERING_PLANS } from "@/lib/reference/numbering-seed";
import { parsePhoneNumber } from "@/lib/reference/parse-phone-number";
import { numberOwner, phoneOperatorMismatch } from "@/lib/reference/predict-provider";
import { PROVIDER_CODES } from "@/lib/reference/provider-codes";
import { sampleNumber, sandboxSampleNumbers } from "@/lib/reference/sample-numbers";
import { seedCatalogue } from "./test-catalogue";

const catalogue = seedCatalogue();

/** parse + owner, as predictProvider does, without the database. */
function predict(phone: string, country?: string) {
  const parsed = parsePhoneNumber(catalogue, phone, country);
  const owner = numberOwner(catalogue.numberingPlans.get(parsed.country.code), parsed.nsn);
  return { e164: parsed.e164, country: parsed.country.code, owner: owner?.operatorName ?? null, provider: owner?.providerCode ?? null };
}

function refusal(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (err) {
    if (isAppError(err)) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error("expected a refusal");
}

// Real-format numbers (blocks as allocated; subscriber digits invented), one or more per operator.
const TABLE: [country: string, number: string, operator: string, provider: string | null][] = [
  ["SN", "+221 77 123 45 67", "Orange", "orange"],
  ["SN", "+221 78 123 45 67", "Orange", "orange"],
  ["SN", "+221 71 123 45 67", "Orange", "orange"],
  ["SN", "+221 76 123 45 67", "Free", "free"],
  ["SN", "+221 70 123 45 67", "Expresso", "emoney"],
  ["SN", "+221 75 123 45 67", "Promobile", null],
  ["CI", "+225 07 08 12 34 56", "Orange", "orange"],
  ["CI", "+225 05 05 12 34 56", "MTN", "mtn"],
  ["CI", "+225 01 02 12 34 56", "Moov", "moov"],
  ["BJ", "+229 01 97 12 34 56", "MTN", "mtn"],
  ["BJ", "+229 01 61 12 34 56", "MTN", "mtn"],
  ["BJ", "+229 01 95 12 34 56", "Moov", "moov"],
  ["BJ", "+229 01 64 12 34 56", "Moov", "moov"],
  ["BJ", "+229 01 40 12 34 56", "Celtiis", "celtiis"],
  ["BJ", "+229 01 28 12 34 56", "Celtiis", "celtiis"],
  ["BF", "+226 70 12 34 56", "Moov Africa (Onatel)", "moov"],
  ["BF", "+226 76 12 34 56", "Orange", "orange"],
  ["BF", "+226 05 12 34 56", "Orange", "orange"],
  ["BF", "+226 78 12 34 56", "Telecel Faso", null],
  ["ML", "+223 76 12 34 56", "Orange", "orange"],
  ["ML", "+223 66 12 34 56", "Moov Africa (Malitel)", "moov"],
  ["ML", "+223 99 12 34 56", "Moov Africa (Malitel)", "moov"],
  ["NE", "+227 96 12 34 56", "Airtel", "airtel"],
  ["NE", "+227 94 12 34 56", "Moov Africa", "moov"],
  ["NE", "+227 90 12 34 56", "Zamani Telecom", null],
  ["TG", "+228 90 12 34 56", "Togocom", "tmoney"],
  ["TG", "+228 70 12 34 56", "Togocom", "tmoney"],
  ["TG", "+228 99 12 34 56", "Moov Africa", "flooz"],
  ["GW", "+245 955 123 456", "Orange", "orange"],
  ["GW", "+245 966 123 456", "MTN (Spacetel)", null],
  ["CM", "+237 677 12 34 56", "MTN", "mtn"],
  ["CM", "+237 651 12 34 56", "MTN", "mtn"],
  ["CM", "+237 681 12 34 56", "MTN", "mtn"],
  ["CM", "+237 699 12 34 56", "Orange", "orange"],
  ["CM", "+237 655 12 34 56", "Orange", "orange"],
  ["CM", "+237 640 12 34 56", "Orange", "orange"],
  ["CM", "+237 687 12 34 56", "Orange", "orange"],
  ["CM", "+237 666 12 34 56", "Nexttel", null],
  ["CM", "+237 684 12 34 56", "Nexttel", null],
  ["GA", "+241 77 12 34 56", "Airtel", "airtel"],
  ["GA", "+241 74 12 34 56", "Airtel", "airtel"],
  ["GA", "+241 66 12 34 56", "Moov Africa Gabon Telecom", "moov"],
  ["CG", "+242 06 612 34 56", "MTN", "mtn"],
  ["CG", "+242 05 512 34 56", "Airtel", "airtel"],
  ["CG", "+242 04 412 34 56", "Airtel", "airtel"],
  ["TD", "+235 66 12 34 56", "Airtel", "airtel"],
  ["TD", "+235 99 12 34 56", "Moov Africa (ex-Tigo)", "moov"],
  ["CF", "+236 72 12 34 56", "Orange", "orange"],
  ["CF", "+236 75 12 34 56", "Telecel", null],
  ["GQ", "+240 222 12 34 56", "GETESA", null],
  ["GQ", "+240 551 12 34 56", "Muni", null],
  ["CD", "+243 81 234 56 78", "Vodacom", null],
  ["CD", "+243 85 234 56 78", "Orange", "orange"],
  ["CD", "+243 97 234 56 78", "Airtel", "airtel"],
  // East Africa and Ghana
  ["KE", "+254 712 345 678", "Safaricom", "mpesa"],
  ["KE", "+254 110 345 678", "Safaricom", "mpesa"],
  ["KE", "+254 745 345 678", "Safaricom", "mpesa"],
  ["KE", "+254 758 345 678", "Safaricom", "mpesa"],
  ["KE", "+254 733 345 678", "Airtel", "airtel"],
  ["KE", "+254 752 345 678", "Airtel", "airtel"],
  ["KE", "+254 100 345 678", "Airtel", "airtel"],
  ["KE", "+254 771 345 678", "Telkom", null],
  ["UG", "+256 772 345 678", "MTN", "mtn"],
  ["UG", "+256 792 345 678", "MTN", "mtn"],
  ["UG", "+256 752 345 678", "Airtel", "airtel"],
  ["UG", "+256 701 345 678", "Airtel", "airtel"],
  ["UG", "+256 795 345 678", "Airtel", "airtel"],
  ["UG", "+256 712 345 678", "Uganda Telecom", null],
  ["TZ", "+255 754 345 678", "Vodacom", "mpesa"],
  ["TZ", "+255 784 345 678", "Airtel", "airtel"],
  ["TZ", "+255 684 345 678", "Airtel", "airtel"],
  ["TZ", "+255 714 345 678", "Yas (ex-Tigo)", "mixx"],
  ["TZ", "+255 654 345 678", "Yas (ex-Tigo)", "mixx"],
  ["TZ", "+255 624 345 678", "Halotel", "halotel"],
  ["TZ", "+255 734 345 678", "TTCL", null],
  ["RW", "+250 788 345 678", "MTN", "mtn"],
  ["RW", "+250 733 345 678", "Airtel", "airtel"],
  ["ZM", "+260 966 345 678", "MTN", "mtn"],
  ["ZM", "+260 763 456 789", "MTN", "mtn"],
  ["ZM", "+260 977 345 678", "Airtel", "airtel"],
  ["ZM", "+260 955 345 678", "Zamtel", "zamtel"],
  ["ZM", "+260 985 345 678", "ZedMobile", null],
  ["GH", "+233 244 345 678", "MTN", "mtn"],
  ["GH", "+233 554 345 678", "MTN", "mtn"],
  ["GH", "+233 201 345 678", "Telecel (ex-Vodafone)", "telecel"],
  ["GH", "+233 501 345 678", "Telecel (ex-Vodafone)", "telecel"],
  ["GH", "+233 271 345 678", "AT (ex-AirtelTigo)", "at"],
  ["GH", "+233 571 345 678", "AT (ex-AirtelTigo)", "at"],
  ["GH", "+233 281 345 678", "Expresso", null],
];

describe("numbering plans: a real-format number per country and operator", () => {
  it.each(TABLE)("%s %s → %s", (country, number, operator, provider) => {
    expect(predict(number)).toEqual({ e164: number.replace(/ /g, ""), country, owner: operator, provider });
  });

  it("cover every country of the catalogue that has mobile money (collect or payout), and every operator there", () => {
    const planned = new Set(SEED_NUMBERING_PLANS.map((p) => p.country));
    const mobileCountries = new Set(SEED_CHANNELS.filter((c) => !["bank_transfer", "crypto"].includes(c.providerCode)).map((c) => c.countryCode));
    for (const c of SEED_COUNTRIES.filter((c) => c.active || mobileCountries.has(c.code))) expect(planned.has(c.code), c.code).toBe(true);
    // Every operator with a plan row of its own in a country is one the catalogue sells there, or null.
    for (const plan of SEED_NUMBERING_PLANS) {
      for (const o of plan.operators.filter((o) => o.provider)) {
        expect(PROVIDER_CODES as readonly string[]).toContain(o.provider);
        expect(SEED_CHANNELS.some((c) => c.providerCode === o.provider && c.countryCode === plan.country), `${o.provider} in ${plan.country}`).toBe(true);
      }
    }
  });

  it("are unambiguous: each prefix once per country, digits only, shorter than the NSN; Wave and Coris hold none", () => {
    for (const plan of SEED_NUMBERING_PLANS) {
      const length = SEED_COUNTRIES.find((c) => c.code === plan.country)!.nationalNumberLength;
      const prefixes = plan.operators.flatMap((o) => o.prefixes);
      expect(new Set(prefixes).size, plan.country).toBe(prefixes.length);
      for (const p of prefixes) expect(p, plan.country).toMatch(new RegExp(`^\\d{1,${length - 1}}$`));
      for (const o of plan.operators) expect(["wave", "coris"]).not.toContain(o.provider);
      expect(plan.source.length).toBeGreaterThan(20);
    }
  });

  it("the longest prefix wins (CM 650 is MTN, 655 Orange; BJ 0142 MTN inside Celtiis' 014x)", () => {
    expect(predict("+237650123456").provider).toBe("mtn");
    expect(predict("+237655123456").provider).toBe("orange");
    expect(predict("+2290142123456").provider).toBe("mtn");
    expect(predict("+2290141123456").provider).toBe("celtiis");
  });

  it("every served country's sandbox sample numbers (one per operator, every outcome ending) predict their operator", () => {
    const rows = sandboxSampleNumbers();
    expect(new Set(rows.map((r) => r.country))).toEqual(new Set(SEED_COUNTRIES.filter((c) => c.active && c.code !== "GQ").map((c) => c.code)));
    for (const row of rows) {
      for (const ending of ["12", "90", "91", "92", "93", "94", "99"]) {
        const number = sampleNumber(row.country, row.provider, ending);
        const p = predict(number);
        expect(p.e164, number).toBe(number);
        expect(p.country, number).toBe(row.country);
        // A provider with no block of its own (Wave, Coris, Moov in CF) gets a number of the first operator we serve there.
        const hasBlock = SEED_NUMBERING_PLANS.find((plan) => plan.country === row.country)!.operators.some((o) => o.provider === row.provider);
        if (hasBlock) expect(p.provider, number).toBe(row.provider);
        expect(phoneOperatorMismatch(catalogue, row.country, number, row.provider), number).toBeNull();
      }
    }
  });

  it("East Africa and Ghana: a number dialled at home with its trunk 0 is the same number", () => {
    expect(predict("0712 345 678", "KE")).toMatchObject({ e164: "+254712345678", provider: "mpesa" });
    expect(predict("0772-345-678", "UG")).toMatchObject({ e164: "+256772345678", provider: "mtn" });
    expect(predict("0754 345 678", "TZ")).toMatchObject({ e164: "+255754345678", provider: "mpesa" });
    expect(predict("0788345678", "RW")).toMatchObject({ e164: "+250788345678", provider: "mtn" });
    expect(predict("0977 345678", "ZM")).toMatchObject({ e164: "+260977345678", provider: "airtel" });
    expect(predict("024 434 5678", "GH")).toMatchObject({ e164: "+233244345678", provider: "mtn" });
    expect(predict("+254 (0) 712 345 678")).toMatchObject({ e164: "+254712345678", provider: "mpesa" });
    expect(predict("254712345678")).toMatchObject({ country: "KE", provider: "mpesa" });
    expect(predict("00233 24 434 5678")).toMatchObject({ country: "GH", provider: "mtn" });
  });

  it("portability is recorded where numbers move between operators (CM, BJ, GH, KE), so the answer is a best guess there", () => {
    const portable = [...catalogue.numberingPlans.values()].filter((p) => p.portability).map((p) => p.countryCode).sort();
    expect(portable).toEqual(["BJ", "CM", "GH", "KE"]);
  });

  it("an unallocated block has no owner (SN 73, CM 63)", () => {
    expect(predict("+221731234567").owner).toBeNull();
    expect(predict("+237631234567").owner).toBeNull();
  });
});

describe("parsing every common form", () => {
  it.each([
    ["+221770000012", undefined],
    ["+221 77 000 00 12", undefined],
    ["00221770000012", undefined],
    ["00 221 77-000-00-12", undefined],
    ["221770000012", undefined],
    ["(+221) 77.000.00.12", undefined],
    ["770000012", "SN"],
    ["77 000 00 12", "sn"],
    ["+221770000012", "SN"],
    ["221770000012", "SN"],
  ])("%s (country %s) → +221770000012", (input, country) => {
    expect(predict(input, country)).toMatchObject({ e164: "+221770000012", country: "SN", provider: "orange" });
  });

  it("Côte d'Ivoire's 10-digit plan: the leading 0 is part of the number, national or international", () => {
    expect(predict("07 08 12 34 56", "CI")).toMatchObject({ e164: "+2250708123456", provider: "orange" });
    expect(predict("0505123456", "CI")).toMatchObject({ e164: "+2250505123456", provider: "mtn" });
    expect(predict("+225 01 02 12 34 56")).toMatchObject({ e164: "+2250102123456", provider: "moov" });
    expect(predict("2250505123456")).toMatchObject({ country: "CI", provider: "mtn" });
  });

  it("an old 8-digit Ivorian number is refused with the reason (01/05/07 cannot be inferred)", () => {
    for (const old of ["+225 08 12 34 56", "08123456"]) {
      expect(refusal(() => parsePhoneNumber(catalogue, old, "CI"))).toEqual({ code: "invalid_phone", message: expect.stringMatching(/10 digits since 31 January 2021/) });
    }
  });

  it("an old 8-digit Benin mobile gains 01 (renumbered 30 November 2024)", () => {
    expect(predict("+229 97 12 34 56")).toMatchObject({ e164: "+2290197123456", provider: "mtn" });
    expect(predict("95 12 34 56", "BJ")).toMatchObject({ e164: "+2290195123456", provider: "moov" });
  });

  it("a trunk 0 is dropped only where the plan has one (CD, GA), never in CG or CI", () => {
    expect(predict("0852345678", "CD")).toMatchObject({ e164: "+243852345678", provider: "orange" });
    expect(predict("+243 (0) 97 234 56 78")).toMatchObject({ e164: "+243972345678", provider: "airtel" });
    expect(predict("077 12 34 56", "GA")).toMatchObject({ e164: "+24177123456", provider: "airtel" });
    expect(predict("06 612 34 56", "CG")).toMatchObject({ e164: "+242066123456", provider: "mtn" });
    expect(refusal(() => predict("0066123456", "CG")).code).toBe("invalid_phone");
  });

  it.each([
    ["too short", "+22177000", undefined, /too short.*9 digits after \+221; this one has 5/],
    ["too short, national", "77 12", "SN", /too short.*9 digits in its national form/],
    ["too long", "+2217700000123", undefined, /too long.*this one has 10/],
    ["longer than E.164", "+2217712345678901", undefined, /at most 15 digits/],
    ["letters", "+221 77 ABC 00 12", undefined, /only digits/],
    ["a second +", "+221+770000012", undefined, /only digits/],
    ["empty", "  ", undefined, /required/],
    ["not a string", 221770000012 as unknown as string, undefined, /required/],
    ["absurdly long input", `+221${" ".repeat(60)}770000012`, undefined, /at most 15 digits/],
    ["a national number without country", "770000012", undefined, /needs its country/],
    ["a foreign country", "+44 7700 900123", undefined, /\+447… is not the calling code of a country this API serves/],
    ["a foreign country, 00 form", "0033612345678", "SN", /This is a France \(\+33\) number, not a Senegal/],
    ["a number of another catalogue country", "+2250708123456", "SN", /This is a Côte d'Ivoire \(\+225\) number, not a Senegal \(\+221\) one/],
  ])("refuses %s with invalid_phone and a reason", (_name, input, country, message) => {
    const r = refusal(() => parsePhoneNumber(catalogue, input, country));
    expect(r.code).toBe("invalid_phone");
    expect(r.message).toMatch(message);
  });

  it("an unknown country is invalid_country", () => {
    expect(refusal(() => parsePhoneNumber(catalogue, "770000012", "XX")).code).toBe("invalid_country");
  });
});

describe("phoneOperatorMismatch (docs/design/provider-prediction.md: direct initiate)", () => {
  it.each([
    ["CI", "+2250505123456", "orange", "This number belongs to MTN, not Orange. Use provider \"mtn\", or another number."],
    ["CI", "+2250708123456", "mtn", "This number belongs to Orange, not MTN. Use provider \"orange\", or another number."],
    ["SN", "+221760000012", "orange", "This number belongs to Free, not Orange. Use provider \"free\", or another number."],
    ["SN", "+221750000012", "orange", "This number belongs to Promobile, not Orange."],
    ["CM", "+237651123456", "orange", "This number belongs to MTN, not Orange. Use provider \"mtn\", or another number."],
    ["BJ", "+2290140123456", "moov", "This number belongs to Celtiis, not Moov. Use provider \"celtiis\", or another number."],
  ])("%s %s with %s → refused", (country, phone, provider, message) => {
    expect(phoneOperatorMismatch(catalogue, country, phone, provider)).toBe(message);
  });

  it.each([
    ["the right operator", "CI", "+2250505123456", "mtn"],
    ["Wave: any mobile number (no block of its own)", "SN", "+221760000012", "wave"],
    ["Wave in CI", "CI", "+2250505123456", "wave"],
    ["Coris (bank wallet, no block)", "BF", "+22670123456", "coris"],
    ["bank transfer", "SN", "+221760000012", "bank_transfer"],
    ["a block no operator holds (plan may be stale): let through", "SN", "+221730000012", "orange"],
    ["a provider without blocks in this country (Moov in CF)", "CF", "+23672123456", "moov"],
    ["a country without a plan", "FR", "+33612345678", "orange"],
  ])("%s → not refused", (_name, country, phone, provider) => {
    expect(phoneOperatorMismatch(catalogue, country, phone, provider)).toBeNull();
  });

  it("follows an ops edit: a prefix moved to another operator changes the answer", () => {
    const edited = seedCatalogue((rows) => {
      const row = rows.numberingPrefixes.find((p) => p.countryCode === "SN" && p.prefix === "75")!;
      Object.assign(row, { operatorName: "Free", providerCode: "free" });
    });
    expect(phoneOperatorMismatch(edited, "SN", "+221750000012", "free")).toBeNull();
    expect(phoneOperatorMismatch(edited, "SN", "+221750000012", "orange")).toBe("This number belongs to Free, not Orange. Use provider \"free\", or another number.");
  });
});
