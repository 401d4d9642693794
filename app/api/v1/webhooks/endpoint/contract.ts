import { z } from "zod";
import { defineContract } from "@/lib/http/contract";

export const webhookEndpointSchema = z
  .object({
    url: z.string().nullable().describe("Where events without a transaction `callbackUrl` are sent; null: none"),
    status: z.enum(["not_configured", "enabled", "disabled"]).describe("`disabled`: the URL answered 410 Gone; set a URL (the same one too) to enable it again"),
    disabledAt: z.string().nullable(),
    disabledReason: z.string().nullable(),
    previousSecretValidUntil: z.string().nullable().describe("During a secret rotation: until when events are also signed with the previous secret"),
    secretShownAt: z.string().nullable().describe("When the current secret was shown (a rotation shows it once)"),
  })
  .meta({ id: "WebhookEndpoint" });

const envelope = z.object({ success: z.literal(true), data: webhookEndpointSchema });

export const getWebhookEndpointContract = defineContract({
  operationId: "getWebhookEndpoint",
  method: "GET",
  path: "/webhooks/endpoint",
  summary: "The webhook endpoint",
  description: "The merchant's webhook URL in this environment and its state; never its secret.",
  tags: ["Webhooks"],
  auth: "apiKey",
  success: { status: 200, description: "The endpoint", schema: envelope },
  errors: [401, 403, 429],
});

export const setWebhookEndpointBody = z.strictObject({
  url: z
    .string()
    .max(2048)
    // What the server checks first (an absolute URL); https and a public address are said in prose.
    .meta({ format: "uri" })
    .nullable()
    .describe("An https URL (production: it must resolve to a public address); null removes it. Setting a URL enables a disabled endpoint."),
});

export const setWebhookEndpointContract = defineContract({
  operationId: "setWebhookEndpoint",
  method: "PUT",
  path: "/webhooks/endpoint",
  summary: "Set the webhook URL",
  description:
    "Sets (or with null removes) where events are sent. Checked as the dashboard checks it (https in production, no private or loopback address). Audited (`webhook.url_set`). Setting the same URL again changes nothing but enabling a disabled endpoint.",
  tags: ["Webhooks"],
  auth: "apiKey",
  request: { body: setWebhookEndpointBody },
  success: { status: 200, description: "The endpoint after the change", schema: envelope },
  errors: [401, 403, 429],
});

export const rotateWebhookSecretContract = defineContract({
  operationId: "rotateWebhookSecret",
  method: "POST",
  path: "/webhooks/endpoint/rotate-secret",
  summary: "Rotate the webhook signing secret",
  description:
    "A new `whsec_…` secret, shown in this answer only. For the grace period (24 h) every event carries two signatures, the new secret's and the previous one's, so a receiver can switch without missing one. Rotating again within the grace ends the older secret at once. Audited (`webhook.secret_rotated`). Not idempotent on purpose: a stored answer would keep the secret. No request body.",
  tags: ["Webhooks"],
  auth: "apiKey",
  success: {
    status: 201,
    description: "The new secret",
    schema: z.object({
      success: z.literal(true),
      data: z.object({
        secret: z.string().describe("The new signing secret, `whsec_…`: store it now, it is not shown again"),
        previousSecretValidUntil: z.string().describe("Until when the previous secret also signs"),
      }),
    }),
  },
  errors: [401, 403, 429],
});
