import { log } from "@/lib/log";
import type { Db } from "./client";
import type { PrismaClient } from "./generated/client";

/**
 * After-commit callbacks (the pattern of Django's `transaction.on_commit`): code that writes
 * inside a transaction registers work that may only happen once those writes are visible to
 * others, such as waking the job runner for an outbox row it just wrote. The callbacks run
 * once the interactive transaction has committed and are dropped if it rolls back, so nothing
 * outside the database can ever observe a change that did not happen.
 *
 * The registration lives with the writer (lib/jobs/enqueue-job), the running lives here, once
 * for the process's client: no caller of `$transaction` has to remember anything, and callers
 * that are not ours to edit get the same behaviour.
 */
type Hooks = Set<() => void>;

const openTransactions = new WeakMap<object, Hooks>();

/** A transaction client lacks $connect (Prisma's deny list); the root client has it. */
export function isRootClient(db: object): boolean {
  return typeof (db as { $connect?: unknown }).$connect === "function";
}

/**
 * Runs `fn` once the writes made so far through `db` are committed: at once for the root
 * client (each statement commits by itself), after COMMIT for a transaction opened by the
 * process's client, never if it rolls back. The same `fn` registered twice in one transaction
 * runs once. `fn` must not throw or block: it runs on the path that returns the transaction's
 * result to its caller.
 */
export function onCommit(db: Db, fn: () => void): void {
  if (isRootClient(db)) {
    runHook(fn);
    return;
  }
  const hooks = openTransactions.get(db);
  if (hooks) {
    hooks.add(fn);
    return;
  }
  // A transaction this module did not open (a client built elsewhere, a nested one): we cannot
  // know when it commits, and running `fn` now would run it before the commit. Skip it: every
  // caller of onCommit must be correct without it (for jobs, the poll and the cron).
  log.debug("onCommit outside a tracked transaction: callback skipped");
}

function runHook(fn: () => void) {
  try {
    fn();
  } catch (err) {
    // The transaction has committed: its caller must get its result whatever a callback does.
    log.error("after-commit callback failed", { error: (err as Error).message });
  }
}

/**
 * Makes `prisma.$transaction(fn)` (the interactive form) run the callbacks registered with
 * onCommit for its transaction once it resolved, that is after COMMIT. The batch form
 * (`$transaction([...])`) takes no callback, so no code can register anything in it, and is
 * passed through. Applied once to the process's client (lib/db/client.ts).
 */
export function withAfterCommitHooks(prisma: PrismaClient): PrismaClient {
  const begin = prisma.$transaction.bind(prisma) as (arg: unknown, options?: unknown) => Promise<unknown>;
  const transaction = (arg: unknown, options?: unknown) => {
    if (typeof arg !== "function") return begin(arg, options);
    const hooks: Hooks = new Set();
    return begin((tx: object) => {
      openTransactions.set(tx, hooks);
      return (arg as (tx: object) => Promise<unknown>)(tx);
    }, options).then((result) => {
      for (const fn of hooks) runHook(fn);
      return result;
    });
  };
  prisma.$transaction = transaction as PrismaClient["$transaction"];
  return prisma;
}
