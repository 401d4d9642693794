import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { resendWebhookEvent } from "@/lib/webhooks/resend-webhook-event";
import { resendWebhookEventContract } from "./contract";

export const dynamic = "force-dynamic";

export const POST = defineRoute(resendWebhookEventContract, async ({ params, auth }) => {
  const event = await resendWebhookEvent(auth.merchant.id, auth.environment, params.eventId);
  return { body: { success: true, data: event } };
});

export const { GET, HEAD, OPTIONS, PUT, DELETE, PATCH } = otherMethods(POST);
