import { beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/providers/payment-methods/route";
import { call } from "../../helpers/http";
import { checkConditionalGet, checkPublicRateLimit, ensureReferenceData } from "../../helpers/reference";

beforeAll(ensureReferenceData);

type Method = { id: string; providerCode: string; country: string; currencies: string[]; minAmount: string; maxAmount: string; conversion?: any };
const get = async (query: string) => {
  const res = await call(GET, { path: `/providers/payment-methods${query}` });
  return { ...res, data: (res.json?.data ?? []) as Method[] };
};

describe("GET /providers/payment-methods: filters", () => {
  it("country is required", async () => {
    const res = await get("");
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("validation_error");
    expect(res.json.details[0].path).toBe("query.country");
  });

  it("country=* lists every country, ordered by priority (1 first)", async () => {
    const res = await get("?country=*");
    expect(res.status).toBe(200);
    expect(new Set(res.data.map((m) => m.country)).size).toBe(20);
    expect(res.data[0].providerCode).toBe("wave");
    expect(res.data.at(-1)!.providerCode).toBe("crypto");
  });

  it("a country without currency returns all its channels; with currency only that currency's (equal priorities: by code)", async () => {
    const all = await get("?country=CI");
    expect(new Set(all.data.map((m) => m.currencies[0]))).toEqual(new Set(["XOF", "EUR", "USD"]));
    const xof = await get("?country=CI&currency=XOF");
    expect(xof.data.map((m) => m.providerCode)).toEqual(["wave", "mtn", "orange", "moov", "bank_transfer", "crypto"]);
  });

  it("method=payout lists payout channels with their own bounds", async () => {
    const collect = await get("?country=SN&currency=XOF&method=collect");
    const payout = await get("?country=SN&currency=XOF&method=payout");
    expect(payout.data.map((m) => m.providerCode)).toEqual(["wave", "orange", "bank_transfer"]);
    expect(payout.data[0]).toMatchObject({ id: "wave-sn-xof-payout", minAmount: "500", maxAmount: "1500000", direction: "payout" });
    expect(collect.data[0]).toMatchObject({ id: "wave-sn-xof-collect", minAmount: "100", maxAmount: "2000000" });
    expect((await get("?country=SN&currency=XOF")).json).toEqual(collect.json); // collect is the default
  });

  it("a multi-currency payout country needs currency to pick its channels", async () => {
    const usd = await get("?country=CD&method=payout&currency=USD");
    expect(usd.data.map((m) => m.providerCode)).toEqual(["orange", "airtel", "bank_transfer"]);
    expect(usd.data[0]).toMatchObject({ minAmount: "1.00", maxAmount: "2500.00", currencies: ["USD"] });
    const all = await get("?country=CD&method=payout");
    expect(all.data).toHaveLength(6);
    expect((await get("?country=CD")).data).toEqual([]); // no collect in CD
  });

  it.each([
    ["?country=ZZ", "invalid_country", /Unknown country "ZZ"/],
    ["?country=", "validation_error", /country must be an ISO 3166-1 alpha-2 code/],
    ["?country=SN&currency=ABC", "invalid_currency", /Unknown currency "ABC"/],
    ["?country=SN&currency=EURO", "validation_error", /currency must be a 3-letter/],
    ["?country=SN&method=refund", "validation_error", /method must be "collect" or "payout"/],
    ["?country=SN&method=COLLECT", "validation_error", /method must be "collect" or "payout"/],
  ])("%s → 400 with a clear message", async (query, code, message) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ statusCode: 400, code });
    expect(res.json.message).toMatch(message);
  });
});

