import { runDueJobs } from "@/lib/jobs/run-due-jobs";
import { JOBS_ENQUEUED_EVENT } from "@/lib/jobs/wake-job-runner";
import { inngest } from "../client";

/**
 * Runs due outbox jobs: every minute, and at once when the app signals new work with
 * `jobs/enqueued` (sent after the commit of every transaction that enqueued a due job, see
 * lib/jobs/wake-job-runner). The outbox rows stay the source of truth; Inngest only schedules.
 */
export const drainOutbox = inngest.createFunction(
  { id: "drain-outbox", triggers: [{ cron: "* * * * *" }, { event: JOBS_ENQUEUED_EVENT }], concurrency: { limit: 1 } },
  async ({ step }) => {
    let total = 0;
    for (let round = 0; round < 10; round++) {
      const ran = await step.run(`run-due-jobs-${round}`, () => runDueJobs({ limit: 50 }));
      total += ran;
      if (ran === 0) break;
    }
    return { ran: total };
  },
);
