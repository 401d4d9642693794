import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/payouts/reference/corridors/route";
import { call } from "../../helpers/http";
import { checkConditionalGet, checkPublicRateLimit, ensureReferenceData } from "../../helpers/reference";

beforeAll(ensureReferenceData);

type Corridor = { sourceCountry: string; destinationCountry: string; destinationCurrency: string; isInternational: boolean };
const get = async (query = "") => {
  const res = await call(GET, { path: `/payouts/reference/corridors${query}` });
  return { ...res, corridors: (res.json?.corridors ?? []) as Corridor[] };
};

describe("GET /payouts/reference/corridors", () => {
  it("lists every corridor under {corridors}: 20 sources × (20 collect countries + 6 abroad)", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(["corridors"]);
    expect(res.corridors).toHaveLength(20 * 26);
  });

  it("filters by source: domestic first, then regional, then abroad", async () => {
    const res = await get("?sourceCountry=SN");
    expect(res.corridors).toHaveLength(26);
    expect(res.corridors[0]).toEqual({
      sourceCountry: "SN",
      destinationCountry: "SN",
      sourceCurrency: "XOF",
      destinationCurrency: "XOF",
      methods: ["orange", "wave", "bank_transfer"],
      minAmount: 500,
      maxAmount: 10000000,
      isInternational: false,
    });
    expect(res.corridors.slice(1).every((c) => c.isInternational)).toBe(true);
  });

  it("filters by source and destination; CD has a corridor per currency", async () => {
    const res = await get("?sourceCountry=SN&destinationCountry=CD");
    expect(res.corridors).toEqual([
      {
        sourceCountry: "SN",
        destinationCountry: "CD",
        sourceCurrency: "XOF",
        destinationCurrency: "CDF",
        methods: ["orange", "airtel", "bank_transfer"],
        minAmount: 5000,
        maxAmount: 5000000,
        isInternational: true,
      },
      {
        sourceCountry: "SN",
        destinationCountry: "CD",
        sourceCurrency: "XOF",
        destinationCurrency: "USD",
        methods: ["orange", "airtel", "bank_transfer"],
        minAmount: 5000,
        maxAmount: 5000000,
        isInternational: true,
      },
    ]);
    const cm = await get("?sourceCountry=CM&destinationCountry=SN");
    expect(cm.corridors).toEqual([expect.objectContaining({ sourceCurrency: "XAF", destinationCurrency: "XOF", methods: ["orange", "wave", "bank_transfer"] })]);
  });

  it("filters by destination only, case-insensitively", async () => {
    const res = await get("?destinationCountry=fr");
    expect(res.corridors).toHaveLength(20);
    expect(res.corridors.every((c) => c.destinationCountry === "FR" && c.destinationCurrency === "EUR")).toBe(true);
  });

  it("East Africa and Ghana: from the CFA zones into local currency, and from each of them in its own (UGX whole)", async () => {
    const toKenya = await get("?sourceCountry=SN&destinationCountry=KE");
    expect(toKenya.corridors).toEqual([
      {
        sourceCountry: "SN",
        destinationCountry: "KE",
        sourceCurrency: "XOF",
        destinationCurrency: "KES",
        methods: ["airtel", "mpesa", "bank_transfer"],
        minAmount: 1000,
        maxAmount: 5000000,
        isInternational: true,
      },
    ]);
    const uganda = await get("?sourceCountry=UG&destinationCountry=UG");
    expect(uganda.corridors).toEqual([
      { sourceCountry: "UG", destinationCountry: "UG", sourceCurrency: "UGX", destinationCurrency: "UGX", methods: ["mtn", "airtel", "bank_transfer"], minAmount: 500, maxAmount: 50000000, isInternational: false },
    ]);
    const ghToTz = await get("?sourceCountry=GH&destinationCountry=TZ");
    expect(ghToTz.corridors).toEqual([expect.objectContaining({ sourceCurrency: "GHS", destinationCurrency: "TZS", methods: ["airtel", "mpesa", "mixx", "halotel", "bank_transfer"], minAmount: 10, maxAmount: 50000 })]);
    expect((await get("?destinationCountry=GH")).corridors).toHaveLength(20);
  });

  it("a known country with no corridor from it gives an empty list", async () => {
    const res = await get("?sourceCountry=FR");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ corridors: [] });
  });

  it.each([
    ["?sourceCountry=ZZ", "invalid_country", /Unknown sourceCountry "ZZ"/],
    ["?destinationCountry=JP", "invalid_country", /Unknown destinationCountry "JP"/],
    ["?sourceCountry=SEN", "validation_error", /sourceCountry must be an ISO 3166-1 alpha-2 code/],
    ["?destinationCountry=*", "validation_error", /destinationCountry must be an ISO 3166-1 alpha-2 code/],
  ])("%s → 400", async (query, code, message) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(code);
    expect(res.json.message).toMatch(message);
  });

  it("is cacheable (ETag / 304) and rate limited per IP", async () => {
    await checkConditionalGet(GET, "/payouts/reference/corridors?sourceCountry=CI");
    await checkPublicRateLimit(GET, "/payouts/reference/corridors?sourceCountry=CI");
  });
});
