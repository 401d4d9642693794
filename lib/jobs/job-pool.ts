import { log } from "@/lib/log";
import { claimJobs, type ClaimedJob, LEASE_RENEW_MS, renewLeases } from "./claim-jobs";
import { finishJobs } from "./finish-jobs";
import { releaseJobs } from "./release-jobs";
import type { JobCatalogue } from "./define-job";
import { runClaimedJob, type JobOutcome } from "./run-claimed-job";
import { laneSettings, typesByLane, type LaneName, type LaneSettings } from "./job-lanes";

/**
 * A worker pool per lane (lib/jobs/job-lanes): each lane has N slots, and a slot that frees
 * claims the next due job of its lane at once. Nothing waits for a batch: a job that takes
 * 15 s holds its own slot and nothing else. A lane claims for all its free slots in one
 * statement (claimJobs) and never has two claims in flight; outcomes that land together are
 * written in one statement (finishJobs), and a slot frees once its outcome is written.
 *
 * Work is found three ways: wake() (after a commit that enqueued, from wakeJobRunner, and
 * after every finished job), a poll every `pollMs` for lanes with a free slot (jobs due later,
 * jobs enqueued by another process), and the first look at start.
 *
 * The leases of the running jobs are renewed together every LEASE_RENEW_MS (claim-jobs): the
 * lease is short, so a job of a process that died is taken over within seconds.
 */
export type JobPoolOptions = {
  /** The jobs this pool runs (the composition root's list, lib/platform/jobs.ts). */
  jobs: JobCatalogue;
  /** The job types to run; every type of `jobs` by default (a runner leaves types it does not know). */
  types?: readonly string[];
  /** Poll interval; null: no poll (a drain that ends when idle). */
  pollMs?: number | null;
  /** Overrides of the lanes' settings (tests; the env vars otherwise). */
  lanes?: Partial<Record<LaneName, Partial<LaneSettings>>>;
};

export type JobPool = {
  wake(): void;
  /** Resolves once no lane runs a job and every lane's last look found nothing due. */
  idle(): Promise<void>;
  /** How many jobs this pool has run to an outcome. */
  ran(): number;
  /**
   * Stops claiming and waits for the running jobs up to `graceMs`; jobs still running then are
   * released (pending again, due now) for another runner, and their late outcome is dropped.
   */
  stop(graceMs?: number): Promise<void>;
};

type Lane = {
  name: LaneName;
  types: string[];
  settings: LaneSettings;
  running: Map<string, ClaimedJob>;
  claiming: boolean;
  again: boolean;
  /** The last claim of this lane found nothing (or failed). */
  foundNothing: boolean;
};

