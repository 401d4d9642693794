import { onCommit } from "@/lib/db/after-commit";
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { newId } from "@/lib/ids";
import { wakeJobRunner, wakeJobRunnerAt } from "./wake-job-runner";

export type EnqueueOptions = { runAt?: Date; dedupeKey?: string; maxAttempts?: number };

/** The row of a new job, defaults applied. */
export type NewJobRow = { id: string; type: string; payload: Record<string, unknown>; runAt: Date; maxAttempts: number; dedupeKey: string | null };

/**
 * Writes a job row: call it with the transaction that makes the change needing the job
 * (transactional outbox), so the job exists if and only if the change committed.
 * A dedupeKey makes enqueueing the same business step twice a no-op.
 * A job due now also wakes the runner once that transaction has committed (wakeJobRunner):
 * callers do nothing for it; a job for later asks for a wake at its due time (wakeJobRunnerAt).
 */
export async function enqueueJob(db: Db, type: string, payload: Record<string, unknown>, options: EnqueueOptions = {}) {
  const row = newJobRow(type, payload, options);
  const job = await insertJob(db, { ...row, payload: row.payload as Prisma.InputJsonObject });
  wakeAfterCommit(db, job.runAt);
  return job;
}

/**
 * The row enqueueJob would write, for a writer that inserts the job in the same SQL statement
 * as the row that needs it (recordWebhookEvent); that writer then calls wakeAfterCommit.
 */
export function newJobRow(type: string, payload: Record<string, unknown>, options: EnqueueOptions = {}): NewJobRow {
  return {
    id: newId("job"),
    type,
    payload,
    runAt: options.runAt ?? new Date(),
    maxAttempts: options.maxAttempts ?? 10,
    dedupeKey: options.dedupeKey ?? null,
  };
}

/**
 * Wakes the runner once `db`'s writes are committed: at once for a job due now, at its due
 * time for a job due later (see wake-job-runner). Called by every writer of job rows.
 */
export function wakeAfterCommit(db: Db, runAt: Date): void {
  if (runAt.getTime() <= Date.now()) onCommit(db, wakeJobRunner);
  else onCommit(db, () => wakeJobRunnerAt(runAt));
}

async function insertJob(db: Db, data: Prisma.JobCreateManyInput & { dedupeKey: string | null }) {
  if (!data.dedupeKey) return db.job.create({ data });
  const rows = await db.job.createManyAndReturn({ data: [data], skipDuplicates: true });
  return rows[0] ?? (await db.job.findUniqueOrThrow({ where: { dedupeKey: data.dedupeKey } }));
}
