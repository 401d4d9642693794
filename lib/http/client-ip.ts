import { setting } from "@/lib/config";

/** How many reverse proxies in front of the app append to X-Forwarded-For (0 = clients connect directly). */
export const trustedProxies = () => setting("TRUSTED_PROXIES");

/**
 * The client's address, for every per-IP limit (public endpoints, dashboard login, sign-up).
 *
 * Route handlers never see the socket, so our server (scripts/serve.mjs) appends the socket peer
 * to X-Forwarded-For before Next sees the request: the chain's right-most entry is always the
 * peer, and anything to its left came from whoever connected. With TRUSTED_PROXIES=N the N
 * right-most hops are our own proxies, so the client is the (N+1)-th address from the right;
 * whatever a client writes further left is ignored (else every spoofed value is a fresh bucket).
 * On Vercel the platform overwrites x-vercel-forwarded-for / x-real-ip with the client it saw.
 */
export function clientIp(headers: Headers): string {
  if (setting("VERCEL") === "1") {
    const vercel = headers.get("x-real-ip")?.trim() || headers.get("x-vercel-forwarded-for")?.split(",")[0]?.trim();
    return normalizeIp(vercel) ?? "unknown";
  }
  const chain = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (chain.length === 0) return "unknown";
  // Fewer hops than trusted proxies: every entry came from our side; the left-most is the furthest.
  const index = Math.max(0, chain.length - 1 - trustedProxies());
  return normalizeIp(chain[index]) ?? "unknown";
}

/** "::ffff:10.0.0.1" and "10.0.0.1" are one client (a dual-stack socket reports the former). */
function normalizeIp(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const lower = value.toLowerCase();
  return lower.startsWith("::ffff:") && lower.includes(".") ? lower.slice(7) : lower;
}