export function startJobPool(options: JobPoolOptions): JobPool {
  const { jobs: catalogue, types = catalogue.types(), pollMs = 500 } = options;
  let stopped = false;
  let ran = 0;
  const abandoned = new Set<string>();
  const idleWaiters: (() => void)[] = [];
  const finisher = createFinishBatcher();

  const lanes: Lane[] = [...typesByLane(types)].map(([name, laneTypes]) => ({
    name,
    types: laneTypes,
    settings: { ...laneSettings(name), ...options.lanes?.[name] },
    running: new Map(),
    claiming: false,
    again: false,
    foundNothing: false,
  }));

  const isIdle = () => lanes.every((l) => l.running.size === 0 && !l.claiming && (l.foundNothing || l.settings.concurrency === 0));
  const checkIdle = () => {
    if (!isIdle()) return;
    for (const resolve of idleWaiters.splice(0)) resolve();
  };

  const pump = (lane: Lane) => {
    if (stopped || lane.settings.concurrency === 0) return;
    if (lane.claiming) {
      lane.again = true;
      return;
    }
    void claimLoop(lane);
  };

  const claimLoop = async (lane: Lane) => {
    lane.claiming = true;
    try {
      for (;;) {
        lane.again = false;
        const free = lane.settings.concurrency - lane.running.size;
        if (free <= 0 || stopped) break;
        const jobs = await claimJobs(lane.types, free, lane.settings);
        if (stopped) {
          await releaseJobs(jobs);
          break;
        }
        for (const job of jobs) start(lane, job);
        lane.foundNothing = jobs.length === 0;
        // Fewer than asked: nothing more is due now (or the rest is capped); a finish, a wake or
        // the poll looks again.
        if (jobs.length < free && !lane.again) break;
      }
    } catch (err) {
      lane.foundNothing = true;
      log.error("claiming jobs failed", { lane: lane.name, error: (err as Error).message });
    } finally {
      lane.claiming = false;
      checkIdle();
    }
  };

  const start = (lane: Lane, job: ClaimedJob) => {
    lane.running.set(job.id, job);
    void runClaimedJob(job, catalogue)
      .then((outcome) => (abandoned.delete(job.id) ? undefined : finisher.add(outcome)))
      .catch((err) => log.error("writing a job's outcome failed; it runs again after its lease", { jobId: job.id, error: (err as Error).message }))
      .finally(() => {
        lane.running.delete(job.id);
        ran++;
        pump(lane);
        checkIdle();
      });
  };

  const wake = () => {
    for (const lane of lanes) pump(lane);
  };

  const timer = pollMs === null ? null : setInterval(wake, pollMs);
  const renewTimer = setInterval(() => {
    const running = lanes.flatMap((l) => [...l.running.values()]).filter((job) => !abandoned.has(job.id));
    renewLeases(running).catch((err) => log.warn("renewing job leases failed; retried at the next renewal", { jobs: running.length, error: (err as Error).message }));
  }, LEASE_RENEW_MS);
  renewTimer.unref();
  wake();

  return {
    wake,
    ran: () => ran,
    idle() {
      if (isIdle()) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async stop(graceMs = 30_000) {
      stopped = true;
      if (timer) clearInterval(timer);
      clearInterval(renewTimer);
      const allDone = new Promise<void>((resolve) => {
        const check = () => (lanes.every((l) => l.running.size === 0 && !l.claiming) ? resolve() : setTimeout(check, 20));
        check();
      });
      let graceTimer: ReturnType<typeof setTimeout> | undefined;
      // (setTimeout takes an infinite delay for 1 ms)
      const grace = Number.isFinite(graceMs) ? new Promise<void>((resolve) => (graceTimer = setTimeout(resolve, graceMs))) : allDone;
      await Promise.race([allDone, grace]);
      clearTimeout(graceTimer);
      const left = lanes.flatMap((l) => [...l.running.values()]);
      for (const job of left) abandoned.add(job.id);
      try {
        await releaseJobs(left);
      } catch (err) {
        log.error("releasing jobs failed; they run again after their lease", { error: (err as Error).message });
      }
      await finisher.settled();
      for (const resolve of idleWaiters.splice(0)) resolve();
    },
  };
}

/**
 * Collects outcomes that land in the same turn of the event loop and writes them with one
 * statement; one write at a time, the next batch after it.
 */
function createFinishBatcher() {
  let batch: { outcome: JobOutcome; done: (err?: unknown) => void }[] = [];
  let scheduled = false;
  let writing: Promise<void> = Promise.resolve();

  const flush = () => {
    scheduled = false;
    const items = batch;
    batch = [];
    writing = writing.then(async () => {
      try {
        await finishJobs(items.map((i) => i.outcome));
        for (const i of items) i.done();
      } catch (err) {
        for (const i of items) i.done(err);
      }
    });
  };

  return {
    add(outcome: JobOutcome): Promise<void> {
      return new Promise((resolve, reject) => {
        batch.push({ outcome, done: (err) => (err ? reject(err) : resolve()) });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    async settled() {
      while (scheduled || batch.length > 0) await new Promise((r) => setImmediate(r));
      await writing;
    },
  };
}
