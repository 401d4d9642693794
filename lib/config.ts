/**
 * Runtime configuration, read from the environment on each call (cheap) so that tests and
 * operators can change a variable without restarting a module graph.
 */
export type AppEnvironment = "sandbox" | "production";

export function appEnv(): AppEnvironment {
  const value = process.env.APP_ENV ?? "sandbox";
  if (value !== "sandbox" && value !== "production") {
    throw new Error(`APP_ENV must be "sandbox" or "production", got "${value}"`);
  }
  return value;
}

export const isSandbox = () => appEnv() === "sandbox";

export function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

export const config = {
  /** Public origin used in links we hand out (redirectUrl, docs). */
  publicUrl: () => (process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? "3000"}`).replace(/\/$/, ""),
  /**
   * The API base URL of each environment, for the OpenAPI document's `servers`: this deployment's
   * from PUBLIC_URL, the other's from SANDBOX_PUBLIC_URL / PRODUCTION_PUBLIC_URL when set.
   */
  apiServers: (): { url: string; environment: AppEnvironment }[] => {
    const origins: Record<AppEnvironment, string | undefined> = {
      sandbox: process.env.SANDBOX_PUBLIC_URL || undefined,
      production: process.env.PRODUCTION_PUBLIC_URL || undefined,
    };
    origins[appEnv()] = config.publicUrl();
    return (["sandbox", "production"] as const)
      .filter((env) => origins[env])
      .map((environment) => ({ url: `${origins[environment]!.replace(/\/$/, "")}/api/v1`, environment }));
  },
  /** The platform's public origin for operators' callbacks (DESIGN §13); PUBLIC_URL unless set. */
  publicBaseUrl: (): string => (process.env.PUBLIC_BASE_URL || config.publicUrl()).replace(/\/$/, ""),
  /** Consecutive failed operator calls that open an account's circuit breaker, and for how long. */
  breakerFailures: () => intFromEnv("CONNECTOR_BREAKER_FAILURES", 5),
  breakerCooldownSeconds: () => intFromEnv("CONNECTOR_BREAKER_COOLDOWN_SECONDS", 60),
  /** Total time allowed for one operator call (DESIGN §13: 30 s); tests shorten it. */
  connectorTimeoutMs: () => intFromEnv("CONNECTOR_TOTAL_TIMEOUT_MS", 30_000),
  databaseUrl: () => process.env.DATABASE_URL || undefined,
  /** PGlite data folder when no DATABASE_URL; "memory" for a throwaway database. */
  pgliteDir: () => process.env.PGLITE_DIR ?? ".data/pglite",
  dataDir: () => process.env.DATA_DIR ?? ".data",
  redisUrl: () => process.env.REDIS_URL || undefined,
  upstashUrl: () => process.env.UPSTASH_REDIS_REST_URL || undefined,
  upstashToken: () => process.env.UPSTASH_REDIS_REST_TOKEN || undefined,
  /** Requests per minute per client IP on public endpoints. */
  publicRateLimitPerMinute: () => intFromEnv("RATE_LIMIT_PUBLIC_PER_MINUTE", 600),
  /**
   * "inngest" when Inngest drives the jobs; "worker" when `npm run worker` processes do (this
   * one only signals them); "off" in tests; otherwise the in-process runner.
   */
  jobsRunner: (): "inline" | "inngest" | "worker" | "off" => {
    const v = process.env.JOBS_RUNNER;
    if (v === "off" || v === "inngest" || v === "inline" || v === "worker") return v;
    return process.env.INNGEST_EVENT_KEY || process.env.INNGEST_BASE_URL ? "inngest" : "inline";
  },
  /** How long a process keeps the reference catalogue (lib/reference) in memory. */
  referenceCacheSeconds: () => intFromEnv("REFERENCE_CACHE_TTL_SECONDS", 30),
  idempotencyTtlHours: () => intFromEnv("IDEMPOTENCY_TTL_HOURS", 24),
  keyRotationGraceHours: () => intFromEnv("KEY_ROTATION_GRACE_HOURS", 24),
  maxBodyBytes: () => intFromEnv("MAX_BODY_BYTES", 64 * 1024),
  version: () => process.env.APP_VERSION ?? process.env.npm_package_version ?? "0.1.0",
} as const;
