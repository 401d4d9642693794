import { setting } from "@/lib/config";
import { log } from "@/lib/log";
import { startJobPool, type JobPoolOptions } from "./job-pool";
import type { PeriodicTask } from "./periodic-task";
import { setInProcessWake } from "./wake-job-runner";

/**
 * Drives the outbox and the periodic sweeps without Inngest: inside the Next server (embedded
 * default) or in its own process (`npm run worker`, scripts/worker.ts). Correctness never
 * depends on it: every step is a DB-driven idempotent function, so several instances, or
 * Inngest instead, reach the same results.
 *
 * The jobs run in the lanes' worker pools (lib/jobs/job-pool), which poll every `pollMs`;
 * `wake()` (from wakeJobRunner, after a commit of this process that enqueued) looks now. A
 * wake cannot cross processes: a worker beside a server with JOBS_RUNNER=off finds the
 * server's jobs at its next poll. The periodic sweeps run one at a time, each every `everyMs`,
 * beside the pools (a slow sweep delays no job). What it runs — the job definitions and the
 * sweeps — is handed to it by the composition root (lib/platform: boot, the worker).
 */
const GLOBAL_KEY = Symbol.for("payments.inProcessRunner");
export type RunnerHandle = {
  wake: () => void;
  /** Stops claiming and sweeping; waits for running jobs up to `graceMs`, then releases the rest. */
  stop: (graceMs?: number) => Promise<void>;
};
type GlobalWithRunner = typeof globalThis & { [GLOBAL_KEY]?: RunnerHandle };

export type InProcessRunnerOptions = Omit<JobPoolOptions, "pollMs"> & { periodicTasks?: readonly PeriodicTask[]; pollMs?: number };

export function startInProcessRunner(options: InProcessRunnerOptions): RunnerHandle {
  const g = globalThis as GlobalWithRunner;
  if (g[GLOBAL_KEY]) return g[GLOBAL_KEY];
  const { periodicTasks = [], pollMs = setting("JOBS_POLL_MS"), ...poolOptions } = options;
  const pool = startJobPool({ ...poolOptions, pollMs });
  let stopped = false;
  let sweeping: Promise<void> | null = null;
  const lastRun = new Map<string, number>();

  const sweep = async () => {
    for (const task of periodicTasks) {
      if (stopped) return;
      const now = Date.now();
      if (now - (lastRun.get(task.id) ?? 0) < task.everyMs) continue;
      lastRun.set(task.id, now);
      try {
        await task.run();
      } catch (err) {
        log.error("periodic task failed", { task: task.id, error: (err as Error).message });
      }
    }
  };
  const sweepTimer = setInterval(() => {
    sweeping ??= sweep().finally(() => (sweeping = null));
  }, Math.max(pollMs, 1000));

  const handle: RunnerHandle = {
    wake: () => {
      if (!stopped) pool.wake();
    },
    async stop(graceMs) {
      if (stopped) return;
      stopped = true;
      clearInterval(sweepTimer);
      if (g[GLOBAL_KEY] === handle) delete g[GLOBAL_KEY];
      setInProcessWake(null);
      await Promise.all([pool.stop(graceMs), sweeping]);
    },
  };
  g[GLOBAL_KEY] = handle;
  setInProcessWake(handle.wake);
  return handle;
}

/** This process's runner, if one is started (the server's shutdown stops it). */
export function currentInProcessRunner(): RunnerHandle | undefined {
  return (globalThis as GlobalWithRunner)[GLOBAL_KEY];
}
