import { log } from "@/lib/log";
import { periodicTasks } from "./periodic-tasks";
import { runDueJobs } from "./run-due-jobs";

/**
 * Drives the outbox and the periodic sweeps inside the Next server when Inngest is not
 * configured (embedded default). Correctness never depends on it: every step is a DB-driven
 * idempotent function, so several instances, or Inngest instead, reach the same results.
 */
const GLOBAL_KEY = Symbol.for("payments.inProcessRunner");
type GlobalWithRunner = typeof globalThis & { [GLOBAL_KEY]?: { stop: () => void } };

export function startInProcessRunner(pollMs = Number(process.env.JOBS_POLL_MS ?? 500)): { stop: () => void } {
  const g = globalThis as GlobalWithRunner;
  if (g[GLOBAL_KEY]) return g[GLOBAL_KEY];
  let stopped = false;
  const lastRun = new Map<string, number>();

  const tick = async () => {
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
    }
    if (!stopped) timer = setTimeout(tick, pollMs);
  };
  let timer = setTimeout(tick, pollMs);
  const handle = {
    stop() {
      stopped = true;
      clearTimeout(timer);
      delete g[GLOBAL_KEY];
    },
  };
  g[GLOBAL_KEY] = handle;
  return handle;
}
