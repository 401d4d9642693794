import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { startInProcessRunner, type RunnerHandle } from "@/lib/jobs/in-process-runner";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { laneOf } from "@/lib/jobs/job-lanes";
import { startJobPool, type JobPool } from "@/lib/jobs/job-pool";
import { jobWakeSettled } from "@/lib/jobs/wake-job-runner";
import { setWebhookUrl } from "@/lib/webhooks/set-webhook-url";
import { WEBHOOK_DELIVER_JOB, webhookConcurrencyKey } from "@/lib/webhooks/webhook-config";
import { createTestMerchant } from "../helpers/merchants";
import { directBody, initiatePayment } from "../helpers/payments";
import { ensureReferenceData } from "../helpers/reference";
import { startReceiver, type Answer, type ReceivedRequest } from "../helpers/webhook-receiver";
import { deliveryJob, recordTestEvent } from "../helpers/webhooks";
import { registerTestJob, testJob, testJobs } from "../helpers/test-jobs";

/**
 * The job runner's worker pools (lib/jobs/job-pool, job-lanes, claim-jobs): jobs never wait
 * for each other, lanes have their own slots, one merchant's webhook deliveries are capped and
 * back off when its endpoint hangs. Real receivers on 127.0.0.1, real database.
 */

// The runner's periodic sweeps would touch other test files' rows on a shared PostgreSQL.
vi.mock("@/lib/platform/periodic-tasks", () => ({ periodicTasks: [] }));

beforeAll(() => ensureReferenceData());

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
let receivers: Receiver[] = [];
let runners: RunnerHandle[] = [];
let pools: JobPool[] = [];
const ENV_KEYS = ["JOBS_RUNNER", "WEBHOOK_TIMEOUT_MS"] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));

const merchantIds: string[] = [];

afterEach(async () => {
  // Receivers first: their hanging answers are cut, so the deliveries stuck on them end.
  await Promise.all(receivers.map((r) => r.close()));
  await Promise.all([...runners.map((r) => r.stop(5_000)), ...pools.map((p) => p.stop(5_000))]);
  await jobWakeSettled();
  // Deliveries a test left queued (60 events for a receiver now closed) would otherwise take
  // the next test's database time.
  await (await getPrisma()).job.updateMany({
    where: { concurrencyKey: { in: merchantIds.splice(0).map(webhookConcurrencyKey) }, status: { in: ["pending", "running"] } },
    data: { status: "pending", runAt: new Date(Date.now() + 365 * 86_400_000), lockedUntil: null },
  });
  receivers = [];
  runners = [];
  pools = [];
  for (const k of ENV_KEYS) {
    if (savedEnv[k] === undefined) delete process.env[k];
    else process.env[k] = savedEnv[k];
  }
});

async function receiver(answer?: (n: number, req: ReceivedRequest) => Answer) {
  const r = await startReceiver(answer);
  receivers.push(r);
  return r;
}

async function merchantWithReceiver(r: Receiver) {
  const m = await createTestMerchant();
  merchantIds.push(m.merchant.id);
  await setWebhookUrl(m.merchant.id, "sandbox", r.url, "test");
  return m;
}

const eventOf = (req: ReceivedRequest) => JSON.parse(req.body) as { id: string; type: string; data: { transactionId: string } };

describe("lanes", () => {
  it("follow the type's prefix, so a new provider-side type needs no change", () => {
    expect(["payment.submit", "payout.poll", "refund.submit", "connector.callback"].map(laneOf)).toEqual(["provider", "provider", "provider", "provider"]);
    expect(laneOf(WEBHOOK_DELIVER_JOB)).toBe("webhook");
    expect(laneOf("test.anything")).toBe("other");
  });
});

