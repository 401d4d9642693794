import { setting } from "@/lib/config";
import { closeDatabase } from "@/lib/db/client";
import { currentInProcessRunner } from "@/lib/jobs/in-process-runner";
import { requestsInFlight, whenNoRequestInFlight } from "@/lib/http/in-flight";
import { log } from "@/lib/log";
import { stopTracing } from "@/lib/observability/tracing";
import { flushApiRequestLog } from "@/lib/request-log/record-api-request";

/**
 * The server's graceful stop, past its HTTP side. scripts/serve.mjs runs outside Next's module
 * graph, so boot() leaves this on globalThis and serve.mjs calls it once the server has stopped
 * accepting and its in-flight requests have ended (or HTTP_SHUTDOWN_GRACE_MS passed):
 * the in-process runner stops claiming, its running jobs get JOBS_SHUTDOWN_GRACE_MS, the ones
 * still running go back to pending (lease released, another instance takes them), the API
 * request log's last batch is written, then the database pool closes and the last spans are flushed. The worker (scripts/worker.ts) does the
 * same steps itself.
 */
export type PlatformShutdown = { httpGraceMs: () => number; afterDrain: () => Promise<void> };
const KEY = Symbol.for("payments.shutdown");

export async function stopPlatform(): Promise<void> {
  // Handlers whose client hung up outlive the HTTP drain: let them end before the pool does.
  if (!(await whenNoRequestInFlight(setting("HTTP_SHUTDOWN_GRACE_MS")))) {
    log.warn("shutdown: API requests still running after the grace; closing anyway", { inFlight: requestsInFlight() });
  }
  const runner = currentInProcessRunner();
  if (runner) {
    const graceMs = setting("JOBS_SHUTDOWN_GRACE_MS");
    log.info("shutdown: stopping jobs", { graceMs });
    await runner.stop(graceMs);
    log.info("shutdown: jobs stopped");
  }
  await flushApiRequestLog();
  await closeDatabase();
  log.info("shutdown: database closed");
  await stopTracing();
}

export function exposeShutdown(): void {
  const hook: PlatformShutdown = { httpGraceMs: () => setting("HTTP_SHUTDOWN_GRACE_MS"), afterDrain: stopPlatform };
  (globalThis as Record<symbol, unknown>)[KEY] = hook;
}
