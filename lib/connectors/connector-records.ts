import type { AppEnvironment } from "@/lib/config";
import { type Db, getPrisma } from "@/lib/db/client";
import type { ConnectorAccount } from "@/lib/db/generated/client";

/**
 * Reads and writes of the connector tables for the other folders (health, reconciliation, the
 * order engine's callbacks, the dashboard's provider timeline): lib/connectors owns
 * connector_accounts, connector_routes and connector_calls, and no other folder names them
 * (`npm run lint:layers` checks).
 */

/** The environment's connector accounts, by id. */
export async function listConnectorAccounts(environment: AppEnvironment, db?: Db): Promise<ConnectorAccount[]> {
  return (db ?? (await getPrisma())).connectorAccount.findMany({ where: { environment }, orderBy: { id: "asc" } });
}

/** The circuit breaker's state of each of the environment's connector accounts (the metrics scrape's gauges). */
export async function listBreakerStates(environment: AppEnvironment, db?: Db) {
  return (db ?? (await getPrisma())).connectorAccount.findMany({
    where: { environment },
    select: { id: true, type: true, breakerState: true, openUntil: true, consecutiveFailures: true },
  });
}

/** The recorded calls about one or several of our ids (a payment and its refunds), oldest first, at most 200. */
export async function listCallsAbout(db: Db, subjectId: string | string[]) {
  return db.connectorCall.findMany({
    where: { subjectId: Array.isArray(subjectId) ? { in: subjectId } : subjectId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: 200,
    select: { id: true, createdAt: true, operation: true, httpStatus: true, latencyMs: true, outcome: true },
  });
}

/** Records an operator's inbound callback in the call record, beside our calls (its excerpt already redacted). */
export async function recordInboundCallback(call: { accountId: string; subjectId: string | null; method: string; urlPath: string; outcome: string; requestExcerpt: string }, db?: Db): Promise<void> {
  await (db ?? (await getPrisma())).connectorCall.create({ data: { ...call, operation: "callback", latencyMs: 0 } });
}
