import { z } from "zod";
import { defineJobType } from "@/lib/jobs/define-job";

/**
 * The jobs of a duplicate charge's refund (types and payloads; order-jobs.ts binds them to the
 * engine): `duplicate_charge.submit` sends the refund of what an operator took twice;
 * `duplicate_charge.poll` asks for its outcome on the engine's cadence.
 */
const duplicateChargeId = z.string().startsWith("dup_");

export const submitDuplicateRefundJob = defineJobType("duplicate_charge.submit", z.object({ duplicateChargeId }));
export const pollDuplicateRefundJob = defineJobType("duplicate_charge.poll", z.object({ duplicateChargeId }));
