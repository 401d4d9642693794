import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { startJobPool, type JobPool } from "@/lib/jobs/job-pool";
import { jobWakeSettled } from "@/lib/jobs/wake-job-runner";
import { setWebhookUrl } from "@/lib/webhooks/set-webhook-url";
import { WEBHOOK_DELIVER_JOB } from "@/lib/webhooks/webhook-config";
import { createTestMerchant } from "../helpers/merchants";
import { startReceiver } from "../helpers/webhook-receiver";
import { deliveryJob, recordTestEvent } from "../helpers/webhooks";
import { platformJobs } from "@/lib/platform/jobs";

/**
 * `npm run worker` (scripts/worker.ts) as its own process beside this one, on PostgreSQL (an
 * embedded PGlite cannot be opened by two processes, and the worker refuses it). Only its
 * webhook lane runs, so it leaves the other test files' provider jobs alone.
 */
const root = path.resolve(__dirname, "../..");
let children: ChildProcess[] = [];
let receivers: { close(): Promise<void> }[] = [];
let pools: JobPool[] = [];
afterEach(async () => {
  for (const c of children) if (c.exitCode === null) c.kill("SIGKILL");
  await Promise.all(pools.map((p) => p.stop(5_000)));
  await Promise.all(receivers.map((r) => r.close()));
  children = [];
  receivers = [];
  pools = [];
});

function startWorker(env: Record<string, string> = {}) {
  // As package.json's script runs it: node with tsx as a loader (the tsx CLI would stand between
  // the signal and the worker, and kills a child that does not acknowledge it within 30 ms).
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    cwd: root,
    env: { ...process.env, JOBS_PROVIDER_CONCURRENCY: "0", JOBS_OTHER_CONCURRENCY: "0", JOBS_POLL_MS: "50", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

describe.skipIf(!process.env.DATABASE_URL)("npm run worker, on PostgreSQL", () => {
  it("delivers beside an in-process pool, every event exactly once, and exits 0 on SIGTERM", async () => {
    const receiver = await startReceiver(() => ({ status: 200, delayMs: 20 }));
    receivers.push(receiver);
    const m = await createTestMerchant();
    await setWebhookUrl(m.merchant.id, "sandbox", receiver.url, "test");
    const worker = startWorker();
    await vi.waitFor(() => expect(worker.output()).toContain("worker started"), { timeout: 45_000, interval: 100 });
    const ids: string[] = [];
    const record = async (n: number) => {
      const batch: string[] = [];
      for (let i = 0; i < n; i++) batch.push((await recordTestEvent(m.merchant.id)).id);
      ids.push(...batch);
      await vi.waitFor(
        async () => expect(await (await getPrisma()).webhookEvent.count({ where: { id: { in: batch }, status: "delivered" } })).toBe(n),
        { timeout: 15_000, interval: 50 },
      );
      return batch;
    };
    // Which runner takes an event while both poll is up to the scheduler, so each runner's share
    // is made certain in a phase of its own, and the phase in between has both racing for every
    // event. Counted on this test's events only: the worker logs each attempt with its event id,
    // and the database may hold other files' deliveries, which either runner may also take.
    const workerAlone = await record(10);
    // Its log line for an attempt may reach this pipe after the delivery is marked.
    await vi.waitFor(() => expect(workerAlone.filter((id) => worker.output().includes(id))).toEqual(workerAlone), { timeout: 5_000, interval: 50 });

    const pool = startJobPool({ jobs: platformJobs, types: [WEBHOOK_DELIVER_JOB], pollMs: 50 });
    pools.push(pool);
    await record(20);

    // The worker paused (SIGSTOP) between polls: its claims are single statements, so it holds
    // no lock and no job while stopped, and the pool alone must deliver what comes next.
    worker.child.kill("SIGSTOP");
    await new Promise((r) => setTimeout(r, 200));
    const ranBefore = pool.ran();
    const poolAlone = await record(10);
    // A job counts as run once its outcome is handed on, which may be just after the delivery is marked.
    await vi.waitFor(() => expect(pool.ran() - ranBefore).toBeGreaterThanOrEqual(10), { timeout: 5_000, interval: 50 });
    worker.child.kill("SIGCONT");

    await new Promise((r) => setTimeout(r, 300));
    const sent = receiver.requests.map((r) => r.headers["webhook-id"]);
    expect(sent.sort()).toEqual([...ids].sort());
    expect(poolAlone.some((id) => worker.output().includes(id))).toBe(false);

    worker.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
    expect(worker.output()).toContain("worker stopped");
  }, 300_000);

  it("on SIGTERM past its grace, puts the delivery it was stuck on back to pending for another runner", async () => {
    const hanging = await startReceiver(() => "hang");
    receivers.push(hanging);
    const m = await createTestMerchant();
    await setWebhookUrl(m.merchant.id, "sandbox", hanging.url, "test");
    const worker = startWorker({ JOBS_SHUTDOWN_GRACE_MS: "200", WEBHOOK_TIMEOUT_MS: "30000" });
    await vi.waitFor(() => expect(worker.output()).toContain("worker started"), { timeout: 45_000, interval: 100 });
    const event = await recordTestEvent(m.merchant.id);
    await vi.waitFor(() => expect(hanging.requests).toHaveLength(1), { timeout: 10_000, interval: 50 });
    expect((await deliveryJob(event.id)).status).toBe("running");

    worker.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
    const job = await deliveryJob(event.id);
    expect(job).toMatchObject({ status: "pending", attempts: 0, lockedUntil: null });
    expect(job.runAt.getTime()).toBeLessThanOrEqual(Date.now());
  }, 300_000);

  it("with JOBS_RUNNER=worker here, a commit wakes the worker at once (NOTIFY), though it polls once a minute", async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    const m = await createTestMerchant();
    await setWebhookUrl(m.merchant.id, "sandbox", receiver.url, "test");
    const worker = startWorker({ JOBS_POLL_MS: "60000" });
    await vi.waitFor(() => expect(worker.output()).toContain("listening for job wakes"), { timeout: 45_000, interval: 100 });
    const saved = process.env.JOBS_RUNNER;
    process.env.JOBS_RUNNER = "worker";
    try {
      // A first event, so the worker's first looks (at start, after LISTEN; slow while its
      // queries warm up) are over before the one that is timed.
      const probe = await recordTestEvent(m.merchant.id);
      await vi.waitFor(() => expect(receiver.requests).toHaveLength(1), { timeout: 30_000, interval: 50 });
      await new Promise((r) => setTimeout(r, 1_000));

      const started = Date.now();
      const event = await recordTestEvent(m.merchant.id);
      await vi.waitFor(() => expect(receiver.requests.map((r) => r.headers["webhook-id"])).toEqual([probe.id, event.id]), { timeout: 5_000, interval: 20 });
      expect(Date.now() - started).toBeLessThan(5_000);
      await jobWakeSettled();
    } finally {
      process.env.JOBS_RUNNER = saved;
    }
    worker.child.kill("SIGTERM");
    expect(await worker.exited).toBe(0);
  }, 300_000);

  it("refuses to start without PostgreSQL", async () => {
    const worker = startWorker({ DATABASE_URL: "" });
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toContain("needs PostgreSQL");
  }, 300_000);
});
