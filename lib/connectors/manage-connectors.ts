import { environmentVariables, type AppEnvironment } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import type { ConnectorAccount, ConnectorRoute, Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { type Catalogue, type Channel, getCatalogue, isProviderCode } from "@/lib/reference";
import type { Direction, HealthResult } from "./connector";
import { accountProblem, readSecrets } from "./connector-accounts";
import { supports } from "./get-route";
import { refreshProviderAvailability } from "./provider-availability";
import { callbackUrlFor, recordedContext } from "./recorded-context";
import { connectorTypes, getConnector } from "./registry";

/**
 * Configuring connectors (docs/design/connectors.md; the ops commands connector:* and route:* are thin shells
 * over these). Everything is checked before it is written, with messages that say what to do:
 * an unknown type, invalid settings, a missing `<PREFIX>_<NAME>` env var, a route to an unknown
 * account or in a direction its connector lacks. Secrets are never read into the database.
 */
const ID = /^[a-z0-9][a-z0-9-]{1,62}$/;
const PREFIX = /^[A-Z][A-Z0-9_]{0,62}$/;
export const DIRECTIONS: Direction[] = ["collect", "payout", "refund"];

const refuse = (message: string) => new AppError("validation_error", message);

export type AddAccountInput = { id: string; type: string; environment: AppEnvironment; baseUrl?: string; settings: Record<string, string>; secretsEnv: string };

export async function addConnectorAccount(input: AddAccountInput, env: Readonly<Record<string, string | undefined>> = environmentVariables()): Promise<{ account: ConnectorAccount; created: boolean }> {
  if (!ID.test(input.id)) throw refuse(`--id "${input.id}": use 2 to 63 lower-case letters, digits and dashes (e.g. mtn-ci-collect).`);
  const connector = getConnector(input.type);
  if (!connector) throw refuse(`Unknown connector type "${input.type}". Known types: ${connectorTypes().join(", ")}.`);
  if (input.type === "simulator" && input.environment === "production") throw refuse("The simulator connector moves no money: it is for sandbox only.");
  if (!PREFIX.test(input.secretsEnv)) throw refuse(`--secrets-env "${input.secretsEnv}": an env var prefix in upper case (e.g. MTN_CI), secrets are read from <PREFIX>_<NAME>.`);
  const baseUrl = input.baseUrl ?? connector.defaultBaseUrl ?? undefined;
  if (input.baseUrl !== undefined && !/^https?:\/\/[^\s]+$/.test(input.baseUrl)) throw refuse(`--base-url "${input.baseUrl}" is not an http(s) URL.`);
  if (!baseUrl && connector.type !== "simulator") throw refuse(`The ${connector.type} connector has no default host: give --base-url.`);
  const settings = connector.settingsSchema.safeParse(input.settings);
  if (!settings.success) {
    throw refuse(`Invalid settings for ${connector.type}: ${settings.error.issues.map((i) => `${i.path.join(".") || "settings"}: ${i.message}`).join("; ")}.`);
  }
  const problems = connector.accountProblems?.({ id: input.id, environment: input.environment, settings: settings.data, callbackUrl: callbackUrlFor(input.id) }) ?? [];
  if (problems.length > 0) throw refuse(`The ${connector.type} account ${input.id} cannot be added: ${problems.join("; ")}.`);
  const { missing } = readSecrets(connector, input.secretsEnv, settings.data, env);
  if (missing.length > 0) throw refuse(`Missing secret env var${missing.length > 1 ? "s" : ""}: ${missing.join(", ")}. Set ${missing.length > 1 ? "them" : "it"} where the server runs (never in the database), then run this again.`);

  const prisma = await getPrisma();
  const existing = await prisma.connectorAccount.findUnique({ where: { id: input.id } });
  if (existing && existing.environment !== input.environment) throw refuse(`Account ${input.id} exists in ${existing.environment}.`);
  const data = { type: input.type, environment: input.environment, baseUrl: baseUrl ?? null, settings: settings.data as Prisma.InputJsonObject, secretsEnv: input.secretsEnv };
  const account = await prisma.connectorAccount.upsert({ where: { id: input.id }, create: { id: input.id, ...data }, update: data });
  return { account, created: !existing };
}

export async function listConnectorAccounts(environment: AppEnvironment) {
  const prisma = await getPrisma();
  const [accounts, routes] = await Promise.all([
    prisma.connectorAccount.findMany({ where: { environment }, orderBy: { id: "asc" } }),
    prisma.connectorRoute.findMany({ where: { environment } }),
  ]);
  const now = new Date();
  return accounts.map((a) => ({
    ...a,
    problem: accountProblem(a),
    breakerOpen: a.breakerState === "open" && a.openUntil !== null && a.openUntil > now,
    routes: routes.filter((r) => r.accountId === a.id || r.fallbackAccountId === a.id).length,
  }));
}

export async function removeConnectorAccount(id: string, environment: AppEnvironment): Promise<void> {
  const prisma = await getPrisma();
  const account = await prisma.connectorAccount.findUnique({ where: { id } });
  if (!account || account.environment !== environment) throw new AppError("not_found", `No connector account ${id}.`);
  const routes = await prisma.connectorRoute.findMany({ where: { environment, OR: [{ accountId: id }, { fallbackAccountId: id }] } });
  if (routes.length > 0) {
    throw refuse(`Account ${id} is used by ${routes.length} route(s): ${routes.map(routeName).join(", ")}. Remove or re-point them first (route:remove / route:set).`);
  }
  await prisma.connectorAccount.delete({ where: { id } });
}

/** Authenticates and reports health without moving money; an answer closes the breaker (a probe). */
/**
 * `connector:check`: the connector's health, and for operators that publish per-provider status
 * the routed providers they report closed now (`closedProviders`, "CI:mtn:collect" → the
 * operator's words; stored for getRoute as the refresh sweep does) or why it could not be read.
 */
export type ConnectorCheck = HealthResult & { closedProviders?: Record<string, string>; availabilityError?: string };

export async function checkConnectorAccount(id: string, environment: AppEnvironment): Promise<ConnectorCheck> {
  const prisma = await getPrisma();
  const account = await prisma.connectorAccount.findUnique({ where: { id } });
  if (!account || account.environment !== environment) throw new AppError("not_found", `No connector account ${id}.`);
  const problem = accountProblem(account);
  if (problem) return { ok: false, detail: problem };
  const connector = getConnector(account.type)!;
  let health: ConnectorCheck;
  try {
    health = await connector.checkHealth(recordedContext(account, connector));
  } catch (err) {
    return { ok: false, detail: (err as Error).message };
  }
  // The operator's own per-provider status, stored for getRoute as the sweep would.
  if (!health.ok || !connector.providerAvailability) return health;
  const refresh = await refreshProviderAvailability(account, { db: prisma });
  return refresh.refreshed ? { ...health, closedProviders: refresh.closed } : { ...health, availabilityError: refresh.why };
}

export type SetRouteInput = { environment: AppEnvironment; country: string; provider: string; direction: string; accountId: string; fallbackAccountId?: string };

export async function setConnectorRoute(input: SetRouteInput): Promise<ConnectorRoute> {
  if (input.environment === "sandbox") {
    throw refuse("Sandbox routes every provider to the built-in simulator (docs/design/sandbox.md): routes apply to production instances (APP_ENV=production).");
  }
  const direction = input.direction as Direction;
  if (!DIRECTIONS.includes(direction)) throw refuse(`--direction "${input.direction}": one of ${DIRECTIONS.join(", ")}.`);
  const country = input.country.trim().toUpperCase();
  const catalogue = await getCatalogue();
  if (!catalogue.countryByCode.has(country)) throw refuse(`Unknown country "${input.country}".`);
  const provider = input.provider.trim().toLowerCase();
  if (!isProviderCode(provider)) throw refuse(`Unknown provider code "${input.provider}".`);
  const channels = routeChannels(catalogue, country, provider, direction);
  const prisma = await getPrisma();
  for (const id of [input.accountId, ...(input.fallbackAccountId ? [input.fallbackAccountId] : [])]) {
    const account = await prisma.connectorAccount.findUnique({ where: { id } });
    if (!account || account.environment !== input.environment) throw refuse(`No connector account "${id}" in ${input.environment}: add it first (connector:add).`);
    const connector = getConnector(account.type);
    if (!connector) throw refuse(`Account ${id} has an unknown connector type "${account.type}".`);
    if (!supports(connector, direction)) throw refuse(`The ${account.type} connector (account ${id}) does not do ${direction}.`);
    const problem = marketProblem(account, connector, { country, provider, direction }, channels) ?? (await routeProblemOf(account, connector, { country, provider, direction }));
    if (problem) throw refuse(`Account ${id} cannot serve ${provider} in ${country} for ${direction}: ${problem}.`);
  }
  if (input.fallbackAccountId === input.accountId) throw refuse("--fallback must be another account.");
  const key = { environment: input.environment, country, provider, direction };
  const data = { accountId: input.accountId, fallbackAccountId: input.fallbackAccountId ?? null };
  return prisma.connectorRoute.upsert({ where: { environment_country_provider_direction: key }, create: { ...key, ...data }, update: data });
}

/**
 * The catalogue's channels a route serves: the provider's in that country and direction (a refund
 * goes back through the collect channel). None: refused, naming where the provider does operate.
 */
function routeChannels(catalogue: Catalogue, country: string, provider: string, direction: Direction): Channel[] {
  const channelDirection = direction === "refund" ? "collect" : direction;
  const channels = catalogue.channels.filter((c) => c.providerCode === provider && c.countryCode === country && c.direction === channelDirection);
  if (channels.length > 0) return channels;
  const elsewhere = [...new Set(catalogue.channels.filter((c) => c.providerCode === provider && c.direction === channelDirection).map((c) => c.countryCode))];
  const verb = channelDirection === "collect" ? "collects" : "pays out";
  const where = elsewhere.length > 0 ? `${provider} ${verb} in ${elsewhere.join(", ")}` : `${provider} ${verb} nowhere`;
  throw refuse(`The catalogue has no ${channelDirection} channel for ${provider} in ${country} (${where}): check --country and --provider, or add the channel first (channel:set).`);
}

/**
 * Why this account cannot serve the route by what it is (the connector's operators and countries)
 * and what its settings bind it to (country, currency, products), or null. No operator call.
 */
function marketProblem(account: ConnectorAccount, connector: NonNullable<ReturnType<typeof getConnector>>, pair: { country: string; provider: string; direction: Direction }, channels: Channel[]): string | null {
  const cannot = (why: string) => `Account ${account.id} cannot serve ${pair.provider} in ${pair.country} for ${pair.direction}: ${why}`;
  const serves = connector.serves;
  if (serves && !serves.providers.includes(pair.provider)) return cannot(`the ${connector.type} connector serves ${serves.providers.join(", ")} only.`);
  if (serves?.countries && !serves.countries.includes(pair.country)) return cannot(`the ${connector.type} connector serves ${serves.countries.join(", ")} only.`);
  if (!connector.market) return null;
  const parsed = connector.settingsSchema.safeParse(account.settings ?? {});
  if (!parsed.success) return cannot(`its settings no longer read (${parsed.error.issues[0]?.message ?? "invalid"}): run connector:add again.`);
  const market = connector.market(parsed.data);
  if (market.country && market.country.code.toUpperCase() !== pair.country) {
    return cannot(`the account is set up for ${market.country.code.toUpperCase()} (its ${market.country.setting} setting); add an account for ${pair.country}.`);
  }
  const currencies = [...new Set(channels.map((c) => c.currency))];
  if (market.currency && !currencies.includes(market.currency.code as Channel["currency"])) {
    const verb = channels[0]?.direction === "payout" ? "pays out" : "collects";
    return cannot(`the account moves ${market.currency.code} (its ${market.currency.setting} setting), and ${pair.provider} ${verb} in ${pair.country} in ${currencies.join(", ")}.`);
  }
  const product = market.products?.needs[pair.direction];
  if (market.products && product && !market.products.list.includes(product)) {
    return cannot(`the account's products (${market.products.list.join(", ")}) do not include ${product}.`);
  }
  return null;
}

/** The connector's own objection to serving this pair (pawaPay: an authorisation step it does not implement). */
async function routeProblemOf(account: ConnectorAccount, connector: NonNullable<ReturnType<typeof getConnector>>, pair: { country: string; provider: string; direction: Direction }): Promise<string | null> {
  if (!connector.routeProblem) return null;
  try {
    return await connector.routeProblem(recordedContext(account, connector), pair);
  } catch (err) {
    return `the operator could not be asked whether it can (${(err as Error).message}); run connector:check, then try again`;
  }
}

export async function listConnectorRoutes(environment: AppEnvironment) {
  return (await getPrisma()).connectorRoute.findMany({ where: { environment }, orderBy: [{ country: "asc" }, { provider: "asc" }, { direction: "asc" }] });
}

export async function removeConnectorRoute(input: { environment: AppEnvironment; country: string; provider: string; direction: string }): Promise<void> {
  const key = { environment: input.environment, country: input.country.trim().toUpperCase(), provider: input.provider.trim().toLowerCase(), direction: input.direction as Direction };
  if (!DIRECTIONS.includes(key.direction)) throw refuse(`--direction "${input.direction}": one of ${DIRECTIONS.join(", ")}.`);
  const { count } = await (await getPrisma()).connectorRoute.deleteMany({ where: key });
  if (count === 0) throw new AppError("not_found", `No ${key.direction} route for ${key.provider} in ${key.country}.`);
}

/** The call record of an account, newest first; with a transaction id, only the calls about it. */
export async function listConnectorCalls(accountId: string, options: { subjectId?: string; limit?: number } = {}) {
  return (await getPrisma()).connectorCall.findMany({
    where: { accountId, ...(options.subjectId ? { subjectId: options.subjectId } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: options.limit ?? 50,
  });
}

export const routeName = (r: Pick<ConnectorRoute, "country" | "provider" | "direction">) => `${r.country}/${r.provider}/${r.direction}`;
