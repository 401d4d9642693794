import { type Variable, type VariableName, VARIABLES } from "./variables";

/**
 * Runtime configuration: the only module that reads `process.env` (lib/config/variables.ts
 * lists and types every variable). Values are read on each call, cached per raw string, so
 * tests and operators' tools can change a variable without rebuilding a module graph.
 *
 * The server, the worker and the ops commands call assertValidEnvironment() first: a
 * misconfigured instance refuses to start with one line per bad variable (never its value). A
 * getter meeting a bad value later (set after start) throws naming the variable.
 */
export { VARIABLES, type VariableName } from "./variables";

export type AppEnvironment = "sandbox" | "production";

/** OWASP's scrypt cost for passwords (N=2^17); production never hashes below it. */
export const PRODUCTION_MIN_SCRYPT_LOG2_N = 17;

/**
 * One merchant in one environment: the key of every merchant-owned row and query. The API's
 * authentication (`scopeOfApiAuth`) and the dashboard's session (`DashboardScope`) both give one.
 */
export type MerchantScope = { merchantId: string; environment: AppEnvironment };
type Env = Record<string, string | undefined>;
type Defs = typeof VARIABLES;
type Parsed<K extends VariableName> = Defs[K]["schema"] extends { _zod: { output: infer T } } ? T : never;
type Value<K extends VariableName> = Defs[K] extends { default: string } ? Parsed<K> : Parsed<K> | undefined;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

const cache = new Map<string, { raw: string | undefined; value: unknown }>();

function definition(name: VariableName): Variable {
  return VARIABLES[name] as Variable;
}

/** Raw value, blank treated as unset (a compose file's `X=` means "not configured"). */
function raw(env: Env, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === "" ? undefined : value;
}

function parse(name: VariableName, value: string | undefined): { ok: true; value: unknown } | { ok: false; problem: string } {
  const def = definition(name);
  const input = value ?? def.default;
  if (input === undefined) return { ok: true, value: undefined };
  const result = def.schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, problem: `${name} ${result.error.issues[0]?.message ?? "is invalid"}${def.secret ? "" : ` (got "${input.slice(0, 80)}")`}` };
}

/** A variable's value, typed by its schema; its default when unset. Throws on an invalid value. */
export function setting<K extends VariableName>(name: K): Value<K> {
  const value = raw(process.env, name);
  const hit = cache.get(name);
  if (hit && hit.raw === value) return hit.value as Value<K>;
  const result = parse(name, value);
  if (!result.ok) throw new ConfigError([result.problem]);
  cache.set(name, { raw: value, value: result.value });
  return result.value as Value<K>;
}

/** For code that must never throw (the logger): the default when the value is invalid. */
export function settingOrDefault<K extends VariableName>(name: K): Value<K> {
  try {
    return setting(name);
  } catch {
    return parse(name, undefined).ok ? (parse(name, undefined) as { value: Value<K> }).value : (undefined as Value<K>);
  }
}

/** Whether a variable is set (blank = unset). */
export const isSet = (name: VariableName) => raw(process.env, name) !== undefined;

/**
 * Set a variable for this process (the worker pins its runner, the ops CLI quiets the log).
 * Children spawned later inherit it, as with any environment variable.
 */
export function overrideSetting(name: VariableName, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else (process.env as Env)[name] = value;
}

/**
 * The environment as a read-only map, for the variables whose names are data: a connector
 * account's secrets (`<PREFIX>_<NAME>`, lib/connectors/connector-accounts), checked by the
 * connector's own schema when the account is added and at start (connector problems).
 */
export function environmentVariables(): Readonly<Env> {
  return process.env;
}

/** Every problem with the environment: invalid values, and secrets production requires. */
export function validateEnvironment(env: Env = process.env): string[] {
  const problems: string[] = [];
  const appEnvResult = parse("APP_ENV", raw(env, "APP_ENV"));
  const production = appEnvResult.ok && appEnvResult.value === "production";
  for (const name of Object.keys(VARIABLES) as VariableName[]) {
    const value = raw(env, name);
    const result = parse(name, value);
    if (!result.ok) {
      problems.push(result.problem);
      continue;
    }
    const required = definition(name).requiredInProduction;
    if (production && value === undefined && (required === true || (typeof required === "function" && required(env)))) {
      problems.push(`${name} is required in production`);
    }
  }
  if (raw(env, "UPSTASH_REDIS_REST_TOKEN") && !raw(env, "UPSTASH_REDIS_REST_URL")) problems.push("UPSTASH_REDIS_REST_URL is required with UPSTASH_REDIS_REST_TOKEN");
  const scryptCost = parse("PASSWORD_SCRYPT_LOG2_N", raw(env, "PASSWORD_SCRYPT_LOG2_N"));
  if (production && scryptCost.ok && (scryptCost.value as number) < PRODUCTION_MIN_SCRYPT_LOG2_N) {
    problems.push(`PASSWORD_SCRYPT_LOG2_N must be at least ${PRODUCTION_MIN_SCRYPT_LOG2_N} in production`);
  }
  return problems;
}

