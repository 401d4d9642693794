import { onCommit } from "@/lib/db/after-commit";
import type { Db } from "@/lib/db/client";
import { wakeJobRunnerAt } from "./wake-job-runner";

/**
 * Gives a job that used up its attempts (status `failed`) a fresh set, due at `runAt`: for a
 * sweeper that knows the business step behind the job must still happen. Only a failed job is
 * touched, so two sweepers racing revive it once. `lastError` is kept for whoever looks later.
 * Returns whether it revived the job.
 */
export async function reviveFailedJob(db: Db, jobId: string, runAt: Date): Promise<boolean> {
  const { count } = await db.job.updateMany({
    where: { id: jobId, status: "failed" },
    data: { status: "pending", attempts: 0, runAt, lockedUntil: null, finishedAt: null },
  });
  if (count > 0) onCommit(db, () => wakeJobRunnerAt(runAt));
  return count > 0;
}
