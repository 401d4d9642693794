import { serveMetrics } from "@/lib/observability/metrics-endpoint";
import { refreshDatabaseGauges } from "@/lib/platform/database-gauges";

/**
 * Prometheus scrape endpoint (lib/observability/metrics-endpoint.ts): 404 unless METRICS_TOKEN
 * is set, then `Authorization: Bearer <METRICS_TOKEN>`. Outside /api/v1: it is for operators'
 * monitoring, not part of the merchants' API (no OpenAPI entry, no API key).
 */
export const dynamic = "force-dynamic";

export const GET = (request: Request) => serveMetrics(request, refreshDatabaseGauges);
