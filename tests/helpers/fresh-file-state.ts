import { closeDatabase } from "@/lib/db/client";

/**
 * A test worker runs many files one after another in one process (vitest.config.ts): modules are
 * imported once per worker instead of once per file, which halves the suites' CPU. Each file must
 * still start as if the process were new, so before each file:
 * - the environment is the one the worker started with, whatever the previous file set;
 * - any database the previous file left open is closed (the next use opens a fresh copy);
 * - the platform's process-wide state is dropped: everything it keeps on `globalThis` under a
 *   `payments.*` symbol (the database, rate limiter, catalogue and API key caches, request-log
 *   buffer, metrics, tracing, job wake, planted bugs…), so no count, cache or registry carries over.
 * Files that replace modules with vi.mock run in a process of their own (vitest.config.ts).
 */
const worker = globalThis as { environmentAtStart?: NodeJS.ProcessEnv };

export async function startFileFresh(): Promise<void> {
  if (!worker.environmentAtStart) {
    worker.environmentAtStart = { ...process.env };
    return;
  }
  await closeDatabase();
  for (const key of Object.getOwnPropertySymbols(globalThis)) {
    if (key.description?.startsWith("payments.")) delete (globalThis as Record<symbol, unknown>)[key];
  }
  const start = worker.environmentAtStart;
  for (const name of Object.keys(process.env)) if (!(name in start)) delete process.env[name];
  Object.assign(process.env, start);
}
