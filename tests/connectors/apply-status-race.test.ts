import { beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import type { Payment } from "@/lib/db/generated/client";
import type { ConnectorOutcome } from "@/lib/connectors/connector";
import { applyOrderStatus } from "@/lib/orders/apply-order-status";
import { paymentOrders } from "@/lib/payments/payment-orders";
import { createTestMerchant } from "../helpers/merchants";
import { directBody, eventTypes, initiatePayment } from "../helpers/payments";
import { ensureReferenceData } from "../helpers/reference";

beforeAll(() => ensureReferenceData());

/**
 * A callback read the payment while the submit's own answer was being applied: its row is stale
 * when it applies. The answer must land on where the payment stands now, not be dropped (seen:
 * pawaPay's FAILED callback answered 200 and lost under load).
 */
const applyPaymentStatus = (row: Payment, outcome: ConnectorOutcome, options: { note?: string } = {}) => applyOrderStatus(paymentOrders, row, outcome, options);

describe("applyOrderStatus with a row read before a concurrent change", () => {
  it("a final answer on a stale pending row still fails the payment that moved to processing", async () => {
    const m = await createTestMerchant();
    const res = await initiatePayment(m.headers, directBody());
    expect(res.status).toBe(201);
    const id = (res.json as { data: { transactionId: string } }).data.transactionId;
    const prisma = await getPrisma();
    const stale = await prisma.payment.findUniqueOrThrow({ where: { id } });
    expect(stale.status).toBe("pending");

    expect(await applyPaymentStatus(stale, { status: "processing" }, { note: "submit answered" })).toMatchObject({ status: "processing" });
    const failed = await applyPaymentStatus(stale, { status: "failed", reason: "insufficient_funds", message: "Not enough money" }, { note: "provider callback" });
    expect(failed).toMatchObject({ status: "failed", errorCode: "insufficient_funds" });
    expect(await eventTypes(m.merchant.id, id)).toEqual(["payment.pending", "payment.processing", "payment.failed"]);
  });

  it("an answer that does not move a fresh row changes nothing", async () => {
    const m = await createTestMerchant();
    const id = ((await initiatePayment(m.headers, directBody())).json as { data: { transactionId: string } }).data.transactionId;
    const prisma = await getPrisma();
    const row = await prisma.payment.findUniqueOrThrow({ where: { id } });
    const processing = (await applyPaymentStatus(row, { status: "processing" }))!;
    expect(await applyPaymentStatus(processing, { status: "processing" })).toBeNull();
    expect(await applyPaymentStatus(row, { status: "processing" })).toBeNull(); // stale and re-read: still nothing to do
  });
});
