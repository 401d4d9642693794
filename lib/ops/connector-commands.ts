import { appEnv, type AppEnvironment } from "@/lib/config";
import { recheckOrder } from "@/lib/orders/orders";
import {
  addConnectorAccount,
  checkConnectorAccount,
  listConnectorAccounts,
  listConnectorCalls,
  listConnectorRoutes,
  removeConnectorAccount,
  removeConnectorRoute,
  routeName,
  setConnectorRoute,
} from "@/lib/connectors/manage-connectors";
import { getPrisma } from "@/lib/db/client";
import { type OpsArgs, type OpsCommand, optionalFlag, OpsUsageError, requireFlag } from "./command";
import { findPayment } from "@/lib/payments/payment-records";
import { findRefund } from "@/lib/refunds/refund-records";
import { findPayout } from "@/lib/payouts/payout-records";

/**
 * Connector accounts, routes, the call record and re-checks (docs/design/connectors.md, README "Operate").
 * They act on this instance's environment (APP_ENV): one deployment, one environment.
 */
const environment = (): AppEnvironment => appEnv();
const json = (args: OpsArgs) => args.flags.json === true;
const show = (value: unknown) => JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? v.toString() : v), 2);

function settingsFrom(args: OpsArgs): Record<string, string> {
  const settings: Record<string, string> = {};
  for (const pair of args.repeated?.setting ?? []) {
    const at = pair.indexOf("=");
    if (at <= 0) throw new OpsUsageError(`--setting "${pair}": expected key=value`);
    settings[pair.slice(0, at).trim()] = pair.slice(at + 1);
  }
  return settings;
}

export const connectorAdd: OpsCommand = {
  name: "connector:add",
  summary: "Add (or update) a connector account: settings stored, secrets read from <PREFIX>_<NAME> env vars only",
  usage: "connector:add --id <id> --type <type> [--base-url <url>] [--setting key=value ...] --secrets-env <PREFIX> [--json]",
  async run(args, out) {
    const { account, created } = await addConnectorAccount({
      id: requireFlag(args, "id"),
      type: requireFlag(args, "type"),
      environment: environment(),
      baseUrl: optionalFlag(args, "base-url"),
      settings: settingsFrom(args),
      secretsEnv: requireFlag(args, "secrets-env"),
    });
    if (json(args)) out(show({ ...account, created }));
    else out(`${created ? "Added" : "Updated"} connector account ${account.id} (${account.type}, ${account.environment}, ${account.baseUrl ?? "no base URL"}); secrets from ${account.secretsEnv}_*`);
  },
};

export const connectorList: OpsCommand = {
  name: "connector:list",
  summary: "List connector accounts with their state (misconfiguration, circuit breaker, routes)",
  usage: "connector:list [--json]",
  async run(args, out) {
    const accounts = await listConnectorAccounts(environment());
    if (json(args)) return void out(show(accounts));
    if (accounts.length === 0) return void out(`No connector account in ${environment()}.`);
    for (const a of accounts) {
      const state = a.problem ? `MISCONFIGURED: ${a.problem}` : a.breakerOpen ? `UNAVAILABLE: circuit breaker open until ${a.openUntil!.toISOString()}` : "ok";
      out(`${a.id}  ${a.type}  ${a.baseUrl ?? "-"}  secrets ${a.secretsEnv}_*  routes ${a.routes}  ${state}`);
    }
  },
};

export const connectorRemove: OpsCommand = {
  name: "connector:remove",
  summary: "Remove a connector account (refused while a route uses it)",
  usage: "connector:remove --id <id>",
  async run(args, out) {
    const id = requireFlag(args, "id");
    await removeConnectorAccount(id, environment());
    out(`Removed connector account ${id}.`);
  },
};

export const connectorCheck: OpsCommand = {
  name: "connector:check",
  summary: "Authenticate with the operator and report health, moving no money (also closes a breaker on success; refreshes operator-reported provider closures)",
  usage: "connector:check --id <id> [--json]",
  async run(args, out) {
    const id = requireFlag(args, "id");
    const result = await checkConnectorAccount(id, environment());
    if (json(args)) out(show({ id, ...result }));
    else {
      out(`${id}: ${result.ok ? "ok" : "FAILED"} (${result.detail})`);
      // The operator's own per-provider status for the routes this account serves (getRoute routes around it).
      if (result.availabilityError) out(`  provider availability: ${result.availabilityError}`);
      if (result.closedProviders) {
        const closed = Object.entries(result.closedProviders);
        out(closed.length ? `  routed providers the operator reports closed (routes fall back or are unavailable):` : `  routed providers: none reported closed by the operator`);
        for (const [pair, detail] of closed) out(`    ${pair.replaceAll(":", " ")}: ${detail}`);
      }
    }
    return result.ok ? 0 : 1;
  },
};

