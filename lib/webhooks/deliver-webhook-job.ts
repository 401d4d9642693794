import { z } from "zod";
import { defineJobType, handleJob } from "@/lib/jobs/define-job";
import { runScheduledAttempt } from "./deliver-webhook-event";
import { WEBHOOK_DELIVER_JOB } from "./webhook-config";

/**
 * The outbox job behind every event (`webhook.deliver`, payload `{eventId}`, dedupe key
 * `webhook.deliver:<eventId>`): one scheduled attempt per run; the retry schedule is carried
 * by `rescheduleAt` (not by the generic job retry, which only covers crashes of the handler
 * itself, e.g. the database being unreachable). Its concurrency key is the merchant
 * (webhookConcurrencyKey): the webhook lane runs at most JOBS_WEBHOOK_PER_MERCHANT of one
 * merchant's deliveries at a time, and a timeout backs the merchant's others off
 * (lib/jobs/job-lanes). Listed by the composition root (lib/platform/jobs.ts).
 */
export const deliverWebhookJobType = defineJobType(WEBHOOK_DELIVER_JOB, z.object({ eventId: z.string().min(1) }));

export const deliverWebhookJob = handleJob(deliverWebhookJobType, async ({ eventId }) => {
  const step = await runScheduledAttempt(eventId);
  // A POST that did not time out (an answer, a refused connection) ends the merchant's
  // backoff; no POST (nothing to send) says nothing about the endpoint.
  return { rescheduleAt: step.rescheduleAt ?? undefined, backOffKey: step.posted ? step.timedOut : undefined };
});
