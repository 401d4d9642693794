import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { paginationMeta, paginationQuery } from "@/lib/http/pagination";
import { WEBHOOK_EVENT_STATUSES, WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";
import { webhookEventSchema } from "./schemas";

const DATE_OR_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** `YYYY-MM-DD` (a whole UTC day) or an ISO 8601 date-time with its offset. */
const dateBound = (name: string, bound: "from" | "to") =>
  z
    .string()
    .regex(DATE_OR_DATETIME, `${name} must be YYYY-MM-DD or an ISO 8601 date-time`)
    .transform((value, ctx) => {
      const dateOnly = value.length === 10;
      const date = new Date(dateOnly ? `${value}T00:00:00.000Z` : value);
      if (Number.isNaN(date.getTime())) {
        ctx.addIssue({ code: "custom", message: `${name} is not a valid date` });
        return z.NEVER;
      }
      // A date-only upper bound includes that whole day.
      return dateOnly && bound === "to" ? new Date(date.getTime() + 86_400_000) : date;
    });

export const listWebhookEventsQuery = z.strictObject({
  ...paginationQuery,
  type: z.enum(WEBHOOK_EVENT_TYPES).optional().describe("Only events of this type."),
  status: z.enum(WEBHOOK_EVENT_STATUSES).optional().describe("Only events in this delivery status."),
  transactionId: z.string().max(64).optional().describe("Only events about this transaction."),
  from: dateBound("from", "from").optional().describe("Events created at or after this instant (`YYYY-MM-DD` = start of that UTC day)."),
  to: dateBound("to", "to").optional().describe("Events created before this instant (`YYYY-MM-DD` = up to the end of that UTC day, inclusive)."),
});

export const listWebhookEventsContract = defineContract({
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
