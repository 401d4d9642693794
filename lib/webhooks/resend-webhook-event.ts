import type { AppEnvironment } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { deliveryTarget, recordDeliveryAttempt, sendWebhookEvent, type DeliveryOptions } from "./deliver-webhook-event";
import { getOrCreateEndpoint } from "./get-or-create-endpoint";
import { getWebhookEvent } from "./get-webhook-event";
import type { WebhookEventView } from "./webhook-event-view";

/**
 * Resend (POST /webhooks/events/{id}/resend): one more attempt of the same event, now, in the
 * request, whatever the event's status. Same event id, hence same `webhook-id`: receivers that
 * already processed it dedupe. It goes to the current target (callbackUrl, else the merchant's
 * URL as configured now). It never changes the automatic schedule: a pending event keeps its
 * next scheduled attempt unless this one succeeds or gets 410.
 * Refused (422 invalid_state) when there is no URL, or when the target is the merchant's URL
 * and that endpoint is disabled after a 410: re-enable it (or set a new URL) first.
 */
export async function resendWebhookEvent(
  merchantId: string,
  environment: AppEnvironment,
  eventId: string,
  options: DeliveryOptions = {},
): Promise<WebhookEventView> {
  const prisma = await getPrisma();
  const event = await prisma.webhookEvent.findFirst({ where: { id: eventId, merchantId, environment } });
  if (!event) throw new AppError("not_found", `Webhook event ${eventId} not found.`);
  const endpoint = await getOrCreateEndpoint(merchantId, environment, prisma);
  const target = deliveryTarget(event, endpoint);
  if (!target) {
    throw new AppError("invalid_state", "No webhook URL is configured and the transaction has no callbackUrl: set a webhook URL, then resend.");
  }
  if (target.source === "endpoint" && endpoint.disabledAt) {
    throw new AppError("invalid_state", "The webhook endpoint is disabled because it answered 410 Gone: re-enable it or set a new URL, then resend.");
  }
  const result = await sendWebhookEvent(event, endpoint, target.url, options);
  const updated = await recordDeliveryAttempt(eventId, target, result, { manual: true, random: options.random });
  log.info("webhook resend", { eventId, attempt: updated.attempts, statusCode: result.statusCode, durationMs: result.durationMs });
  return getWebhookEvent(merchantId, environment, eventId);
}
