import { getPrisma } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
import { log } from "@/lib/log";
import { jobHandler, registeredJobTypes } from "./job-handlers";
import "./register-handlers";
import { wakeJobRunnerAt } from "./wake-job-runner";

const LEASE_SECONDS = 300;

/** Backoff after a failed attempt: 2 s, 4 s, 8 s … capped at 10 min. */
export function retryDelayMs(attempts: number): number {
  return Math.min(600_000, 1000 * 2 ** Math.max(1, attempts));
}

type ClaimedJob = { id: string; type: string; payload: Record<string, unknown>; attempts: number; max_attempts: number };

/**
 * Claims due jobs (FOR UPDATE SKIP LOCKED, so several runners never take the same row) and
 * runs them. A job whose runner died is taken again once its lease has passed.
 * Returns how many jobs ran.
 */
export async function runDueJobs(options: { limit?: number; types?: string[] } = {}): Promise<number> {
  // A runner claims only the job types it knows: during a rolling deploy an older instance
  // leaves a newer job type alone instead of failing it. `types` narrows further (tests).
  const { limit = 10, types = registeredJobTypes() } = options;
  if (types.length === 0) return 0;
  const prisma = await getPrisma();
  const typeFilter = Prisma.sql`AND type = ANY(${types}::text[])`;
  const jobs = await prisma.$queryRaw<ClaimedJob[]>`
    UPDATE jobs SET status = 'running', attempts = attempts + 1,
                    locked_until = now() + ${LEASE_SECONDS}::int * interval '1 second', updated_at = now()
    WHERE id IN (
      SELECT id FROM jobs
      WHERE ((status = 'pending' AND run_at <= now()) OR (status = 'running' AND locked_until < now())) ${typeFilter}
      ORDER BY run_at
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, type, payload, attempts, max_attempts`;
  // Concurrently: a slow job (a webhook receiver taking its 15 s) must not hold the others of
  // the batch past their lease.
  await Promise.all(jobs.map((job) => runClaimedJob(job)));
  return jobs.length;
}

async function runClaimedJob(job: ClaimedJob) {
  const prisma = await getPrisma();
  const handler = jobHandler(job.type);
  try {
    if (!handler) throw new Error(`No handler registered for job type "${job.type}"`);
    const result = await handler(job.payload, { id: job.id, attempts: job.attempts });
    if (result && "rescheduleAt" in result) {
      await prisma.job.update({
        where: { id: job.id },
        data: { status: "pending", runAt: result.rescheduleAt, attempts: 0, lockedUntil: null },
      });
      wakeJobRunnerAt(result.rescheduleAt);
    } else {
      await prisma.job.update({ where: { id: job.id }, data: { status: "succeeded", finishedAt: new Date(), lockedUntil: null } });
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const exhausted = job.attempts >= job.max_attempts;
    log.warn("job failed", { jobId: job.id, type: job.type, attempts: job.attempts, exhausted, error: message });
    const retryAt = new Date(Date.now() + retryDelayMs(job.attempts));
    await prisma.job.update({
      where: { id: job.id },
      data: {
        status: exhausted ? "failed" : "pending",
        runAt: retryAt,
        lastError: message.slice(0, 2000),
        lockedUntil: null,
        finishedAt: exhausted ? new Date() : null,
      },
    });
    if (!exhausted) wakeJobRunnerAt(retryAt);
  }
}
