import { Redis as UpstashRedis } from "@upstash/redis";
import { Redis as IORedis } from "ioredis";
import { config, appEnv } from "@/lib/config";
import type { Plan } from "@/lib/db/generated/enums";
import { IORedisRatelimitAdapter } from "./ioredis-adapter";
import { MemoryWindowLimiter } from "./memory-limiter";
import type { LimitResult, WindowLimiter } from "./types";
import { UpstashWindowLimiter } from "./upstash-limiter";

export type { LimitResult } from "./types";

/** Requests per minute per plan (spec Limits); null = unlimited. */
export const PLAN_LIMITS: Record<Plan, number | null> = { standard: 100, business: 1000, enterprise: null };

const WINDOW_MS = 60_000;
const GLOBAL_KEY = Symbol.for("payments.rateLimiter");
/** `ping`: asks the Redis behind the limiter (health), absent for the in-memory one. */
type Limiter = { backend: string; limiter: WindowLimiter; ping?: () => Promise<unknown> };
type GlobalWithLimiter = typeof globalThis & { [GLOBAL_KEY]?: Limiter };

/** Upstash REST when configured, a plain Redis through ioredis, or memory (embedded default). */
function createLimiter(): Limiter {
  const prefix = `ratelimit:${appEnv()}`;
  const upstashUrl = config.upstashUrl();
  if (upstashUrl) {
    const redis = new UpstashRedis({ url: upstashUrl, token: config.upstashToken() ?? "" });
    return { backend: "upstash", limiter: new UpstashWindowLimiter(redis, "60 s", prefix), ping: () => redis.ping() };
  }
  const redisUrl = config.redisUrl();
  if (redisUrl) {
    const client = new IORedis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
    client.on("error", () => undefined); // surfaced per request by the limiter call instead
    const adapter = new IORedisRatelimitAdapter(client) as unknown as ConstructorParameters<typeof UpstashWindowLimiter>[0];
    return { backend: "redis", limiter: new UpstashWindowLimiter(adapter, "60 s", prefix), ping: () => client.ping() };
  }
  return { backend: "memory", limiter: new MemoryWindowLimiter(WINDOW_MS) };
}

export function rateLimiter(): Limiter {
  const g = globalThis as GlobalWithLimiter;
  g[GLOBAL_KEY] ??= createLimiter();
  return g[GLOBAL_KEY];
}

export function merchantLimit(merchant: { plan: Plan; rateLimitPerMinute: number | null }): number | null {
  return merchant.rateLimitPerMinute ?? PLAN_LIMITS[merchant.plan];
}

export async function checkRateLimit(identifier: string, max: number): Promise<LimitResult> {
  return rateLimiter().limiter.limit(identifier, max);
}

export function rateLimitHeaders(result: LimitResult): Record<string, string> {
  const headers: Record<string, string> = {
    "X-RateLimit-Limit": String(result.limit),
    "X-RateLimit-Remaining": String(result.remaining),
    "X-RateLimit-Reset": String(Math.ceil(result.reset / 1000)),
  };
  if (!result.success) headers["Retry-After"] = String(Math.max(1, Math.ceil((result.reset - Date.now()) / 1000)));
  return headers;
}
