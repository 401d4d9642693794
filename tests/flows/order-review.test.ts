import { beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { reconcileLedger } from "@/lib/ledger";
import { refreshDatabaseGauges } from "@/lib/platform/database-gauges";
import { metrics } from "@/lib/observability/metrics";
import { askOverdueReviews, pollOrder, submitOrder } from "@/lib/orders/orders";
import { fund, wallet } from "../helpers/ledger";
import { createTestMerchant } from "../helpers/merchants";
import { payoutEventTypes, quoteAndInitiate, quoteBody, recipient, status } from "../helpers/payouts";
import { ops } from "../helpers/production-instance";
import { ensureReferenceData } from "../helpers/reference";
import { paidPayment, paymentStatus, refund } from "../helpers/refunds";

beforeAll(() => ensureReferenceData());

/**
 * Review and resolution in the sandbox (docs/design/order-lifecycle.md): the simulator's `…99`
 * never answers, so a payout or refund ending so stays `processing` with its funds held, in review
 * until an operator resolves it with evidence (`ops orders:review`, `ops orders:resolve`).
 */
const MINUTE = 60_000;
const prisma = () => getPrisma();
const review = async (id: string) => JSON.parse((await ops("orders:review", "--json")).output).find((r: { id: string }) => r.id === id);
const audits = async (merchantId: string) => (await (await prisma()).auditLog.findMany({ where: { merchantId, action: "order.resolved" } })).map((a) => a.details);

/** A payout to a number ending in 99, sent at `t0` and asked past the window. */
async function unansweredPayout(m: Awaited<ReturnType<typeof createTestMerchant>>, t0: Date) {
  const { payout } = await quoteAndInitiate(m.headers, quoteBody(), { recipient: recipient("+221770000099") });
  const id = payout.json.transactionId as string;
  await submitOrder(id, { now: t0 });
  await pollOrder(id, { now: new Date(t0.getTime() + 10 * MINUTE) });
  await pollOrder(id, { now: new Date(t0.getTime() + 31 * MINUTE) });
  return id;
}

describe("sandbox …99: in review until resolved", () => {
  it("a payout past the window stays processing, funds held, listed by orders:review; orders:resolve refuses without evidence; failed with evidence releases once, audited", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 100_000n);
    const id = await unansweredPayout(m, new Date());
    expect((await status(m.headers, id)).json).toMatchObject({ status: "processing" });
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 89_900n, pending: 0n });
    expect(await review(id)).toMatchObject({ id, direction: "payout", status: "processing", merchantId: m.merchant.id, reason: "window_passed", lastAnswer: { status: "processing" } });
    const listed = await ops("orders:review");
    expect(listed.output).toContain(id);
    expect(listed.output).toContain("window_passed");

    // Refused: no evidence, too little evidence, an unknown order, an outcome that is neither.
    await expect(ops("orders:resolve", "--id", id, "--outcome", "failed")).rejects.toThrow(/--evidence is required/);
    await expect(ops("orders:resolve", "--id", id, "--outcome", "failed", "--evidence", "ok")).rejects.toThrow(/at least 10 characters/);
    await expect(ops("orders:resolve", "--id", id, "--outcome", "maybe", "--evidence", "ticket 4411 says so")).rejects.toThrow(/success or failed/);
    await expect(ops("orders:resolve", "--id", "po_unknown", "--outcome", "failed", "--evidence", "ticket 4411 says so")).rejects.toThrow(/No payment, payout or refund/);
    expect((await status(m.headers, id)).json.status).toBe("processing");
    expect(await audits(m.merchant.id)).toEqual([]);

    const done = await ops("orders:resolve", "--id", id, "--outcome", "failed", "--evidence", "Orange support ticket 4411: never paid", "--by", "awa");
    expect(done.output).toBe(`${id}: failed (resolved with evidence; audited)`);
    expect((await status(m.headers, id)).json).toMatchObject({ status: "failed", errorCode: "provider_error" });
    expect(await wallet(m.merchant.id, "XOF")).toEqual({ available: 100_000n, pending: 0n });
    expect(await payoutEventTypes(m.merchant.id, id)).toEqual(["payout.pending", "payout.processing", "payout.failed"]);
    expect(await audits(m.merchant.id)).toEqual([{ orderId: id, direction: "payout", outcome: "failed", reason: "window_passed", evidence: "Orange support ticket 4411: never paid" }]);
    expect(await (await prisma()).orderReview.findUniqueOrThrow({ where: { orderId: id } })).toMatchObject({ resolution: "resolved_failed", resolvedBy: "ops:awa" });
    expect(await review(id)).toBeUndefined();
    // Once resolved, again is refused: it is no longer in review.
    await expect(ops("orders:resolve", "--id", id, "--outcome", "success", "--evidence", "Orange support ticket 4411: never paid")).rejects.toThrow(/not in review/);
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("a refund of …99 past the window stays processing with its amount held; resolved success with evidence finalises it", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 100_000n);
    const payment = await paidPayment(m.headers, 10_000);
    const res = await refund(m.headers, payment.id, { amount: 1_099 });
    expect(res.status).toBe(201);
    const refundId = res.json.refundId as string;
    const t0 = new Date();
    await submitOrder(refundId, { now: t0 });
    await pollOrder(refundId, { now: new Date(t0.getTime() + 31 * MINUTE) });
    await pollOrder(refundId, { now: new Date(t0.getTime() + 5 * 60 * MINUTE) });
    expect(await (await prisma()).refund.findUniqueOrThrow({ where: { id: refundId } })).toMatchObject({ status: "processing", errorCode: null });
    expect((await wallet(m.merchant.id, "XOF")).available).toBe(100_000n - 1_099n);
    expect(await review(refundId)).toMatchObject({ direction: "refund", reason: "window_passed" });

    await ops("orders:resolve", "--id", refundId, "--outcome", "success", "--evidence", "operator statement 2026-11-27 line 18");
    expect((await paymentStatus(m.headers, payment.id)).json).toMatchObject({ status: "success", refundedAmount: 1_099, refunds: [{ refundId, status: "success" }] });
    expect((await wallet(m.merchant.id, "XOF")).available).toBe(100_000n - 1_099n);
    expect(await audits(m.merchant.id)).toEqual([{ orderId: refundId, direction: "refund", outcome: "success", reason: "window_passed", evidence: "operator statement 2026-11-27 line 18" }]);
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("the metrics count orders in review and age the oldest; an overdue review is asked by the sweep", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 100_000n);
    const t0 = new Date(Date.now() - 3 * 60 * MINUTE);
    const id = await unansweredPayout(m, t0);
    const flagged = await (await prisma()).orderReview.findUniqueOrThrow({ where: { orderId: id } });
    expect(flagged.since.getTime()).toBe(t0.getTime() + 31 * MINUTE);

    await refreshDatabaseGauges();
    const inReview = (await metrics().ordersInReview.get()).values.filter((v) => v.labels.environment === "sandbox" && v.labels.direction === "payout");
    expect(inReview.reduce((sum, v) => sum + v.value, 0)).toBeGreaterThanOrEqual(1);
    const oldest = (await metrics().ordersInReviewOldestAge.get()).values.find((v) => v.labels.environment === "sandbox" && v.labels.direction === "payout");
    expect(oldest!.value).toBeGreaterThanOrEqual(2 * 3600);

    // Its next ask (an hour after it was flagged) is past: the sweep asks it, and notes when.
    expect(flagged.nextAskAt!.getTime()).toBeLessThan(Date.now());
    expect(await askOverdueReviews()).toBeGreaterThanOrEqual(1);
    const asked = await (await prisma()).orderReview.findUniqueOrThrow({ where: { orderId: id } });
    expect(asked.lastAskedAt!.getTime()).toBeGreaterThan(flagged.lastAskedAt!.getTime());
    expect(asked.nextAskAt!.getTime()).toBeGreaterThan(Date.now());
    expect(asked.resolvedAt).toBeNull();
  });

  it("keeps asking: hourly for the first 7 days, every 6 hours to 30 days, then daily, and never stops", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 100_000n);
    const t0 = new Date();
    const id = await unansweredPayout(m, t0);
    const since = t0.getTime() + 31 * MINUTE;
    const next = async (ageMs: number) => ((await pollOrder(id, { now: new Date(since + ageMs) })) as { rescheduleAt: Date }).rescheduleAt.getTime() - (since + ageMs);
    expect(await next(2 * 60 * MINUTE)).toBe(60 * MINUTE);
    expect(await next(8 * 24 * 60 * MINUTE)).toBe(6 * 60 * MINUTE);
    expect(await next(90 * 24 * 60 * MINUTE)).toBe(24 * 60 * MINUTE);
    expect((await status(m.headers, id)).json.status).toBe("processing");
  });
});
