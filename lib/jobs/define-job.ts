import type { z } from "zod";

/**
 * Jobs in two parts, kept apart so that the code that enqueues a job never imports the code that
 * runs it:
 * - a job TYPE (`defineJobType`): its name and the zod schema of its payload, in a leaf module
 *   beside the domain that enqueues it. enqueueJob takes it, so a payload is checked against
 *   its schema before the row is written, and typed at the call;
 * - a job DEFINITION (`handleJob`): the type with its handler, made where the handler's code
 *   lives. The composition root lists every definition (lib/platform/jobs.ts) and hands the list
 *   to the runners, which parse a stored payload again before calling the handler (a row written
 *   by an older version may not match).
 *
 * A handler must be idempotent: it may run more than once for the same job (a crash after its
 * work but before the job is marked done, or Inngest retrying), and must reach the same end
 * state. It returns `{ rescheduleAt }` to be called again later without counting as a failure
 * (polling). `backOffKey` reports on what stands behind the job's concurrency key: true, it did
 * not answer in time (a webhook receiver that hangs), so the key's other jobs wait a while
 * (lib/jobs/job-lanes); false, it answered, which ends that wait; left out, no news.
 */
export type JobResult = void | { rescheduleAt?: Date; backOffKey?: boolean };

export type JobType<T extends string = string, S extends z.ZodType = z.ZodType> = {
  readonly type: T;
  readonly payload: S;
};

export type JobHandler<S extends z.ZodType = z.ZodType> = (payload: z.output<S>, job: { id: string; attempts: number }) => Promise<JobResult>;

export type JobDefinition<T extends string = string, S extends z.ZodType = z.ZodType> = JobType<T, S> & {
  readonly handler: JobHandler<S>;
};

/** What a job's payload must look like when enqueued (the schema's input). */
export type JobPayload<J extends JobType> = z.input<J["payload"]>;

export function defineJobType<T extends string, S extends z.ZodType>(type: T, payload: S): JobType<T, S> {
  return { type, payload };
}

export function handleJob<T extends string, S extends z.ZodType>(job: JobType<T, S>, handler: JobHandler<S>): JobDefinition<T, S> {
  return { type: job.type, payload: job.payload, handler };
}

/** The definitions a runner was given, by type. */
export type JobCatalogue = {
  types(): string[];
  /** The handler of `type`, parsing the stored payload first; undefined for a type this runner does not know. */
  handler(type: string): ((payload: unknown, job: { id: string; attempts: number }) => Promise<JobResult>) | undefined;
};

export function jobCatalogue(definitions: readonly JobDefinition<string, any>[]): JobCatalogue {
  const byType = new Map<string, JobDefinition<string, any>>();
  for (const d of definitions) {
    if (byType.has(d.type)) throw new Error(`Job type ${d.type} is defined twice`);
    byType.set(d.type, d);
  }
  return {
    types: () => [...byType.keys()],
    handler(type) {
      const d = byType.get(type);
      return d ? async (payload, job) => d.handler(d.payload.parse(payload), job) : undefined;
    },
  };
}
