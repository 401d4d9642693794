import { z } from "zod";
import { defineJobType } from "@/lib/jobs/define-job";

/**
 * The provider jobs of collect payments (types and payloads; the order engine runs them,
 * lib/orders/order-jobs.ts):
 * - payment.submit stores the operator-facing reference, then asks the provider to push the
 *   prompt; `attempt` is the n-th time a checkout payment is sent (a new method after a failure);
 * - payment.poll asks for the outcome on the engine's cadence.
 */
const paymentId = z.string().startsWith("txn_");

export const submitPaymentJob = defineJobType("payment.submit", z.object({ paymentId, attempt: z.number().int().positive().optional() }));
export const pollPaymentJob = defineJobType("payment.poll", z.object({ paymentId }));
