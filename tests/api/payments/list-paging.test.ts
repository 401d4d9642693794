import { beforeAll, describe, expect, it } from "vitest";
import { GET as list } from "@/app/api/v1/payments/transactions/route";
import { listDashboardPayments } from "@/lib/dashboard/payments";
import { getPrisma } from "@/lib/db/client";
import { call } from "../../helpers/http";
import { fund } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";
import { initiate, recipient } from "../../helpers/payouts";
import { ensureReferenceData } from "../../helpers/reference";

/**
 * GET /payments/transactions pages in the database: `page` walks the merged list of
 * payments and payouts in one order, (createdAt, id) newest first, ties included (the seeded
 * payments share a thousand timestamps); `startingAfter` walks the same list by cursor, past the
 * deepest `page`.
 */
type Item = { transactionId: string; createdAt: string; type: string };
let m: Awaited<ReturnType<typeof createTestMerchant>>;
const get = async (query: string) => {
  const res = await call(list, { path: `/payments/transactions${query}`, headers: m.headers });
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  return res.json as { data: Item[]; meta: { total: number; page: number; limit: number; totalPages: number } };
};
const SEEDED = 10_150;

/**
 * `count` collect payments in one statement (fast enough for 10,000 rows on PGlite), on 1,000
 * distinct timestamps in the past, so many share their createdAt and the id breaks the tie.
 */
async function seedPayments(merchantId: string, count: number) {
  await (await getPrisma()).$executeRaw`
    INSERT INTO payments (id, merchant_id, environment, type, status, amount, currency, provider, external_reference, checkout_token, expires_at, created_at, updated_at)
    SELECT 'txn_' || substr(md5(random()::text || i::text), 1, 26), ${merchantId}, 'sandbox', 'direct',
           (ARRAY['success', 'failed', 'pending']::"PaymentStatus"[])[1 + i % 3], 1000 + i, 'XOF', 'orange',
           'seed-' || md5(random()::text || i::text), md5(random()::text || i::text) || i,
           now(), now() - interval '1 minute' - (i % 1000) * interval '1 second', now()
    FROM generate_series(1, ${count}::int) AS i`;
}
const PAYOUTS = 3;

beforeAll(async () => {
  await ensureReferenceData();
  m = await createTestMerchant({ plan: "enterprise" });
  await seedPayments(m.merchant.id, SEEDED);
  await fund(m.merchant.id, "XOF", 1_000_000n);
  for (let i = 0; i < PAYOUTS; i++) {
    const res = await initiate(m.headers, { amount: 1_000 + i, method: "MOBILE_MONEY", mobileWallet: { provider: "orange" }, recipient: recipient(), externalReference: `paging-${i}` });
    expect(res.status).toBe(201);
  }
}, 240_000);

async function walkPages(query: string, limit: number, pages: number) {
  const out: Item[] = [];
  for (let page = 1; page <= pages; page++) out.push(...(await get(`?limit=${limit}&page=${page}${query}`)).data);
  return out;
}

async function walkCursor(query: string, limit: number, max: number) {
  const out: Item[] = [];
  let after = "";
  while (out.length < max) {
    const { data } = await get(`?limit=${limit}${after ? `&startingAfter=${after}` : ""}${query}`);
    out.push(...data);
    if (data.length < limit) break;
    after = data[data.length - 1].transactionId;
  }
  return out;
}

function expectNewestFirst(items: Item[]) {
  for (let i = 1; i < items.length; i++) expect(items[i - 1].createdAt >= items[i].createdAt).toBe(true);
  expect(new Set(items.map((i) => i.transactionId)).size).toBe(items.length);
}

describe("paging GET /payments/transactions", () => {
  it("pages and the cursor walk the same merged list, ties broken by id exactly as the database orders them", async () => {
    const byPage = await walkPages("", 97, 4);
    const byCursor = await walkCursor("", 97, 97 * 4);
    expect(byPage.length).toBe(97 * 4);
    expect(byCursor.map((i) => i.transactionId)).toEqual(byPage.map((i) => i.transactionId));
    expectNewestFirst(byPage);
    // The payouts (created just now) are merged in first; the seeded payments follow in (createdAt, id) order.
    expect(byPage.slice(0, PAYOUTS).map((i) => i.type)).toEqual(["payout", "payout", "payout"]);
    const expected = await (await getPrisma()).payment.findMany({
      where: { merchantId: m.merchant.id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 97 * 4 - PAYOUTS,
      select: { id: true },
    });
    expect(byPage.slice(PAYOUTS).map((i) => i.transactionId)).toEqual(expected.map((p) => p.id));
  });

  it("the deepest page answers; one past it is 400 pointing to startingAfter, which goes on to the end", async () => {
    const deepest = await get("?limit=100&page=101");
    expect(deepest.data).toHaveLength(100);
    expect(deepest.meta).toEqual({ total: SEEDED + PAYOUTS, page: 101, limit: 100, totalPages: 102 });
    const tooDeep = await call(list, { path: "/payments/transactions?limit=100&page=102", headers: m.headers });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.json).toMatchObject({ code: "validation_error", details: [{ path: "query.page" }] });
    expect(tooDeep.json.message).toMatch(/startingAfter/);

    const last = deepest.data[99].transactionId;
    const rest = await get(`?limit=100&startingAfter=${last}`);
    expect(rest.data).toHaveLength(SEEDED + PAYOUTS - 101 * 100);
    expect(rest.meta.total).toBe(SEEDED + PAYOUTS);
    expectNewestFirst([...deepest.data, ...rest.data]);
  });

  it("the cursor keeps the filters, and works with type (one table)", async () => {
    const success = await walkCursor("&status=success&type=collect", 100, 400);
    const paged = await walkPages("&status=success&type=collect", 100, 4);
    expect(success.map((i) => i.transactionId)).toEqual(paged.map((i) => i.transactionId));
    expect(new Set(success.map((i) => i.type))).toEqual(new Set(["collect"]));
    const payouts = await walkCursor("&type=payout", 2, 10);
    expect(payouts.map((i) => i.type)).toEqual(["payout", "payout", "payout"]);
  });

  it("a cursor that is not one of the merchant's transactions is 400, whoever owns it", async () => {
    const other = await createTestMerchant();
    await seedPayments(other.merchant.id, 1);
    const foreign = (await (await getPrisma()).payment.findFirstOrThrow({ where: { merchantId: other.merchant.id } })).id;
    for (const cursor of [foreign, "txn_00000000000000000000000000", "evt_abc", "x"]) {
      const res = await call(list, { path: `/payments/transactions?startingAfter=${cursor}`, headers: m.headers });
      expect(res.status).toBe(400);
      expect(res.json.code).toBe("validation_error");
      expect(res.json.message).toMatch(/startingAfter/);
    }
  });

  it("the dashboard list shows a page past the deepest as a field error, not a crash", async () => {
    const scope = { userId: "usr_x", email: "x@test.local", merchantId: m.merchant.id, environment: "sandbox" as const };
    const deepest = await listDashboardPayments(scope, { page: "501" });
    expect(deepest.data).toHaveLength(20);
    const tooDeep = await listDashboardPayments(scope, { page: "502" });
    expect(tooDeep.data).toEqual([]);
    expect(tooDeep.fieldErrors.page).toMatch(/deepest page is 501/);
    // A NUL crafted into the URL is dropped, not sent to the database.
    // (More than 10,000 match: the dashboard says "10000+" rather than counting them all.)
    expect((await listDashboardPayments(scope, { provider: "orange\u0000" })).meta).toMatchObject({ total: 10_000, totalIsLowerBound: true });
  });
});
