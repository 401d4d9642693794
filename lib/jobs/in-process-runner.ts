import { log } from "@/lib/log";
import { periodicTasks } from "./periodic-tasks";
import { runDueJobs } from "./run-due-jobs";
import { setInProcessWake } from "./wake-job-runner";

/**
 * Drives the outbox and the periodic sweeps inside the Next server when Inngest is not
 * configured (embedded default). Correctness never depends on it: every step is a DB-driven
 * idempotent function, so several instances, or Inngest instead, reach the same results.
 *
 * It polls every `pollMs`; `wake()` (from wakeJobRunner, after a commit that enqueued) runs the
 * next tick now instead. Ticks never overlap: a wake during a tick makes one more tick right
 * after it, since the running one may already be past the query that would have seen the job.
 */
const GLOBAL_KEY = Symbol.for("payments.inProcessRunner");
type RunnerHandle = { stop: () => void; wake: () => void };
type GlobalWithRunner = typeof globalThis & { [GLOBAL_KEY]?: RunnerHandle };

export function startInProcessRunner(pollMs = Number(process.env.JOBS_POLL_MS ?? 500)): RunnerHandle {
  const g = globalThis as GlobalWithRunner;
  if (g[GLOBAL_KEY]) return g[GLOBAL_KEY];
  let stopped = false;
  let ticking = false;
  let wokenDuringTick = false;
  const lastRun = new Map<string, number>();

  const tick = async () => {
    ticking = true;
    wokenDuringTick = false;
    try {
      while (!stopped && (await runDueJobs()) > 0) {
        // drain while there is work
      }
      const now = Date.now();
      for (const task of periodicTasks) {
        if (now - (lastRun.get(task.id) ?? 0) < task.everyMs) continue;
        lastRun.set(task.id, now);
        await task.run();
      }
    } catch (err) {
      log.error("in-process runner tick failed", { error: (err as Error).message });
    } finally {
      ticking = false;
    }
    if (!stopped) timer = setTimeout(tick, wokenDuringTick ? 0 : pollMs);
  };
  let timer = setTimeout(tick, pollMs);
  const handle: RunnerHandle = {
    stop() {
      stopped = true;
      clearTimeout(timer);
      delete g[GLOBAL_KEY];
      setInProcessWake(null);
    },
    wake() {
      if (stopped) return;
      if (ticking) {
        wokenDuringTick = true;
        return;
      }
      clearTimeout(timer);
      timer = setTimeout(tick, 0);
    },
  };
  g[GLOBAL_KEY] = handle;
  setInProcessWake(handle.wake);
  return handle;
}
