import { z } from "zod";
import { defineJobType } from "@/lib/jobs/define-job";

/**
 * The provider jobs of refunds (types and payloads; the order engine runs them,
 * lib/orders/order-jobs.ts): refund.submit sends the refund through the provider's `refund`
 * route; refund.poll asks for the outcome on the engine's cadence.
 */
const refundId = z.string().startsWith("rf_");

export const submitRefundJob = defineJobType("refund.submit", z.object({ refundId }));
export const pollRefundJob = defineJobType("refund.poll", z.object({ refundId }));
