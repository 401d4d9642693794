import { appEnv, config } from "@/lib/config";
import { findConnectorProblems } from "@/lib/connectors/connector-problems";
import { getPrisma } from "@/lib/db/client";
import { rateLimiter } from "@/lib/http/rate-limit";
import { platformWarnings } from "./platform-warnings";

export type HealthReport = {
  status: "ok" | "degraded";
  environment: "sandbox" | "production";
  version: string;
  checks: {
    database: { status: "ok" | "error"; latencyMs: number; error?: string };
    rateLimiter: { backend: string };
    /**
     * Production only: connector accounts that routes use but that cannot serve (DESIGN §13), and
     * providers their operator reports closed, with the account serving them instead (or null).
     */
    connectors?: {
      status: "ok" | "degraded";
      accounts: { id: string; state: "misconfigured" | "unavailable" }[];
      closedProviders: { country: string; provider: string; direction: string; account: string; servedBy: string | null }[];
    };
  };
  /** Dangerous settings this instance runs with (platform-warnings.ts); empty when none. */
  warnings: string[];
};

/**
 * Asks the database a trivial question, bounded in time so a hung database answers 503; then
 * whether every routed connector account can serve: one that cannot (misconfigured, breaker
 * open), or a provider its operator reports closed, makes the report `degraded` and is named,
 * without the detail (that is in the log).
 */
export async function checkHealth(timeoutMs = 3000): Promise<HealthReport> {
  const started = performance.now();
  let database: HealthReport["checks"]["database"];
  try {
    const prisma = await withTimeout(getPrisma(), timeoutMs);
    await withTimeout(prisma.$queryRaw`SELECT 1`, timeoutMs);
    database = { status: "ok", latencyMs: Math.round(performance.now() - started) };
  } catch {
    // The reason stays in the server log: a public endpoint never describes our internals.
    database = { status: "error", latencyMs: Math.round(performance.now() - started), error: "database unreachable" };
  }
  let connectors: HealthReport["checks"]["connectors"] = appEnv() === "production" ? { status: "ok", accounts: [], closedProviders: [] } : undefined;
  if (connectors && database.status === "ok") {
    try {
      const problems = await withTimeout(findConnectorProblems(appEnv()), timeoutMs);
      connectors = {
        status: problems.length ? "degraded" : "ok",
        accounts: problems.flatMap((p) => (p.state === "provider_closed" ? [] : [{ id: p.account, state: p.state }])),
        closedProviders: problems.flatMap((p) => (p.state === "provider_closed" ? [{ ...p.route, account: p.account, servedBy: p.servedBy }] : [])),
      };
    } catch {
      connectors = { status: "degraded", accounts: [], closedProviders: [] };
    }
  }
  return {
    status: database.status === "ok" && connectors?.status !== "degraded" ? "ok" : "degraded",
    environment: appEnv(),
    version: config.version(),
    checks: { database, rateLimiter: { backend: rateLimiter().backend }, ...(connectors ? { connectors } : {}) },
    warnings: platformWarnings(),
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
