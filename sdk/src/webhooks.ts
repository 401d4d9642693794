import { Webhook } from "standardwebhooks";
import type { components } from "./schema.js";

type Schemas = components["schemas"];
/** Every webhook body we send, discriminated by `type` (narrow on it to get `data`'s shape). */
export type WebhookEvent = { [K in keyof Schemas]: K extends `${string}Event` ? Schemas[K] : never }[keyof Schemas];
export type WebhookEventType = WebhookEvent["type"];

/** Headers as Node's IncomingMessage, a fetch Headers, or a plain object gives them. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/**
 * Verifies a webhook with the official Standard Webhooks library (signature over the raw body,
 * timestamp within 5 minutes) and returns the typed event. Pass the body exactly as received
 * (a string or bytes, never re-serialised JSON) and your signing secret (`whsec_…`, from the
 * dashboard's Webhooks page). Throws when the signature or timestamp does not verify: answer
 * such a request with 400 and do not act on it. Deduplicate on `event.id` (the same on retries
 * and resends).
 */
export function verifyWebhook(payload: string | Uint8Array, headers: WebhookHeaders, secret: string): WebhookEvent {
  const flat: Record<string, string> = {};
  if (headers instanceof Headers) headers.forEach((value, name) => (flat[name] = value));
  else for (const [name, value] of Object.entries(headers)) if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
  const body = typeof payload === "string" ? payload : new TextDecoder().decode(payload);
  return new Webhook(secret).verify(body, flat) as WebhookEvent;
}
