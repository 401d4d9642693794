import { config } from "@/lib/config";
import { getPrisma, type Db } from "@/lib/db/client";
import type { Catalogue } from "./catalogue-types";
import { loadCatalogue } from "./load-catalogue";

/**
 * The catalogue, cached in memory for REFERENCE_CACHE_TTL_SECONDS (default 30 s).
 * Invariants: one load in flight at a time; an edit made through lib/reference (ops CLI, tests)
 * invalidates this process's cache at once, other processes see it within the TTL. The cache
 * lives on globalThis because Next may evaluate this module in more than one bundle.
 * Inside a transaction pass it as `db`: a stale cache is then refreshed through it (on PGlite the
 * outer client would wait for the transaction) and that snapshot is not kept.
 */
const GLOBAL_KEY = Symbol.for("payments.referenceCatalogue");
type Slot = { value?: Catalogue; loading?: Promise<Catalogue>; generation: number };
type GlobalWithCatalogue = typeof globalThis & { [GLOBAL_KEY]?: Slot };

const slot = (): Slot => ((globalThis as GlobalWithCatalogue)[GLOBAL_KEY] ??= { generation: 0 });

export async function getCatalogue(db?: Db): Promise<Catalogue> {
  const s = slot();
  const ttlMs = config.referenceCacheSeconds() * 1000;
  if (s.value && Date.now() - s.value.loadedAt < ttlMs) return s.value;
  const generation = s.generation;
  if (db && isTransaction(db)) {
    // Read through the caller's transaction (never wait on the outer client: PGlite would
    // deadlock) and do not keep the snapshot: the transaction may write and then roll back.
    return loadCatalogue(db);
  }
  if (s.loading) return s.loading;
  const loading = (async () => loadCatalogue(db ?? (await getPrisma())))();
  s.loading = loading;
  try {
    const value = await loading;
    // An invalidation during the load means this snapshot may predate the edit: do not keep it.
    if (s.generation === generation) s.value = value;
    return value;
  } finally {
    if (s.loading === loading) s.loading = undefined;
  }
}

/** Drops the cached catalogue; the next look-up reloads it. */
export function invalidateReferenceCache(): void {
  const s = slot();
  s.generation++;
  s.value = undefined;
  s.loading = undefined;
}

/** A transaction client lacks $connect (Prisma's deny list); it does have $transaction (savepoints). */
function isTransaction(db: Db): boolean {
  return typeof (db as { $connect?: unknown }).$connect !== "function";
}
