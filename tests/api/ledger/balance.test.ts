import { afterEach, describe, expect, it } from "vitest";
import { GET as balance } from "@/app/api/v1/payments/balance/route";
import { getPrisma } from "@/lib/db/client";
import { creditCollectPending } from "@/lib/ledger/credit-collect-pending";
import { grantCredit } from "@/lib/ledger/grant-credit";
import { holdPayout } from "@/lib/ledger/hold-payout";
import { newId } from "@/lib/ids";
import { call } from "../../helpers/http";
import { fund, inTx } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";

// Far enough that no settlement sweep of another test file (shared PostgreSQL) makes it available.
const FAR_FUTURE = new Date("2100-01-01T00:00:00.000Z");
const zero = { available: 0, pending: 0 };
const emptyCategories = { collect: zero, payout: zero, credit: zero };
const read = (headers: Record<string, string>) => call(balance, { path: "/payments/balance", headers });

afterEach(() => {
  process.env.APP_ENV = "sandbox";
});

describe("GET /payments/balance", () => {
  it("a merchant with no wallet sees its settlement currency with zeros and updatedAt null", async () => {
    const m = await createTestMerchant();
    const res = await read(m.headers);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      success: true,
      data: {
        balanceMode: "unified",
        payoutSourceCategory: "collect",
        balances: [{ currency: "XOF", categories: emptyCategories, totals: zero, updatedAt: null }],
      },
    });
  });

  it("one wallet: every category present, totals, updatedAt of the last movement", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 25_000n);
    await inTx((tx) =>
      creditCollectPending(tx, { environment: "sandbox", merchantId: m.merchant.id, reference: newId("txn"), provider: "wave", currency: "XOF", gross: 10_000n, fee: 100n, dueAt: FAR_FUTURE }),
    );
    const res = await read(m.headers);
    const account = await (await getPrisma()).ledgerAccount.findUniqueOrThrow({ where: { id: `m:${m.merchant.id}:sandbox:XOF:collect` } });
    expect(res.json.data.balances).toEqual([
      {
        currency: "XOF",
        categories: { collect: { available: 25_000, pending: 9_900 }, payout: zero, credit: zero },
        totals: { available: 25_000, pending: 9_900 },
        updatedAt: account.updatedAt.toISOString(),
      },
    ]);
    expect(res.json.data.balances[0].updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("several currencies: settlement currency first, then alphabetical; totals per currency, never across", async () => {
    const m = await createTestMerchant({ settlementCurrency: "XAF" });
    await fund(m.merchant.id, "USD", 10_050n); // 100.50
    await fund(m.merchant.id, "EUR", 1n); // 0.01
    await fund(m.merchant.id, "XOF", 7_000n);
    await inTx((tx) => grantCredit(tx, { environment: "sandbox", merchantId: m.merchant.id, currency: "USD", amount: 2_000n, reason: "test", actor: "test" }));
    await inTx((tx) => holdPayout(tx, { environment: "sandbox", merchantId: m.merchant.id, payoutId: newId("po"), currency: "XOF", category: "collect", amount: 1_000n, fee: 10n }));
    const res = await read(m.headers);
    const data = res.json.data;
    expect(data.balances.map((b: { currency: string }) => b.currency)).toEqual(["XAF", "EUR", "USD", "XOF"]);
    expect(data.balances[0]).toEqual({ currency: "XAF", categories: emptyCategories, totals: zero, updatedAt: null });
    expect(data.balances[1]).toMatchObject({ categories: { collect: { available: 0.01, pending: 0 } }, totals: { available: 0.01, pending: 0 } });
    expect(data.balances[2]).toMatchObject({
      categories: { collect: { available: 100.5, pending: 0 }, payout: zero, credit: { available: 20, pending: 0 } },
      totals: { available: 120.5, pending: 0 },
    });
    expect(data.balances[3]).toMatchObject({ categories: { collect: { available: 5_990, pending: 0 } }, totals: { available: 5_990, pending: 0 } });
  });

  it("separate mode says payouts draw on payout", async () => {
    const m = await createTestMerchant();
    await (await getPrisma()).merchant.update({ where: { id: m.merchant.id }, data: { balanceMode: "separate" } });
    const res = await read(m.headers);
    expect(res.json.data).toMatchObject({ balanceMode: "separate", payoutSourceCategory: "payout" });
  });

  it("shows only the caller's merchant and environment", async () => {
    const a = await createTestMerchant();
    const b = await createTestMerchant();
    await fund(b.merchant.id, "XOF", 1_000n);
    await fund(b.merchant.id, "USD", 1_000n);
    // Production money of merchant a (same database here) must not show in its sandbox balance.
    await inTx((tx) => grantCredit(tx, { environment: "production", merchantId: a.merchant.id, currency: "EUR", amount: 500n, reason: "test", actor: "test" }));
    const res = await read(a.headers);
    expect(res.json.data.balances).toEqual([{ currency: "XOF", categories: emptyCategories, totals: zero, updatedAt: null }]);
  });

  it("needs credentials: 401 without, 401 for a test key in production", async () => {
    const m = await createTestMerchant();
    expect((await read({})).status).toBe(401);
    expect((await read({ "X-API-Key": "pk_test_nope:sk_test_nope" })).status).toBe(401);
    process.env.APP_ENV = "production";
    const res = await read(m.headers);
    expect(res.status).toBe(401);
    expect(res.json.code).toBe("unauthenticated");
  });

  it("accepts Authorization: Bearer", async () => {
    const m = await createTestMerchant();
    const res = await read({ Authorization: `Bearer ${m.credentials}` });
    expect(res.status).toBe(200);
  });
});
