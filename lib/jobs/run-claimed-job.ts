import { observeJobRun } from "@/lib/observability/observe";
import { SpanStatusCode, withSpan } from "@/lib/observability/tracing";
import type { ClaimedJob } from "./claim-jobs";
import type { JobCatalogue } from "./define-job";

/** Backoff after a failed attempt: 2 s, 4 s, 8 s … capped at 10 min. */
export function retryDelayMs(attempts: number): number {
  return Math.min(600_000, 1000 * 2 ** Math.max(1, attempts));
}

/** What became of one run of a job: the row's next state, written by finishJobs. */
export type JobOutcome = {
  id: string;
  /** The claim's attempt number: only that claim's finish is written. */
  attempts: number;
  status: "succeeded" | "pending" | "failed";
  runAt: Date | null;
  resetAttempts: boolean;
  lastError: string | null;
  concurrencyKey: string | null;
  /** true: the key timed out (back off); false: it answered (backoff over); null: no news. */
  keyTimedOut: boolean | null;
};

/**
 * Runs a claimed job's handler and says what to write. Never throws. Each run is one span
 * (`job <type>`), one log line and its metrics (lib/observability/observe.ts).
 */
export async function runClaimedJob(job: ClaimedJob, jobs: JobCatalogue): Promise<JobOutcome> {
  const started = performance.now();
  const attributes = { "job.id": job.id, "job.type": job.type, "job.attempt": job.attempts };
  return withSpan(`job ${job.type}`, attributes, async (span) => {
    const outcome = await runHandler(job, jobs);
    const kind = outcome.status === "succeeded" ? "succeeded" : outcome.status === "failed" ? "failed" : outcome.lastError === null ? "rescheduled" : "retry";
    span.setAttribute("job.outcome", kind);
    if (outcome.lastError !== null) span.setStatus({ code: SpanStatusCode.ERROR });
    observeJobRun({
      id: job.id,
      type: job.type,
      attempt: job.attempts,
      outcome: kind,
      durationMs: Math.round(performance.now() - started),
      ...(outcome.lastError !== null ? { error: outcome.lastError.slice(0, 300) } : {}),
    });
    return outcome;
  });
}

async function runHandler(job: ClaimedJob, jobs: JobCatalogue): Promise<JobOutcome> {
  const base = { id: job.id, attempts: job.attempts, concurrencyKey: job.concurrency_key };
  const handler = jobs.handler(job.type);
  try {
    if (!handler) throw new Error(`No handler registered for job type "${job.type}"`);
    const result = await handler(job.payload, { id: job.id, attempts: job.attempts });
    const keyTimedOut = result?.backOffKey ?? null;
    if (result?.rescheduleAt) {
      return { ...base, status: "pending", runAt: result.rescheduleAt, resetAttempts: true, lastError: null, keyTimedOut };
    }
    return { ...base, status: "succeeded", runAt: null, resetAttempts: false, lastError: null, keyTimedOut };
  } catch (err) {
    // The failure's log line is the run's line (observeJobRun): outcome retry or failed, with the error.
    const message = err instanceof Error ? err.message : String(err);
    const exhausted = job.attempts >= job.max_attempts;
    const retryAt = new Date(Date.now() + retryDelayMs(job.attempts));
    return { ...base, status: exhausted ? "failed" : "pending", runAt: retryAt, resetAttempts: false, lastError: message.slice(0, 2000), keyTimedOut: null };
  }
}
