import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/payouts/reference/purposes/route";
import { call } from "../../helpers/http";
import { checkConditionalGet, checkPublicRateLimit, ensureReferenceData } from "../../helpers/reference";

beforeAll(ensureReferenceData);

const get = (query: string) => call(GET, { path: `/payouts/reference/purposes${query}` });

describe("GET /payouts/reference/purposes", () => {
  it("lists the purposes of a corridor under {purposes}", async () => {
    const res = await get("?sourceCountry=SN&destinationCountry=CI");
    expect(res.status).toBe(200);
    expect(res.json.purposes.map((p: { code: string }) => p.code)).toEqual(["SALARY", "INVOICE", "SERVICES", "GOODS", "FAMILY_SUPPORT", "EDUCATION", "OTHER"]);
    expect(res.json.purposes[0]).toEqual({ code: "SALARY", label: "Salary", description: "Wages or salary paid to an employee or contractor." });
  });

  it("outside the CFA zones a specific purpose is required: no OTHER", async () => {
    const res = await get("?sourceCountry=CI&destinationCountry=IN");
    expect(res.json.purposes.map((p: { code: string }) => p.code)).toEqual(["SALARY", "INVOICE", "SERVICES", "GOODS", "FAMILY_SUPPORT", "EDUCATION"]);
  });

  it("accepts lower-case country codes", async () => {
    expect((await get("?sourceCountry=sn&destinationCountry=sn")).json.purposes).toHaveLength(7);
  });

  it.each([
    ["", "validation_error", /sourceCountry is required/],
    ["?sourceCountry=SN", "validation_error", /destinationCountry is required/],
    ["?destinationCountry=SN", "validation_error", /sourceCountry is required/],
    ["?sourceCountry=SN&destinationCountry=", "validation_error", /destinationCountry must be an ISO 3166-1 alpha-2 code/],
    ["?sourceCountry=ZZ&destinationCountry=SN", "invalid_country", /Unknown sourceCountry "ZZ"/],
    ["?sourceCountry=SN&destinationCountry=JP", "invalid_country", /Unknown destinationCountry "JP"/],
    ["?sourceCountry=FR&destinationCountry=SN", "corridor_unsupported", /No payout corridor from FR to SN/],
  ])("%s → 400 with a clear message", async (query, code, message) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ statusCode: 400, error: "Bad Request", code });
    expect(res.json.message).toMatch(message);
  });

  it("is cacheable (ETag / 304) and rate limited per IP", async () => {
    await checkConditionalGet(GET, "/payouts/reference/purposes?sourceCountry=SN&destinationCountry=FR");
    await checkPublicRateLimit(GET, "/payouts/reference/purposes?sourceCountry=SN&destinationCountry=FR");
  });
});
