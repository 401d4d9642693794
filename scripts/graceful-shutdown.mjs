/**
 * SIGTERM/SIGINT for an HTTP server (scripts/serve.mjs; tests/helpers/graceful-server.ts runs
 * it in a real process): stop accepting at once, let in-flight requests finish (responses now
 * say `Connection: close`, idle keep-alive sockets are closed), force the rest closed after the
 * grace, then the platform's own stop (jobs, leases, pool: lib/platform/shutdown.ts, found on
 * globalThis because this file runs outside Next's module graph), exit 0. A second signal
 * exits 1 at once, unless it comes within SAME_STOP_MS of the first: a terminal's Ctrl-C
 * reaches both `npm start`'s supervisor and its children, and the supervisor then passes the
 * stop on (scripts/supervise.mjs); that is the same stop, not an impatient second one.
 */
const HOOK = Symbol.for("payments.shutdown");
const DEFAULT_GRACE_MS = 10_000;
export const SAME_STOP_MS = 1_000;

/**
 * @param {import("node:http").Server} server
 * @param {{ log?: (line: string) => void }} [options]
 * @returns {{ stopping: () => boolean }}
 */
export function installGracefulShutdown(server, { log = (line) => console.log(line) } = {}) {
  let stopping = false;
  let stoppedAt = 0;
  server.on("request", (_req, res) => {
    if (stopping && !res.headersSent) res.setHeader("Connection", "close");
  });
  const shutdown = async (signal) => {
    if (stopping) {
      if (Date.now() - stoppedAt < SAME_STOP_MS) return;
      log(`shutdown: second ${signal}, exiting now`);
      process.exit(1);
    }
    stopping = true;
    stoppedAt = Date.now();
    const hook = /** @type {{ httpGraceMs(): number; afterDrain(): Promise<void> } | undefined} */ (globalThis[HOOK]);
    const graceMs = hook?.httpGraceMs() ?? DEFAULT_GRACE_MS;
    log(`shutdown: ${signal}, no new connections; waiting up to ${graceMs} ms for requests in flight`);
    const drained = new Promise((resolve) => server.close(() => resolve(undefined)));
    server.closeIdleConnections();
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    const force = setTimeout(() => {
      log("shutdown: grace over, closing the remaining connections");
      server.closeAllConnections();
    }, graceMs);
    await drained;
    clearInterval(idle);
    clearTimeout(force);
    log("shutdown: http drained");
    try {
      await hook?.afterDrain();
      log("shutdown: done");
      process.exit(0);
    } catch (err) {
      log(`shutdown: unclean stop: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    }
  };
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void shutdown(signal));
  return { stopping: () => stopping };
}
