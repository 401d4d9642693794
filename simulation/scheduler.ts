import { claimJobs } from "@/lib/jobs/claim-jobs";
import { finishJobs } from "@/lib/jobs/finish-jobs";
import { runClaimedJob } from "@/lib/jobs/run-claimed-job";
import { getDatabase } from "@/lib/db/client";
import type { PeriodicTask } from "@/lib/jobs/periodic-task";
import { platformJobs } from "@/lib/platform/jobs";
import { advanceBy, advanceTo, simulatedNow } from "./sim-clock";

/**
 * The simulation's discrete-event loop. Time jumps from one due thing to the next: a harness
 * event (a merchant's request, a callback's delivery, a fault starting or ending), a job the
 * platform's outbox holds (the real claim, run and finish of lib/jobs, on the simulated clock),
 * or a periodic sweep. Everything runs one at a time, in a fixed order, so a seed replays.
 */
export type HarnessEvent = { at: number; seq: number; label: string; run: () => Promise<void> };

/** Every action the platform takes moves the clock a millisecond on: no two share an instant. */
export const TICK_MS = 1;

const HOUSEKEEPING = new Set(["cleanup-idempotency-records", "purge-api-request-logs", "reconcile-ledger"]);

export class Scheduler {
  private events: HarnessEvent[] = [];
  private seq = 0;
  /** The job runner is down until then (a platform fault). */
  runnerDownUntil = 0;
  private lastSweep = new Map<string, number>();
  jobRuns = 0;
  /** Whether the runner dies after the handler of this job ran, before the job is marked done. */
  crashAfterRun: (type: string) => boolean = () => false;
  /** Called after every platform action that may store an operator reference (its label: the job type, sweep or event). */
  afterAction: (label: string) => Promise<void> = async () => {};
  beforeAction: () => Promise<void> = async () => {};
  private clockWrittenAt = -1;

  /** Until then the sweeps keep the floor; after it (only holds and reviews left to wait for) they run hourly. */
  busyUntil = 0;

  constructor(private readonly sweeps: readonly PeriodicTask[], private readonly sweepFloorMs: number) {}

  at(at: number, label: string, run: () => Promise<void>): void {
    this.events.push({ at: Math.max(at, simulatedNow()), seq: this.seq++, label, run });
    this.events.sort((a, b) => a.at - b.at || a.seq - b.seq);
  }

  pendingEvents(): number {
    return this.events.length;
  }

  runnerUp(): boolean {
    return simulatedNow() >= this.runnerDownUntil;
  }

  /** Runs everything due now; returns how many actions ran. */
  async runDue(): Promise<number> {
    let ran = 0;
    for (let guard = 0; guard < 10_000; guard++) {
      const event = this.events[0];
      if (event && event.at <= simulatedNow()) {
        this.events.shift();
        await this.action(event.run, event.label.split(' ')[0]!);
        ran++;
        continue;
      }
      if (this.runnerUp() && (await this.runOneJob())) {
        ran++;
        continue;
      }
      if (this.runnerUp() && (await this.runOneSweep())) {
        ran++;
        continue;
      }
      return ran;
    }
    throw new Error("more than 10,000 actions at one instant: a job that keeps rescheduling itself now?");
  }

  readonly timings = new Map<string, { n: number; ms: number }>();
  private async action(run: () => Promise<void>, label = "?"): Promise<void> {
    advanceBy(TICK_MS);
    const t0 = performance.now();
    this.clockWrittenAt = simulatedNow();
    await this.beforeAction();
    await run();
    await this.afterAction(label);
    const t = this.timings.get(label) ?? { n: 0, ms: 0 };
    t.n++;
    t.ms += performance.now() - t0;
    this.timings.set(label, t);
  }

  /** Claims and runs the oldest due job, as a runner would (claim, run, finish), or nothing. */
  private async runOneJob(): Promise<boolean> {
    // The claim compares run_at with the database's now(): on PostgreSQL that is the simulated
    // time as last written (database.ts), so write it first when the clock has moved since. Else
    // a claim after a jump to a job's run_at reads the time of the previous action, finds nothing
    // due, and the loop crawls towards the next action a millisecond per round trip.
    if (this.clockWrittenAt !== simulatedNow()) {
      this.clockWrittenAt = simulatedNow();
      await this.beforeAction();
    }
    const [job] = await claimJobs(platformJobs.types(), 1, { perKeyCap: null });
    if (!job) return false;
    this.jobRuns++;
    await this.action(async () => {
      const outcome = await runClaimedJob(job, platformJobs);
      // The runner dies here: the job stays running under its lease, and is taken again once the lease passes.
      if (this.crashAfterRun(job.type)) return;
      await finishJobs([outcome]);
    }, job.type);
    return true;
  }

  private async runOneSweep(): Promise<boolean> {
    const now = simulatedNow();
    for (const task of this.sweeps) {
      const last = this.lastSweep.get(task.id);
      if (last !== undefined && now - last < this.sweepEvery(task)) continue;
      this.lastSweep.set(task.id, now);
      await this.action(async () => {
        await task.run();
      }, task.id);
      return true;
    }
    return false;
  }

  /**
   * How often a sweep runs here: its own cadence, but no more often than the floor (a sweep
   * every 10 s would make a simulated day cost thousands of database round trips), and hourly
   * for the housekeeping ones that move no money.
   */
  private sweepEvery(task: PeriodicTask): number {
    if (HOUSEKEEPING.has(task.id) || simulatedNow() > this.busyUntil) return Math.max(task.everyMs, 60 * 60_000);
    return Math.max(task.everyMs, this.sweepFloorMs);
  }

  /** When something is next due (an event; a job or a sweep while the runner is up). */
  async nextDue(): Promise<number> {
    let next = this.events[0]?.at ?? Number.POSITIVE_INFINITY;
    const now = simulatedNow();
    if (this.runnerUp()) {
      const [row] = await (await getDatabase()).query<{ t: Date | null }>(
        `SELECT min(t) AS t FROM (SELECT min(run_at) AS t FROM jobs WHERE status = 'pending' UNION ALL SELECT min(locked_until) FROM jobs WHERE status = 'running') due`,
        [],
      );
      if (row?.t) next = Math.min(next, new Date(row.t).getTime());
      for (const task of this.sweeps) next = Math.min(next, (this.lastSweep.get(task.id) ?? now) + this.sweepEvery(task));
    } else next = Math.min(next, this.runnerDownUntil);
    return Math.max(next, now);
  }

  jumpTo(ms: number): void {
    if (ms > simulatedNow()) advanceTo(ms);
  }
}