describe("GET /providers/payment-methods: conversion", () => {
  it("tells what to ask the payer in local currency for each channel", async () => {
    const res = await get("?country=SN&currency=XOF&merchant_amount=10&merchant_currency=EUR");
    expect(res.status).toBe(200);
    expect(res.data.length).toBeGreaterThan(0);
    for (const m of res.data) {
      expect(m.conversion).toEqual({
        merchantAmount: 10,
        merchantCurrency: "EUR",
        payerAmount: 6660, // 6660 × 0.0015016228 ≥ 10.00 EUR; 6659 is not enough
        payerCurrency: "XOF",
        rate: 0.0015016228,
        spreadPercent: 1.5,
        parity: false,
        withinLimits: true,
      });
    }
  });

  it("is at parity between XOF and XAF and in the same currency", async () => {
    const xaf = await get("?country=CM&currency=XAF&merchant_amount=25000&merchant_currency=XOF");
    expect(xaf.data[0].conversion).toEqual({
      merchantAmount: 25000,
      merchantCurrency: "XOF",
      payerAmount: 25000,
      payerCurrency: "XAF",
      rate: 1,
      spreadPercent: 0,
      parity: true,
      withinLimits: true,
    });
    const same = await get("?country=SN&currency=USD&merchant_amount=15.4&merchant_currency=USD");
    expect(same.data[0].conversion).toMatchObject({ merchantAmount: 15.4, payerAmount: 15.4, parity: true });
  });

  it("converts into USD channels with the cent rounding up", async () => {
    const res = await get("?country=SN&currency=USD&merchant_amount=9100&merchant_currency=XOF");
    // The payer pays USD for XOF: USD→XOF at 600 × 0.985 = 591; 9100 / 591 = 15.397… rounded up to 15.40 USD.
    expect(res.data[0].conversion).toMatchObject({ payerAmount: 15.4, payerCurrency: "USD", rate: 591, withinLimits: true });
  });

  it("says when the payer amount is outside a channel's bounds", async () => {
    const res = await get("?country=SN&currency=XOF&merchant_amount=5000&merchant_currency=EUR");
    const by = new Map(res.data.map((m) => [m.providerCode, m.conversion]));
    expect(by.get("orange")).toMatchObject({ payerAmount: 3329732, withinLimits: false });
    expect(by.get("bank_transfer")).toMatchObject({ payerAmount: 3329732, withinLimits: true });
  });

  it("returns channels without conversion when no rate exists", async () => {
    const res = await get("?country=SN&currency=XOF&merchant_amount=10&merchant_currency=GBP");
    expect(res.status).toBe(200);
    expect(res.data.length).toBeGreaterThan(0);
    for (const m of res.data) expect(m).not.toHaveProperty("conversion");
  });

  it("gives no conversion without merchant parameters", async () => {
    for (const m of (await get("?country=SN&currency=XOF")).data) expect(m).not.toHaveProperty("conversion");
  });

  it.each([
    ["?country=SN&merchant_amount=10&merchant_currency=EUR", "validation_error", /currency is required with merchant_amount/],
    ["?country=SN&currency=XOF&merchant_amount=10", "validation_error", /merchant_amount needs merchant_currency/],
    ["?country=SN&currency=XOF&merchant_currency=EUR", "validation_error", /merchant_currency needs merchant_amount/],
    ["?country=SN&currency=XOF&merchant_amount=abc&merchant_currency=EUR", "invalid_amount", /merchant_amount: Amount must be a decimal number/],
    ["?country=SN&currency=XOF&merchant_amount=10.001&merchant_currency=EUR", "invalid_amount", /more decimals than EUR allows/],
    ["?country=SN&currency=XOF&merchant_amount=0&merchant_currency=EUR", "invalid_amount", /greater than zero/],
    ["?country=SN&currency=XOF&merchant_amount=-5&merchant_currency=EUR", "invalid_amount", /positive/],
    ["?country=SN&currency=XOF&merchant_amount=10&merchant_currency=ABC", "invalid_currency", /Unknown merchant_currency "ABC"/],
  ])("%s → 400", async (query, code, message) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe(code);
    expect(res.json.message).toMatch(message);
  });
});

describe("GET /providers/payment-methods: caching and limits", () => {
  it("answers 304 to a matching If-None-Match", async () => {
    await checkConditionalGet(GET, "/providers/payment-methods?country=SN&currency=XOF");
  });

  it("is rate limited per client IP", async () => {
    await checkPublicRateLimit(GET, "/providers/payment-methods?country=SN");
  });
});
