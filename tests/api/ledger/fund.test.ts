import { afterEach, describe, expect, it } from "vitest";
import { GET as balance } from "@/app/api/v1/payments/balance/route";
import { POST as fundRoute } from "@/app/api/v1/sandbox/wallets/fund/route";
import { getPrisma } from "@/lib/db/client";
import { reconcileLedger } from "@/lib/ledger/reconcile-ledger";
import { call } from "../../helpers/http";
import { createTestMerchant } from "../../helpers/merchants";

const fund = (headers: Record<string, string>, body: unknown, extra: Record<string, string> = {}) =>
  call(fundRoute, { path: "/sandbox/wallets/fund", headers: { ...headers, ...extra }, body });

afterEach(() => {
  process.env.APP_ENV = "sandbox";
});

describe("POST /sandbox/wallets/fund", () => {
  it("credits available at once and answers with the funding and the wallet after it", async () => {
    const m = await createTestMerchant();
    const res = await fund(m.headers, { currency: "XOF", amount: 50_000 });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      success: true,
      data: {
        fundingId: expect.stringMatching(/^je_/),
        currency: "XOF",
        category: "collect",
        amount: 50_000,
        balance: {
          currency: "XOF",
          categories: { collect: { available: 50_000, pending: 0 }, payout: { available: 0, pending: 0 }, credit: { available: 0, pending: 0 } },
          totals: { available: 50_000, pending: 0 },
          updatedAt: expect.stringMatching(/Z$/),
        },
      },
    });
  });

  it("funding then reading: the balance shows every funding, exactly", async () => {
    const m = await createTestMerchant();
    for (const amount of [0.1, 0.2, 19.99]) expect((await fund(m.headers, { currency: "USD", amount })).status).toBe(201);
    expect((await fund(m.headers, { currency: "USD", amount: 5, category: "payout" })).status).toBe(201);
    const res = await call(balance, { path: "/payments/balance", headers: m.headers });
    const usd = res.json.data.balances.find((b: { currency: string }) => b.currency === "USD");
    expect(usd.categories.collect).toEqual({ available: 20.29, pending: 0 });
    expect(usd.categories.payout).toEqual({ available: 5, pending: 0 });
    expect(usd.totals).toEqual({ available: 25.29, pending: 0 });
    expect(res.json.data.balances[0].currency).toBe("XOF");
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("defaults to the payout category in separate mode", async () => {
    const m = await createTestMerchant();
    await (await getPrisma()).merchant.update({ where: { id: m.merchant.id }, data: { balanceMode: "separate" } });
    const res = await fund(m.headers, { currency: "XOF", amount: 1_000 });
    expect(res.json.data.category).toBe("payout");
    expect(res.json.data.balance.categories.payout).toEqual({ available: 1_000, pending: 0 });
  });

  it("replays an X-Idempotency-Key instead of funding twice", async () => {
    const m = await createTestMerchant();
    const key = { "X-Idempotency-Key": "fund-once" };
    const first = await fund(m.headers, { currency: "XOF", amount: 300 }, key);
    const again = await fund(m.headers, { currency: "XOF", amount: 300 }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json).toEqual(first.json);
    const other = await fund(m.headers, { currency: "XOF", amount: 301 }, key);
    expect(other.status).toBe(422);
    const res = await call(balance, { path: "/payments/balance", headers: m.headers });
    expect(res.json.data.balances[0].totals.available).toBe(300);
  });

  it.each([
    ["an unknown currency", { currency: "ABC", amount: 10 }, "validation_error", /currency/],
    ["a lower-case currency", { currency: "xof", amount: 10 }, "validation_error", /currency/],
    ["decimals on XOF", { currency: "XOF", amount: 10.5 }, "invalid_amount", /more decimals than XOF allows/],
    ["three decimals on USD", { currency: "USD", amount: 1.005 }, "invalid_amount", /more decimals than USD allows/],
    ["a negative amount", { currency: "XOF", amount: -100 }, "invalid_amount", /positive/],
    ["zero", { currency: "XOF", amount: 0 }, "invalid_amount", /greater than zero/],
    ["an absurd amount", { currency: "XOF", amount: 1e16 }, "invalid_amount", /too large/],
    ["more than a sandbox funding allows", { currency: "XOF", amount: 2e9 }, "invalid_amount", /at most/],
    ["an amount as a string", { currency: "XOF", amount: "100" }, "validation_error", /amount/],
    ["a missing amount", { currency: "XOF" }, "validation_error", /amount/],
    ["the credit category", { currency: "XOF", amount: 10, category: "credit" }, "validation_error", /category/],
    ["an unknown field", { currency: "XOF", amount: 10, note: "x" }, "validation_error", /note|Unrecognized/],
  ])("%s → 400 %s", async (_, body, code, message) => {
    const m = await createTestMerchant();
    const res = await fund(m.headers, body);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ statusCode: 400, error: "Bad Request", code });
    expect(res.json.message).toMatch(message);
    const count = await (await getPrisma()).ledgerEntry.count({ where: { merchantId: m.merchant.id } });
    expect(count).toBe(0);
  });

  it("malformed JSON → 400", async () => {
    const m = await createTestMerchant();
    const res = await call(fundRoute, { path: "/sandbox/wallets/fund", headers: m.headers, rawBody: '{"currency":' });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("invalid_json");
  });

  it("needs credentials", async () => {
    const res = await fund({}, { currency: "XOF", amount: 10 });
    expect(res.status).toBe(401);
  });

  it("does not exist in production: 404 even with valid credentials, and nothing is credited", async () => {
    const m = await createTestMerchant();
    process.env.APP_ENV = "production";
    for (const headers of [m.headers, {}]) {
      const res = await fund(headers, { currency: "XOF", amount: 10 });
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ statusCode: 404, error: "Not Found", code: "not_found" });
    }
    expect(await (await getPrisma()).ledgerEntry.count({ where: { merchantId: m.merchant.id } })).toBe(0);
  });
});
