import { beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { reconcileLedger } from "@/lib/ledger";
import { fund, wallet } from "../helpers/ledger";
import { createTestMerchant } from "../helpers/merchants";
import { driveRefund, events, paidPayment, paymentStatus, refund } from "../helpers/refunds";
import { ensureReferenceData } from "../helpers/reference";
import { pollOrder, submitOrder } from "@/lib/orders/orders";

beforeAll(() => ensureReferenceData());

async function refundOf(amount: number) {
  const m = await createTestMerchant();
  await fund(m.merchant.id, "XOF", 100_000n);
  const payment = await paidPayment(m.headers, 10_000);
  const res = await refund(m.headers, payment.id, { amount });
  expect(res.status).toBe(201);
  return { m, payment, refundId: res.json.refundId as string };
}

describe("refund flow in sandbox: the refund amount's last two digits pick the outcome (payout table)", () => {
  it("…00 succeeds: pending → processing → success, hold finalised, payment stays success (partial)", async () => {
    const { m, payment, refundId } = await refundOf(3_000);
    const final = await driveRefund(refundId);
    expect(final).toMatchObject({ status: "success", providerReference: `sim_${refundId}`, errorCode: null });
    expect((await paymentStatus(m.headers, payment.id)).json).toMatchObject({ status: "success", refundedAmount: 3_000 });
    expect((await wallet(m.merchant.id, "XOF")).available).toBe(97_000n);
    const changes = await (await getPrisma()).refundStatusChange.findMany({ where: { refundId }, orderBy: { id: "asc" } });
    expect(changes.map((c) => c.toStatus)).toEqual(["pending", "processing", "success"]);
    expect((await events(m.merchant.id)).filter((e) => e.type.startsWith("refund.")).map((e) => e.type)).toEqual(["refund.pending", "refund.processing", "refund.success"]);
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it.each([
    [1_090, "invalid_recipient"],
    [1_091, "provider_error"],
    [1_092, "account_blocked"],
    [1_093, "insufficient_balance"],
    [1_094, "limit_exceeded"],
  ])("%i XOF fails %s: hold released in full, the amount can be refunded again", async (amount, code) => {
    const { m, payment, refundId } = await refundOf(amount);
    expect((await wallet(m.merchant.id, "XOF")).available).toBe(100_000n - BigInt(amount));
    const final = await driveRefund(refundId);
    expect(final).toMatchObject({ status: "failed", errorCode: code, errorMessage: expect.any(String), completedAt: expect.any(Date) });
    expect((await wallet(m.merchant.id, "XOF")).available).toBe(100_000n);
    const view = await paymentStatus(m.headers, payment.id);
    expect(view.json).toMatchObject({ status: "success", refundedAmount: 0, refunds: [{ refundId, status: "failed", errorCode: code }] });
    const failedEvent = (await events(m.merchant.id)).find((e) => e.type === "refund.failed");
    expect(failedEvent?.data).toMatchObject({ refundId, transactionId: payment.id, errorCode: code });
    expect((await getPrisma().then((p) => p.ledgerHold.findUniqueOrThrow({ where: { id: refundId } }))).status).toBe("released");
    // The failed amount is no longer reserved: the whole payment can still be refunded.
    expect((await refund(m.headers, payment.id, {})).json).toMatchObject({ amount: 10_000, status: "pending" });
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("…99 never answers: processing past the provider timeout, its amount still held, in review (our timer never releases a refund)", async () => {
    const { m, refundId } = await refundOf(1_099);
    const t0 = new Date();
    await submitOrder(refundId, { now: t0 });
    const prisma = await getPrisma();
    expect((await prisma.refund.findUniqueOrThrow({ where: { id: refundId } })).status).toBe("processing");
    await pollOrder(refundId, { now: new Date(t0.getTime() + 60_000) });
    expect((await prisma.refund.findUniqueOrThrow({ where: { id: refundId } })).status).toBe("processing");
    const late = new Date(t0.getTime() + 31 * 60_000); // past PROVIDER_TIMEOUT_SECONDS (1800)
    expect(await pollOrder(refundId, { now: late })).toEqual({ rescheduleAt: new Date(late.getTime() + 3600_000) });
    expect(await prisma.refund.findUniqueOrThrow({ where: { id: refundId } })).toMatchObject({ status: "processing", errorCode: null });
    expect((await wallet(m.merchant.id, "XOF")).available).toBe(100_000n - 1_099n);
    expect(await prisma.orderReview.findUniqueOrThrow({ where: { orderId: refundId } })).toMatchObject({ reason: "window_passed", resolvedAt: null });
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("a submit job run twice sends once (one reference), and a poll of a final refund changes nothing", async () => {
    const { refundId } = await refundOf(2_000);
    await Promise.all([submitOrder(refundId), submitOrder(refundId)]);
    const prisma = await getPrisma();
    const r = await prisma.refund.findUniqueOrThrow({ where: { id: refundId } });
    expect(r.providerRequestRef).toBe(refundId);
    await driveRefund(refundId);
    const done = await prisma.refund.findUniqueOrThrow({ where: { id: refundId } });
    await pollOrder(refundId);
    expect(await prisma.refund.findUniqueOrThrow({ where: { id: refundId } })).toEqual(done);
    expect(await prisma.refundStatusChange.count({ where: { refundId } })).toBe(3);
  });
});
