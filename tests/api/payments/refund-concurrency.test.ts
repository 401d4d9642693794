import { beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { reconcileLedger } from "@/lib/ledger";
import { fund, wallet } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";
import { driveRefund, paidPayment, paymentStatus, refund } from "../../helpers/refunds";
import { ensureReferenceData } from "../../helpers/reference";

beforeAll(() => ensureReferenceData());

/** Concurrency only means something on PostgreSQL (PGlite is one connection): `npm run test:pg -- <this file>`. */
describe.runIf(!!process.env.DATABASE_URL)("refunds under concurrency (PostgreSQL)", () => {
  it("50 concurrent partial refunds of one 10,000 XOF payment: exactly 10 of 1,000 get through, never more than its amount", async () => {
    const m = await createTestMerchant({ plan: "enterprise" });
    await fund(m.merchant.id, "XOF", 1_000_000n);
    const payment = await paidPayment(m.headers, 10_000);
    const results = await Promise.all(Array.from({ length: 50 }, () => refund(m.headers, payment.id, { amount: 1_000 })));
    const accepted = results.filter((r) => r.status === 201);
    expect(accepted).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 201);
    expect(new Set(refused.map((r) => `${r.status} ${r.json.code}`))).toEqual(new Set(["422 invalid_state"]));

    const prisma = await getPrisma();
    expect(await prisma.refund.count({ where: { paymentId: payment.id } })).toBe(10);
    expect((await prisma.payment.findUniqueOrThrow({ where: { id: payment.id } })).refundReserved).toBe(10_000n);
    expect((await wallet(m.merchant.id, "XOF")).available).toBe(990_000n);

    // Driven to the end concurrently too: the payment is refunded exactly once, for its amount.
    await Promise.all(accepted.map((r) => driveRefund(r.json.refundId)));
    const view = await paymentStatus(m.headers, payment.id);
    expect(view.json).toMatchObject({ status: "refunded", refundedAmount: 10_000 });
    expect(await prisma.webhookEvent.count({ where: { merchantId: m.merchant.id, type: "payment.refunded" } })).toBe(1);
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("50 concurrent full refunds: exactly one", async () => {
    const m = await createTestMerchant({ plan: "enterprise" });
    await fund(m.merchant.id, "XOF", 1_000_000n);
    const payment = await paidPayment(m.headers, 10_000);
    const results = await Promise.all(Array.from({ length: 50 }, () => refund(m.headers, payment.id, {})));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(new Set(results.filter((r) => r.status !== 201).map((r) => r.status))).toEqual(new Set([422]));
    expect((await wallet(m.merchant.id, "XOF")).available).toBe(990_000n);
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("a balance covering 5 of 50 concurrent refunds: exactly 5, the rest 422 insufficient_balance, never below zero", async () => {
    const m = await createTestMerchant({ plan: "enterprise" });
    await fund(m.merchant.id, "XOF", 5_500n);
    const payment = await paidPayment(m.headers, 100_000);
    const results = await Promise.all(Array.from({ length: 50 }, () => refund(m.headers, payment.id, { amount: 1_000 })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(new Set(results.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.json.code}`))).toEqual(new Set(["422 insufficient_balance"]));
    expect((await wallet(m.merchant.id, "XOF")).available).toBe(500n);
    const prisma = await getPrisma();
    // Refused refunds reserved nothing: the reservation rolled back with the hold.
    expect((await prisma.payment.findUniqueOrThrow({ where: { id: payment.id } })).refundReserved).toBe(5_000n);
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });
});
