import { afterEach, describe, expect, it, vi } from "vitest";
import { InngestTestEngine } from "@inngest/test";
import { Webhook } from "standardwebhooks";
import { drainOutbox } from "@/inngest/functions/drain-outbox";
import { closeDatabase, getDatabase, getPrisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { deliverScheduledAttempt, retryDelayWithJitter, sendWebhookEvent } from "@/lib/webhooks/deliver-webhook-event";
import { enableWebhookEndpoint } from "@/lib/webhooks/enable-webhook-endpoint";
import { getOrCreateEndpoint } from "@/lib/webhooks/get-or-create-endpoint";
import { deliveryJobKey, recordWebhookEvent } from "@/lib/webhooks/record-webhook-event";
import { listWebhookEvents } from "@/lib/webhooks/list-webhook-events";
import { resendWebhookEvent } from "@/lib/webhooks/resend-webhook-event";

import { revealWebhookSecret } from "@/lib/webhooks/reveal-webhook-secret";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";
import { setWebhookUrl } from "@/lib/webhooks/set-webhook-url";
import { RETRY_DELAYS_MS, WEBHOOK_DELIVER_JOB, webhookConcurrencyKey } from "@/lib/webhooks/webhook-config";
import { createTestMerchant } from "../helpers/merchants";
import { startReceiver, type Answer, type ReceivedRequest } from "../helpers/webhook-receiver";
import { attemptsOf, deliveryJob, driveDelivery, makeDeliveryDue, recordTestEvent } from "../helpers/webhooks";
import { platformJobs } from "@/lib/platform/jobs";

/**
 * Delivery through the outbox runner to a real HTTP receiver on 127.0.0.1, on a real database.
 * Every test has its own merchant and receiver; see tests/helpers/webhooks.ts for why tests
 * wait on the event's state rather than on their own runner's return value.
 */
let receivers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  receivers = [];
});

async function merchantWithReceiver(answer?: (n: number, req: ReceivedRequest) => Answer) {
  const receiver = await startReceiver(answer);
  receivers.push(receiver);
  const m = await createTestMerchant();
  await setWebhookUrl(m.merchant.id, "sandbox", receiver.url, "test");
  // The merchant's one look at its secret (stored encrypted; shown once).
  const secret = await revealWebhookSecret(m.merchant.id, "sandbox", "test");
  return { merchantId: m.merchant.id, receiver, secret };
}

const settled = (e: { status: string }) => e.status !== "pending";

