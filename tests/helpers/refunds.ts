import { POST as refundRoute } from "@/app/api/v1/payments/[transactionId]/refund/route";
import { GET as statusRoute } from "@/app/api/v1/payments/status/[transactionId]/route";
import { GET as detailRoute } from "@/app/api/v1/payments/transactions/[transactionId]/route";
import { getPrisma } from "@/lib/db/client";
import { call } from "./http";
import { directBody, driveToFinal, initiatePayment } from "./payments";
import { pollOrder, submitOrder } from "@/lib/orders/orders";

/** A direct sandbox payment driven to `success` (amount in XOF). */
export async function paidPayment(headers: Record<string, string>, amount = 10_000, overrides: Record<string, unknown> = {}) {
  const created = await initiatePayment(headers, directBody({ amount, ...overrides }));
  if (created.status !== 201) throw new Error(`initiate: ${created.status} ${created.text}`);
  const payment = await driveToFinal(created.json.data.transactionId);
  if (payment.status !== "success") throw new Error(`payment ended ${payment.status}`);
  return payment;
}

export function refund(headers: Record<string, string>, transactionId: string, body: unknown = {}) {
  return call(refundRoute, { path: `/payments/${transactionId}/refund`, headers, body, params: { transactionId } });
}

export function paymentStatus(headers: Record<string, string>, transactionId: string) {
  return call(statusRoute, { path: `/payments/status/${transactionId}`, headers, params: { transactionId } });
}

export function paymentDetail(headers: Record<string, string>, transactionId: string) {
  return call(detailRoute, { path: `/payments/transactions/${transactionId}`, headers, params: { transactionId } });
}

/** Runs a refund's provider jobs the way the runner would: submit, then poll to a final state. */
export async function driveRefund(refundId: string, maxPolls = 5) {
  const prisma = await getPrisma();
  await submitOrder(refundId);
  for (let i = 0; i < maxPolls; i++) {
    const r = await prisma.refund.findUniqueOrThrow({ where: { id: refundId } });
    if (r.status !== "processing" && r.status !== "pending") return r;
    await pollOrder(refundId);
  }
  return prisma.refund.findUniqueOrThrow({ where: { id: refundId } });
}

/** Webhook event types of one merchant, oldest first, with the id their data names. */
export async function events(merchantId: string) {
  const rows = await (await getPrisma()).webhookEvent.findMany({ where: { merchantId }, orderBy: [{ createdAt: "asc" }, { seq: "asc" }] });
  return rows.map((e) => ({ type: e.type, data: (e.payload as { data: Record<string, any> }).data }));
}
