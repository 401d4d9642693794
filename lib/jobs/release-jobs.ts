import { Prisma } from "@/lib/db/generated/client";
import { runSql } from "@/lib/db/run-sql";
import type { ClaimedJob } from "./claim-jobs";

/**
 * Puts jobs this runner claimed but will not finish (a shutdown past its grace) back to
 * pending, due now and without counting the interrupted run, so another runner takes them at
 * once instead of after the lease. Fenced by the claim's attempt number like finishJobs.
 */
export async function releaseJobs(jobs: readonly Pick<ClaimedJob, "id" | "attempts">[]): Promise<void> {
  if (jobs.length === 0) return;
  await runSql(Prisma.sql`
    UPDATE jobs j SET status = 'pending', attempts = j.attempts - 1, run_at = now(), locked_until = NULL, updated_at = now()
    FROM unnest(${jobs.map((j) => j.id)}::text[], ${jobs.map((j) => j.attempts)}::int[]) AS u(id, attempts)
    WHERE j.id = u.id AND j.status = 'running' AND j.attempts = u.attempts`);
}