describe("one merchant's slow webhook endpoint does not stall anyone else", () => {
  it("with merchant A's receiver hanging on 60 queued events, merchant B's sandbox payment reaches success and B gets payment.success long before A's deliveries time out", async () => {
    process.env.JOBS_RUNNER = "inline";
    // Each hanging delivery holds its slot for 30 s: B's event must not wait for one to free up.
    // The bound below is that, not a speed target (a loaded CI machine takes seconds here).
    process.env.WEBHOOK_TIMEOUT_MS = "30000";
    const hanging = await receiver(() => "hang");
    const a = await merchantWithReceiver(hanging);
    const fine = await receiver();
    const b = await merchantWithReceiver(fine);
    runners.push(startInProcessRunner({ jobs: testJobs, pollMs: 500, types: ["payment.submit", "payment.poll", WEBHOOK_DELIVER_JOB] }));

    for (let i = 0; i < 60; i++) await recordTestEvent(a.merchant.id);
    await vi.waitFor(() => expect(hanging.inFlight).toBeGreaterThan(0), { timeout: 5_000 });

    const started = Date.now();
    const res = await initiatePayment(b.headers, directBody());
    expect(res.status).toBe(201);
    const paymentId = res.json.data.transactionId as string;
    await vi.waitFor(
      () => expect(fine.requests.map(eventOf).filter((e) => e.data.transactionId === paymentId).map((e) => e.type)).toContain("payment.success"),
      { timeout: 20_000, interval: 20 },
    );
    expect(Date.now() - started).toBeLessThan(20_000);
    expect((await (await getPrisma()).payment.findUniqueOrThrow({ where: { id: paymentId } })).status).toBe("success");
    // A's deliveries held at most A's cap of webhook slots (JOBS_WEBHOOK_PER_MERCHANT, 4).
    expect(hanging.maxInFlight).toBeLessThanOrEqual(4);
    expect(hanging.requests.length).toBeLessThanOrEqual(4);
  });
});

