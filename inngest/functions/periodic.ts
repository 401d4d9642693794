import { periodicTasks } from "@/lib/platform/periodic-tasks";
import { inngest } from "../client";

/** One cron function per periodic sweep of lib/platform/periodic-tasks. */
export const periodicFunctions = periodicTasks.map((task) =>
  inngest.createFunction({ id: task.id, triggers: [{ cron: task.cron }] }, async ({ step }) => {
    const result = await step.run(task.id, () => task.run());
    return { result };
  }),
);
