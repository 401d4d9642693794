/**
 * Every job type of the platform, as typed definitions (defineJob), in ONE list: the runners
 * (in-process, Inngest) and tests find handlers here (job-handlers.ts), and enqueueJob checks
 * payloads against these schemas. A domain adds its job definition to this list.
 *
 * A function, not a constant: the job modules import enqueueJob, whose payload checks read this
 * list; reading it only when called keeps module loading free of cycles.
 */
import { submitPaymentJob, pollPaymentJob } from "@/lib/payments/payment-jobs";
import { submitPayoutJob, pollPayoutJob } from "@/lib/payouts/payout-jobs";
import { deliverWebhookJob } from "@/lib/webhooks/deliver-webhook-job";
import { checkConnectorOrderJob } from "@/lib/connectors/check-order-job";
import { submitRefundJob, pollRefundJob } from "@/lib/refunds/refund-jobs";

export const jobDefinitions = () => [deliverWebhookJob, submitPaymentJob, pollPaymentJob, submitPayoutJob, pollPayoutJob, submitRefundJob, pollRefundJob, checkConnectorOrderJob] as const;

export type JobDefinitions = ReturnType<typeof jobDefinitions>;
