import { z } from "zod";
import { defineJobType } from "@/lib/jobs/define-job";

/**
 * The provider jobs of payouts (types and payloads; the order engine runs them,
 * lib/orders/order-jobs.ts): payout.submit sends a pending payout (or leaves it queued while its
 * provider is unavailable); payout.poll asks for the outcome on the engine's cadence.
 */
const payoutId = z.string().startsWith("po_");

export const submitPayoutJob = defineJobType("payout.submit", z.object({ payoutId }));
export const pollPayoutJob = defineJobType("payout.poll", z.object({ payoutId }));
