import { Prisma, type WebhookEndpoint, type WebhookEvent } from "@/lib/db/generated/client";
import { modelFromRow, runSql } from "@/lib/db/run-sql";
import { getOrCreateEndpoint } from "./get-or-create-endpoint";

const ENDPOINT_PREFIX = "endpoint_";

/**
 * A scheduled delivery's one read: the event and its merchant's endpoint (URL, sealed secrets,
 * disabled mark) in one statement through the driver, where Prisma's client took two calls. Three
 * of a collect's four jobs are deliveries, and Prisma's client spent more CPU per call than the
 * query cost (docs/performance.md, "Job worker CPU"). A merchant without an endpoint row yet gets
 * one as getOrCreateEndpoint makes it. Null when the event does not exist.
 */
export async function readEventForDelivery(eventId: string): Promise<{ event: WebhookEvent; endpoint: WebhookEndpoint } | null> {
  const [row] = await runSql<Record<string, unknown>>(Prisma.sql`
    SELECT e.*,
           w.merchant_id AS endpoint_merchant_id, w.url AS endpoint_url, w.secret AS endpoint_secret,
           w.previous_secret AS endpoint_previous_secret, w.previous_secret_expires_at AS endpoint_previous_secret_expires_at,
           w.secret_shown_at AS endpoint_secret_shown_at, w.disabled_at AS endpoint_disabled_at,
           w.disabled_reason AS endpoint_disabled_reason, w.created_at AS endpoint_created_at, w.updated_at AS endpoint_updated_at
    FROM webhook_events e
    LEFT JOIN webhook_endpoints w ON w.merchant_id = e.merchant_id AND w.environment = e.environment
    WHERE e.id = ${eventId}`);
  if (!row) return null;
  const eventColumns: Record<string, unknown> = {};
  const endpointColumns: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    if (column.startsWith(ENDPOINT_PREFIX)) endpointColumns[column.slice(ENDPOINT_PREFIX.length)] = value;
    else eventColumns[column] = value;
  }
  const event = modelFromRow<WebhookEvent>(eventColumns, ["seq"]);
  const endpoint =
    endpointColumns.merchant_id === null
      ? await getOrCreateEndpoint(event.merchantId, event.environment)
      : modelFromRow<WebhookEndpoint>({ ...endpointColumns, environment: event.environment }, []);
  return { event, endpoint };
}
