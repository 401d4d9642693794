/**
 * `npm run worker`: the job runner in its own process, so API latency never pays for provider
 * calls and webhook deliveries. It runs the lanes' worker pools and the periodic sweeps
 * (lib/jobs/in-process-runner) against DATABASE_URL; run the web server beside it with
 * JOBS_RUNNER=worker (or off). Any number of workers may run: claims are FOR UPDATE SKIP LOCKED.
 *
 * With JOBS_RUNNER=worker the server sends a PostgreSQL NOTIFY after each commit that enqueued,
 * and the worker, LISTENing (lib/jobs/listen-for-wakes), starts the job at once; otherwise it
 * finds the server's jobs at its next poll (JOBS_POLL_MS, 500 ms). The jobs it enqueues itself
 * (the poll after a submit) run at once. PostgreSQL only: an embedded PGlite folder can be
 * opened by one process only, and there the server runs the jobs itself.
 *
 * SIGTERM or SIGINT: stop claiming and sweeping, let the running jobs end for up to
 * JOBS_SHUTDOWN_GRACE_MS (20 s: past a webhook's 15 s timeout), put the ones still running
 * back to pending for another worker, close the database, exit 0. A second signal exits at once
 * (one within a second of the first is the same stop: `npm start`'s supervisor passing on a
 * terminal's Ctrl-C, scripts/graceful-shutdown.mjs).
 */
import { config, setting, overrideSetting } from "@/lib/config";
import { closeDatabase, getDatabase } from "@/lib/db/client";
import { startInProcessRunner } from "@/lib/jobs/in-process-runner";
import { listenForWakes } from "@/lib/jobs/listen-for-wakes";
import { LANES, laneSettings } from "@/lib/jobs/job-lanes";
import { log } from "@/lib/log";
import { refuseInvalidConfiguration } from "@/lib/platform/check-configuration";
import { platformJobs } from "@/lib/platform/jobs";
import { periodicTasks } from "@/lib/platform/periodic-tasks";
import { startTracing, stopTracing } from "@/lib/observability/tracing";

async function main() {
  refuseInvalidConfiguration("The worker");
  const databaseUrl = config.databaseUrl();
  if (!databaseUrl) {
    console.error("npm run worker needs PostgreSQL (DATABASE_URL): the embedded database can be opened by one process only, and there the server runs the jobs itself.");
    process.exit(1);
  }
  // This process's own commits (a submit enqueueing its poll) wake its pools directly.
  overrideSetting("JOBS_RUNNER", "inline");
  const graceMs = setting("JOBS_SHUTDOWN_GRACE_MS");
  // Job and operator-call spans, exported like the server's (off unless an endpoint is set).
  if (config.tracingEnabled()) await startTracing();
  const pollMs = setting("JOBS_POLL_MS");
  await getDatabase(); // migrations applied, as the server does at start
  const runner = startInProcessRunner({ jobs: platformJobs, periodicTasks, pollMs });
  const listener = listenForWakes(databaseUrl, runner.wake);
  const lanes = LANES.map((lane) => {
    const { concurrency, perKeyCap } = laneSettings(lane);
    return `${lane} ${concurrency}${perKeyCap ? ` (${perKeyCap} per key)` : ""}`;
  });
  log.info("worker started", { pid: process.pid, lanes: lanes.join(", "), pollMs });

  let stopping = false;
  let stoppedAt = 0;
  const shutdown = async (signal: string) => {
    if (stopping) {
      if (Date.now() - stoppedAt < 1_000) return;
      log.warn("worker: second signal, exiting now", { signal });
      process.exit(1);
    }
    stopping = true;
    stoppedAt = Date.now();
    log.info("worker stopping", { signal, graceMs });
    try {
      await listener.stop();
      await runner.stop(graceMs);
      await closeDatabase();
      await stopTracing(); // flushes the last spans
      log.info("worker stopped");
      process.exit(0);
    } catch (err) {
      log.error("worker: unclean stop", { error: (err as Error).message });
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
