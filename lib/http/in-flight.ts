/**
 * API handlers still running. A client that hangs up closes its connection, so the server's
 * drain (scripts/graceful-shutdown.mjs) can finish while the handler it started is still
 * mid-transaction; the platform's stop waits for these before it closes the database pool, so
 * such a request ends as it would have, never on a closed pool.
 * On globalThis: Next may evaluate this module in several bundles of one process, and the
 * shutdown (lib/platform/shutdown.ts) must see the routes' count.
 */
type State = { count: number; waiting: (() => void)[] };
const KEY = Symbol.for("payments.inFlightRequests");
const state = (): State => ((globalThis as Record<symbol, State | undefined>)[KEY] ??= { count: 0, waiting: [] });

export async function trackInFlight<T>(work: () => Promise<T>): Promise<T> {
  const s = state();
  s.count++;
  try {
    return await work();
  } finally {
    s.count--;
    if (s.count === 0) for (const resolve of s.waiting.splice(0)) resolve();
  }
}

export const requestsInFlight = (): number => state().count;

/** Resolves true once no handler runs, or false after `timeoutMs` with some still running. */
export function whenNoRequestInFlight(timeoutMs: number): Promise<boolean> {
  const s = state();
  if (s.count === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref?.();
    s.waiting.push(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}
