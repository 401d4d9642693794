import { onCommit } from "@/lib/db/after-commit";
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { newId } from "@/lib/ids";
import { insertRows, insertRowsSql } from "@/lib/db/insert-rows";
import type { JobPayload, JobType } from "./define-job";
import { wakeJobRunner, wakeJobRunnerAt } from "./wake-job-runner";

export type EnqueueOptions = {
  runAt?: Date;
  dedupeKey?: string;
  maxAttempts?: number;
  /** Jobs sharing it run at most their lane's per-key cap at a time (lib/jobs/job-lanes). */
  concurrencyKey?: string;
};

/** The row of a new job, defaults applied. */
export type NewJobRow = {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  runAt: Date;
  maxAttempts: number;
  dedupeKey: string | null;
  concurrencyKey: string | null;
};

/**
 * Writes a job row: call it with the transaction that makes the change needing the job
 * (transactional outbox), so the job exists if and only if the change committed.
 * A dedupeKey makes enqueueing the same business step twice a no-op. The payload is checked
 * against its job type's schema here, before anything is written.
 * A job due now also wakes the runner once that transaction has committed (wakeJobRunner):
 * callers do nothing for it; a job for later asks for a wake at its due time (wakeJobRunnerAt).
 */
export async function enqueueJob<J extends JobType>(db: Db, type: J, payload: JobPayload<J>, options: EnqueueOptions = {}) {
  const [row] = newJobRows(type, [{ payload, options }]);
  const job = await insertJob(db, { ...row, payload: row.payload as Prisma.InputJsonObject });
  wakeAfterCommit(db, job.runAt);
  return job;
}

/**
 * enqueueJob for many jobs of one type in a bounded number of statements (a bulk payout's submit
 * jobs): same payload check, same dedupe rule (a key already queued is skipped), one wake.
 */
export async function enqueueJobs<J extends JobType>(db: Db, type: J, jobs: { payload: JobPayload<J>; options?: EnqueueOptions }[]): Promise<void> {
  if (jobs.length === 0) return;
  const rows = newJobRows(type, jobs);
  await insertRows(db, "jobs", rows, { onConflictDoNothing: JOB_DEDUPE_CONFLICT });
  const earliest = rows.reduce((min, r) => (r.runAt < min ? r.runAt : min), rows[0].runAt);
  wakeAfterCommit(db, earliest);
}

/**
 * enqueueJob as one part of a caller's single statement (a data-modifying CTE: collect and payout
 * initiate): the INSERT of the same row (payload checked, defaults applied) with the
 * same dedupe rule, writing nothing unless `when` (a condition on the statement's other parts)
 * holds. The caller wakes the runner once that statement has written it: wakeAfterCommit(db, runAt).
 */
export async function enqueueJobSql<J extends JobType>(
  db: Db,
  type: J,
  payload: JobPayload<J>,
  options: EnqueueOptions & { when?: Prisma.Sql } = {},
): Promise<{ insert: Prisma.Sql; runAt: Date }> {
  const { when, ...enqueue } = options;
  const rows = newJobRows(type, [{ payload, options: enqueue }]);
  return { insert: await insertRowsSql(db, "jobs", rows, { when, onConflictDoNothing: JOB_DEDUPE_CONFLICT }), runAt: rows[0].runAt };
}

/**
 * enqueueJob for rows another statement computes (a data-modifying CTE that writes the row needing
 * each job in the same statement: recordWebhookEvent's events): the INSERT … SELECT of job rows
 * with enqueueJob's columns, defaults and dedupe rule, RETURNING the id of each row written, so the jobs table keeps one writer. `select`
 * names the id, payload (jsonb) and dedupe key expressions; `from` is the rest of the SELECT (its
 * FROM, WHERE and ORDER BY). The caller checks the payloads (newJobRow) and wakes the runner.
 */
export function insertJobsSelectSql(
  type: string,
  select: { id: Prisma.Sql; payload: Prisma.Sql; dedupeKey: Prisma.Sql },
  from: Prisma.Sql,
  options: { createdAt: Date; maxAttempts?: number; concurrencyKey?: string | null },
): Prisma.Sql {
  const { createdAt, maxAttempts = DEFAULT_MAX_ATTEMPTS, concurrencyKey = null } = options;
  return Prisma.sql`INSERT INTO jobs (id, type, payload, run_at, max_attempts, dedupe_key, concurrency_key, created_at, updated_at)
        SELECT ${select.id}, ${type}, ${select.payload}, ${createdAt}, ${maxAttempts}, ${select.dedupeKey}, ${concurrencyKey}, ${createdAt}, ${createdAt}
        ${from}
        ON CONFLICT (${Prisma.raw(JOB_DEDUPE_CONFLICT)}) DO NOTHING
        RETURNING id`;
}

const DEFAULT_MAX_ATTEMPTS = 10;

/** The dedupe rule of every writer of job rows: a key already queued is skipped (insertRows' onConflictDoNothing). */
export const JOB_DEDUPE_CONFLICT = "dedupe_key";

/** The rows enqueueJob(s) write: payloads checked against their job type's schema, defaults applied. */
function newJobRows<J extends JobType>(job: J, jobs: { payload: JobPayload<J>; options?: EnqueueOptions }[]) {
  return jobs.map(({ payload, options }) => {
    const checked = job.payload.safeParse(payload);
    if (!checked.success) throw new Error(`Job ${job.type}: invalid payload (${checked.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")})`);
    const now = new Date();
    return { ...newJobRow(job.type, payload as Record<string, unknown>, options), createdAt: now, updatedAt: now };
  });
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
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    dedupeKey: options.dedupeKey ?? null,
    concurrencyKey: options.concurrencyKey ?? null,
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
