import { getPrisma, type Db, type Tx } from "@/lib/db/client";
import type { PrismaClient } from "@/lib/db/generated/client";

/** Runs `fn` in a new transaction, or inside the caller's when `db` already is one. */
export async function runInTransaction<T>(db: Db | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const client = db ?? (await getPrisma());
  // A transaction client has no $connect; nesting would need savepoints, which PGlite lacks.
  return typeof (client as { $connect?: unknown }).$connect === "function"
    ? (client as PrismaClient).$transaction((tx) => fn(tx))
    : fn(client as Tx);
}
