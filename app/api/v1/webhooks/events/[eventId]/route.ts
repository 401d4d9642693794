import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { getWebhookEvent } from "@/lib/webhooks/get-webhook-event";
import { getWebhookEventContract } from "./contract";

export const dynamic = "force-dynamic";

export const GET = defineRoute(getWebhookEventContract, async ({ params, auth }) => {
  const event = await getWebhookEvent(auth.merchant.id, auth.environment, params.eventId);
  return { body: { success: true, data: event } };
});

export const { HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = otherMethods(GET);
