import { afterEach, describe, expect, it } from "vitest";
import { InngestTestEngine } from "@inngest/test";
import { periodicFunctions } from "@/inngest/functions/periodic";
import { getPrisma } from "@/lib/db/client";
import { periodicTasks } from "@/lib/platform/periodic-tasks";
import { runDueJobs } from "@/lib/jobs/run-due-jobs";
import { getOrCreateEndpoint } from "@/lib/webhooks/get-or-create-endpoint";
import { deliveryJobKey } from "@/lib/webhooks/record-webhook-event";
import { recoverStrandedWebhookEvents } from "@/lib/webhooks/recover-stranded-webhook-events";
import { resendWebhookEvent } from "@/lib/webhooks/resend-webhook-event";
import { setWebhookUrl } from "@/lib/webhooks/set-webhook-url";
import { DELIVERY_WINDOW_MS, WEBHOOK_DELIVER_JOB } from "@/lib/webhooks/webhook-config";
import { createTestMerchant } from "../helpers/merchants";
import { startReceiver } from "../helpers/webhook-receiver";
import { deliveryJob, driveDelivery, recordTestEvent } from "../helpers/webhooks";
import { platformJobs } from "@/lib/platform/jobs";

/**
 * A webhook event whose delivery job crashed until it used up its attempts (our failure, not
 * the receiver's): revived inside the delivery window, failed past it
 * (lib/webhooks/recover-stranded-webhook-events). The crash is real and happens in whichever
 * process runs the job: the merchant's stored secret is made unreadable, so signing throws.
 */
let receivers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});

async function merchantWithReceiver() {
  const receiver = await startReceiver();
  receivers.push(receiver);
  const m = await createTestMerchant();
  await setWebhookUrl(m.merchant.id, "sandbox", receiver.url, "test");
  const { secret } = await getOrCreateEndpoint(m.merchant.id, "sandbox");
  return { merchantId: m.merchant.id, receiver, secret };
}

async function setSecret(merchantId: string, secret: string) {
  await (await getPrisma()).webhookEndpoint.update({ where: { merchantId_environment: { merchantId, environment: "sandbox" } }, data: { secret } });
}

/** Records an event whose delivery crashes, and runs its job to its last attempt. */
async function eventWithDeadDeliveryJob(merchantId: string) {
  const prisma = await getPrisma();
  await setSecret(merchantId, "whsec_unreadable");
  const event = await recordTestEvent(merchantId);
  // As after 24 crashes already (the job's backoff would take about three hours): one more is the last.
  await prisma.job.update({ where: { dedupeKey: deliveryJobKey(event.id) }, data: { attempts: 24, runAt: new Date(Date.now() - 1000) } });
  const deadline = Date.now() + 10_000;
  while ((await deliveryJob(event.id)).status !== "failed") {
    if (Date.now() > deadline) throw new Error("the delivery job never failed");
    await runDueJobs({ jobs: platformJobs, types: [WEBHOOK_DELIVER_JOB] });
  }
  return event;
}

const settled = (e: { status: string }) => e.status !== "pending";

describe("webhook events whose delivery job died", () => {
  it("stay pending with nobody to run them (the gap); the sweep revives the job and, the cause fixed, the event is delivered", async () => {
    const { merchantId, receiver, secret } = await merchantWithReceiver();
    const prisma = await getPrisma();
    const event = await eventWithDeadDeliveryJob(merchantId);

    const job = await deliveryJob(event.id);
    expect(job).toMatchObject({ status: "failed", attempts: 25, maxAttempts: 25 });
    expect(job.lastError).toMatch(/webhook secret/);
    await runDueJobs({ jobs: platformJobs, types: [WEBHOOK_DELIVER_JOB] });
    expect(await prisma.webhookEvent.findUniqueOrThrow({ where: { id: event.id } })).toMatchObject({ status: "pending", attempts: 0 });
    expect(receiver.requests).toHaveLength(0);

    await setSecret(merchantId, secret); // the operator fixes the cause
    const swept = await recoverStrandedWebhookEvents();
    expect(swept.revived).toBeGreaterThanOrEqual(1);
    const revived = await deliveryJob(event.id);
    expect(revived).toMatchObject({ status: "pending", attempts: 0, finishedAt: null });
    expect(revived.lastError).toMatch(/webhook secret/); // kept for whoever investigates

    const delivered = await driveDelivery(event.id, settled);
    expect(delivered.status).toBe("delivered");
    expect(receiver.requests.map((r) => r.headers["webhook-id"])).toEqual([event.id]);
  });

  it("past the delivery window, the sweep (as the Inngest cron) marks the event failed; it stays listed and can be resent", async () => {
    const { merchantId, receiver, secret } = await merchantWithReceiver();
    const prisma = await getPrisma();
    const event = await eventWithDeadDeliveryJob(merchantId);
    await prisma.webhookEvent.update({ where: { id: event.id }, data: { createdAt: new Date(Date.now() - DELIVERY_WINDOW_MS - 60_000) } });

    const cron = periodicFunctions.find((f) => f.id().endsWith("recover-stranded-webhook-events"));
    expect(cron).toBeDefined();
    const { result } = await new InngestTestEngine({ function: cron! }).execute();
    expect((result as { result: { failed: number } }).result.failed).toBeGreaterThanOrEqual(1);

    expect(await prisma.webhookEvent.findUniqueOrThrow({ where: { id: event.id } })).toMatchObject({ status: "failed", nextAttemptAt: null });
    expect((await deliveryJob(event.id)).status).toBe("failed"); // not revived
    await recoverStrandedWebhookEvents(); // a later sweep leaves it alone
    expect((await deliveryJob(event.id)).status).toBe("failed");
    expect(receiver.requests).toHaveLength(0);

    await setSecret(merchantId, secret);
    const resent = await resendWebhookEvent(merchantId, "sandbox", event.id);
    expect(resent.status).toBe("delivered");
    expect(receiver.requests).toHaveLength(1);
  });

  it("leaves alone a pending event whose job is alive, and a settled event whose job died", async () => {
    const { merchantId } = await merchantWithReceiver();
    const prisma = await getPrisma();
    const waiting = await recordTestEvent(merchantId, { hold: true });
    const before = await deliveryJob(waiting.id);

    const settledEvent = await recordTestEvent(merchantId, { hold: true });
    await prisma.webhookEvent.update({ where: { id: settledEvent.id }, data: { status: "delivered", deliveredAt: new Date(), nextAttemptAt: null } });
    await prisma.job.update({ where: { dedupeKey: deliveryJobKey(settledEvent.id) }, data: { status: "failed", attempts: 25, finishedAt: new Date() } });

    await recoverStrandedWebhookEvents();
    expect(await deliveryJob(waiting.id)).toEqual(before);
    expect((await deliveryJob(settledEvent.id)).status).toBe("failed");
    expect((await prisma.webhookEvent.findUniqueOrThrow({ where: { id: settledEvent.id } })).status).toBe("delivered");
  });

  it("the sweep is a periodic task of the in-process runner too", () => {
    expect(periodicTasks.map((t) => t.id)).toContain("recover-stranded-webhook-events");
  });
});
