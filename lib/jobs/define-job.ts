import type { z } from "zod";
import type { JobResult } from "./job-handlers";

/**
 * A job type as one typed definition: its name, the zod schema of its payload and its handler,
 * which receives the payload parsed. Definitions are listed in ONE place (register-handlers.ts);
 * enqueueJob checks a payload against its schema when the job is written, and the runner parses
 * it again before calling the handler (a row written by an older version may not match).
 */
export type JobDefinition<T extends string = string, S extends z.ZodType = z.ZodType> = {
  readonly type: T;
  readonly payload: S;
  readonly handler: (payload: z.output<S>, job: { id: string; attempts: number }) => Promise<JobResult>;
};

export function defineJob<T extends string, S extends z.ZodType>(definition: JobDefinition<T, S>): JobDefinition<T, S> {
  return definition;
}
