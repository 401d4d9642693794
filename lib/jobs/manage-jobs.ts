import { getPrisma } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { reviveFailedJob } from "./revive-failed-job";
import { wakeJobRunnerAt } from "./wake-job-runner";

/**
 * The outbox for operators (`ops jobs:*`): list by state and type, retry. `due` is pending and
 * past its run_at; a `running` job whose lease has passed is shown as running (its runner died:
 * the next claim takes it).
 */
export type JobListState = "failed" | "due" | "running" | "pending" | "succeeded";
export const JOB_LIST_STATES: JobListState[] = ["failed", "due", "running", "pending", "succeeded"];

export async function listJobs(filter: { state?: JobListState; type?: string; limit?: number } = {}) {
  const prisma = await getPrisma();
  const where: Prisma.JobWhereInput = { ...(filter.type ? { type: filter.type } : {}) };
  if (filter.state === "due") Object.assign(where, { status: "pending", runAt: { lte: new Date() } });
  else if (filter.state) where.status = filter.state;
  return prisma.job.findMany({
    where,
    orderBy: [{ runAt: "asc" }, { id: "asc" }],
    take: filter.limit ?? 50,
    select: { id: true, type: true, status: true, runAt: true, attempts: true, maxAttempts: true, lastError: true, createdAt: true, finishedAt: true, lockedUntil: true },
  });
}

export type RetryResult = { retried: string[]; refused: { id: string; why: string }[] };

/**
 * A failed job gets a fresh set of attempts, due now; a pending one waiting out its backoff is
 * made due now. A running or succeeded job is left alone (said why). By type: every failed job
 * of that type. The runner is woken (in this process, or by NOTIFY to the workers; else its poll).
 */
export async function retryJobs(target: { id: string } | { type: string }): Promise<RetryResult> {
  const prisma = await getPrisma();
  const now = new Date();
  const result: RetryResult = { retried: [], refused: [] };
  const jobs = "id" in target
    ? await prisma.job.findMany({ where: { id: target.id }, select: { id: true, status: true } })
    : await prisma.job.findMany({ where: { type: target.type, status: "failed" }, select: { id: true, status: true }, orderBy: { id: "asc" } });
  if ("id" in target && jobs.length === 0) result.refused.push({ id: target.id, why: "no such job" });
  for (const job of jobs) {
    if (job.status === "failed") {
      if (await reviveFailedJob(prisma, job.id, now)) result.retried.push(job.id);
      else result.refused.push({ id: job.id, why: "no longer failed" });
    } else if (job.status === "pending") {
      const { count } = await prisma.job.updateMany({ where: { id: job.id, status: "pending" }, data: { runAt: now } });
      if (count > 0) result.retried.push(job.id);
      else result.refused.push({ id: job.id, why: "no longer pending" });
    } else result.refused.push({ id: job.id, why: `it is ${job.status}` });
  }
  if (result.retried.length > 0) wakeJobRunnerAt(now);
  return result;
}
