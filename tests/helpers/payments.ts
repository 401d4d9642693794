import { POST as initiate } from "@/app/api/v1/payments/initiate/route";
import { getPrisma } from "@/lib/db/client";
import { call } from "./http";
import { pollOrder, submitOrder } from "@/lib/orders/orders";

let counter = 0;
export const uniqueRef = (prefix = "order") => `${prefix}-${Date.now()}-${process.pid}-${++counter}`;

export const directBody = (overrides: Record<string, unknown> = {}) => ({
  type: "direct",
  amount: 5000,
  externalReference: uniqueRef(),
  provider: "orange",
  country: "SN",
  customerPhone: "+221770000012",
  ...overrides,
});

export async function initiatePayment(headers: Record<string, string>, body: Record<string, unknown>) {
  return call(initiate, { path: "/payments/initiate", headers, body });
}

/** Runs the payment's provider jobs the way the runner would: submit, then poll to a final state. */
export async function driveToFinal(paymentId: string, maxPolls = 5) {
  await submitOrder(paymentId);
  for (let i = 0; i < maxPolls; i++) {
    const p = await (await getPrisma()).payment.findUniqueOrThrow({ where: { id: paymentId } });
    if (p.status !== "processing") return p;
    await pollOrder(paymentId);
  }
  return (await getPrisma()).payment.findUniqueOrThrow({ where: { id: paymentId } });
}

/** The webhook event types recorded for one payment, oldest first. */
export async function eventTypes(merchantId: string, paymentId: string): Promise<string[]> {
  const events = await (await getPrisma()).webhookEvent.findMany({ where: { merchantId }, orderBy: [{ createdAt: "asc" }, { seq: "asc" }] });
  return events.filter((e) => (e.payload as { data?: { transactionId?: string } }).data?.transactionId === paymentId).map((e) => e.type);
}
