import { log } from "@/lib/log";
import type { ClaimedJob } from "./claim-jobs";
import { jobHandler } from "./job-handlers";

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

/** Runs a claimed job's handler and says what to write. Never throws. */
export async function runClaimedJob(job: ClaimedJob): Promise<JobOutcome> {
  const base = { id: job.id, attempts: job.attempts, concurrencyKey: job.concurrency_key };
  const handler = jobHandler(job.type);
  try {
    if (!handler) throw new Error(`No handler registered for job type "${job.type}"`);
    const result = await handler(job.payload, { id: job.id, attempts: job.attempts });
    const keyTimedOut = result?.backOffKey ?? null;
    if (result?.rescheduleAt) {
      return { ...base, status: "pending", runAt: result.rescheduleAt, resetAttempts: true, lastError: null, keyTimedOut };
    }
    return { ...base, status: "succeeded", runAt: null, resetAttempts: false, lastError: null, keyTimedOut };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const exhausted = job.attempts >= job.max_attempts;
    log.warn("job failed", { jobId: job.id, type: job.type, attempts: job.attempts, exhausted, error: message });
    const retryAt = new Date(Date.now() + retryDelayMs(job.attempts));
    return { ...base, status: exhausted ? "failed" : "pending", runAt: retryAt, resetAttempts: false, lastError: message.slice(0, 2000), keyTimedOut: null };
  }
}