/** Start-up gate: throws a ConfigError naming each bad variable. */
export function assertValidEnvironment(env: Env = process.env): void {
  const problems = validateEnvironment(env);
  if (problems.length > 0) throw new ConfigError(problems);
}

export function appEnv(): AppEnvironment {
  return setting("APP_ENV");
}

export const isSandbox = () => appEnv() === "sandbox";

export const config = {
  /** Public origin used in links we hand out (redirectUrl, docs). */
  publicUrl: () => (setting("PUBLIC_URL") ?? `http://localhost:${setting("PORT")}`).replace(/\/$/, ""),
  /**
   * The API base URL of each environment, for the OpenAPI document's `servers`: this deployment's
   * from PUBLIC_URL, the other's from SANDBOX_PUBLIC_URL / PRODUCTION_PUBLIC_URL when set.
   */
  apiServers: (): { url: string; environment: AppEnvironment }[] => {
    const origins: Record<AppEnvironment, string | undefined> = {
      sandbox: setting("SANDBOX_PUBLIC_URL"),
      production: setting("PRODUCTION_PUBLIC_URL"),
    };
    origins[appEnv()] = config.publicUrl();
    return (["sandbox", "production"] as const)
      .filter((env) => origins[env])
      .map((environment) => ({ url: `${origins[environment]!.replace(/\/$/, "")}/api/v1`, environment }));
  },
  /** The platform's public origin for operators' callbacks (docs/design/connectors.md); PUBLIC_URL unless set. */
  publicBaseUrl: (): string => (setting("PUBLIC_BASE_URL") ?? config.publicUrl()).replace(/\/$/, ""),
  /** Consecutive failed operator calls that open an account's circuit breaker, and for how long. */
  breakerFailures: () => setting("CONNECTOR_BREAKER_FAILURES"),
  breakerCooldownSeconds: () => setting("CONNECTOR_BREAKER_COOLDOWN_SECONDS"),
  /** Total time allowed for one operator call (docs/design/connectors.md: 30 s); tests shorten it. */
  connectorTimeoutMs: () => setting("CONNECTOR_TOTAL_TIMEOUT_MS"),
  databaseUrl: () => setting("DATABASE_URL"),
  databasePoolSize: () => setting("DATABASE_POOL_SIZE"),
  /** PGlite data folder when no DATABASE_URL; "memory" for a throwaway database. */
  pgliteDir: () => setting("PGLITE_DIR"),
  pgliteLoadDataDir: () => setting("PGLITE_LOAD_DATA_DIR"),
  dataDir: () => setting("DATA_DIR"),
  redisUrl: () => setting("REDIS_URL"),
  upstashUrl: () => setting("UPSTASH_REDIS_REST_URL"),
  upstashToken: () => setting("UPSTASH_REDIS_REST_TOKEN"),
  /** Requests per minute per client IP on public endpoints. */
  publicRateLimitPerMinute: () => setting("RATE_LIMIT_PUBLIC_PER_MINUTE"),
  authFailuresPerMinute: () => setting("RATE_LIMIT_AUTH_FAILURES_PER_MINUTE"),
  /**
   * "inngest" when Inngest drives the jobs; "worker" when `npm run worker` processes do (this
   * one only signals them); "off" in tests; otherwise the in-process runner.
   */
  jobsRunner: (): "inline" | "inngest" | "worker" | "off" => setting("JOBS_RUNNER") ?? (isSet("INNGEST_EVENT_KEY") || isSet("INNGEST_BASE_URL") ? "inngest" : "inline"),
  /** How long a process keeps the reference catalogue (lib/reference) in memory. */
  referenceCacheSeconds: () => setting("REFERENCE_CACHE_TTL_SECONDS"),
  idempotencyTtlHours: () => setting("IDEMPOTENCY_TTL_HOURS"),
  keyRotationGraceHours: () => setting("KEY_ROTATION_GRACE_HOURS"),
  maxBodyBytes: () => setting("MAX_BODY_BYTES"),
  version: () => setting("APP_VERSION") ?? process.env.npm_package_version ?? "0.1.0",
  /** Tracing is on when a collector is configured. */
  tracingEnabled: () => isSet("OTEL_EXPORTER_OTLP_ENDPOINT"),
} as const;
