import { JOB_LIST_STATES, type JobListState, listJobs, retryJobs } from "@/lib/jobs/manage-jobs";
import { readJobBacklog } from "@/lib/jobs/job-backlog";
import { type OpsArgs, type OpsCommand, optionalFlag, OpsUsageError } from "./command";

/** The job outbox for operators: what is stuck, why, and running it again. */
const json = (args: OpsArgs) => args.flags.json === true;
const show = (value: unknown) => JSON.stringify(value, null, 2);

export const jobsList: OpsCommand = {
  name: "jobs:list",
  summary: "List jobs, oldest due first, with their attempts and last error",
  usage: "jobs:list [--status failed|due|running|pending|succeeded] [--type <type>] [--limit <n>] [--json]",
  async run(args, out) {
    const status = optionalFlag(args, "status");
    if (status !== undefined && !JOB_LIST_STATES.includes(status as JobListState)) throw new OpsUsageError(`--status must be one of ${JOB_LIST_STATES.join(", ")}`);
    const limit = Number(optionalFlag(args, "limit") ?? 50);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new OpsUsageError("--limit must be 1 to 1000");
    const jobs = await listJobs({ state: status as JobListState | undefined, type: optionalFlag(args, "type"), limit });
    if (json(args)) return void out(show(jobs));
    if (jobs.length === 0) return void out("No job.");
    for (const j of jobs) {
      out(`${j.id}  ${j.type}  ${j.status}  run_at ${j.runAt.toISOString()}  attempts ${j.attempts}/${j.maxAttempts}${j.lastError ? `  last error: ${j.lastError.slice(0, 200)}` : ""}`);
    }
  },
};

export const jobsRetry: OpsCommand = {
  name: "jobs:retry",
  summary: "Run a job again now: a failed one with fresh attempts, a pending one without waiting; --type retries every failed job of a type",
  usage: "jobs:retry --id <job_…> | --type <type> [--json]",
  async run(args, out) {
    const id = optionalFlag(args, "id");
    const type = optionalFlag(args, "type");
    if ((id === undefined) === (type === undefined)) throw new OpsUsageError("give either --id or --type");
    const result = await retryJobs(id !== undefined ? { id } : { type: type! });
    if (json(args)) out(show(result));
    else {
      out(`Retried ${result.retried.length} job${result.retried.length === 1 ? "" : "s"}${result.retried.length ? `: ${result.retried.join(", ")}` : ""}.`);
      for (const r of result.refused) out(`Not retried ${r.id}: ${r.why}.`);
    }
    return id !== undefined && result.retried.length === 0 ? 1 : 0;
  },
};

export const jobsStats: OpsCommand = {
  name: "jobs:stats",
  summary: "The job backlog per type: due, scheduled, running, failed, and the age of the oldest due job",
  usage: "jobs:stats [--json]",
  async run(args, out) {
    const rows = await readJobBacklog();
    if (json(args)) return void out(show(rows));
    if (rows.length === 0) return void out("No pending, running or failed job.");
    const header = ["type", "due", "scheduled", "running", "failed", "oldest due"];
    const table = rows.map((r) => [r.type, String(r.due), String(r.scheduled), String(r.running), String(r.failed), r.due ? `${r.oldestDueAgeSeconds} s` : "-"]);
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
    for (const row of [header, ...table]) out(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  "));
  },
};

export const jobCommands: OpsCommand[] = [jobsList, jobsRetry, jobsStats];
