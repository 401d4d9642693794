import type { AppEnvironment } from "@/lib/config";
import { type Db, getPrisma } from "@/lib/db/client";
import { isBreakerOpen } from "./circuit-breaker";
import { accountProblem } from "./connector-accounts";

/**
 * The connector accounts routes point at that cannot serve (DESIGN §13, start-up and health):
 * `misconfigured` (unknown type, missing secret env var, invalid settings, or no such account)
 * or `unavailable` (circuit breaker open). `detail` is for the server log and ops, never for the
 * public health body. Sandbox routes nothing (the built-in simulator): always empty.
 */
export type ConnectorProblem = { account: string; state: "misconfigured" | "unavailable"; detail: string };

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
  return problems;
}
