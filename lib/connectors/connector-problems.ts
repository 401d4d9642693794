import type { AppEnvironment } from "@/lib/config";
import { type Db, getPrisma } from "@/lib/db/client";
import { isBreakerOpen } from "./circuit-breaker";
import type { Direction, ProviderPair } from "./connector";
import { accountProblem } from "./connector-accounts";
import { unusable } from "./get-route";
import { operatorClosure } from "./provider-availability";

/**
 * The connector accounts routes point at that cannot serve (docs/design/connectors.md, start-up and health):
 * `misconfigured` (unknown type, missing secret env var, invalid settings, or no such account)
 * or `unavailable` (circuit breaker open); and `provider_closed`: a route whose account's
 * operator reports that provider closed (provider-availability.ts), with the account that
 * serves it instead (its fallback) or none. `detail` is for the server log and ops, never for
 * the public health body. Sandbox routes nothing (the built-in simulator): always empty.
 */
export type ConnectorProblem =
  | { account: string; state: "misconfigured" | "unavailable"; detail: string }
  | { account: string; state: "provider_closed"; detail: string; route: ProviderPair; servedBy: string | null };

export async function findConnectorProblems(environment: AppEnvironment, db?: Db): Promise<ConnectorProblem[]> {
  if (environment === "sandbox") return [];
  const prisma = db ?? (await getPrisma());
  const routes = await prisma.connectorRoute.findMany({ where: { environment } });
  const ids = [...new Set(routes.flatMap((r) => [r.accountId, ...(r.fallbackAccountId ? [r.fallbackAccountId] : [])]))].sort();
  if (ids.length === 0) return [];
  const accounts = new Map((await prisma.connectorAccount.findMany({ where: { id: { in: ids }, environment } })).map((a) => [a.id, a]));
  const problems: ConnectorProblem[] = [];
  for (const id of ids) {
    const account = accounts.get(id);
    if (!account) {
      problems.push({ account: id, state: "misconfigured", detail: "a route points at an account that does not exist" });
      continue;
    }
    const problem = accountProblem(account);
    if (problem) problems.push({ account: id, state: "misconfigured", detail: problem });
    else if (isBreakerOpen(account)) problems.push({ account: id, state: "unavailable", detail: `circuit breaker open until ${account.openUntil!.toISOString()}` });
  }
  const now = new Date();
  for (const r of routes) {
    const pair: ProviderPair = { country: r.country, provider: r.provider, direction: r.direction as Direction };
    const account = accounts.get(r.accountId);
    const closure = account ? operatorClosure(account, pair, now) : null;
    if (!closure) continue;
    const fallback = r.fallbackAccountId ? accounts.get(r.fallbackAccountId) : undefined;
    const servedBy = fallback && unusable(fallback, pair.direction, now, pair) === null ? fallback.id : null;
    problems.push({ account: r.accountId, state: "provider_closed", detail: `${r.country} ${r.provider} ${r.direction}: ${closure}`, route: pair, servedBy });
  }
  return problems;
}
