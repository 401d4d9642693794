import { handleJob } from "@/lib/jobs/define-job";
import { pollPaymentJob, submitPaymentJob } from "@/lib/payments/payment-jobs";
import { pollPayoutJob, submitPayoutJob } from "@/lib/payouts/payout-jobs";
import { pollRefundJob, submitRefundJob } from "@/lib/refunds/refund-jobs";
import { checkOrderJob } from "./check-order-job";
import { pollDuplicateRefundJob, submitDuplicateRefundJob } from "./duplicate-charge-jobs";
import { pollOrder, recheckOrder, submitOrder } from "./orders";

/**
 * The engine's jobs: each domain's submit and poll job types (their leaf modules) bound to the
 * engine, and the re-check. Listed by the composition root (lib/platform/jobs.ts).
 */
export const orderJobs = [
  handleJob(submitPaymentJob, ({ paymentId, attempt }) => submitOrder(paymentId, { attempt })),
  handleJob(pollPaymentJob, ({ paymentId }) => pollOrder(paymentId)),
  handleJob(submitPayoutJob, ({ payoutId }) => submitOrder(payoutId)),
  handleJob(pollPayoutJob, ({ payoutId }) => pollOrder(payoutId)),
  handleJob(submitRefundJob, ({ refundId }) => submitOrder(refundId)),
  handleJob(pollRefundJob, ({ refundId }) => pollOrder(refundId)),
  handleJob(submitDuplicateRefundJob, ({ duplicateChargeId }) => submitOrder(duplicateChargeId)),
  handleJob(pollDuplicateRefundJob, ({ duplicateChargeId }) => pollOrder(duplicateChargeId)),
  handleJob(checkOrderJob, ({ id, reference }) => recheckOrder(id, { reference })),
] as const;
