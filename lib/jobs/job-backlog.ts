import { type Db, getPrisma } from "@/lib/db/client";

/**
 * The outbox at a glance, per job type (one statement): due (pending, past run_at), scheduled
 * (pending, later), running, failed, and the age of the oldest due job. Read by the metrics
 * scrape, the health report and `ops jobs:stats`. `succeeded` rows are history, not backlog.
 */
export type JobBacklogRow = { type: string; due: number; scheduled: number; running: number; failed: number; oldestDueAgeSeconds: number };

export async function readJobBacklog(db?: Db): Promise<JobBacklogRow[]> {
  const prisma = db ?? (await getPrisma());
  const rows = await prisma.$queryRaw<{ type: string; due: number; scheduled: number; running: number; failed: number; oldest_due_age: number | null }[]>`
    SELECT type,
           count(*) FILTER (WHERE status = 'pending' AND run_at <= now())::int AS due,
           count(*) FILTER (WHERE status = 'pending' AND run_at > now())::int AS scheduled,
           count(*) FILTER (WHERE status = 'running')::int AS running,
           count(*) FILTER (WHERE status = 'failed')::int AS failed,
           EXTRACT(EPOCH FROM now() - min(run_at) FILTER (WHERE status = 'pending' AND run_at <= now()))::float8 AS oldest_due_age
      FROM jobs
     WHERE status IN ('pending', 'running', 'failed')
     GROUP BY type
     ORDER BY type`;
  return rows.map((r) => ({
    type: r.type,
    due: Number(r.due),
    scheduled: Number(r.scheduled),
    running: Number(r.running),
    failed: Number(r.failed),
    oldestDueAgeSeconds: r.oldest_due_age === null ? 0 : Math.max(0, Math.round(Number(r.oldest_due_age))),
  }));
}
