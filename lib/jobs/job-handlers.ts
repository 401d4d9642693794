import type { JobDefinition } from "./define-job";
import { jobDefinitions } from "./register-handlers";

/**
 * The job handlers by type, for the runners (in-process, Inngest) and tests. A handler must be
 * idempotent: it may run more than once for the same job (a crash after its work but before the
 * job is marked done, or Inngest retrying), and must reach the same end state. It returns
 * `{ rescheduleAt }` to be called again later without counting as a failure (polling).
 * `backOffKey` reports on what stands behind the job's concurrency key: true, it did not answer
 * in time (a webhook receiver that hangs), so the key's other jobs wait a while
 * (lib/jobs/job-lanes); false, it answered, which ends that wait; left out, no news.
 *
 * Domain jobs are typed definitions (defineJob) listed in register-handlers.ts; their payload is
 * parsed before the handler runs. registerJobHandler remains for ad-hoc handlers (tests).
 */
export type JobResult = void | { rescheduleAt?: Date; backOffKey?: boolean };
export type JobHandler = (payload: Record<string, unknown>, job: { id: string; attempts: number }) => Promise<JobResult>;

const adHoc = new Map<string, JobHandler>();
let definitions: Map<string, JobDefinition> | null = null;

/** Built on first use: the definitions' modules import the job modules, which import us. */
function definitionsByType(): Map<string, JobDefinition> {
  definitions ??= new Map(jobDefinitions().map((d) => [d.type, d as unknown as JobDefinition]));
  return definitions;
}

export function registerJobHandler(type: string, handler: JobHandler) {
  adHoc.set(type, handler);
}

export function jobDefinition(type: string): JobDefinition | undefined {
  return definitionsByType().get(type);
}

export function jobHandler(type: string): JobHandler | undefined {
  const definition = definitionsByType().get(type);
  if (definition) return async (payload, job) => definition.handler(definition.payload.parse(payload), job);
  return adHoc.get(type);
}

export function registeredJobTypes(): string[] {
  return [...new Set([...definitionsByType().keys(), ...adHoc.keys()])];
}
