import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/countries/active/route";
import { call } from "../../helpers/http";
import { checkConditionalGet, checkPublicRateLimit, ensureReferenceData } from "../../helpers/reference";

beforeAll(ensureReferenceData);
afterEach(() => {
  delete process.env.PUBLIC_URL;
});

describe("GET /countries/active", () => {
  it("is a bare array of the 20 collect countries with flag URLs: the CFA zones, then East Africa and Ghana", async () => {
    const res = await call(GET, { path: "/countries/active" });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.json)).toBe(true);
    expect(res.json.map((c: { code: string }) => c.code)).toEqual(["SN", "CI", "BJ", "BF", "ML", "NE", "TG", "GW", "CM", "GA", "CG", "TD", "CF", "GQ", "KE", "UG", "TZ", "RW", "ZM", "GH"]);
    expect(res.json[0]).toEqual({ code: "SN", name: "Senegal", currency: "XOF", phonePrefix: "+221", flagUrl: "http://localhost:3000/flags/sn.svg" });
    expect(res.json.find((c: { code: string }) => c.code === "CM")).toEqual({
      code: "CM",
      name: "Cameroon",
      currency: "XAF",
      phonePrefix: "+237",
      flagUrl: "http://localhost:3000/flags/cm.svg",
    });
    expect(res.json.find((c: { code: string }) => c.code === "KE")).toEqual({
      code: "KE",
      name: "Kenya",
      currency: "KES",
      phonePrefix: "+254",
      flagUrl: "http://localhost:3000/flags/ke.svg",
    });
    expect(Object.fromEntries(res.json.slice(14).map((c: { code: string; currency: string }) => [c.code, c.currency]))).toEqual({
      KE: "KES", UG: "UGX", TZ: "TZS", RW: "RWF", ZM: "ZMW", GH: "GHS",
    });
    for (const c of res.json.slice(0, 14)) expect(["XOF", "XAF"]).toContain(c.currency);
  });

  it("builds absolute URLs from PUBLIC_URL", async () => {
    process.env.PUBLIC_URL = "https://pay.example.com/";
    const res = await call(GET, { path: "/countries/active" });
    expect(res.json[1].flagUrl).toBe("https://pay.example.com/flags/ci.svg");
  });

  it("ignores unknown query parameters", async () => {
    const res = await call(GET, { path: "/countries/active?foo=bar" });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(20);
  });

  it("is cacheable (ETag / 304) and rate limited per IP", async () => {
    await checkConditionalGet(GET, "/countries/active");
    await checkPublicRateLimit(GET, "/countries/active");
  });
});
