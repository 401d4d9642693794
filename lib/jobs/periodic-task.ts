/**
 * A sweep that runs on a schedule rather than from a row: the in-process runner calls it every
 * `everyMs`, and Inngest runs it as a cron function (inngest/functions). Each is idempotent. The
 * platform's list is the composition root's (lib/platform/periodic-tasks.ts).
 */
export type PeriodicTask = { id: string; everyMs: number; cron: string; run: () => Promise<unknown> };
