import { onCommit } from "@/lib/db/after-commit";
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { newId } from "@/lib/ids";
import { insertRows, insertRowsSql } from "@/lib/db/insert-rows";
import type { z } from "zod";
import type { JobDefinitions } from "./register-handlers";
import { wakeJobRunner, wakeJobRunnerAt } from "./wake-job-runner";

type KnownJob = JobDefinitions[number];
/** The payload a job type takes: its definition's schema for a listed type; anything for an ad-hoc one (tests). */
export type JobPayload<T extends string> = T extends KnownJob["type"] ? z.input<Extract<KnownJob, { type: T }>["payload"]> : Record<string, unknown>;

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
 * A dedupeKey makes enqueueing the same business step twice a no-op. The payload of a listed
 * job type is checked against its definition's schema here, before anything is written.
 * A job due now also wakes the runner once that transaction has committed (wakeJobRunner):
 * callers do nothing for it; a job for later asks for a wake at its due time (wakeJobRunnerAt).
 */
export async function enqueueJob<T extends string>(db: Db, type: T, payload: JobPayload<T>, options: EnqueueOptions = {}) {
  const [row] = await newJobRows(type, [{ payload, options }]);
  const job = await insertJob(db, { ...row, payload: row.payload as Prisma.InputJsonObject });
  wakeAfterCommit(db, job.runAt);
  return job;
}

/**
 * enqueueJob for many jobs of one type in a bounded number of statements (a bulk payout's submit
 * jobs): same payload check, same dedupe rule (a key already queued is skipped), one wake.
 */
export async function enqueueJobs<T extends string>(db: Db, type: T, jobs: { payload: JobPayload<T>; options?: EnqueueOptions }[]): Promise<void> {
  if (jobs.length === 0) return;
  const rows = await newJobRows(type, jobs);
  await insertRows(db, "jobs", rows, { onConflictDoNothing: JOB_DEDUPE_CONFLICT });
  const earliest = rows.reduce((min, r) => (r.runAt < min ? r.runAt : min), rows[0].runAt);
  wakeAfterCommit(db, earliest);
}

/**
 * enqueueJob as one part of a caller's single statement (a data-modifying CTE: collect and payout
 * initiate, issue 17): the INSERT of the same row (payload checked, defaults applied) with the
 * same dedupe rule, writing nothing unless `when` (a condition on the statement's other parts)
 * holds. The caller wakes the runner once that statement has written it: wakeAfterCommit(db, runAt).
 */
export async function enqueueJobSql<T extends string>(
  db: Db,
  type: T,
  payload: JobPayload<T>,
  options: EnqueueOptions & { when?: Prisma.Sql } = {},
): Promise<{ insert: Prisma.Sql; runAt: Date }> {
  const { when, ...enqueue } = options;
  const rows = await newJobRows(type, [{ payload, options: enqueue }]);
  return { insert: await insertRowsSql(db, "jobs", rows, { when, onConflictDoNothing: JOB_DEDUPE_CONFLICT }), runAt: rows[0].runAt };
}

/** The dedupe rule of every writer of job rows: a key already queued is skipped (insertRows' onConflictDoNothing). */
export const JOB_DEDUPE_CONFLICT = "dedupe_key";

/** The rows enqueueJob(s) write: payloads checked against their definition, defaults applied. */
async function newJobRows<T extends string>(type: T, jobs: { payload: JobPayload<T>; options?: EnqueueOptions }[]) {
  // Loaded at call time: the job definitions import the modules that import us.
  const definition = (await import("./job-handlers")).jobDefinition(type);
  return jobs.map(({ payload, options }) => {
    if (definition) {
      const checked = definition.payload.safeParse(payload);
      if (!checked.success) throw new Error(`Job ${type}: invalid payload (${checked.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")})`);
    }
    const now = new Date();
    return { ...newJobRow(type, payload as Record<string, unknown>, options), createdAt: now, updatedAt: now };
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
    maxAttempts: options.maxAttempts ?? 10,
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
