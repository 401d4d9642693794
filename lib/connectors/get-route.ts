import { appEnv, type AppEnvironment } from "@/lib/config";
import { type Db, getPrisma } from "@/lib/db/client";
import { isBreakerOpen } from "./circuit-breaker";
import type { Connector, ConnectorContext, Direction } from "./connector";
import { type AccountRecord, accountProblem, BUILT_IN_SIMULATOR_ID, builtInSimulatorAccount, findAccount } from "./connector-accounts";
import { recordedContext } from "./recorded-context";
import { type AvailabilityView, operatorClosure } from "./provider-availability";
import { getConnector } from "./registry";

/**
 * Which connector account serves a provider (catalogue code + country) in one direction
 * (docs/design/connectors.md), replacing the old getProvider():
 * - sandbox: every provider is served by the built-in `simulator` account (docs/design/sandbox.md); no row is
 *   read, so the sandbox's hot paths cost no query;
 * - production: the route's account, or its fallback while the first is unusable (unknown type,
 *   missing secret, invalid settings, circuit breaker open, or the operator itself reports the
 *   provider closed: provider-availability.ts); no route, or no usable account → unavailable,
 *   with the reason (for logs and ops, never for merchants).
 */
export type ServingAccount = { account: AccountRecord; connector: Connector; context: ConnectorContext };
export type RouteResult = ({ available: true; fallback: boolean } & ServingAccount) | { available: false; reason: string };

export async function getRoute(
  environment: AppEnvironment,
  country: string,
  provider: string,
  direction: Direction,
  options: { db?: Db; now?: Date } = {},
): Promise<RouteResult> {
  if (environment === "sandbox") return { available: true, fallback: false, ...serve(builtInSimulatorAccount()) };
  const db = options.db ?? (await getPrisma());
  const route = await db.connectorRoute.findUnique({ where: { environment_country_provider_direction: { environment, country, provider, direction } } });
  if (!route) return { available: false, reason: `no ${direction} route for ${provider} in ${country}` };
  const ids = [route.accountId, ...(route.fallbackAccountId ? [route.fallbackAccountId] : [])];
  const accounts = await db.connectorAccount.findMany({ where: { id: { in: ids }, environment } });
  const reasons: string[] = [];
  for (const [i, id] of ids.entries()) {
    const account = accounts.find((a) => a.id === id);
    const problem = account ? unusable(account, direction, options.now, { country, provider }) : "no such account";
    if (!problem) return { available: true, fallback: i > 0, ...serve(account!) };
    reasons.push(`${id}: ${problem}`);
  }
  return { available: false, reason: reasons.join("; ") };
}

/** Why an account cannot serve `direction` (for this provider, when named) now; null when it can. */
export function unusable(account: AccountRecord & AvailabilityView, direction: Direction, now = new Date(), provider?: { country: string; provider: string }): string | null {
  const problem = accountProblem(account);
  if (problem) return problem;
  if (!supports(getConnector(account.type)!, direction)) return `the ${account.type} connector does not do ${direction}`;
  if (isBreakerOpen(account, now)) return `circuit breaker open until ${account.openUntil!.toISOString()}`;
  return provider ? operatorClosure(account, { ...provider, direction }, now) : null;
}

export function supports(connector: Connector, direction: Direction): boolean {
  if (direction === "collect") return connector.capabilities.collect !== false;
  return connector.capabilities[direction];
}

/**
 * The account that served an order, for its status checks and callbacks: by id (null = the
 * sandbox's built-in simulator). Its breaker is not consulted: an order already sent is always
 * followed up with the operator that has it.
 */
export async function servingAccount(accountId: string | null, environment: AppEnvironment = appEnv(), db?: Db): Promise<ServingAccount | null> {
  const account = await findAccount(db ?? (await getPrisma()), accountId ?? BUILT_IN_SIMULATOR_ID, environment);
  if (!account) return null;
  const connector = getConnector(account.type);
  if (!connector) return null;
  return serve(account);
}

function serve(account: AccountRecord): ServingAccount {
  const connector = getConnector(account.type)!;
  return { account, connector, context: recordedContext(account, connector) };
}

/**
 * The (country, provider) pairs with a usable account in one direction, for the method lists;
 * null in sandbox, where every provider is available. One query per environment and direction.
 */
export async function availableProviders(environment: AppEnvironment, direction: Direction, db?: Db): Promise<Set<string> | null> {
  if (environment === "sandbox") return null;
  const prisma = db ?? (await getPrisma());
  const routes = await prisma.connectorRoute.findMany({ where: { environment, direction } });
  const ids = [...new Set(routes.flatMap((r) => [r.accountId, ...(r.fallbackAccountId ? [r.fallbackAccountId] : [])]))];
  const accounts = new Map((await prisma.connectorAccount.findMany({ where: { id: { in: ids }, environment } })).map((a) => [a.id, a]));
  const now = new Date();
  const available = new Set<string>();
  for (const r of routes) {
    const usable = [r.accountId, r.fallbackAccountId].some((id) => {
      const account = id ? accounts.get(id) : undefined;
      return account !== undefined && unusable(account, direction, now, r) === null;
    });
    if (usable) available.add(providerKey(r.country, r.provider));
  }
  return available;
}

export const providerKey = (country: string, provider: string) => `${country}:${provider}`;