export const connectorCalls: OpsCommand = {
  name: "connector:calls",
  summary: "Show the record of calls to an operator (redacted), newest first",
  usage: "connector:calls --account <id> [--transaction <txn_…|po_…|rf_…>] [--limit <n>] [--json]",
  async run(args, out) {
    const limit = Number(optionalFlag(args, "limit") ?? 50);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new OpsUsageError("--limit must be 1 to 1000");
    const calls = await listConnectorCalls(requireFlag(args, "account"), { subjectId: optionalFlag(args, "transaction"), limit });
    if (json(args)) return void out(show(calls));
    if (calls.length === 0) return void out("No calls recorded.");
    for (const c of calls) {
      out(
        `${c.createdAt.toISOString()}  ${c.operation}  ${c.subjectId ?? "-"}  ${c.method} ${c.urlPath}  ${c.httpStatus ?? "-"}  ${c.latencyMs} ms  ${c.outcome}${c.operatorReference ? `  ref ${c.operatorReference}` : ""}${c.error ? `  ${c.error}` : ""}`,
      );
    }
  },
};

export const connectorRecheck: OpsCommand = {
  name: "connector:recheck",
  summary: "Ask the operator where a payment, payout or refund stands now and apply the answer",
  usage: "connector:recheck --id <txn_…|po_…|rf_…>",
  async run(args, out) {
    const id = requireFlag(args, "id");
    if (!/^(txn|po|rf)_/.test(id)) throw new OpsUsageError("--id must be a payment (txn_…), payout (po_…) or refund (rf_…) id");
    await recheckOrder(id);
    const prisma = await getPrisma();
    const row = id.startsWith("txn_")
      ? await findPayment(id, { status: true, errorCode: true }, prisma)
      : id.startsWith("po_")
        ? await findPayout(id, { status: true, errorCode: true }, prisma)
        : await findRefund(id, { status: true, errorCode: true }, prisma);
    if (!row) throw new OpsUsageError(`No ${id}`);
    out(`${id}: ${row.status}${row.errorCode ? ` (${row.errorCode})` : ""}`);
  },
};

/** The same re-check under the name operators look for first. */
export const paymentsRecheck: OpsCommand = {
  ...connectorRecheck,
  name: "payments:recheck",
  summary: "Ask the provider again where a payment (or payout) stands and apply the answer (= connector:recheck)",
  usage: "payments:recheck --id <txn_…|po_…>",
};

export const routeSet: OpsCommand = {
  name: "route:set",
  summary: "Route a provider (country + code) in one direction to a connector account, with an optional fallback",
  usage: "route:set --country <CC> --provider <code> --direction collect|payout|refund --account <id> [--fallback <id>]",
  async run(args, out) {
    const route = await setConnectorRoute({
      environment: environment(),
      country: requireFlag(args, "country"),
      provider: requireFlag(args, "provider"),
      direction: requireFlag(args, "direction"),
      accountId: requireFlag(args, "account"),
      fallbackAccountId: optionalFlag(args, "fallback"),
    });
    out(`Route ${routeName(route)} → ${route.accountId}${route.fallbackAccountId ? ` (fallback ${route.fallbackAccountId})` : ""}`);
  },
};

export const routeList: OpsCommand = {
  name: "route:list",
  summary: "List connector routes",
  usage: "route:list [--json]",
  async run(args, out) {
    const routes = await listConnectorRoutes(environment());
    if (json(args)) return void out(show(routes));
    if (routes.length === 0) return void out(`No route in ${environment()}${environment() === "sandbox" ? " (every provider is served by the built-in simulator)" : ""}.`);
    for (const r of routes) out(`${routeName(r)} → ${r.accountId}${r.fallbackAccountId ? ` (fallback ${r.fallbackAccountId})` : ""}`);
  },
};

export const routeRemove: OpsCommand = {
  name: "route:remove",
  summary: "Remove a connector route (the provider becomes unavailable in that direction)",
  usage: "route:remove --country <CC> --provider <code> --direction collect|payout|refund",
  async run(args, out) {
    const input = { environment: environment(), country: requireFlag(args, "country"), provider: requireFlag(args, "provider"), direction: requireFlag(args, "direction") };
    await removeConnectorRoute(input);
    out(`Removed route ${input.country.toUpperCase()}/${input.provider.toLowerCase()}/${input.direction}.`);
  },
};

export const connectorCommands: OpsCommand[] = [
  connectorAdd,
  connectorList,
  connectorRemove,
  connectorCheck,
  connectorCalls,
  connectorRecheck,
  paymentsRecheck,
  routeSet,
  routeList,
  routeRemove,
];
