import { beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { reconcileLedger } from "@/lib/ledger";
import { setPayoutLimits } from "@/lib/payouts/payout-limits";
import { createBulk, getBulk, legacyItem, listBulks } from "../../helpers/bulk-payouts";
import { fund, wallet } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";
import { driveToFinal, initiate, quote, quoteBody, recipient, status } from "../../helpers/payouts";
import { recordStatements } from "../../helpers/record-statements";
import { ensureReferenceData } from "../../helpers/reference";

beforeAll(() => ensureReferenceData());

async function funded(amount = 1_000_000n) {
  const m = await createTestMerchant({ rateLimitPerMinute: 100_000 });
  await fund(m.merchant.id, "XOF", amount);
  return m;
}

async function counts(merchantId: string) {
  const prisma = await getPrisma();
  return {
    payouts: await prisma.payout.count({ where: { merchantId } }),
    bulks: await prisma.payoutBulk.count({ where: { merchantId } }),
    holds: await prisma.ledgerHold.count({ where: { account: { merchantId } } }),
    events: await prisma.webhookEvent.count({ where: { merchantId } }),
  };
}

describe("POST /payouts/bulk", () => {
  it("201: valid items become pending payouts with holds, events and submit jobs; an invalid one gets its error with its index", async () => {
    const m = await funded(100_000n);
    const res = await createBulk(m.headers, {
      items: [
        legacyItem({ externalReference: "salary-1", amount: 10_000 }),
        legacyItem({ externalReference: "salary-2", recipient: recipient("+22177") }),
        legacyItem({ externalReference: "salary-3", amount: 20_000, metadata: { employee: 3 } }),
      ],
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      bulkId: expect.stringMatching(/^pb_/),
      status: "processing",
      atomic: false,
      counts: { total: 3, accepted: 2, rejected: 1, pending: 2, processing: 0, success: 0, failed: 0, cancelled: 0 },
      completedAt: null,
    });
    const [first, second, third] = res.json.items;
    expect(first).toEqual({ index: 0, externalReference: "salary-1", status: "pending", payoutId: expect.stringMatching(/^po_/), amount: 10_000, currency: "XOF" });
    expect(second).toMatchObject({ index: 1, externalReference: "salary-2", status: "rejected", error: { statusCode: 400, code: "invalid_phone" } });
    expect(second.payoutId).toBeUndefined();
    expect(third).toMatchObject({ index: 2, status: "pending", amount: 20_000 });

    // Same money as two single payouts: 10,000 + 100 fee and 20,000 + 200 fee held.
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 100_000n - 10_100n - 20_200n, pending: 0n });
    const prisma = await getPrisma();
    const payout = await status(m.headers, third.payoutId);
    expect(payout.json).toMatchObject({ status: "pending", amount: 20_000, fees: 200, externalReference: "salary-3", metadata: { employee: 3 } });
    for (const item of [first, third]) {
      expect(await prisma.job.count({ where: { dedupeKey: `payout.submit:${item.payoutId}` } })).toBe(1);
      expect((await prisma.webhookEvent.findMany({ where: { transactionId: item.payoutId } })).map((e) => e.type)).toEqual(["payout.pending"]);
      const hold = await prisma.ledgerHold.findUniqueOrThrow({ where: { id: item.payoutId } });
      expect(hold.status).toBe("held");
    }
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("takes quoted and legacy items together; a used, unknown or repeated quote is that item's error", async () => {
    const m = await funded(200_000n);
    const q1 = (await quote(m.headers, quoteBody())).json.quoteId;
    const q2 = (await quote(m.headers, quoteBody({ amount: 5_000 }))).json.quoteId;
    const res = await createBulk(m.headers, {
      items: [
        { quoteId: q1, recipient: recipient(), externalReference: "q-1" },
        legacyItem({ amount: 3_000 }),
        { quoteId: q1, recipient: recipient() },
        { quoteId: "qt_unknown", recipient: recipient() },
        { quoteId: q2, recipient: recipient(), amount: 5 },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.json.items.map((i: any) => [i.index, i.status, i.error?.statusCode ?? null, i.error?.code ?? null])).toEqual([
      [0, "pending", null, null],
      [1, "pending", null, null],
      [2, "rejected", 422, "quote_already_used"],
      [3, "rejected", 404, "not_found"],
      [4, "rejected", 400, "validation_error"],
    ]);
    expect(res.json.items[4].error.details).toEqual([{ path: "amount", message: "amount comes from the quote; do not send it with quoteId" }]);
    const prisma = await getPrisma();
    expect((await prisma.payoutQuote.findUniqueOrThrow({ where: { id: q1 } })).payoutId).toBe(res.json.items[0].payoutId);
    expect((await prisma.payoutQuote.findUniqueOrThrow({ where: { id: q2 } })).payoutId).toBeNull();
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 200_000n - 10_100n - 3_100n, pending: 0n });
  });

  it("each item sees the balance the items before it left: the first unfundable one is refused, later smaller ones still fit", async () => {
    const m = await funded(25_000n);
    const res = await createBulk(m.headers, {
      items: [legacyItem({ amount: 10_000 }), legacyItem({ amount: 10_000 }), legacyItem({ amount: 10_000 }), legacyItem({ amount: 2_000 })],
    });
    expect(res.status).toBe(201);
    expect(res.json.items.map((i: any) => i.status)).toEqual(["pending", "pending", "rejected", "pending"]);
    expect(res.json.items[2].error).toMatchObject({ statusCode: 400, code: "INSUFFICIENT_BALANCE" });
    expect(res.json.items[2].error.message).toContain("4800 XOF available");
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 25_000n - 2n * 10_100n - 2_100n, pending: 0n });
  });

  it("atomic: one bad item → 400 bulk_rejected listing every error, nothing written; all good → 201", async () => {
    const m = await funded(25_000n);
    const before = await counts(m.merchant.id);
    const bad = await createBulk(m.headers, {
      atomic: true,
      items: [legacyItem({ amount: 10_000 }), legacyItem({ amount: 10_000, mobileWallet: { provider: "free" } }), legacyItem({ amount: 10_000 }), legacyItem({ amount: 10_000 })],
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ statusCode: 400, error: "Bad Request", code: "bulk_rejected" });
    expect(bad.json.items.map((i: any) => [i.index, i.error.code])).toEqual([
      [1, "provider_unavailable"],
      [3, "INSUFFICIENT_BALANCE"],
    ]);
    expect(bad.json.details.map((d: any) => d.path)).toEqual(["items.1", "items.3"]);
    expect(await counts(m.merchant.id)).toEqual(before);
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 25_000n, pending: 0n });

    const good = await createBulk(m.headers, { atomic: true, items: [legacyItem({ amount: 10_000 }), legacyItem({ amount: 10_000 })] });
    expect(good.status).toBe(201);
    expect(good.json.atomic).toBe(true);
    expect(good.json.counts).toMatchObject({ accepted: 2, rejected: 0 });
  });

  it("non-atomic with no valid item → 400 bulk_rejected, nothing written", async () => {
    const m = await funded(5_000n);
    const res = await createBulk(m.headers, { items: [legacyItem({ amount: 10_000 }), { nonsense: true }] });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("bulk_rejected");
    expect(res.json.items.map((i: any) => [i.index, i.error.code])).toEqual([
      [0, "INSUFFICIENT_BALANCE"],
      [1, "validation_error"],
    ]);
    expect((await counts(m.merchant.id)).bulks).toBe(0);
  });

  it("limits count the bulk's own items: the item that would pass the daily limit is refused", async () => {
    const m = await funded(1_000_000n);
    await setPayoutLimits(m.merchant, "sandbox", { daily: "25000" }, { actor: "test" });
    const res = await createBulk(m.headers, { items: [legacyItem(), legacyItem(), legacyItem(), legacyItem({ amount: 5_000 })] });
    expect(res.status).toBe(201);
    expect(res.json.items.map((i: any) => i.error?.code ?? i.status)).toEqual(["pending", "pending", "limit_exceeded", "pending"]);
    expect(res.json.items[2].error.message).toContain("20000 XOF already used");
  });

  it("an item whose externalReference an earlier payout carries is refused duplicate_reference, naming that payout", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 100_000n);
    const single = await initiate(m.headers, legacyItem({ externalReference: "inv-2001" }));
    expect(single.status).toBe(201);
    const res = await createBulk(m.headers, { items: [legacyItem({ externalReference: "inv-2001" }), legacyItem({ externalReference: "inv-2002" })] });
    expect(res.status).toBe(201);
    expect(res.json.counts).toMatchObject({ accepted: 1, rejected: 1 });
    expect(res.json.items[0]).toMatchObject({ index: 0, status: "rejected", error: { statusCode: 422, code: "duplicate_reference" } });
    expect(res.json.items[0].error.message).toContain(single.json.transactionId);
  });

  it("externalReferences must be unique within the request (422 duplicate_reference on the repeat)", async () => {
    const m = await funded();
    const res = await createBulk(m.headers, { items: [legacyItem({ externalReference: "r-1" }), legacyItem({ externalReference: "r-1" }), legacyItem({ externalReference: "r-2" })] });
    expect(res.status).toBe(201);
    expect(res.json.items[1]).toMatchObject({ index: 1, status: "rejected", error: { statusCode: 422, code: "duplicate_reference" } });
    expect(res.json.items[1].error.message).toContain("item 0");
  });

  it("envelope errors are 400 validation_error before anything runs: 1,001 items, none, not an array, unknown field", async () => {
    const m = await funded();
    const tooMany = await createBulk(m.headers, { items: Array.from({ length: 1001 }, () => legacyItem()) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.code).toBe("validation_error");
    expect(tooMany.json.details).toEqual([{ path: "items", message: "holds at most 1000 payouts per request" }]);
    for (const body of [{ items: [] }, { items: "all" }, { items: [legacyItem()], atomic: "yes" }, { items: [legacyItem()], extra: 1 }, {}]) {
      const res = await createBulk(m.headers, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.code).toBe("validation_error");
    }
    expect((await counts(m.merchant.id)).bulks).toBe(0);
  });

  it("the whole call is idempotent: same key and body replay the first answer, another body is 422", async () => {
    const m = await funded();
    const body = { items: [legacyItem({ externalReference: "idem-1" }), legacyItem({ externalReference: "idem-2" })] };
    const first = await createBulk(m.headers, body, { "X-Idempotency-Key": "bulk-2026-11" });
    const again = await createBulk(m.headers, body, { "X-Idempotency-Key": "bulk-2026-11" });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json).toEqual(first.json);
    expect(await counts(m.merchant.id)).toMatchObject({ bulks: 1, payouts: 2 });
    const other = await createBulk(m.headers, { items: [legacyItem()] }, { "X-Idempotency-Key": "bulk-2026-11" });
    expect(other.status).toBe(422);
    expect(other.json.code).toBe("idempotency_key_reused");
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 1_000_000n - 2n * 10_100n, pending: 0n });
  });

  it("1,000 legacy items (a body far above 64 KB) in a number of statements that does not grow per item", async () => {
    const m = await funded(100_000_000n);
    const run = (n: number) => recordStatements(() => createBulk(m.headers, { items: Array.from({ length: n }, (_, i) => legacyItem({ externalReference: `n${n}-${i}`, amount: 1_000 })) }));
    const small = await run(10);
    const large = await run(1000);
    expect(small.result.status).toBe(201);
    expect(large.result.status).toBe(201);
    expect(large.result.json.counts).toMatchObject({ total: 1000, accepted: 1000, pending: 1000 });
    // One statement per table whatever the count (events per 500): 1,000 items cost what 10 do, give or take a chunk.
    expect(large.statements.length).toBeLessThanOrEqual(small.statements.length + 8);
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 100_000_000n - 1010n * 1_100n, pending: 0n });
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });
});

