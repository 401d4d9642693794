import { setting } from "@/lib/config";
import { createHash, timingSafeEqual } from "node:crypto";
import { log } from "@/lib/log";
import { type Metrics, metrics } from "./metrics";

/**
 * GET /api/metrics (Prometheus text format). Off unless METRICS_TOKEN is set: then 404, as if
 * the route did not exist. With it, the scraper sends `Authorization: Bearer <token>`, compared
 * in constant time (both sides hashed first, so neither the length nor a prefix leaks); any
 * other answer is 401 with no detail. A scrape whose database read fails still answers with
 * the process's own metrics (and counts the failure): the database's health is /health's job.
 * `refreshGauges` sets the gauges read from the database (lib/platform/database-gauges.ts: it
 * reads the tables through their owners, which sit above this folder).
 */
export async function serveMetrics(request: Request, refreshGauges: (m: Metrics) => Promise<void>): Promise<Response> {
  const token = setting("METRICS_TOKEN");
  if (!token) return new Response(JSON.stringify({ statusCode: 404, error: "Not Found", message: "Not found." }), { status: 404, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } });
  if (!bearerMatches(request.headers.get("authorization"), token)) {
    return new Response(JSON.stringify({ statusCode: 401, error: "Unauthorized", message: "A valid metrics bearer token is required." }), {
      status: 401,
      headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", "WWW-Authenticate": 'Bearer realm="metrics"' },
    });
  }
  const m = metrics();
  try {
    await refreshGauges(m);
  } catch (err) {
    m.scrapeErrors.inc();
    log.warn("metrics: database gauges not refreshed", { error: (err as Error).message });
  }
  return new Response(await m.registry.metrics(), { status: 200, headers: { "Content-Type": m.registry.contentType, "Cache-Control": "no-store" } });
}

const digest = (value: string) => createHash("sha256").update(value).digest();

export function bearerMatches(header: string | null, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  // Compared even when absent, so a missing header takes the time a wrong one does.
  const given = digest(match?.[1] ?? "");
  return timingSafeEqual(given, digest(token)) && match !== null;
}
