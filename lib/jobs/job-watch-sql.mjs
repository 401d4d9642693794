/**
 * The outbox as a process outside the application watches it: the benchmarks (scripts/bench.mjs,
 * scripts/bench-pipeline.mjs) read the `jobs` table beside a running server (psql, or one driver
 * connection for the pipeline's sampler), while it
 * runs, and cannot import the TypeScript modules. lib/jobs owns the table, so the statements they
 * run are written here, in plain JavaScript; each returns one text column, as `psql -qAt` prints it.
 * Nothing in the product runs them.
 */

/** How many jobs have ended (succeeded or failed): the drained count, taken before and after a run. */
export const FINISHED_JOBS_COUNT_SQL = "SELECT count(*) FROM jobs WHERE status IN ('succeeded', 'failed')";

/** How many jobs are due now (pending, past run_at): the backlog a sampler watches. */
export const DUE_JOBS_COUNT_SQL = "SELECT count(*) FROM jobs WHERE status = 'pending' AND run_at <= now()";

/** The jobs running now, one `id attempts` line each (a kill's victims, to see them claimed again). */
export const RUNNING_JOBS_SQL = "SELECT id || ' ' || attempts FROM jobs WHERE status = 'running'";

/**
 * `id attempts status` of the jobs with these ids (job ids are our own prefixed ids, quoted as
 * they are: they hold no quote).
 * @param {string[]} ids
 */
export const jobsByIdSql = (ids) => `SELECT id || ' ' || attempts || ' ' || status FROM jobs WHERE id IN (${ids.map((id) => `'${id}'`).join(",")})`;
