import { Prisma } from "@/lib/db/generated/client";
import { runSql } from "@/lib/db/run-sql";
import type { LaneSettings } from "./job-lanes";

/**
 * A running job's lease: past it, the runner is presumed dead and another takes the job. Short,
 * so that a crashed process's jobs resume within seconds; the runner renews it while the job
 * runs (renewLeases, every LEASE_RENEW_MS) up to MAX_LEASED_RUN_SECONDS, so a job that takes
 * longer than the lease is not taken twice, and one that hangs is taken over as before.
 */
export const LEASE_SECONDS = 20;
/**
 * How often a runner renews the leases of the jobs it runs: a quarter of the lease, so two missed
 * renewals in a row are survived. The goal is an order resumed within 30 s of its runner's crash:
 * the lease passes at most LEASE_SECONDS after the last renewal, and the next poll (500 ms) claims it.
 */
export const LEASE_RENEW_MS = 5_000;
/** No renewal past this time since the claim: a job still running then is presumed hung. */
export const MAX_LEASED_RUN_SECONDS = 300;

export type ClaimedJob = {
  id: string;
  type: string;
  payload: Record<string, unknown>;
  /** This run's number; it also fences the finish (finishJobs), see there. */
  attempts: number;
  max_attempts: number;
  concurrency_key: string | null;
};

/**
 * Claims up to `limit` due jobs of `types` in one statement: they become `running` under a
 * lease. A job is due when pending and past its runAt, or running past its lease (its runner
 * died). The rows are locked FOR UPDATE SKIP LOCKED and the due condition is checked again on
 * the locked row, so several runners (processes, or pools of one process) never take the same
 * job; a runner that lost a race gets fewer rows and asks again at its next wake or poll.
 *
 * With a per-key cap (the webhook lane, key = merchant), the statement also skips the keys
 * that already have `cap` jobs running under a live lease, takes at most the remaining room of
 * each key (oldest first), and skips keys backing off (job_key_backoffs): a merchant with a
 * thousand queued events for a hanging endpoint never stands in front of another merchant's
 * one. The runner's own statements (this claim, renewLeases, finishJobs, releaseJobs) go through
 * the driver as prepared statements (lib/db/run-sql.ts): they are one or two per job, and Prisma's
 * client spent more CPU on each than PostgreSQL did (docs/performance.md, "Job worker CPU").
 * The cap is exact for the claims of one runner process (a lane claims one batch at a
 * time); two processes claiming in the same instant both see the count before the other's
 * claim, so it may be passed by one job per extra process until those jobs end.
 */
export async function claimJobs(types: readonly string[], limit: number, settings: Pick<LaneSettings, "perKeyCap">): Promise<ClaimedJob[]> {
  if (types.length === 0 || limit <= 0) return [];
  const typeList = [...types];
  if (settings.perKeyCap === null) {
    return runSql<ClaimedJob>(Prisma.sql`
      UPDATE jobs SET status = 'running', attempts = attempts + 1,
                      locked_until = now() + ${LEASE_SECONDS}::int * interval '1 second', updated_at = now()
      WHERE id IN (
        SELECT id FROM jobs
        WHERE ((status = 'pending' AND run_at <= now()) OR (status = 'running' AND locked_until < now()))
          AND type = ANY(${typeList}::text[])
        ORDER BY run_at
        LIMIT ${limit}::int
        FOR UPDATE SKIP LOCKED)
      RETURNING id, type, payload, attempts, max_attempts, concurrency_key`);
  }
  // FOR UPDATE cannot sit beside a window function, hence two steps: `picked` chooses by
  // per-key room, then the outer SELECT locks those rows and checks them again.
  return runSql<ClaimedJob>(Prisma.sql`
    WITH busy AS (
      SELECT concurrency_key AS key, count(*)::int AS n FROM jobs
      WHERE status = 'running' AND locked_until >= now() AND concurrency_key IS NOT NULL AND type = ANY(${typeList}::text[])
      GROUP BY concurrency_key
    ), ranked AS (
      SELECT j.id, j.run_at, j.concurrency_key,
             coalesce(b.n, 0) + row_number() OVER (PARTITION BY j.concurrency_key ORDER BY j.run_at, j.id) AS slot
      FROM jobs j LEFT JOIN busy b ON b.key = j.concurrency_key
      WHERE ((j.status = 'pending' AND j.run_at <= now()) OR (j.status = 'running' AND j.locked_until < now()))
        AND j.type = ANY(${typeList}::text[])
        AND (b.n IS NULL OR b.n < ${settings.perKeyCap}::int)
        AND (j.concurrency_key IS NULL OR NOT EXISTS (SELECT 1 FROM job_key_backoffs k WHERE k.key = j.concurrency_key AND k.until > now()))
    ), picked AS (
      SELECT id FROM ranked WHERE concurrency_key IS NULL OR slot <= ${settings.perKeyCap}::int
      ORDER BY run_at
      LIMIT ${limit}::int
    )
    UPDATE jobs SET status = 'running', attempts = attempts + 1,
                    locked_until = now() + ${LEASE_SECONDS}::int * interval '1 second', updated_at = now()
    WHERE id IN (
      SELECT id FROM jobs
      WHERE id IN (SELECT id FROM picked)
        AND ((status = 'pending' AND run_at <= now()) OR (status = 'running' AND locked_until < now()))
      FOR UPDATE SKIP LOCKED)
    RETURNING id, type, payload, attempts, max_attempts, concurrency_key`);
}

/**
 * Extends the lease of jobs this runner is still running, in one statement. Fenced by the
 * claim's attempt number like finishJobs: a job another runner took (its lease had passed)
 * is not touched. Renewal stops MAX_LEASED_RUN_SECONDS after the claim (the claim set
 * locked_until and updated_at together), so a hung job is taken over after at most that.
 * Returns the ids renewed.
 */
export async function renewLeases(jobs: readonly Pick<ClaimedJob, "id" | "attempts">[]): Promise<string[]> {
  if (jobs.length === 0) return [];
  // The rows are locked in id order first, as finishJobs locks them: a renewal and a finish of
  // overlapping batches, each updating in whatever order its join gave, deadlocked under load.
  const rows = await runSql<{ id: string }>(Prisma.sql`
    WITH u AS (
      SELECT * FROM unnest(${jobs.map((j) => j.id)}::text[], ${jobs.map((j) => j.attempts)}::int[]) AS u(id, attempts)
    ), locked AS MATERIALIZED (
      SELECT j.id FROM jobs j JOIN u ON u.id = j.id ORDER BY j.id FOR UPDATE OF j
    )
    UPDATE jobs j SET locked_until = now() + ${LEASE_SECONDS}::int * interval '1 second'
    FROM u, locked
    WHERE j.id = u.id AND locked.id = j.id AND j.status = 'running' AND j.attempts = u.attempts
      AND j.updated_at > now() - ${MAX_LEASED_RUN_SECONDS}::int * interval '1 second'
    RETURNING j.id`);
  return rows.map((r) => r.id);
}
