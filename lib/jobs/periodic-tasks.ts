import { deleteExpiredIdempotencyRecords } from "@/lib/http/idempotency";

/**
 * Sweeps that run on a schedule rather than from a row: the in-process runner calls them every
 * `everyMs`, and Inngest runs each as a cron function (inngest/functions). Each is idempotent.
 */
export type PeriodicTask = { id: string; everyMs: number; cron: string; run: () => Promise<unknown> };

export const periodicTasks: PeriodicTask[] = [
  { id: "cleanup-idempotency-records", everyMs: 10 * 60_000, cron: "*/10 * * * *", run: () => deleteExpiredIdempotencyRecords() },
];
