import { onCommit } from "@/lib/db/after-commit";
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { newId } from "@/lib/ids";
import { wakeJobRunner, wakeJobRunnerAt } from "./wake-job-runner";

export type EnqueueOptions = { runAt?: Date; dedupeKey?: string; maxAttempts?: number };

/**
 * Writes a job row: call it with the transaction that makes the change needing the job
 * (transactional outbox), so the job exists if and only if the change committed.
 * A dedupeKey makes enqueueing the same business step twice a no-op.
 * A job due now also wakes the runner once that transaction has committed (wakeJobRunner):
 * callers do nothing for it; a job for later asks for a wake at its due time (wakeJobRunnerAt).
 */
export async function enqueueJob(db: Db, type: string, payload: Record<string, unknown>, options: EnqueueOptions = {}) {
  const data = {
    id: newId("job"),
    type,
    payload: payload as Prisma.InputJsonObject,
    runAt: options.runAt ?? new Date(),
    maxAttempts: options.maxAttempts ?? 10,
    dedupeKey: options.dedupeKey ?? null,
  };
  const job = await insertJob(db, data);
  if (job.runAt.getTime() <= Date.now()) onCommit(db, wakeJobRunner);
  else onCommit(db, () => wakeJobRunnerAt(job.runAt));
  return job;
}

async function insertJob(db: Db, data: Prisma.JobCreateManyInput & { dedupeKey: string | null }) {
  if (!data.dedupeKey) return db.job.create({ data });
  const rows = await db.job.createManyAndReturn({ data: [data], skipDuplicates: true });
  return rows[0] ?? (await db.job.findUniqueOrThrow({ where: { dedupeKey: data.dedupeKey } }));
}
