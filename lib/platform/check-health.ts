import { appEnv, config, setting, type AppEnvironment } from "@/lib/config";
import { isBreakerOpen } from "@/lib/connectors/circuit-breaker";
import { accountProblem } from "@/lib/connectors/connector-accounts";
import { findConnectorProblems } from "@/lib/connectors/connector-problems";
import { getPrisma } from "@/lib/db/client";
import { rateLimiter } from "@/lib/http/rate-limit";
import { readJobBacklog } from "@/lib/jobs/job-backlog";
import { platformWarnings } from "./platform-warnings";
import { listConnectorAccounts } from "@/lib/connectors/connector-records";

type AccountState = "ok" | "misconfigured" | "unavailable";

export type HealthReport = {
  /** down: the database does not answer (503); degraded: it does, but a part is failing (200). */
  status: "ok" | "degraded" | "down";
  environment: AppEnvironment;
  version: string;
  checks: {
    database: { status: "ok" | "error"; latencyMs: number; error?: string };
    rateLimiter: { backend: string };
    /** When Redis (or Upstash) backs the rate limiter: whether it answers. */
    redis?: { status: "ok" | "error"; latencyMs: number };
    /** The outbox: due jobs, failed jobs, and the age of the oldest due one. */
    jobs?: { status: "ok" | "degraded"; due: number; failed: number; oldestDueAgeSeconds: number; degradedAfterSeconds: number };
    /** Every connector account of this environment with its state; `degraded` when one that routes use cannot serve. */
    connectors?: {
      status: "ok" | "degraded";
      accounts: { id: string; state: AccountState }[];
      /** Providers their operator reports closed, with the account serving them instead (or null). */
      closedProviders: { country: string; provider: string; direction: string; account: string; servedBy: string | null }[];
    };
  };
  /** Dangerous settings this instance runs with (platform-warnings.ts); empty when none. */
  warnings: string[];
};

/**
 * Asks the database a trivial question, bounded in time so a hung database answers `down`
 * (503). Then, each bounded too: Redis when configured (an unreachable Redis degrades: the rate
 * limiter fails open), the job backlog (degraded when the oldest due job has waited more than
 * HEALTH_JOB_BACKLOG_SECONDS, 300 s: the runner is stuck or too slow), and every connector
 * account's state (degraded when a routed account is misconfigured or its breaker is open, or an
 * operator reports a routed provider closed).
 * Details stay in the server log and `ops`: a public endpoint never describes our internals.
 */
export async function checkHealth(timeoutMs = 3000): Promise<HealthReport> {
  const started = performance.now();
  let database: HealthReport["checks"]["database"];
  try {
    const prisma = await withTimeout(getPrisma(), timeoutMs);
    await withTimeout(prisma.$queryRaw`SELECT 1`, timeoutMs);
    database = { status: "ok", latencyMs: Math.round(performance.now() - started) };
  } catch {
    database = { status: "error", latencyMs: Math.round(performance.now() - started), error: "database unreachable" };
  }
  const limiter = rateLimiter();
  const [redis, jobs, connectors] = await Promise.all([
    limiter.ping ? checkRedis(limiter.ping, timeoutMs) : undefined,
    database.status === "ok" ? checkJobs(timeoutMs) : undefined,
    database.status === "ok" ? checkConnectors(timeoutMs) : undefined,
  ]);
  const degraded = redis?.status === "error" || jobs?.status === "degraded" || connectors?.status === "degraded";
  return {
    status: database.status !== "ok" ? "down" : degraded ? "degraded" : "ok",
    environment: appEnv(),
    version: config.version(),
    checks: {
      database,
      rateLimiter: { backend: limiter.backend },
      ...(redis ? { redis } : {}),
      ...(jobs ? { jobs } : {}),
      ...(connectors ? { connectors } : {}),
    },
    warnings: platformWarnings(),
  };
}

async function checkRedis(ping: () => Promise<unknown>, timeoutMs: number): Promise<NonNullable<HealthReport["checks"]["redis"]>> {
  const started = performance.now();
  try {
    await withTimeout(ping(), timeoutMs);
    return { status: "ok", latencyMs: Math.round(performance.now() - started) };
  } catch {
    return { status: "error", latencyMs: Math.round(performance.now() - started) };
  }
}

async function checkJobs(timeoutMs: number): Promise<HealthReport["checks"]["jobs"]> {
  const degradedAfterSeconds = setting("HEALTH_JOB_BACKLOG_SECONDS");
  try {
    const rows = await withTimeout(readJobBacklog(), timeoutMs);
    const oldestDueAgeSeconds = Math.max(0, ...rows.map((r) => r.oldestDueAgeSeconds));
    const due = rows.reduce((n, r) => n + r.due, 0);
    const failed = rows.reduce((n, r) => n + r.failed, 0);
    return { status: oldestDueAgeSeconds > degradedAfterSeconds ? "degraded" : "ok", due, failed, oldestDueAgeSeconds, degradedAfterSeconds };
  } catch {
    return { status: "degraded", due: 0, failed: 0, oldestDueAgeSeconds: 0, degradedAfterSeconds };
  }
}

async function checkConnectors(timeoutMs: number): Promise<HealthReport["checks"]["connectors"]> {
  const environment = appEnv();
  try {
    const prisma = await getPrisma();
    const [problems, accounts] = await withTimeout(Promise.all([findConnectorProblems(environment, prisma), listConnectorAccounts(environment, prisma)]), timeoutMs);
    const now = new Date();
    const states = new Map<string, AccountState>(accounts.map((a) => [a.id, accountProblem(a) ? "misconfigured" : isBreakerOpen(a, now) ? "unavailable" : "ok"]));
    // A route pointing at an account that does not exist: named too.
    for (const p of problems) if (!states.has(p.account) && p.state !== "provider_closed") states.set(p.account, p.state);
    const closedProviders = problems.flatMap((p) => (p.state === "provider_closed" ? [{ ...p.route, account: p.account, servedBy: p.servedBy }] : []));
    return { status: problems.length ? "degraded" : "ok", accounts: [...states].map(([id, state]) => ({ id, state })).sort((a, b) => a.id.localeCompare(b.id)), closedProviders };
  } catch {
    return { status: "degraded", accounts: [], closedProviders: [] };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
