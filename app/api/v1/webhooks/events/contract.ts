import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { dateBound } from "@/lib/http/date-bound";
import { paginationMeta, paginationQuery } from "@/lib/http/pagination";
import { WEBHOOK_EVENT_STATUSES, WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";
import { webhookEventSchema } from "./schemas";

export const listWebhookEventsQuery = z.strictObject({
  ...paginationQuery,
  type: z.enum(WEBHOOK_EVENT_TYPES).optional().describe("Only events of this type."),
  status: z.enum(WEBHOOK_EVENT_STATUSES).optional().describe("Only events in this delivery status."),
  transactionId: z.string().max(64).optional().describe("Only events about this transaction."),
  from: dateBound("from", "from").optional().describe("Events created at or after this instant (`YYYY-MM-DD` = start of that UTC day)."),
  to: dateBound("to", "to").optional().describe("Events created before this instant (`YYYY-MM-DD` = up to the end of that UTC day, inclusive)."),
});

export const listWebhookEventsContract = defineContract({
  operationId: "listWebhookEvents",
  method: "GET",
  path: "/webhooks/events",
  summary: "List webhook events",
  description:
    "The merchant's webhook events in this environment, newest first, each with its latest delivery attempts (status code, duration, error, next attempt). Paginated like every list.",
  tags: ["Webhooks"],
  auth: "apiKey",
  request: { query: listWebhookEventsQuery },
  success: {
    status: 200,
    description: "A page of events",
    schema: z.object({ data: z.array(webhookEventSchema), meta: paginationMeta }),
  },
});
