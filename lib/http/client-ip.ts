/**
 * The client's IP for per-IP limits on public endpoints. Behind our load balancer the first
 * X-Forwarded-For entry is the client (the balancer overwrites the header); without one, the
 * socket address is not exposed to route handlers, so everyone shares the "unknown" bucket.
 */
export function clientIp(headers: Headers): string {
  const forwarded = headers.get("x-forwarded-for");
  if (forwarded) {
    const first = forwarded.split(",")[0]?.trim();
    if (first) return first;
  }
  return headers.get("x-real-ip")?.trim() || "unknown";
}
