import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { InngestTestEngine } from "@inngest/test";
import { inngest } from "@/inngest/client";
import { drainOutbox } from "@/inngest/functions/drain-outbox";
import { getPrisma } from "@/lib/db/client";
import { startInProcessRunner } from "@/lib/jobs/in-process-runner";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { runDueJobs } from "@/lib/jobs/run-due-jobs";
import { JOBS_ENQUEUED_EVENT, jobWakeSettled, setJobsEventSender, wakeJobRunner } from "@/lib/jobs/wake-job-runner";
import { initiatePayment } from "@/lib/payments/initiate-payment";
import { submitPaymentJob } from "@/lib/payments/payment-jobs";
import { checkOrderJob } from "@/lib/orders/check-order-job";
import { initiatePaymentBody } from "@/lib/payments/initiate-payment-input";
import { initiatePayout } from "@/lib/payouts/initiate-payout";
import { initiatePayoutBody } from "@/lib/payouts/payout-request-schemas";
import { createTestMerchant } from "../helpers/merchants";
import { directBody } from "../helpers/payments";
import { ensureReferenceData } from "../helpers/reference";
import { registerTestJob, testJob, testJobs } from "../helpers/test-jobs";

/**
 * The wake after commit (lib/jobs/wake-job-runner): with Inngest, a committed enqueue sends one
 * `jobs/enqueued` through the app's Inngest client (its `send` is replaced by a spy: there is
 * no Inngest server here); in the embedded mode it runs the in-process runner now.
 */
// The runner's periodic sweeps would touch other test files' rows on a shared PostgreSQL.
vi.mock("@/lib/platform/periodic-tasks", () => ({ periodicTasks: [] }));

beforeAll(() => ensureReferenceData());

type Merchant = Awaited<ReturnType<typeof createTestMerchant>>;
const legacyPayoutBody = { amount: 1000, method: "MOBILE_MONEY", mobileWallet: { provider: "orange" }, recipient: { phone: "+221770000012" } };
const initiateDirect = (m: Merchant) => initiatePayment({ merchant: m.merchant, environment: "sandbox" }, initiatePaymentBody.parse(directBody()));

const ENV_KEYS = ["JOBS_RUNNER", "INNGEST_EVENT_KEY", "LOG_LEVEL"] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
afterEach(async () => {
  await jobWakeSettled();
  setJobsEventSender(null);
  for (const k of ENV_KEYS) {
    if (savedEnv[k] === undefined) delete process.env[k];
    else process.env[k] = savedEnv[k];
  }
  vi.restoreAllMocks();
});

