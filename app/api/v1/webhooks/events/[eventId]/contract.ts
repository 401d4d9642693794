import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { eventIdParams, webhookEventDetailSchema } from "../schemas";

export const getWebhookEventContract = defineContract({
  operationId: "getWebhookEvent",
  method: "GET",
  path: "/webhooks/events/{eventId}",
  summary: "Get a webhook event",
  description: "One event with the exact body sent and every attempt, including the first 1 KB of each receiver answer. Another merchant's event is 404.",
  tags: ["Webhooks"],
  auth: "apiKey",
  request: { params: eventIdParams },
  success: { status: 200, description: "The event", schema: z.object({ success: z.literal(true), data: webhookEventDetailSchema }) },
  errors: [404],
});
