import type { AppEnvironment } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import type { ReconciliationMismatch } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { isMismatchKind, MISMATCH_KINDS, type MismatchKind } from "./mismatch-kinds";

/** The mismatches of one environment (`ops recon:report`), open ones by default, oldest first. */
export type MismatchFilter = { environment: AppEnvironment; accountId?: string; kind?: string; includeResolved?: boolean; from?: Date; to?: Date; limit?: number };

export type MismatchView = ReconciliationMismatch & { why: string };

export async function listMismatches(db: Db, filter: MismatchFilter): Promise<MismatchView[]> {
  if (filter.kind !== undefined && !isMismatchKind(filter.kind)) throw new AppError("validation_error", `Unknown kind ${filter.kind}: one of ${Object.keys(MISMATCH_KINDS).join(", ")}.`);
  const rows = await db.reconciliationMismatch.findMany({
    where: {
      environment: filter.environment,
      ...(filter.accountId ? { accountId: filter.accountId } : {}),
      ...(filter.kind ? { kind: filter.kind } : {}),
      ...(filter.includeResolved ? {} : { resolvedAt: null }),
      ...(filter.from || filter.to ? { occurredAt: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lt: filter.to } : {}) } } : {}),
    },
    orderBy: [{ firstSeenAt: "asc" }, { id: "asc" }],
    take: filter.limit ?? 500,
  });
  return rows.map((r) => ({ ...r, why: MISMATCH_KINDS[r.kind as MismatchKind] ?? r.kind }));
}

/** The latest runs of one environment, newest first. */
export function listRuns(db: Db, filter: { environment: AppEnvironment; accountId?: string; limit?: number }) {
  return db.reconciliationRun.findMany({ where: { environment: filter.environment, ...(filter.accountId ? { accountId: filter.accountId } : {}) }, orderBy: [{ startedAt: "desc" }, { id: "desc" }], take: filter.limit ?? 20 });
}

/** The unresolved mismatches per environment, account and kind (the metrics scrape's gauge). */
export function countOpenMismatches(db: Db) {
  return db.reconciliationMismatch.groupBy({ by: ["environment", "accountId", "kind"], where: { resolvedAt: null }, _count: { _all: true } });
}

/** The last finished run of each account, per environment (the metrics scrape's gauge). */
export function lastFinishedRuns(db: Db) {
  return db.reconciliationRun.groupBy({ by: ["environment", "accountId"], where: { finishedAt: { not: null } }, _max: { finishedAt: true } });
}