describe("under Inngest: jobs/enqueued after commit", () => {
  beforeEach(() => {
    process.env.JOBS_RUNNER = "inngest";
    // What boot does under Inngest: the client's send handed to the wake (lib/platform/boot.ts).
    setJobsEventSender((event) => inngest.send(event));
  });

  it("initiating a direct payment sends exactly one jobs/enqueued, after its transaction committed", async () => {
    const prisma = await getPrisma();
    const m = await createTestMerchant();
    const committedAtSend: number[] = [];
    const send = vi.spyOn(inngest, "send").mockImplementation(async () => {
      // Read through the root client, outside any transaction: only committed rows count.
      committedAtSend.push(await prisma.job.count({ where: { type: submitPaymentJob.type, payload: { path: ["paymentId"], equals: payment.id } } }));
      return { ids: ["01TEST"] };
    });

    const payment = await initiateDirect(m);
    expect(send).not.toHaveBeenCalled(); // the request did not wait for the wake
    await jobWakeSettled();

    // One transaction wrote two jobs (payment.submit, webhook.deliver): one signal.
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ name: JOBS_ENQUEUED_EVENT, data: {} });
    expect(committedAtSend).toEqual([1]);
  });

  it("sends nothing when the transaction that enqueued rolls back", async () => {
    const prisma = await getPrisma();
    const m = await createTestMerchant();
    const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: [] });

    // A payout writes its event, delivery job and submit job first, then the ledger refuses the
    // hold (the wallet is empty): the whole transaction rolls back, jobs included.
    const payout = initiatePayout({ merchant: m.merchant, environment: "sandbox" }, initiatePayoutBody.parse(legacyPayoutBody), { audit: { actor: "test" } });
    await expect(payout).rejects.toMatchObject({ code: "INSUFFICIENT_BALANCE" });
    await jobWakeSettled();
    await new Promise((r) => setTimeout(r, 100)); // well past the coalescing window

    expect(send).not.toHaveBeenCalled();
    expect(await prisma.payout.count({ where: { merchantId: m.merchant.id } })).toBe(0);
    expect(await prisma.webhookEvent.count({ where: { merchantId: m.merchant.id } })).toBe(0);
  });

  it("a failing send does not fail the request: the payment and its jobs are committed, a warning without the event key is logged", async () => {
    const prisma = await getPrisma();
    const m = await createTestMerchant();
    process.env.INNGEST_EVENT_KEY = "evtkey_do_not_log_0123456789";
    process.env.LOG_LEVEL = "warn";
    const logged: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    });
    const send = vi.spyOn(inngest, "send").mockRejectedValue(new Error(`POST https://inn.gs/e/${process.env.INNGEST_EVENT_KEY} failed: fetch failed`));

    const payment = await initiateDirect(m);
    await jobWakeSettled();

    expect(send).toHaveBeenCalledTimes(1);
    expect(payment.status).toBe("pending");
    const job = await prisma.job.findFirstOrThrow({ where: { type: submitPaymentJob.type, payload: { path: ["paymentId"], equals: payment.id } } });
    expect(job.status).toBe("pending"); // the cron will run it
    const warnings = logged.filter((l) => l.includes("could not wake the Inngest job runner"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("fetch failed");
    expect(warnings[0]).not.toContain("evtkey_do_not_log");
  });

  it("coalesces: enqueues while a send is in flight make one more send after it, not one each", async () => {
    const m = await createTestMerchant();
    let release!: () => void;
    const inFlight = new Promise<void>((r) => (release = r));
    const send = vi.spyOn(inngest, "send").mockImplementation(async () => {
      if (send.mock.calls.length === 1) await inFlight;
      return { ids: [] };
    });

    await initiateDirect(m);
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    for (let i = 0; i < 3; i++) await initiateDirect(m);
    await new Promise((r) => setTimeout(r, 100)); // their wakes are due while the first send hangs
    expect(send).toHaveBeenCalledTimes(1);

    release();
    await jobWakeSettled();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("the event sent is the one that triggers the drain-outbox function, which runs the job", async () => {
    const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: [] });
    const prisma = await getPrisma();
    // A platform job (the drain runs the composition root's list): a re-check of an order that does not exist does nothing.
    const job = await prisma.$transaction((tx) => enqueueJob(tx, checkOrderJob, { id: "po_woken_by_inngest" }));
    await jobWakeSettled();
    expect(send).toHaveBeenCalledTimes(1);

    const event = send.mock.calls[0][0] as { name: string; data: Record<string, unknown> };
    expect(drainOutbox.opts.triggers).toContainEqual({ event: event.name });
    const { result } = await new InngestTestEngine({ function: drainOutbox, events: [event] }).execute();
    expect((result as { ran: number }).ran).toBeGreaterThanOrEqual(1);
    expect(await prisma.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: "succeeded" });
  });

  it("with the jobs runner off, nothing is sent", async () => {
    process.env.JOBS_RUNNER = "off";
    const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: [] });
    await initiateDirect(await createTestMerchant());
    await jobWakeSettled();
    await new Promise((r) => setTimeout(r, 100));
    expect(send).not.toHaveBeenCalled();
  });
});