describe("webhook delivery", () => {
  it("POSTs the event body signed so that the official standardwebhooks verifier accepts it, and a tampered body is rejected", async () => {
    const { merchantId, receiver, secret } = await merchantWithReceiver();
    const data = { transactionId: "txn_abc", status: "success", amount: 5000, currency: "XOF", metadata: { order: "A-1" } };
    const recorded = await recordTestEvent(merchantId, { type: "payment.success", data });

    const event = await driveDelivery(recorded.id, settled);
    expect(event.status).toBe("delivered");
    expect(event.deliveredAt).toBeInstanceOf(Date);
    expect(receiver.requests).toHaveLength(1);
    const { headers, body } = receiver.requests[0];

    const verified = new Webhook(secret).verify(body, headers);
    expect(verified).toEqual({ id: recorded.id, type: "payment.success", createdAt: recorded.createdAt.toISOString(), environment: "sandbox", data });
    expect(Object.keys(JSON.parse(body))).toEqual(["id", "type", "createdAt", "environment", "data"]);
    expect(headers["webhook-id"]).toBe(recorded.id);
    expect(() => new Webhook(secret).verify(body.replace("5000", "50000"), headers)).toThrow(/No matching signature/);

    const attempts = await attemptsOf(recorded.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ attempt: 1, manual: false, url: receiver.url, statusCode: 200, error: null, nextAttemptAt: null, responseBodyExcerpt: null }); // a private receiver's body is never kept
    expect(attempts[0].durationMs).toBeGreaterThanOrEqual(0);
    expect((await deliveryJob(recorded.id)).status).toBe("succeeded");
  });

  it("sends to the transaction's callbackUrl rather than the merchant's URL", async () => {
    const { merchantId, receiver } = await merchantWithReceiver();
    const callback = await startReceiver();
    receivers.push(callback);
    const recorded = await recordTestEvent(merchantId, { callbackUrl: callback.url });
    await driveDelivery(recorded.id, settled);
    expect(callback.requests).toHaveLength(1);
    expect(receiver.requests).toHaveLength(0);
  });

  it("retries a 500 on the schedule and records both attempts; the second, a 200, delivers", async () => {
    const { merchantId, receiver } = await merchantWithReceiver((n) => (n === 1 ? { status: 500, body: "database down" } : { status: 200, body: "thanks" }));
    const recorded = await recordTestEvent(merchantId);

    const before = Date.now();
    const afterFirst = await driveDelivery(recorded.id, (e) => e.attempts >= 1);
    expect(afterFirst.status).toBe("pending");
    // First retry 5 s later, ±10 % jitter; the outbox job is rescheduled to that instant.
    const delay = afterFirst.nextAttemptAt!.getTime() - before;
    expect(delay).toBeGreaterThanOrEqual(4500 - 50);
    expect(delay).toBeLessThanOrEqual(5500 + 2000);
    const job = await deliveryJob(recorded.id);
    expect(job).toMatchObject({ status: "pending", runAt: afterFirst.nextAttemptAt });

    await makeDeliveryDue(recorded.id);
    const done = await driveDelivery(recorded.id, settled);
    expect(done.status).toBe("delivered");
    expect(done.nextAttemptAt).toBeNull();

    expect(receiver.requests).toHaveLength(2);
    expect(receiver.requests[1].headers["webhook-id"]).toBe(receiver.requests[0].headers["webhook-id"]);
    expect(receiver.requests[1].body).toBe(receiver.requests[0].body);
    const attempts = await attemptsOf(recorded.id);
    expect(attempts.map((a) => [a.attempt, a.statusCode, a.responseBodyExcerpt])).toEqual([
      [1, 500, null], // 127.0.0.1: the status is recorded, the body never
      [2, 200, null],
    ]);
    expect(attempts[0].nextAttemptAt).toEqual(afterFirst.nextAttemptAt);
    expect(attempts[1].nextAttemptAt).toBeNull();
    for (const a of attempts) expect(a.durationMs).toBeGreaterThanOrEqual(0);
    expect((await deliveryJob(recorded.id)).status).toBe("succeeded");
  });

  it("a 410 disables the merchant's endpoint and stops retrying; later events are not sent until it is re-enabled", async () => {
    let gone = true;
    const { merchantId, receiver } = await merchantWithReceiver(() => (gone ? { status: 410, body: "gone" } : { status: 200 }));
    const first = await recordTestEvent(merchantId);
    const event = await driveDelivery(first.id, settled);
    expect(event).toMatchObject({ status: "disabled", nextAttemptAt: null, attempts: 1 });
    expect((await attemptsOf(first.id))[0]).toMatchObject({ statusCode: 410, nextAttemptAt: null });
    expect((await deliveryJob(first.id)).status).toBe("succeeded"); // no reschedule
    const endpoint = await getOrCreateEndpoint(merchantId, "sandbox");
    expect(endpoint.disabledAt).toBeInstanceOf(Date);
    expect(endpoint.disabledReason).toContain(first.id);

    const second = await recordTestEvent(merchantId);
    expect(await driveDelivery(second.id, settled)).toMatchObject({ status: "disabled", attempts: 0 });
    expect(receiver.requests).toHaveLength(1);

    gone = false;
    await enableWebhookEndpoint(merchantId, "sandbox", "test");
    const third = await recordTestEvent(merchantId);
    expect((await driveDelivery(third.id, settled)).status).toBe("delivered");
    expect(receiver.requests).toHaveLength(2);
  });

  it("a 410 from a callbackUrl stops that event but leaves the merchant's endpoint enabled", async () => {
    const { merchantId } = await merchantWithReceiver();
    const callback = await startReceiver(() => ({ status: 410 }));
    receivers.push(callback);
    const recorded = await recordTestEvent(merchantId, { callbackUrl: callback.url });
    expect((await driveDelivery(recorded.id, settled)).status).toBe("disabled");
    expect((await getOrCreateEndpoint(merchantId, "sandbox")).disabledAt).toBeNull();
  });

  it("records a timeout as a failed attempt with no status code and schedules a retry", async () => {
    const { merchantId, receiver } = await merchantWithReceiver(() => "hang");
    // Held: no runner (of this or another test file) may pick it up with the 15 s default.
    const recorded = await recordTestEvent(merchantId, { hold: true });
    const started = Date.now();
    const next = await deliverScheduledAttempt(recorded.id, { timeoutMs: 250 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(next?.rescheduleAt).toBeInstanceOf(Date);
    const [attempt] = await attemptsOf(recorded.id);
    expect(attempt).toMatchObject({ attempt: 1, statusCode: null, error: "Timed out after 250 ms.", responseBodyExcerpt: null });
    expect(attempt.durationMs).toBeGreaterThanOrEqual(240);
    expect(attempt.nextAttemptAt).toEqual(next!.rescheduleAt);
    expect(receiver.requests).toHaveLength(1);
  });

  it("the registered job handler takes its timeout from WEBHOOK_TIMEOUT_MS", async () => {
    process.env.WEBHOOK_TIMEOUT_MS = "200";
    try {
      const { merchantId } = await merchantWithReceiver(() => "hang");
      const recorded = await recordTestEvent(merchantId, { hold: true });
      // The handler the runner calls, run on this one held job only.
      const result = await platformJobs.handler(WEBHOOK_DELIVER_JOB)!({ eventId: recorded.id }, { id: "job_x", attempts: 1 });
      expect(result).toMatchObject({ rescheduleAt: expect.any(Date) });
      expect((await attemptsOf(recorded.id))[0].error).toBe("Timed out after 200 ms.");
    } finally {
      delete process.env.WEBHOOK_TIMEOUT_MS;
    }
  });

  it("follows the whole schedule (5 s … 24 h, ±10 %) and marks the event failed after the 10th failure", async () => {
    const { merchantId, receiver } = await merchantWithReceiver(() => ({ status: 503 }));
    const recorded = await recordTestEvent(merchantId, { hold: true });
    const delays: number[] = [];
    for (let i = 1; i <= 10; i++) {
      const before = Date.now();
      const next = await deliverScheduledAttempt(recorded.id, { random: () => 1 }); // +10 %
      if (i < 10) delays.push(next!.rescheduleAt.getTime() - before);
      else expect(next).toBeNull();
    }
    delays.forEach((d, i) => {
      expect(d).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[i] * 1.1 - 5);
      expect(d).toBeLessThanOrEqual(RETRY_DELAYS_MS[i] * 1.1 + 1000);
    });
    const event = await (await getPrisma()).webhookEvent.findUniqueOrThrow({ where: { id: recorded.id } });
    expect(event).toMatchObject({ status: "failed", attempts: 10, nextAttemptAt: null, deliveredAt: null });
    expect(receiver.requests).toHaveLength(10);
    // A failed event is left alone by a stray run of its job.
    expect(await deliverScheduledAttempt(recorded.id)).toBeNull();
    expect(receiver.requests).toHaveLength(10);
  });

  it("jitter stays within ±10 % of the schedule", () => {
    expect(retryDelayWithJitter(1, () => 0)).toBe(4500);
    expect(retryDelayWithJitter(1, () => 1)).toBe(5500);
    expect(retryDelayWithJitter(9, () => 0.5)).toBe(24 * 3600_000);
    expect(retryDelayWithJitter(10)).toBeNull();
  });

  it("with no URL anywhere the event is kept, visible and skipped, with no attempt", async () => {
    const m = await createTestMerchant();
    const recorded = await recordTestEvent(m.merchant.id);
    const event = await driveDelivery(recorded.id, settled);
    expect(event).toMatchObject({ status: "skipped", attempts: 0, nextAttemptAt: null });
    expect(await attemptsOf(recorded.id)).toEqual([]);
  });

  it("with nowhere to send it an event gets no delivery job: recorded skipped (or disabled after a 410), listed, and a resend delivers it once a URL is set", async () => {
    const prisma = await getPrisma();
    const m = await createTestMerchant();
    const recorded = await recordTestEvent(m.merchant.id);
    expect(await prisma.webhookEvent.findUniqueOrThrow({ where: { id: recorded.id } })).toMatchObject({ status: "skipped", attempts: 0, nextAttemptAt: null });
    expect(await prisma.job.findUnique({ where: { dedupeKey: deliveryJobKey(recorded.id) } })).toBeNull();
    const listed = await listWebhookEvents(m.merchant.id, "sandbox", { status: "skipped" }, { page: 1, limit: 10, skip: 0 });
    expect(listed.events.map((e) => e.id)).toEqual([recorded.id]);

    // A callbackUrl is somewhere to send it: a job, under the merchant's concurrency key.
    const callback = await startReceiver();
    receivers.push(callback);
    const withCallback = await recordTestEvent(m.merchant.id, { callbackUrl: callback.url, hold: true });
    expect(await prisma.webhookEvent.findUniqueOrThrow({ where: { id: withCallback.id } })).toMatchObject({ status: "pending" });
    expect((await deliveryJob(withCallback.id)).concurrencyKey).toBe(webhookConcurrencyKey(m.merchant.id));

    // The merchant's endpoint disabled by a 410: recorded disabled, no job either.
    const receiver = await startReceiver();
    receivers.push(receiver);
    await setWebhookUrl(m.merchant.id, "sandbox", receiver.url, "test");
    await prisma.webhookEndpoint.update({ where: { merchantId_environment: { merchantId: m.merchant.id, environment: "sandbox" } }, data: { disabledAt: new Date() } });
    const disabled = await recordTestEvent(m.merchant.id);
    expect(await prisma.webhookEvent.findUniqueOrThrow({ where: { id: disabled.id } })).toMatchObject({ status: "disabled", attempts: 0 });
    expect(await prisma.job.findUnique({ where: { dedupeKey: deliveryJobKey(disabled.id) } })).toBeNull();

    await enableWebhookEndpoint(m.merchant.id, "sandbox", "test");
    const resent = await resendWebhookEvent(m.merchant.id, "sandbox", recorded.id);
    expect(resent).toMatchObject({ status: "delivered", attemptCount: 1 });
    expect(receiver.requests.map((r) => r.headers["webhook-id"])).toEqual([recorded.id]);
  });

  it("during a secret rotation each message carries both signatures; old and new secrets verify", async () => {
    const { merchantId, receiver, secret: oldSecret } = await merchantWithReceiver();
    const { secret: newSecret, previousValidUntil } = await rotateWebhookSecret(merchantId, "sandbox", "test");
    expect(previousValidUntil.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    const recorded = await recordTestEvent(merchantId);
    await driveDelivery(recorded.id, settled);
    const { headers, body } = receiver.requests[0];
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(new Webhook(newSecret).verify(body, headers)).toMatchObject({ id: recorded.id });
    expect(new Webhook(oldSecret).verify(body, headers)).toMatchObject({ id: recorded.id });

    // Once the grace period is over only the new secret signs.
    await (await getPrisma()).webhookEndpoint.update({
      where: { merchantId_environment: { merchantId, environment: "sandbox" } },
      data: { previousSecretExpiresAt: new Date(Date.now() - 1000) },
    });
    const later = await recordTestEvent(merchantId);
    await driveDelivery(later.id, settled);
    const last = receiver.requests[1];
    expect(last.headers["webhook-signature"].split(" ")).toHaveLength(1);
    expect(() => new Webhook(oldSecret).verify(last.body, last.headers)).toThrow();
    expect(new Webhook(newSecret).verify(last.body, last.headers)).toBeTruthy();
  });
});

describe("at-least-once", () => {
  it("an event recorded in a transaction that rolls back does not exist, nor does its job", async () => {
    const m = await createTestMerchant();
    const prisma = await getPrisma();
    let eventId = "";
    await expect(
      prisma.$transaction(async (tx) => {
        eventId = (await recordWebhookEvent(tx, { merchantId: m.merchant.id, environment: "sandbox", type: "payment.failed", data: { transactionId: "txn_rolled_back" } })).id;
        throw new Error("the state change failed");
      }),
    ).rejects.toThrow("the state change failed");
    expect(eventId).toMatch(/^evt_/);
    expect(await prisma.webhookEvent.findUnique({ where: { id: eventId } })).toBeNull();
    expect(await prisma.job.findUnique({ where: { dedupeKey: deliveryJobKey(eventId) } })).toBeNull();
  });

  it("an event committed with its state change is delivered by a runner started afresh", async () => {
    // What this proves: delivery depends only on the committed rows. The runner below comes
    // from a fresh module graph (new job registry, filled by lib/jobs/register-handlers) and,
    // on PostgreSQL, a new connection pool. It does not kill a process.
    const { merchantId, receiver } = await merchantWithReceiver();
    const prisma = await getPrisma();
    const eventId = await prisma.$transaction(async (tx) => {
      await tx.auditLog.create({ data: { id: newId("aud"), merchantId, actor: "test", action: "state.changed" } });
      return (await recordWebhookEvent(tx, { merchantId, environment: "sandbox", type: "payout.success", data: { transactionId: "txn_restart" } })).id;
    });

    if ((await getDatabase()).kind === "postgres") await closeDatabase();
    vi.resetModules();
    const fresh = await import("@/lib/jobs/run-due-jobs");
    const event = await driveDelivery(eventId, settled, () => fresh.runDueJobs({ jobs: platformJobs, types: [WEBHOOK_DELIVER_JOB] }));
    expect(event.status).toBe("delivered");
    expect(receiver.requests.map((r) => r.headers["webhook-id"])).toEqual([eventId]);
  });

  it("a crash between the POST and its record sends again once the job's lease expires, and records it once", async () => {
    const { merchantId, receiver } = await merchantWithReceiver();
    const recorded = await recordTestEvent(merchantId, { hold: true });
    const prisma = await getPrisma();
    // The runner claimed the job and POSTed, then died before recording anything.
    const event = await prisma.webhookEvent.findUniqueOrThrow({ where: { id: recorded.id } });
    await sendWebhookEvent(event, await getOrCreateEndpoint(merchantId, "sandbox"), receiver.url);
    await prisma.job.update({
      where: { dedupeKey: deliveryJobKey(recorded.id) },
      data: { status: "running", attempts: 1, runAt: new Date(Date.now() - 60_000), lockedUntil: new Date(Date.now() - 1000) },
    });
    const done = await driveDelivery(recorded.id, settled);
    expect(done).toMatchObject({ status: "delivered", attempts: 1 });
    expect(receiver.requests).toHaveLength(2);
    expect(new Set(receiver.requests.map((r) => r.headers["webhook-id"]))).toEqual(new Set([recorded.id]));
  });

  it("is driven by the Inngest outbox function (drainOutbox under @inngest/test)", async () => {
    const { merchantId, receiver } = await merchantWithReceiver();
    const recorded = await recordTestEvent(merchantId);
    const engine = new InngestTestEngine({ function: drainOutbox });
    const event = await driveDelivery(recorded.id, settled, async () => {
      const { result } = await engine.execute();
      return (result as { ran: number }).ran;
    });
    expect(event.status).toBe("delivered");
    expect(receiver.requests).toHaveLength(1);
  });
});

describe("makeDeliveryDue helper sanity", () => {
  it("held events are not picked up by runners", async () => {
    const { merchantId, receiver } = await merchantWithReceiver();
    const recorded = await recordTestEvent(merchantId, { hold: true });
    const { runDueJobs } = await import("@/lib/jobs/run-due-jobs");
    await runDueJobs({ jobs: platformJobs, types: [WEBHOOK_DELIVER_JOB] });
    expect(receiver.requests).toHaveLength(0);
    await makeDeliveryDue(recorded.id);
    expect((await driveDelivery(recorded.id, settled)).status).toBe("delivered");
  });
});
