import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/payments/providers/route";
import { call } from "../../helpers/http";
import { checkConditionalGet, checkPublicRateLimit, ensureReferenceData } from "../../helpers/reference";

beforeAll(ensureReferenceData);

const get = (query = "") => call(GET, { path: `/payments/providers${query}` });

describe("GET /payments/providers", () => {
  it("lists the collect channels of a country as the spec's payment methods, by priority", async () => {
    const res = await get("?country=SN");
    expect(res.status).toBe(200);
    expect(res.json.data.map((m: { providerCode: string; currencies: string[] }) => `${m.providerCode}:${m.currencies[0]}`)).toEqual([
      "wave:XOF",
      "orange:XOF",
      "free:XOF",
      "emoney:XOF",
      "bank_transfer:EUR",
      "bank_transfer:XOF",
      "crypto:USD",
      "crypto:XOF",
    ]);
    expect(res.json.data[0]).toEqual({
      id: "wave-sn-xof-collect",
      name: "Wave",
      logoUrl: "http://localhost:3000/logos/wave.svg",
      providerCode: "wave",
      color: "#1DC8F2",
      minAmount: "100",
      maxAmount: "2000000",
      currencies: ["XOF"],
      country: "SN",
      direction: "collect",
      wholeUnits: true, // XOF has no minor unit
    });
  });

  it("without a country lists every active country's collect channels", async () => {
    const res = await get();
    const countries = new Set(res.json.data.map((m: { country: string }) => m.country));
    expect(countries.size).toBe(20);
    expect(res.json.data.every((m: { direction: string }) => m.direction === "collect")).toBe(true);
  });

  it("East Africa and Ghana: the operators of the country, bounds in its currency (UGX whole, KES in cents)", async () => {
    const ke = await get("?country=KE&currency=KES");
    expect(ke.json.data.map((m: { providerCode: string }) => m.providerCode)).toEqual(["mpesa", "airtel", "bank_transfer", "crypto"]);
    expect(ke.json.data[0]).toMatchObject({ id: "mpesa-ke-kes-collect", name: "M-Pesa", minAmount: "10.00", maxAmount: "250000.00", currencies: ["KES"], logoUrl: expect.stringMatching(/\/logos\/mpesa\.svg$/) });
    const ug = await get("?country=UG&currency=UGX");
    expect(ug.json.data.map((m: { providerCode: string }) => m.providerCode)).toEqual(["mtn", "airtel", "bank_transfer", "crypto"]);
    expect(ug.json.data[0]).toMatchObject({ minAmount: "500", maxAmount: "5000000", currencies: ["UGX"] });
    const tz = await get("?country=TZ&currency=TZS");
    expect(tz.json.data.map((m: { providerCode: string }) => m.providerCode)).toEqual(["mpesa", "airtel", "mixx", "halotel", "bank_transfer", "crypto"]);
    const gh = await get("?country=GH&currency=GHS");
    expect(gh.json.data.map((m: { providerCode: string }) => m.providerCode)).toEqual(["mtn", "telecel", "at", "bank_transfer", "crypto"]);
  });

  it("filters by currency, with decimal-string bounds in that currency", async () => {
    const eur = await get("?currency=EUR");
    expect(eur.json.data.map((m: { id: string }) => m.id)).toEqual(["bank_transfer-sn-eur-collect", "bank_transfer-ci-eur-collect"]);
    expect(eur.json.data[0]).toMatchObject({ minAmount: "10.00", maxAmount: "100000.00", currencies: ["EUR"] });
    const xaf = await get("?country=CM&currency=XAF");
    expect(xaf.json.data.map((m: { providerCode: string }) => m.providerCode)).toEqual(["mtn", "orange", "bank_transfer", "crypto"]);
  });

  it("accepts lower-case codes", async () => {
    expect((await get("?country=sn&currency=xof")).json).toEqual((await get("?country=SN&currency=XOF")).json);
  });

  it.each([
    ["?country=ZZ", "invalid_country", /Unknown country "ZZ".*SN, CI/],
    ["?country=SEN", "validation_error", /country must be an ISO 3166-1 alpha-2 code/],
    ["?currency=ABC", "invalid_currency", /Unknown currency "ABC": supported currencies are XOF, XAF/],
    ["?currency=US", "validation_error", /currency must be a 3-letter currency code/],
  ])("%s → 400 with a clear message", async (query, code, message) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ statusCode: 400, error: "Bad Request", code });
    expect(res.json.message).toMatch(message);
  });

  it("needs no credentials and is cacheable (ETag / 304)", async () => {
    await checkConditionalGet(GET, "/payments/providers?country=CI");
  });

  it("is rate limited per client IP", async () => {
    await checkPublicRateLimit(GET, "/payments/providers?country=CI");
  });
});
