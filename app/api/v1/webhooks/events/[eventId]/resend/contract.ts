import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { eventIdParams, webhookEventDetailSchema } from "../../schemas";

export const resendWebhookEventContract = defineContract({
  operationId: "resendWebhookEvent",
  method: "POST",
  path: "/webhooks/events/{eventId}/resend",
  summary: "Resend a webhook event",
  description:
    "Sends the event again now, whatever its status, and answers once the receiver has answered (at most the 15 s timeout). Same event id, hence the same `webhook-id` header: dedupe on it. The attempt is added to the event (`manual: true`); a 2xx makes the event `delivered`. It goes to the transaction's callbackUrl, else the current webhook URL. 422 when no URL is configured or the endpoint is disabled after a 410 (re-enable it first). Another merchant's event is 404. No request body.",
  tags: ["Webhooks"],
  auth: "apiKey",
  request: { params: eventIdParams },
  success: { status: 200, description: "The event after the new attempt", schema: z.object({ success: z.literal(true), data: webhookEventDetailSchema }) },
  errors: [404, 422],
});
