import { periodicTasks } from "@/lib/jobs/periodic-tasks";
import { inngest } from "../client";

/** One cron function per periodic sweep of lib/jobs/periodic-tasks. */
export const periodicFunctions = periodicTasks.map((task) =>
  inngest.createFunction({ id: task.id, triggers: [{ cron: task.cron }] }, async ({ step }) => {
    const result = await step.run(task.id, () => task.run());
    return { result };
  }),
);