describe("GET /payouts/bulk/{bulkId} and payout.bulk.completed", () => {
  it("follows the payouts to their final states; the last one completes the bulk and sends payout.bulk.completed once", async () => {
    const m = await funded(100_000n);
    const created = await createBulk(m.headers, {
      items: [legacyItem({ externalReference: "ok" }), legacyItem({ externalReference: "ko", recipient: recipient("+221770000090") }), legacyItem({ recipient: recipient("+22177") })],
    });
    const [ok, ko] = created.json.items;
    const prisma = await getPrisma();
    await driveToFinal(ok.payoutId);
    let bulk = await getBulk(m.headers, created.json.bulkId);
    expect(bulk.json).toMatchObject({ status: "processing", counts: { pending: 1, success: 1 }, completedAt: null });
    expect(await prisma.webhookEvent.count({ where: { merchantId: m.merchant.id, type: "payout.bulk.completed" } })).toBe(0);

    await driveToFinal(ko.payoutId);
    bulk = await getBulk(m.headers, created.json.bulkId);
    expect(bulk.status).toBe(200);
    expect(bulk.json).toMatchObject({
      bulkId: created.json.bulkId,
      status: "completed",
      counts: { total: 3, accepted: 2, rejected: 1, pending: 0, processing: 0, success: 1, failed: 1, cancelled: 0 },
      completedAt: expect.any(String),
    });
    expect(bulk.json.items.map((i: any) => [i.index, i.status, i.errorCode ?? i.error?.code ?? null])).toEqual([
      [0, "success", null],
      [1, "failed", "invalid_recipient"],
      [2, "rejected", "invalid_phone"],
    ]);
    const events = await prisma.webhookEvent.findMany({ where: { merchantId: m.merchant.id, type: "payout.bulk.completed" } });
    expect(events).toHaveLength(1);
    const { items: _items, ...summary } = bulk.json;
    expect((events[0].payload as any).data).toEqual(summary);
    // The failed one's hold came back in full.
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 100_000n - 10_100n, pending: 0n });
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("another merchant's bulk, or an unknown id, is 404", async () => {
    const a = await funded();
    const b = await funded();
    const created = await createBulk(a.headers, { items: [legacyItem()] });
    for (const id of [created.json.bulkId, "pb_unknown"]) {
      const res = await getBulk(b.headers, id);
      expect(res.status).toBe(404);
      expect(res.json.code).toBe("not_found");
    }
  });
});

