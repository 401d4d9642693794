import { type ApiAuth, authenticateApiKey } from "@/lib/auth/authenticate";
import { config } from "@/lib/config";
import { AppError, isAppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { clientIp } from "./client-ip";
import { checkRateLimit, rateLimitHeaders } from "./rate-limit";

/**
 * API-key authentication with a per-IP budget of failures: every 401 or 403 spends
 * one unit of RATE_LIMIT_AUTH_FAILURES_PER_MINUTE in the shared limiter and carries its
 * X-RateLimit-* headers. An address that has spent its budget gets 429 *before* its credentials
 * are checked, until the window resets: otherwise a guesser could ignore the 429s and wait for
 * the one 200. That refusal is remembered per instance (the limiter has no cheap "peek"); with
 * several instances an address gets at most one more try per instance per window.
 * A limiter outage fails open, like the request limits.
 */
const blockedUntil = new Map<string, number>();
const MAX_BLOCKED = 10_000;

export async function authenticateLimited(request: Request, headers: Record<string, string>): Promise<ApiAuth> {
  const max = config.authFailuresPerMinute();
  const ip = max > 0 ? clientIp(request.headers) : "";
  if (max > 0) {
    const until = blockedUntil.get(ip);
    if (until !== undefined && until > Date.now()) throw tooManyFailures(until, max, headers);
    if (until !== undefined) blockedUntil.delete(ip);
  }
  try {
    return await authenticateApiKey(request.headers);
  } catch (err) {
    if (max === 0 || !isAppError(err) || (err.code !== "unauthenticated" && err.code !== "forbidden")) throw err;
    let result;
    try {
      result = await checkRateLimit(`authfail:${ip}`, max);
    } catch (limiterError) {
      log.warn("rate limiter unavailable, failed authentication not counted", { error: (limiterError as Error).message });
      throw err;
    }
    Object.assign(headers, rateLimitHeaders(result));
    if (result.success) throw err;
    remember(ip, result.reset);
    throw tooManyFailures(result.reset, max, headers);
  }
}

function remember(ip: string, until: number) {
  if (blockedUntil.size >= MAX_BLOCKED) {
    const now = Date.now();
    for (const [key, at] of blockedUntil) if (at <= now) blockedUntil.delete(key);
    if (blockedUntil.size >= MAX_BLOCKED) blockedUntil.delete(blockedUntil.keys().next().value!);
  }
  blockedUntil.set(ip, until);
}

function tooManyFailures(until: number, max: number, headers: Record<string, string>): AppError {
  const retryAfter = Math.max(1, Math.ceil((until - Date.now()) / 1000));
  Object.assign(headers, {
    "X-RateLimit-Limit": String(max),
    "X-RateLimit-Remaining": "0",
    "X-RateLimit-Reset": String(Math.ceil(until / 1000)),
    "Retry-After": String(retryAfter),
  });
  return new AppError("rate_limited", `Too many failed authentications from this address: retry after ${retryAfter} s.`);
}

/** Tests: forget the remembered refusals. */
export function resetAuthFailureBlocks(): void {
  blockedUntil.clear();
}
