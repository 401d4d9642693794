import { Prisma } from "@/lib/db/generated/client";
import { runSql } from "@/lib/db/run-sql";
import { KEY_BACKOFF_BASE_MS, KEY_BACKOFF_MAX_MS } from "./job-lanes";
import type { JobOutcome } from "./run-claimed-job";
import { wakeJobRunnerAt } from "./wake-job-runner";

/**
 * Writes the outcomes of several runs in one statement: each job's next state, and the
 * backoff of the keys their runs reported on (a timeout lengthens it, an answer ends it).
 * A row is written only if it is still running under the same claim (same attempt number):
 * a runner whose lease passed and whose job another runner took cannot overwrite that run.
 * Jobs due later ask for a wake at their due time (Inngest; the pools poll).
 */
export async function finishJobs(outcomes: readonly JobOutcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const slowKeys = outcomes.filter((o) => o.concurrencyKey && o.keyTimedOut === true).map((o) => o.concurrencyKey!);
  const healthyKeys = outcomes.filter((o) => o.concurrencyKey && o.keyTimedOut === false).map((o) => o.concurrencyKey!);
  await runSql(Prisma.sql`
    WITH u AS (
      SELECT * FROM unnest(${outcomes.map((o) => o.id)}::text[], ${outcomes.map((o) => o.attempts)}::int[], ${outcomes.map((o) => o.status)}::text[],
                           ${outcomes.map((o) => o.runAt?.toISOString() ?? null)}::text[], ${outcomes.map((o) => o.resetAttempts)}::bool[],
                           ${outcomes.map((o) => o.lastError)}::text[])
        AS u(id, attempts, status, run_at, reset, last_error)
    ), locked AS MATERIALIZED (
      -- In id order, as renewLeases locks them: overlapping batches updated in their joins' own
      -- orders deadlocked under load.
      SELECT j.id FROM jobs j JOIN u ON u.id = j.id ORDER BY j.id FOR UPDATE OF j
    ), done AS (
      UPDATE jobs j SET status = u.status::"JobStatus",
                        run_at = coalesce(u.run_at::timestamptz, j.run_at),
                        attempts = CASE WHEN u.reset THEN 0 ELSE j.attempts END,
                        last_error = coalesce(u.last_error, j.last_error),
                        locked_until = NULL,
                        finished_at = CASE WHEN u.status IN ('succeeded', 'failed') THEN now() END,
                        updated_at = now()
      FROM u, locked WHERE j.id = u.id AND locked.id = j.id AND j.status = 'running' AND j.attempts = u.attempts
      RETURNING j.id
    ), slow AS (
      INSERT INTO job_key_backoffs AS b (key, failures, until, updated_at)
      SELECT key, n, now() + least(${KEY_BACKOFF_MAX_MS}::float8, ${KEY_BACKOFF_BASE_MS}::float8 * power(2, n - 1)) * interval '1 millisecond', now()
      FROM (SELECT key, count(*)::int AS n FROM unnest(${slowKeys}::text[]) AS key GROUP BY key) s
      ON CONFLICT (key) DO UPDATE SET
        failures = b.failures + excluded.failures,
        until = now() + least(${KEY_BACKOFF_MAX_MS}::float8, ${KEY_BACKOFF_BASE_MS}::float8 * power(2, b.failures + excluded.failures - 1)) * interval '1 millisecond',
        updated_at = now()
      RETURNING key
    ), healthy AS (
      DELETE FROM job_key_backoffs WHERE key = ANY(${healthyKeys}::text[]) AND NOT (key = ANY(${slowKeys}::text[]))
      RETURNING key
    )
    SELECT (SELECT count(*) FROM done) + (SELECT count(*) FROM slow) + (SELECT count(*) FROM healthy)`);
  for (const o of outcomes) if (o.status === "pending" && o.runAt) wakeJobRunnerAt(o.runAt);
}
