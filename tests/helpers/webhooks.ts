import { getPrisma } from "@/lib/db/client";
import { runDueJobs } from "@/lib/jobs/run-due-jobs";
import { deliveryJobKey, recordWebhookEvent, type RecordWebhookEventInput } from "@/lib/webhooks/record-webhook-event";
import { WEBHOOK_DELIVER_JOB } from "@/lib/webhooks/webhook-config";
import type { WebhookEvent } from "@/lib/db/generated/client";
import { platformJobs } from "@/lib/platform/jobs";

/**
 * Webhook test helpers. Test files run in parallel and, on PostgreSQL, share the jobs table:
 * another file's runner may pick up one of our due delivery jobs (it then POSTs to our
 * receiver just the same). So tests wait for the event's state in the database instead of
 * trusting what their own runDueJobs call returned, and `hold` keeps a job out of every
 * runner's reach (committed with a far-away runAt in the same transaction).
 */
export async function recordTestEvent(
  merchantId: string,
  overrides: Partial<Omit<RecordWebhookEventInput, "merchantId">> & { hold?: boolean } = {},
) {
  const prisma = await getPrisma();
  const { hold, ...input } = overrides;
  return prisma.$transaction(async (tx) => {
    const event = await recordWebhookEvent(tx, {
      merchantId,
      environment: "sandbox",
      type: "payment.success",
      data: { transactionId: `txn_test_${Math.random().toString(36).slice(2)}`, status: "success", amount: 5000, currency: "XOF" },
      ...input,
    });
    // (updateMany: an event with nowhere to go has no job to hold)
    if (hold) await tx.job.updateMany({ where: { dedupeKey: deliveryJobKey(event.id) }, data: { runAt: new Date(Date.now() + 365 * 86_400_000) } });
    return event;
  });
}

export async function deliveryJob(eventId: string) {
  return (await getPrisma()).job.findUniqueOrThrow({ where: { dedupeKey: deliveryJobKey(eventId) } });
}

/** Makes the event's (rescheduled or held) delivery job due now. */
export async function makeDeliveryDue(eventId: string) {
  await (await getPrisma()).job.update({ where: { dedupeKey: deliveryJobKey(eventId) }, data: { runAt: new Date(Date.now() - 1000) } });
}

/** Runs webhook jobs until the event satisfies `until` (10 s at most). */
export async function driveDelivery(eventId: string, until: (e: WebhookEvent) => boolean, run = () => runDueJobs({ jobs: platformJobs, types: [WEBHOOK_DELIVER_JOB] })) {
  const prisma = await getPrisma();
  const deadline = Date.now() + 10_000;
  for (;;) {
    await run();
    const event = await prisma.webhookEvent.findUniqueOrThrow({ where: { id: eventId } });
    if (until(event)) return event;
    if (Date.now() > deadline) throw new Error(`event ${eventId} never reached the expected state: ${event.status}, ${event.attempts} attempts`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function attemptsOf(eventId: string) {
  return (await getPrisma()).webhookDeliveryAttempt.findMany({ where: { eventId }, orderBy: { attempt: "asc" } });
}
