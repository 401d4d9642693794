import { appEnv, setting } from "@/lib/config";
import { type Db, getPrisma } from "@/lib/db/client";
import type { ConnectorAccount } from "@/lib/db/generated/client";
import { log } from "@/lib/log";
import { isBreakerOpen } from "./circuit-breaker";
import type { Direction, ProviderPair } from "./connector";
import { accountProblem } from "./connector-accounts";
import { recordedContext } from "./recorded-context";
import { getConnector } from "./registry";

/**
 * Operator-reported provider outages: an aggregator such as pawaPay publishes which
 * of its providers are closed (MTN CI closed for deposits…). The breaker only learns of an outage
 * from failed calls; this reads the operator's own word, so a route falls back (or its provider
 * is unavailable, with the reason) before a payment is sent into a closed provider.
 *
 * Cadence, not per request: the `refresh-provider-availability` sweep asks every routed account
 * whose connector publishes availability every CONNECTOR_AVAILABILITY_REFRESH_SECONDS (60) and
 * stores the closed pairs on the account row (`closed_providers`), so every instance agrees and
 * getRoute reads it with the account at no extra query; `connector:check` refreshes it too.
 * A report older than five refreshes is ignored (the sweep stopped: the breaker still guards),
 * and an unreadable availability keeps the last report until it ages out.
 */
export const availabilityRefreshSeconds = () => Math.max(5, setting("CONNECTOR_AVAILABILITY_REFRESH_SECONDS"));

export type AvailabilityView = Partial<Pick<ConnectorAccount, "closedProviders" | "availabilityCheckedAt">>;

export const pairKey = (country: string, provider: string, direction: Direction) => `${country}:${provider}:${direction}`;

/** Why the operator says this account cannot serve the pair now, or null. */
export function operatorClosure(account: AvailabilityView, pair: ProviderPair, now = new Date()): string | null {
  const checkedAt = account.availabilityCheckedAt;
  if (!checkedAt || !account.closedProviders || typeof account.closedProviders !== "object") return null;
  if (now.getTime() - checkedAt.getTime() > 5 * availabilityRefreshSeconds() * 1000) return null;
  const detail = (account.closedProviders as Record<string, unknown>)[pairKey(pair.country, pair.provider, pair.direction)];
  return typeof detail === "string" ? `closed by the operator (${detail}, as of ${checkedAt.toISOString()})` : null;
}

export type AvailabilityRefresh =
  | { account: string; refreshed: true; closed: Record<string, string>; pairs: number }
  | { account: string; refreshed: false; why: string };

/**
 * Asks the account's operator about the pairs its routes (as first choice or fallback) serve
 * and stores the closed ones. Nothing to ask (no route, or a connector without availability) →
 * the stored report is cleared.
 */
export async function refreshProviderAvailability(account: ConnectorAccount, options: { db?: Db; now?: Date } = {}): Promise<AvailabilityRefresh> {
  const db = options.db ?? (await getPrisma());
  const connector = getConnector(account.type);
  if (!connector?.providerAvailability) return { account: account.id, refreshed: false, why: "this connector publishes no per-provider availability" };
  const problem = accountProblem(account);
  if (problem) return { account: account.id, refreshed: false, why: problem };
  const routes = await db.connectorRoute.findMany({
    where: { environment: account.environment, OR: [{ accountId: account.id }, { fallbackAccountId: account.id }] },
    select: { country: true, provider: true, direction: true },
  });
  const pairs: ProviderPair[] = routes.map((r) => ({ country: r.country, provider: r.provider, direction: r.direction as Direction }));
  let closed: Record<string, string> = {};
  if (pairs.length > 0) {
    try {
      const statuses = await connector.providerAvailability(recordedContext(account, connector), pairs);
      closed = Object.fromEntries(statuses.filter((s) => !s.open).map((s) => [pairKey(s.country, s.provider, s.direction), s.detail]));
    } catch (err) {
      return { account: account.id, refreshed: false, why: `availability unreadable: ${(err as Error).message}` };
    }
  }
  const now = options.now ?? new Date();
  await db.connectorAccount.update({ where: { id: account.id }, data: { closedProviders: closed, availabilityCheckedAt: now } });
  const before = Object.keys((account.closedProviders as Record<string, string> | null) ?? {}).sort().join(",");
  const after = Object.keys(closed).sort().join(",");
  if (before !== after) log.warn("operator-reported provider availability changed", { account: account.id, closed: after || "none" });
  return { account: account.id, refreshed: true, closed, pairs: pairs.length };
}

/** The sweep: every routed production account whose connector publishes availability (skipped while its breaker is open). */
export async function refreshAllProviderAvailability(db?: Db): Promise<AvailabilityRefresh[]> {
  if (appEnv() !== "production") return [];
  const prisma = db ?? (await getPrisma());
  const routes = await prisma.connectorRoute.findMany({ where: { environment: "production" }, select: { accountId: true, fallbackAccountId: true } });
  const ids = [...new Set(routes.flatMap((r) => [r.accountId, ...(r.fallbackAccountId ? [r.fallbackAccountId] : [])]))];
  if (ids.length === 0) return [];
  const accounts = await prisma.connectorAccount.findMany({ where: { id: { in: ids }, environment: "production" } });
  const results: AvailabilityRefresh[] = [];
  for (const account of accounts) {
    if (!getConnector(account.type)?.providerAvailability || isBreakerOpen(account)) continue;
    results.push(await refreshProviderAvailability(account, { db: prisma }));
  }
  return results;
}
