import { appEnv, config } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { rateLimiter } from "@/lib/http/rate-limit";

export type HealthReport = {
  status: "ok" | "degraded";
  environment: "sandbox" | "production";
  version: string;
  checks: { database: { status: "ok" | "error"; latencyMs: number; error?: string }; rateLimiter: { backend: string } };
};

/** Asks the database a trivial question, bounded in time so a hung database answers 503. */
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
  return {
    status: database.status === "ok" ? "ok" : "degraded",
    environment: appEnv(),
    version: config.version(),
    checks: { database, rateLimiter: { backend: rateLimiter().backend } },
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
