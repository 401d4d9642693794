import { z } from "zod";
import { WEBHOOK_EVENT_STATUSES, WEBHOOK_EVENT_TYPES } from "@/lib/webhooks/event-types";

/** Response shapes shared by the webhook event routes (documented in OpenAPI through .describe()). */
export const webhookAttemptSchema = z
  .object({
    attempt: z.number().int().describe("Attempt number for this event, from 1 (scheduled and manual attempts share the sequence)."),
    manual: z.boolean().describe("true for a resend asked by the merchant, false for the automatic schedule."),
    url: z.string().describe("The URL this attempt was sent to."),
    statusCode: z.number().int().nullable().describe("HTTP status the receiver answered; null when there was no answer (timeout, network error, refused URL)."),
    durationMs: z.number().int().describe("Time from the start of the attempt (DNS included) to the answer or the failure."),
    error: z.string().nullable().describe("Why the attempt failed without an HTTP answer (e.g. `Timed out after 15000 ms.`), else null."),
    createdAt: z.string().describe("When the attempt was recorded (ISO 8601 UTC)."),
    nextAttemptAt: z.string().nullable().describe("When the next automatic attempt is due after this one; null when none is scheduled."),
  })
  .describe("One delivery attempt.");

export const webhookAttemptDetailSchema = webhookAttemptSchema.extend({
  responseBodyExcerpt: z.string().nullable().describe("The first 1 KB of the receiver's answer."),
});

const eventFields = {
  id: z.string().describe("Event id (`evt_…`), also sent as the `webhook-id` header: the same on every attempt and resend."),
  type: z.enum(WEBHOOK_EVENT_TYPES).describe("Event type."),
  status: z
    .enum(WEBHOOK_EVENT_STATUSES)
    .describe(
      "`pending` delivery in progress (an attempt is due or scheduled); `delivered` a receiver answered 2xx; `failed` all 10 scheduled attempts failed; `disabled` the receiver answered 410 Gone or the webhook endpoint was disabled; `skipped` there was no URL to send to.",
    ),
  transactionId: z.string().nullable().describe("The collect or payout transaction the event is about."),
  createdAt: z.string().describe("When the event was recorded (ISO 8601 UTC); also `createdAt` in the body."),
  deliveredAt: z.string().nullable().describe("When a receiver last answered 2xx."),
  nextAttemptAt: z.string().nullable().describe("When the next automatic attempt is due, while `pending`."),
  attemptCount: z.number().int().describe("How many attempts were made in all."),
};

export const webhookEventSchema = z
  .object({
    ...eventFields,
    attempts: z.array(webhookAttemptSchema).describe(`Attempts, oldest first (the latest 20 in lists).`),
  })
  .describe("A webhook event and its delivery attempts.")
  .meta({ id: "WebhookEventRecord" });

export const webhookEventDetailSchema = z
  .object({
    ...eventFields,
    attempts: z.array(webhookAttemptDetailSchema).describe("Attempts, oldest first (the latest 100)."),
    payload: z
      .object({
        id: z.string(),
        type: z.string(),
        createdAt: z.string(),
        environment: z.enum(["sandbox", "production"]),
        data: z.record(z.string(), z.unknown()).describe("The transaction as its status endpoint returned it when the event was recorded."),
      })
      .describe("The exact JSON body POSTed to the receiver."),
  })
  .describe("A webhook event with its body and attempts, including the receivers' answers.")
  .meta({ id: "WebhookEventRecordDetail" });

export const eventIdParams = z.object({
  eventId: z.string().min(1).max(64).describe("Event id (`evt_…`)."),
});
