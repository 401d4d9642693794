import { drainDueJobs } from "@/lib/jobs/run-due-jobs";
import { JOBS_ENQUEUED_EVENT } from "@/lib/jobs/wake-job-runner";
import { platformJobs } from "@/lib/platform/jobs";
import { inngest } from "../client";

/**
 * Runs due outbox jobs: every minute, and at once when the app signals new work with
 * `jobs/enqueued` (sent after the commit of every transaction that enqueued a due job, see
 * lib/jobs/wake-job-runner). The outbox rows stay the source of truth; Inngest only schedules.
 * The step drains with the same lane pools as the in-process runner (lib/jobs/job-pool): a
 * webhook receiver that hangs holds one webhook slot, not the provider work; it ends once
 * nothing is due, or after 50 s (the next event or the cron carries on).
 */
export const drainOutbox = inngest.createFunction(
  { id: "drain-outbox", triggers: [{ cron: "* * * * *" }, { event: JOBS_ENQUEUED_EVENT }], concurrency: { limit: 1 } },
  async ({ step }) => {
    const ran = await step.run("drain-due-jobs", () => drainDueJobs({ jobs: platformJobs, maxMs: 50_000 }));
    return { ran };
  },
);
