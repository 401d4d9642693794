import { beforeAll, describe, expect, it, vi } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { setPayoutLimits } from "@/lib/payouts/payout-limits";
import { fund } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";
import { quote, quoteBody } from "../../helpers/payouts";
import { ensureReferenceData } from "../../helpers/reference";

beforeAll(() => ensureReferenceData());

describe("POST /payouts/quote", () => {
  it("same-currency domestic: the spec's Quote shape with exact numbers, valid 300 s", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 100_000n);
    const before = Date.now();
    const res = await quote(m.headers, quoteBody());
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      quoteId: expect.stringMatching(/^qt_/),
      expiresAt: expect.any(String),
      expiresIn: 300,
      input: { amount: 10_000, currency: "XOF" },
      source: { amount: 10_000, currency: "XOF" },
      destination: { amount: 10_000, currency: "XOF", country: "SN" },
      // Seed tariff: mobile money domestic c2c, 1 % with a 100 XOF minimum.
      fees: { amount: 100, currency: "XOF", billed: { amount: 100, currency: "XOF", rate: 1 } },
      totalDebit: { amount: 10_100, currency: "XOF" },
      fxTopUp: null,
      fx: null,
      method: "orange",
      requirements: { international: false, fields: ["recipient.phone"] },
    });
    // Valid 300 s from the moment the quote was made, somewhere between sending and the answer
    // (bounded by the two clocks rather than by how fast a loaded machine answers).
    const expiresAt = Date.parse(res.json.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 300_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 300_000);
  });

  it("parity top-up XAF→XOF for the shortfall only", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 1_000n);
    await fund(m.merchant.id, "XAF", 100_000n);
    const res = await quote(m.headers, quoteBody());
    expect(res.status).toBe(200);
    expect(res.json.totalDebit).toEqual({ amount: 10_100, currency: "XOF" });
    expect(res.json.fxTopUp).toEqual({ fromCurrency: "XAF", toCurrency: "XOF", sourceAmount: 9_100, targetAmount: 9_100, rate: 1, spreadPercent: 0, parity: true });
  });

  it("INSUFFICIENT_BALANCE with convertible USD, then the floating top-up once allowFxFrom names it", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 1_000n);
    await fund(m.merchant.id, "USD", 10_000n);
    const refused = await quote(m.headers, quoteBody());
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({
      statusCode: 400,
      error: "Bad Request",
      code: "INSUFFICIENT_BALANCE",
      message: expect.stringMatching(/1000 XOF available.*10100 XOF required.*USD \(100\.00 USD available\)/),
      balanceCategory: "collect",
      attempts: [{ currency: "XOF", required: 10_100, available: 1_000 }],
      convertibleFrom: [{ currency: "USD", available: 100 }],
      requestId: expect.any(String),
    });
    const ok = await quote(m.headers, quoteBody({ allowFxFrom: "USD" }));
    expect(ok.status).toBe(200);
    expect(ok.json.fxTopUp).toEqual({ fromCurrency: "USD", toCurrency: "XOF", sourceAmount: 15.4, targetAmount: 9_100, rate: 591, spreadPercent: 1.5, parity: false });
  });

  it("INSUFFICIENT_BALANCE with nothing convertible: empty convertibleFrom", async () => {
    const m = await createTestMerchant();
    const res = await quote(m.headers, quoteBody());
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      balanceCategory: "collect",
      attempts: [{ currency: "XOF", required: 10_100, available: 0 }],
      convertibleFrom: [],
    });
  });

  it("separate balance mode draws on the payout category", async () => {
    const m = await createTestMerchant();
    await (await getPrisma()).merchant.update({ where: { id: m.merchant.id }, data: { balanceMode: "separate" } });
    await fund(m.merchant.id, "XOF", 100_000n, "collect");
    const res = await quote(m.headers, quoteBody());
    expect(res.status).toBe(400);
    expect(res.json.balanceCategory).toBe("payout");
    await fund(m.merchant.id, "XOF", 100_000n, "payout");
    expect((await quote(m.headers, quoteBody())).status).toBe(200);
  });

  it("international: fx to the destination currency and the SWIFT tariff", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 1_000_000n);
    const res = await quote(m.headers, quoteBody({ amount: 100_000, destinationCountry: "FR", method: "bank_transfer" }));
    expect(res.status).toBe(200);
    // EUR mid 655.957 XOF; XOF→EUR = (1/655.957 to 10 significant digits) × 0.985, to 10 places.
    expect(res.json.fx).toEqual({ rate: 0.0015016228, spreadPercent: 1.5, sourceCurrency: "XOF", destinationCurrency: "EUR" });
    expect(res.json.destination).toEqual({ amount: 150.16, currency: "EUR", country: "FR" });
    expect(res.json.fees).toEqual({ amount: 15_000, currency: "XOF", billed: { amount: 15_000, currency: "XOF", rate: 1 } });
    expect(res.json.totalDebit).toEqual({ amount: 115_000, currency: "XOF" });
  });

  it.each([
    ["an unknown corridor", { destinationCountry: "JP" }, "corridor_unsupported", /No payout corridor/],
    ["a method the destination lacks", { destinationCountry: "FR", method: "orange" }, "corridor_unsupported", /No payout corridor/],
    ["an unknown method", { method: "paypal" }, "provider_unavailable", /Unknown payout method/],
    ["below the operator's minimum", { amount: 100 }, "invalid_amount", /./],
    ["decimals XOF does not have", { amount: 100.5 }, "invalid_amount", /decimals/],
    ["a negative amount", { amount: -5 }, "invalid_amount", /./],
    ["an unknown currency", { currency: "ABC" }, "invalid_currency", /ABC/],
    ["a malformed country", { destinationCountry: "SEN" }, "validation_error", /./],
  ])("400 for %s", async (_name, overrides, code, message) => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 100_000n);
    const res = await quote(m.headers, quoteBody(overrides));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ statusCode: 400, code });
    expect(res.json.message).toMatch(message);
  });

  it("400 limit_exceeded above the per-transaction limit, naming threshold and currency", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 1_000_000n);
    await setPayoutLimits(m.merchant, "sandbox", { perTxMax: "5000" }, { actor: "test" });
    const res = await quote(m.headers, quoteBody());
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("limit_exceeded");
    expect(res.json.message).toContain("5000 XOF");
  });

  it("honours X-Idempotency-Key: the same key and body replay the same quote", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 100_000n);
    const key = { "X-Idempotency-Key": `q-${Date.now()}` };
    const a = await quote(m.headers, quoteBody(), key);
    const b = await quote(m.headers, quoteBody(), key);
    expect(a.status).toBe(200);
    expect(b.json.quoteId).toBe(a.json.quoteId);
    const c = await quote(m.headers, quoteBody({ amount: 20_000 }), key);
    expect(c.status).toBe(422);
  });

  it("a replayed quote shows the time it really has left (expiresIn counts down), the rest unchanged", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 100_000n);
    const key = { "X-Idempotency-Key": `q-left-${Date.now()}` };
    const first = await quote(m.headers, quoteBody(), key);
    expect(first.json.expiresIn).toBe(300);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.parse(first.json.expiresAt) - 120_000 });
    try {
      const replay = await quote(m.headers, quoteBody(), key);
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      expect(replay.json).toEqual({ ...first.json, expiresIn: 120 });
    } finally {
      vi.useRealTimers();
    }
  });

  it("401 without credentials", async () => {
    const res = await quote({}, quoteBody());
    expect(res.status).toBe(401);
  });
});
