import type { CallbackResult, Direction, IncomingCallback } from "../connector";
import { parseJsonObject } from "../parse-json-object";

/**
 * MTN's callbacks are unsigned and carry no credential (README.md): anyone who knows the
 * URL can send one. So a callback is only a hint naming the order to re-check at once; its
 * status is never applied. We send our reference as `externalId` (client.ts), and MTN echoes it
 * in the status object it calls back with. Never throws.
 */
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const MAX_BODY_BYTES = 64 * 1024;

export function parseMtnCallback(callback: IncomingCallback): CallbackResult {
  try {
    const method = String(callback.method).toUpperCase();
    if (method !== "POST" && method !== "PUT") return { kind: "rejected", why: `MTN calls back with POST or PUT, not ${method}` };
    if (typeof callback.rawBody !== "string" || callback.rawBody.length > MAX_BODY_BYTES) return { kind: "rejected", why: "body missing or too large" };
    const body = parseJsonObject(callback.rawBody);
    if (!body) return { kind: "rejected", why: "body is not a JSON object" };
    const reference = [body.externalId, body.referenceId].find((v): v is string => typeof v === "string" && UUID_V4.test(v));
    if (!reference) return { kind: "ignored", why: "no externalId we could have sent (a UUID v4)" };
    const direction: Direction | null = isObject(body.payer) ? "collect" : null; // payee: a payout or a refund
    return { kind: "hint", direction, reference };
  } catch {
    return { kind: "rejected", why: "unreadable callback" };
  }
}

function isObject(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