describe("GET /payouts/bulk", () => {
  it("lists the merchant's bulks newest first with counts, keyset-paginated; never another merchant's", async () => {
    const m = await funded();
    const other = await funded();
    await createBulk(other.headers, { items: [legacyItem()] });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createBulk(m.headers, { items: [legacyItem(), legacyItem()] })).json.bulkId);
    const first = await listBulks(m.headers, "?limit=2");
    expect(first.status).toBe(200);
    expect(first.json.data.map((b: any) => b.bulkId)).toEqual([ids[2], ids[1]]);
    expect(first.json.data[0]).toMatchObject({ status: "processing", counts: { total: 2, accepted: 2, pending: 2 } });
    expect(first.json.data[0].items).toBeUndefined();
    expect(first.json.meta).toMatchObject({ limit: 2, hasMore: true, nextCursor: expect.any(String) });
    const second = await listBulks(m.headers, `?limit=2&cursor=${first.json.meta.nextCursor}`);
    expect(second.json.data.map((b: any) => b.bulkId)).toEqual([ids[0]]);
    expect(second.json.meta).toEqual({ limit: 2, hasMore: false, nextCursor: null });
    expect((await listBulks(m.headers, "?status=completed")).json.data).toEqual([]);
    for (const query of ["?cursor=nope", "?limit=0", "?page=2", "?status=done"]) {
      const res = await listBulks(m.headers, query);
      expect(res.status, query).toBe(400);
      expect(res.json.code).toBe("validation_error");
    }
  });
});

