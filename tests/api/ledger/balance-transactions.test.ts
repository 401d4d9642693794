import { describe, expect, it } from "vitest";
import { GET as balanceRoute } from "@/app/api/v1/payments/balance/route";
import { GET as history } from "@/app/api/v1/payments/balance/transactions/route";
import { getPrisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { convertFunds } from "@/lib/ledger/convert-funds";
import { creditCollectPending } from "@/lib/ledger/credit-collect-pending";
import { finalisePayout } from "@/lib/ledger/finalise-payout";
import { grantCredit } from "@/lib/ledger/grant-credit";
import { holdPayout } from "@/lib/ledger/hold-payout";
import { moveFunds } from "@/lib/ledger/move-funds";
import { releasePayout } from "@/lib/ledger/release-payout";
import { settleDuePending } from "@/lib/ledger/settle-due-pending";
import { call } from "../../helpers/http";
import { fund, inTx } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";

const FAR_FUTURE = new Date("2100-01-01T00:00:00.000Z");
const get = (headers: Record<string, string>, query = "") => call(history, { path: `/payments/balance/transactions${query}`, headers });

/** Every kind of movement once, on a merchant in separate mode. */
async function busyMerchant() {
  const m = await createTestMerchant();
  const merchantId = m.merchant.id;
  await (await getPrisma()).merchant.update({ where: { id: merchantId }, data: { balanceMode: "separate" } });
  const txn = newId("txn");
  const paid = newId("po");
  const failed = newId("po");
  await fund(merchantId, "XOF", 50_000n, "payout"); // 1 sandbox_funding
  await inTx((tx) => creditCollectPending(tx, { environment: "sandbox", merchantId, reference: txn, provider: "wave", currency: "XOF", gross: 10_000n, fee: 150n, dueAt: new Date(Date.now() - 1000) })); // 2
  await inTx((tx) => settleDuePending(tx, { merchantId })); // 3 settlement
  await inTx((tx) => moveFunds(tx, { environment: "sandbox", merchantId, currency: "XOF", amount: 4_000n })); // 4 + 5 (two wallets)
  await inTx((tx) => holdPayout(tx, { environment: "sandbox", merchantId, payoutId: paid, currency: "XOF", category: "payout", amount: 5_000n, fee: 100n })); // 6
  await inTx((tx) => finalisePayout(tx, { payoutId: paid, provider: "wave" })); // not a merchant movement
  await inTx((tx) => holdPayout(tx, { environment: "sandbox", merchantId, payoutId: failed, currency: "XOF", category: "payout", amount: 2_000n, fee: 50n })); // 7
  await inTx((tx) => releasePayout(tx, { payoutId: failed, reason: "provider_error" })); // 8
  await fund(merchantId, "USD", 10_000n, "payout"); // 9
  await inTx((tx) =>
    convertFunds(tx, { environment: "sandbox", merchantId, category: "payout", from: { currency: "USD", amount: 1_000n }, to: { currency: "XOF", amount: 5_910n }, idempotencyKey: `payout:${paid}:fx_top_up`, metadata: { payoutId: paid } }),
  ); // 10 + 11
  await inTx((tx) => grantCredit(tx, { environment: "sandbox", merchantId, currency: "XOF", amount: 700n, reason: "test", actor: "test" })); // 12
  return { m, txn, paid, failed };
}

describe("GET /payments/balance/transactions", () => {
  it("lists every movement newest first with what caused it, its fee and the wallet's running balances", async () => {
    const { m, txn, paid, failed } = await busyMerchant();
    const res = await get(m.headers, "?limit=100");
    expect(res.status).toBe(200);
    expect(res.json.meta).toEqual({ limit: 100, hasMore: false, nextCursor: null });
    const rows = res.json.data;
    const brief = rows.map((r: any) => [r.type, r.currency, r.category, r.amount, r.available, r.pending, r.transactionId]);
    expect(brief).toEqual([
      ["credit_grant", "XOF", "credit", 700, 700, 0, null],
      ["fx_conversion", "XOF", "payout", 5_910, 54_810, 0, paid],
      ["fx_conversion", "USD", "payout", -10, 90, 0, paid],
      ["sandbox_funding", "USD", "payout", 100, 100, 0, null],
      ["payout_release", "XOF", "payout", 2_050, 48_900, 0, failed],
      ["payout_hold", "XOF", "payout", -2_050, 46_850, 0, failed],
      ["payout_hold", "XOF", "payout", -5_100, 48_900, 0, paid],
      ["funds_move", "XOF", "payout", 4_000, 54_000, 0, null],
      ["funds_move", "XOF", "collect", -4_000, 5_850, 0, null],
      ["settlement", "XOF", "collect", 0, 9_850, 0, txn],
      ["collect_credit", "XOF", "collect", 9_850, 0, 9_850, txn],
      ["sandbox_funding", "XOF", "payout", 50_000, 50_000, 0, null],
    ]);
    const credit = rows.find((r: any) => r.type === "collect_credit");
    expect(credit).toMatchObject({ availableChange: 0, pendingChange: 9_850, fee: 150, transactionType: "collect" });
    expect(credit.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(rows.find((r: any) => r.type === "settlement")).toMatchObject({ availableChange: 9_850, pendingChange: -9_850, fee: null, transactionType: "collect" });
    expect(rows.find((r: any) => r.type === "payout_release")).toMatchObject({ fee: 50, transactionType: "payout" });
    expect(rows.filter((r: any) => r.type === "payout_hold").map((r: any) => r.fee)).toEqual([50, 100]);
    expect(rows.find((r: any) => r.type === "funds_move").fee).toBeNull();
    // Two movements of one entry share its id; everything else is one entry each.
    expect(new Set(rows.map((r: any) => r.entryId)).size).toBe(rows.length - 2);
  });

  it("filters by currency, category and period", async () => {
    const { m } = await busyMerchant();
    const usd = await get(m.headers, "?currency=USD");
    expect(usd.json.data.map((r: any) => r.type)).toEqual(["fx_conversion", "sandbox_funding"]);
    const collect = await get(m.headers, "?category=collect&currency=XOF");
    expect(collect.json.data.map((r: any) => r.type)).toEqual(["funds_move", "settlement", "collect_credit"]);
    // The running balance stays the wallet's, whatever the filter hides.
    expect(collect.json.data[0].available).toBe(5_850);

    const all = (await get(m.headers, "?limit=100")).json.data;
    const cut = all[5].createdAt; // an instant inside the history
    const later = await get(m.headers, `?from=${encodeURIComponent(cut)}&limit=100`);
    const earlier = await get(m.headers, `?to=${encodeURIComponent(cut)}&limit=100`);
    expect(later.json.data.length + earlier.json.data.length).toBe(all.length);
    expect(later.json.data.every((r: any) => r.createdAt >= cut)).toBe(true);
    expect(earlier.json.data.every((r: any) => r.createdAt < cut)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(m.headers, `?from=${today}&to=${today}&limit=100`)).json.data).toHaveLength(all.length);
    expect((await get(m.headers, "?to=2020-01-01")).json.data).toEqual([]);
  });

  it("cursor pages cover every movement exactly once, and a movement arriving meanwhile does not shift them", async () => {
    const { m } = await busyMerchant();
    const all = (await get(m.headers, "?limit=100")).json.data.map((r: any) => `${r.entryId}/${r.currency}/${r.category}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { status: number; json: any } = await get(m.headers, `?limit=5${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.status).toBe(200);
      expect(res.json.data.length).toBeLessThanOrEqual(5);
      seen.push(...res.json.data.map((r: any) => `${r.entryId}/${r.currency}/${r.category}`));
      if (pages === 0) await fund(m.merchant.id, "XOF", 1n, "payout"); // newer than every page: never in this pass
      cursor = res.json.meta.nextCursor;
      expect(res.json.meta.hasMore).toBe(cursor !== null);
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(all);
  });

  it("limit above 100 is clamped; default 20", async () => {
    const m = await createTestMerchant();
    for (let i = 0; i < 21; i++) await fund(m.merchant.id, "XOF", BigInt(i + 1));
    const byDefault = await get(m.headers);
    expect(byDefault.json.data).toHaveLength(20);
    expect(byDefault.json.meta).toMatchObject({ limit: 20, hasMore: true });
    expect(byDefault.json.data[0]).toMatchObject({ amount: 21, available: 231 });
    const clamped = await get(m.headers, "?limit=500");
    expect(clamped.json.meta).toEqual({ limit: 100, hasMore: false, nextCursor: null });
    expect(clamped.json.data).toHaveLength(21);
  });

  it("another merchant's movements are never visible, whatever the cursor", async () => {
    const me = await createTestMerchant();
    expect((await get(me.headers, "?limit=100")).json.data).toEqual([]);
    await fund(me.merchant.id, "XOF", 5n);
    const { m: other } = await busyMerchant();
    const mine = await get(me.headers, "?limit=100");
    expect(mine.json.data).toEqual([expect.objectContaining({ type: "sandbox_funding", amount: 5, available: 5 })]);
    // A cursor taken from the other merchant's list pages through my movements only.
    const theirs = await get(other.headers, "?limit=1");
    const res = await get(me.headers, `?cursor=${theirs.json.meta.nextCursor}&limit=100`);
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual(mine.json.data);
  });

  it("running balances chain exactly under concurrent entries on one wallet (PostgreSQL: really concurrent)", async () => {
    const m = await createTestMerchant();
    const merchantId = m.merchant.id;
    await fund(merchantId, "XOF", 100_000n);
    const ops = Array.from({ length: 24 }, (_, i) =>
      i % 3 === 0
        ? fund(merchantId, "XOF", BigInt(100 + i))
        : inTx((tx) => holdPayout(tx, { environment: "sandbox", merchantId, payoutId: newId("po"), currency: "XOF", category: "collect", amount: BigInt(1_000 + i), fee: 10n })),
    );
    await Promise.all(ops);
    const rows: any[] = [];
    let cursor: string | null = null;
    do {
      const res: { json: any } = await get(m.headers, `?limit=7${cursor ? `&cursor=${cursor}` : ""}`);
      rows.push(...res.json.data);
      cursor = res.json.meta.nextCursor;
    } while (cursor);
    expect(rows).toHaveLength(25);
    const oldestFirst = [...rows].reverse();
    let available = 0;
    for (const r of oldestFirst) {
      available += r.availableChange;
      expect(r.available).toBe(available);
    }
    const shown = (await call(balanceRoute, { path: "/payments/balance", headers: m.headers })).json.data.balances[0].categories.collect;
    expect(rows[0].available).toBe(shown.available);
  });

  it.each([
    ["?currency=ABC", "query.currency"],
    ["?category=savings", "query.category"],
    ["?from=2026-02-30", "query.from"],
    ["?to=2026-13-01", "query.to"],
    ["?from=yesterday", "query.from"],
    ["?from=2026-05-02&to=2026-05-01", "query.from"],
    ["?cursor=not-a-cursor", "query.cursor"],
    [`?cursor=${Buffer.from("wh1:12").toString("base64url")}`, "query.cursor"],
    [`?cursor=${Buffer.from("bt1:99999999999999999999").toString("base64url")}`, "query.cursor"],
    ["?limit=0", "query.limit"],
    ["?limit=ten", "query.limit"],
    ["?page=2", "query"],
  ])("%s is 400 with the spec's error body", async (query, path) => {
    const m = await createTestMerchant();
    const res = await get(m.headers, query);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ statusCode: 400, error: "Bad Request", code: "validation_error" });
    expect(typeof res.json.message).toBe("string");
    expect(res.json.details.some((d: { path: string }) => d.path.startsWith(path))).toBe(true);
  });

  it("without credentials: 401", async () => {
    const res = await get({});
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ statusCode: 401, error: "Unauthorized" });
  });

  it("a credit not yet settled shows in pending; the settlement later moves it, same transaction", async () => {
    const m = await createTestMerchant();
    const txn = newId("txn");
    await inTx((tx) => creditCollectPending(tx, { environment: "sandbox", merchantId: m.merchant.id, reference: txn, provider: "orange", currency: "XOF", gross: 1_000n, fee: 0n, dueAt: FAR_FUTURE }));
    const res = await get(m.headers);
    expect(res.json.data).toEqual([
      expect.objectContaining({ type: "collect_credit", amount: 1_000, available: 0, pending: 1_000, fee: 0, transactionId: txn }),
    ]);
  });
});
