/**
 * The registry of job handlers by type. A handler must be idempotent: it may run more than
 * once for the same job (a crash after its work but before the job is marked done, or Inngest
 * retrying), and must reach the same end state. It returns `{ rescheduleAt }` to be called
 * again later without counting as a failure (polling).
 */
export type JobResult = void | { rescheduleAt: Date };
export type JobHandler = (payload: Record<string, unknown>, job: { id: string; attempts: number }) => Promise<JobResult>;

const handlers = new Map<string, JobHandler>();

export function registerJobHandler(type: string, handler: JobHandler) {
  handlers.set(type, handler);
}

export function jobHandler(type: string): JobHandler | undefined {
  return handlers.get(type);
}

export function registeredJobTypes(): string[] {
  return [...handlers.keys()];
}