describe("OpenAPI", () => {
  it("describes the three endpoints, the item shape (an initiate body) and payout.bulk.completed", async () => {
    const { contracts } = await import("@/app/api/v1/contracts");
    const { webhookEventDocs } = await import("@/app/api/v1/webhook-events");
    const { buildOpenApiDocument, inlineSchemaRefs } = await import("@/lib/http/openapi");
    const doc = inlineSchemaRefs(buildOpenApiDocument(contracts, { servers: [{ url: "https://x/api/v1", environment: "sandbox" }], version: "t", webhooks: webhookEventDocs })) as any;
    expect(Object.keys(doc.paths["/payouts/bulk"]).sort()).toEqual(["get", "post"]);
    expect(Object.keys(doc.paths["/payouts/bulk/{bulkId}"])).toEqual(["get"]);
    const body = doc.paths["/payouts/bulk"].post.requestBody.content["application/json"].schema;
    expect(body.properties.items.maxItems).toBe(1000);
    expect(Object.keys(body.properties.items.items.properties)).toEqual(expect.arrayContaining(["quoteId", "amount", "recipient", "mobileWallet", "externalReference"]));
    expect(doc.paths["/payouts/bulk"].post.parameters.map((p: any) => p.name)).toContain("X-Idempotency-Key");
    const hook = doc.webhooks["payout.bulk.completed"].post;
    expect(Object.keys(hook.requestBody.content["application/json"].schema.properties.data.properties)).toEqual(["bulkId", "status", "atomic", "counts", "createdAt", "completedAt"]);
  });
});
