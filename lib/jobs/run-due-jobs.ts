import { claimJobs } from "./claim-jobs";
import type { JobCatalogue } from "./define-job";
import { finishJobs } from "./finish-jobs";
import { laneSettings, typesByLane } from "./job-lanes";
import { startJobPool } from "./job-pool";
import { runClaimedJob } from "./run-claimed-job";

/**
 * One pass over the outbox: claims up to `limit` due jobs of each lane (with the lanes'
 * per-key caps), runs them concurrently, writes their outcomes in one statement, and returns
 * how many ran. It waits for the slowest job of the pass, so it is for tests and scripts that
 * step the outbox by hand; runners use the pool (startJobPool, drainDueJobs).
 * A runner claims only the job types it knows: during a rolling deploy an older instance
 * leaves a newer job type alone instead of failing it. `types` narrows further (tests).
 */
export async function runDueJobs(options: { jobs: JobCatalogue; limit?: number; types?: string[] }): Promise<number> {
  const { jobs: catalogue, limit = 10, types = catalogue.types() } = options;
  const claims = await Promise.all([...typesByLane(types)].map(([lane, laneTypes]) => claimJobs(laneTypes, limit, laneSettings(lane))));
  const jobs = claims.flat();
  await finishJobs(await Promise.all(jobs.map((job) => runClaimedJob(job, catalogue))));
  return jobs.length;
}

/**
 * Runs due jobs with the lanes' worker pools until nothing is due and nothing runs, or
 * `maxMs` has passed (then it stops claiming and lets the running jobs end). For a driver that
 * is called rather than running for ever: the Inngest drain function. Returns how many ran.
 */
export async function drainDueJobs(options: { jobs: JobCatalogue; types?: string[]; maxMs?: number }): Promise<number> {
  const pool = startJobPool({ jobs: options.jobs, types: options.types, pollMs: null });
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([pool.idle(), new Promise((resolve) => (timer = setTimeout(resolve, options.maxMs ?? 60_000)))]);
  clearTimeout(timer);
  await pool.stop(Number.POSITIVE_INFINITY);
  return pool.ran();
}
