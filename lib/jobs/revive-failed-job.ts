import { onCommit } from "@/lib/db/after-commit";
import type { Db } from "@/lib/db/client";
import { Prisma } from "@/lib/db/generated/client";
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

/**
 * The failed jobs of `type` whose dedupe key starts with `keyPrefix`, as the parts of one
 * statement a sweeper writes around them (it joins its own table on the rest of the key, and
 * revives what it finds with reviveFailedJob): `from` is the jobs table aliased `alias`, `where`
 * selects the failed jobs, `keyRest` is the dedupe key after the prefix, `id` and `finishedAt`
 * their columns. lib/jobs owns the table; the sweeper never names it.
 */
export function failedJobsSql(alias: string, type: string, keyPrefix: string) {
  const job = Prisma.raw(alias);
  return {
    from: Prisma.sql`jobs ${job}`,
    where: Prisma.sql`${job}.status = 'failed' AND ${job}.type = ${type} AND ${job}.dedupe_key LIKE ${keyPrefix + "%"}`,
    keyRest: Prisma.sql`substr(${job}.dedupe_key, ${keyPrefix.length + 1}::int)`,
    id: Prisma.sql`${job}.id`,
    finishedAt: Prisma.sql`${job}.finished_at`,
  };
}
