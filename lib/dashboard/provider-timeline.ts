import type { Db } from "@/lib/db/client";
import { listCallsAbout } from "@/lib/connectors/connector-records";

/**
 * The provider timeline of one payment or payout (docs/design/connectors.md): every call to the operator about
 * it and every callback, in order: when, what, HTTP status, latency, outcome. Nothing else of
 * the call record reaches the dashboard (no bodies, no headers, no account). The caller has
 * already checked that the id is the merchant's.
 */
export type ProviderCallView = { id: string; at: Date; operation: string; httpStatus: number | null; latencyMs: number; outcome: string };

export async function listProviderTimeline(db: Db, subjectId: string | string[]): Promise<ProviderCallView[]> {
  // A payment's page also shows the calls of its refunds (rf_…).
  const calls = await listCallsAbout(db, subjectId);
  return calls.map((c) => ({ id: String(c.id), at: c.createdAt, operation: c.operation, httpStatus: c.httpStatus, latencyMs: c.latencyMs, outcome: c.outcome }));
}