describe("under Inngest: a job due later wakes the drain at its due second, not at the next cron", () => {
  beforeEach(() => {
    process.env.JOBS_RUNNER = "inngest";
    setJobsEventSender((event) => inngest.send(event));
  });
  const sentAt = (send: { mock: { calls: unknown[][] } }) => send.mock.calls.map((c) => (c[0] as { ts?: number }).ts);

  it("an enqueue for later sends one delayed jobs/enqueued per due second, after commit, never on rollback or for the far future", async () => {
    const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: [] });
    const prisma = await getPrisma();
    const due = new Date(Math.floor(Date.now() / 1000) * 1000 + 7_400);
    await prisma.$transaction(async (tx) => {
      await enqueueJob(tx, testJob("test.later"), {}, { runAt: due });
      await enqueueJob(tx, testJob("test.later"), {}, { runAt: new Date(due.getTime() + 300) }); // same second
      expect(send).not.toHaveBeenCalled(); // not before COMMIT
    });
    await expect(
      prisma.$transaction(async (tx) => {
        await enqueueJob(tx, testJob("test.later"), {}, { runAt: new Date(due.getTime() + 5_000) });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await enqueueJob(prisma, testJob("test.later"), {}, { runAt: new Date(Date.now() + 60 * 60_000) }); // the cron is close enough
    await jobWakeSettled();
    expect(sentAt(send)).toEqual([Math.ceil(due.getTime() / 1000) * 1000]);
    expect(send.mock.calls[0][0]).toMatchObject({ name: JOBS_ENQUEUED_EVENT });
  });

  it("a failed attempt's retry and a handler's reschedule (the next provider poll) each ask for a drain when due", async () => {
    const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: [] });
    const prisma = await getPrisma();
    // 10 s ahead: far enough from the retry's (2 s) that a slow run never puts both in one due
    // second, which would rightly make one wake of them.
    const next = new Date(Date.now() + 10_000);
    registerTestJob("test.wake-retry", async () => {
      throw new Error("receiver down");
    });
    registerTestJob("test.wake-reschedule", async () => ({ rescheduleAt: next }));
    await prisma.job.createMany({
      data: [
        { id: `job_${Date.now()}_r`, type: "test.wake-retry", payload: {}, runAt: new Date(), maxAttempts: 5 },
        { id: `job_${Date.now()}_s`, type: "test.wake-reschedule", payload: {}, runAt: new Date(), maxAttempts: 5 },
      ],
    });
    const before = Date.now();
    await runDueJobs({ jobs: testJobs, types: ["test.wake-retry", "test.wake-reschedule"] });
    await jobWakeSettled();
    const times = sentAt(send) as number[];
    expect(times).toHaveLength(2);
    expect(times).toContain(Math.ceil(next.getTime() / 1000) * 1000);
    // The first retry of a failed job comes 2 s later (retryDelayMs(1)).
    const retry = times.find((t) => t !== Math.ceil(next.getTime() / 1000) * 1000)!;
    expect(retry).toBeGreaterThanOrEqual(before + 2_000);
    expect(retry).toBeLessThanOrEqual(Date.now() + 3_000);
  });

  it("the embedded runner needs none: its poll finds due jobs", async () => {
    process.env.JOBS_RUNNER = "inline";
    const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: [] });
    await enqueueJob(await getPrisma(), testJob("test.later"), {}, { runAt: new Date(Date.now() + 5_000) });
    await jobWakeSettled();
    expect(send).not.toHaveBeenCalled();
  });
});

describe("embedded: the wake runs the in-process runner now", () => {
  it("a committed job runs at once although the runner polls only every minute", async () => {
    process.env.JOBS_RUNNER = "inline";
    const ran: number[] = [];
    registerTestJob("test.wake", async () => void ran.push(Date.now()));
    const runner = startInProcessRunner({ jobs: testJobs, pollMs: 60_000 });
    try {
      const prisma = await getPrisma();
      await prisma.$transaction((tx) => enqueueJob(tx, testJob("test.wake"), {}));
      await vi.waitFor(() => expect(ran).toHaveLength(1), { timeout: 5_000 });
    } finally {
      runner.stop();
    }
  });

  it("a wake while a job is stuck runs the new job in another slot at once; no job runs twice", async () => {
    // Before the worker pool (lib/jobs/job-pool) this asserted the opposite: ticks never
    // overlapped, so the second job waited for the stuck one. A slot now claims on its own.
    process.env.JOBS_RUNNER = "inline";
    const runsOf = new Map<string, number>();
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    registerTestJob("test.wake-slow", async (payload) => {
      runsOf.set(String(payload.n), (runsOf.get(String(payload.n)) ?? 0) + 1);
      if (payload.n === 1) await slow;
    });
    const runner = startInProcessRunner({ jobs: testJobs, pollMs: 60_000, types: ["test.wake-slow"] });
    try {
      const prisma = await getPrisma();
      await enqueueJob(prisma, testJob("test.wake-slow"), { n: 1 });
      await vi.waitFor(() => expect(runsOf.get("1")).toBe(1), { timeout: 5_000 });
      await enqueueJob(prisma, testJob("test.wake-slow"), { n: 2 });
      wakeJobRunner();
      await vi.waitFor(() => expect(runsOf.get("2")).toBe(1), { timeout: 5_000 });
      release();
      await new Promise((r) => setTimeout(r, 300));
      expect(Object.fromEntries(runsOf)).toEqual({ 1: 1, 2: 1 });
    } finally {
      release();
      await runner.stop();
    }
  });
});