describe("worker pool", () => {
  it("a slot that frees claims the next job at once: a stuck job holds its own slot only", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let active = 0;
    let maxActive = 0;
    const fastRan: number[] = [];
    registerTestJob("test.pool-stuck", async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      await gate;
      active--;
    });
    registerTestJob("test.pool-fast", async (payload) => {
      active++;
      maxActive = Math.max(maxActive, active);
      await new Promise((r) => setTimeout(r, 20));
      fastRan.push(Number(payload.n));
      active--;
    });
    const prisma = await getPrisma();
    const pool = startJobPool({ jobs: testJobs, types: ["test.pool-stuck", "test.pool-fast"], pollMs: 50, lanes: { other: { concurrency: 2 } } });
    pools.push(pool);
    try {
      const stuck = await enqueueJob(prisma, testJob("test.pool-stuck"), {});
      await vi.waitFor(() => expect(active).toBe(1), { timeout: 30_000 });
      // Enqueued after the stuck job was claimed: a runner that waits for its batch never gets to them.
      for (let n = 1; n <= 6; n++) await enqueueJob(prisma, testJob("test.pool-fast"), { n });
      await vi.waitFor(() => expect(fastRan).toHaveLength(6), { timeout: 30_000 });
      expect(maxActive).toBe(2); // the stuck job and one fast job at a time: the lane's two slots
      expect((await prisma.job.findUniqueOrThrow({ where: { id: stuck.id } })).status).toBe("running");
    } finally {
      release();
    }
    await pool.idle();
    expect(pool.ran()).toBe(7);
  });

  it("caps one merchant's concurrent deliveries; another merchant's are delivered meanwhile", async () => {
    const slow = await receiver(() => ({ status: 200, delayMs: 400 }));
    const a = await merchantWithReceiver(slow);
    const fast = await receiver();
    const b = await merchantWithReceiver(fast);
    const aEvents: { id: string }[] = [];
    for (let i = 0; i < 8; i++) aEvents.push(await recordTestEvent(a.merchant.id));
    const bEvents = [];
    for (let i = 0; i < 3; i++) bEvents.push(await recordTestEvent(b.merchant.id));
    expect((await deliveryJob(aEvents[0].id)).concurrencyKey).toBe(webhookConcurrencyKey(a.merchant.id));

    const pool = startJobPool({ jobs: testJobs, types: [WEBHOOK_DELIVER_JOB], pollMs: 50, lanes: { webhook: { concurrency: 8, perKeyCap: 2 } } });
    pools.push(pool);
    // B's events are younger than all of A's, and the lane has 8 slots: without the cap A would take them all.
    // How many of A's had gone when B's third arrived, read at that moment: fewer than all eight.
    let slowWhenFastDone = -1;
    await vi.waitFor(
      () => {
        if (fast.requests.length >= 3 && slowWhenFastDone < 0) slowWhenFastDone = slow.requests.length;
        expect(fast.requests).toHaveLength(3);
      },
      { timeout: 30_000, interval: 10 },
    );
    expect(slowWhenFastDone).toBeLessThan(8);
    const prisma = await getPrisma();
    await vi.waitFor(
      async () => expect(await prisma.webhookEvent.count({ where: { id: { in: aEvents.map((e) => e.id) }, status: "delivered" } })).toBe(8),
      { timeout: 60_000, interval: 50 },
    );
    expect(slow.maxInFlight).toBe(2);
    expect(slow.requests).toHaveLength(8);
  });

  it("timeouts back the merchant off: its other deliveries wait without a slot, and an answer ends the backoff", async () => {
    process.env.WEBHOOK_TIMEOUT_MS = "300";
    let answering = false;
    const flaky = await receiver(() => (answering ? { status: 200 } : "hang"));
    const a = await merchantWithReceiver(flaky);
    const fine = await receiver();
    const b = await merchantWithReceiver(fine);
    const prisma = await getPrisma();
    const key = webhookConcurrencyKey(a.merchant.id);
    for (let i = 0; i < 6; i++) await recordTestEvent(a.merchant.id);

    const pool = startJobPool({ jobs: testJobs, types: [WEBHOOK_DELIVER_JOB], pollMs: 50, lanes: { webhook: { concurrency: 8, perKeyCap: 2 } } });
    pools.push(pool);
    await vi.waitFor(async () => expect(await prisma.jobKeyBackoff.findUnique({ where: { key } })).toMatchObject({ failures: 2 }), { timeout: 15_000 });
    const backoff = await prisma.jobKeyBackoff.findUniqueOrThrow({ where: { key } });
    // Two timeouts in a row: 10 s (5 s, doubled).
    expect(backoff.until.getTime() - Date.now()).toBeGreaterThan(5_000);

    // Meanwhile A's four other deliveries are due, free slots abound, and none is tried.
    const bEvents = [];
    for (let i = 0; i < 3; i++) bEvents.push(await recordTestEvent(b.merchant.id));
    // Each of B's three events arrives (on a starved machine one may be sent twice: B's receiver
    // answers, but later than the 300 ms this test allows).
    await vi.waitFor(() => expect(new Set(fine.requests.map((r) => eventOf(r).id)).size).toBe(3), { timeout: 15_000 });
    await new Promise((r) => setTimeout(r, 300));
    expect(flaky.requests).toHaveLength(2);
    expect(await prisma.job.count({ where: { concurrencyKey: key, status: "running" } })).toBe(0);

    // The wait is over and the endpoint answers again: the waiting deliveries go, the backoff ends.
    answering = true;
    await prisma.jobKeyBackoff.update({ where: { key }, data: { until: new Date(Date.now() - 1) } });
    // Generous: on a loaded CI machine the last deliveries took longer than 15 s to be claimed.
    // All six of A's arrive (an answer later than the 300 ms allowed here is sent again).
    await vi.waitFor(() => expect(new Set(flaky.requests.map((r) => eventOf(r).id)).size).toBe(6), { timeout: 60_000 });
    await vi.waitFor(async () => expect(await prisma.jobKeyBackoff.findUnique({ where: { key } })).toBeNull(), { timeout: 60_000 });
  });

  it("two runners on one database run every job exactly once", async () => {
    const runs = new Map<string, number>();
    registerTestJob("test.once", async (payload) => {
      runs.set(String(payload.n), (runs.get(String(payload.n)) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, Math.random() * 5));
    });
    const prisma = await getPrisma();
    const ids: string[] = [];
    for (let n = 0; n < 150; n++) ids.push((await enqueueJob(prisma, testJob("test.once"), { n })).id);
    const first = startJobPool({ jobs: testJobs, types: ["test.once"], pollMs: 10, lanes: { other: { concurrency: 4 } } });
    const second = startJobPool({ jobs: testJobs, types: ["test.once"], pollMs: 10, lanes: { other: { concurrency: 4 } } });
    pools.push(first, second);
    await vi.waitFor(async () => expect(await prisma.job.count({ where: { id: { in: ids }, status: "succeeded" } })).toBe(150), { timeout: 20_000, interval: 50 });
    await Promise.all([first.idle(), second.idle()]);
    expect(runs.size).toBe(150);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(first.ran() + second.ran()).toBe(150);
    expect(first.ran()).toBeGreaterThan(0);
    expect(second.ran()).toBeGreaterThan(0);
  });

  it("a stop past its grace releases the jobs still running, due now, their interrupted run not counted", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    registerTestJob("test.pool-release", async () => gate);
    const prisma = await getPrisma();
    const job = await enqueueJob(prisma, testJob("test.pool-release"), {});
    const pool = startJobPool({ jobs: testJobs, types: ["test.pool-release"], pollMs: 50 });
    await vi.waitFor(async () => expect((await prisma.job.findUniqueOrThrow({ where: { id: job.id } })).status).toBe("running"), { timeout: 30_000 });
    await pool.stop(100);
    const released = await prisma.job.findUniqueOrThrow({ where: { id: job.id } });
    expect(released).toMatchObject({ status: "pending", attempts: 0, lockedUntil: null });
    expect(released.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    release();
    await new Promise((r) => setTimeout(r, 100));
    // The abandoned run ended after the release: its outcome is not written.
    expect((await prisma.job.findUniqueOrThrow({ where: { id: job.id } })).status).toBe("pending");
  });
});
