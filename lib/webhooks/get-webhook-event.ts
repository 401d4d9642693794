import type { AppEnvironment } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { DETAIL_ATTEMPTS, toWebhookEventView, type WebhookEventView } from "./webhook-event-view";

/** One of the merchant's events with its payload and attempts; another merchant's is 404. */
export async function getWebhookEvent(merchantId: string, environment: AppEnvironment, eventId: string): Promise<WebhookEventView> {
  const prisma = await getPrisma();
  const event = await prisma.webhookEvent.findFirst({
    where: { id: eventId, merchantId, environment },
    include: { deliveryAttempts: { orderBy: { attempt: "desc" }, take: DETAIL_ATTEMPTS } },
  });
  if (!event) throw new AppError("not_found", `Webhook event ${eventId} not found.`);
  return toWebhookEventView(event, true);
}
