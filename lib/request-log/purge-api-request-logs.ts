import { getPrisma } from "@/lib/db/client";

/** How long the request log keeps a request (an integrator's recent history, not an archive). */
export const REQUEST_LOG_RETENTION_DAYS = 7;

/**
 * The retention sweep (lib/platform/periodic-tasks): deletes requests older than the retention, in
 * batches so that a backlog never holds one long transaction (and its locks) on a table the API
 * writes to all the time. Idempotent; returns how many rows went.
 */
export async function purgeApiRequestLogs(now = new Date(), batchSize = 5000): Promise<number> {
  const prisma = await getPrisma();
  const cutoff = new Date(now.getTime() - REQUEST_LOG_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  let total = 0;
  for (;;) {
    const deleted = await prisma.$executeRaw`
      DELETE FROM api_request_logs WHERE id IN (
        SELECT id FROM api_request_logs WHERE created_at < ${cutoff} ORDER BY created_at LIMIT ${batchSize})`;
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
