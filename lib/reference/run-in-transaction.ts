import { getPrisma, type Db, type Tx } from "@/lib/db/client";

/** Runs `fn` in a new transaction, or inside the caller's when `db` already is one. */
export async function runInTransaction<T>(db: Db | undefined, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const client = db ?? (await getPrisma());
  return "$transaction" in client ? client.$transaction((tx) => fn(tx)) : fn(client);
}
