import type { AppEnvironment } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/is-unique-violation";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";

/**
 * The record of each reconciliation (reconciliation_runs): what was compared and found. The
 * daily sweep claims its run by a key per account and day, so that of several workers, or a
 * restart, one run per account and day goes through; a claim left unfinished for two hours (a
 * crash) may be taken again.
 */
export const STALE_CLAIM_MS = 2 * 3600_000;

export class AlreadyReconciled extends AppError {
  constructor(readonly sweepKey: string) {
    super("invalid_state", `The sweep already reconciled ${sweepKey}.`);
  }
}

type StartInput = { environment: AppEnvironment; accountId: string; source: string; from: Date; to: Date; trigger: string; sweepKey?: string; now: Date };

export async function startRun(db: Db, input: StartInput): Promise<{ id: string }> {
  const data = { environment: input.environment, accountId: input.accountId, source: input.source, periodFrom: input.from, periodTo: input.to, trigger: input.trigger, startedAt: input.now, sweepKey: input.sweepKey ?? null };
  try {
    return await db.reconciliationRun.create({ data: { id: newId("rcn", input.now.getTime()), ...data }, select: { id: true } });
  } catch (err) {
    if (!input.sweepKey || !isUniqueViolation(err)) throw err;
  }
  // Claimed already: taken again only when that run died unfinished long ago.
  const released = await db.reconciliationRun.updateMany({
    where: { sweepKey: input.sweepKey, finishedAt: null, startedAt: { lt: new Date(input.now.getTime() - STALE_CLAIM_MS) } },
    data: { sweepKey: null, error: "abandoned: its sweep claim was taken again" },
  });
  if (released.count === 0) throw new AlreadyReconciled(input.sweepKey);
  return db.reconciliationRun.create({ data: { id: newId("rcn", input.now.getTime()), ...data }, select: { id: true } });
}

export async function finishRun(db: Db, id: string, now: Date, counts: { compared: number; agreed: number; inFlight: number; unanswered: number; records: number; mismatches: number } | null, error?: string): Promise<void> {
  await db.reconciliationRun.update({ where: { id }, data: { ...(counts ?? {}), ...(error ? { error } : { finishedAt: now }) } });
}
