import { registerJobHandler } from "@/lib/jobs/job-handlers";
import { deliverScheduledAttempt } from "./deliver-webhook-event";
import { WEBHOOK_DELIVER_JOB } from "./webhook-config";

/**
 * The outbox job behind every event (`webhook.deliver`, payload `{eventId}`, dedupe key
 * `webhook.deliver:<eventId>`): one scheduled attempt per run; the retry schedule is carried
 * by `rescheduleAt` (not by the generic job retry, which only covers crashes of the handler
 * itself, e.g. the database being unreachable). Imported by lib/jobs/register-handlers.ts.
 */
registerJobHandler(WEBHOOK_DELIVER_JOB, async (payload) => {
  const eventId = payload.eventId;
  if (typeof eventId !== "string") throw new Error("webhook.deliver job without an eventId");
  const next = await deliverScheduledAttempt(eventId);
  return next ?? undefined;
});
