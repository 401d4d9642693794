import type { CallbackResult, IncomingCallback } from "../connector";
import type { WaveContext } from "./client";
import { mapSession, type WaveSession } from "./mapping";
import { parseJsonObject } from "../parse-json-object";
import { sameText } from "../same-text";
import { verifyWaveSignature } from "./signature";

/**
 * Wave's webhooks (README "Webhooks") are authenticated, so they are verified over the raw bytes
 * BEFORE anything is read: `signing` strategy (Wave-Signature, any v1 matching, `t` within the
 * tolerance) or `shared` (Authorization: Bearer <secret>, constant time). Anything else is
 * `rejected`. Checkout events carry the session, applied as it is; the other event types are
 * `ignored`. Repeats are harmless (transitions are conditional). Never throws.
 */
const MAX_BODY_BYTES = 64 * 1024;
const CHECKOUT_EVENTS = new Set(["checkout.session.completed", "checkout.session.payment_failed"]);

export function parseWaveCallback(context: WaveContext, callback: IncomingCallback): CallbackResult {
  try {
    if (String(callback.method).toUpperCase() !== "POST") return { kind: "rejected", why: `Wave posts webhooks, not ${callback.method}` };
    if (typeof callback.rawBody !== "string" || callback.rawBody.length > MAX_BODY_BYTES) return { kind: "rejected", why: "body missing or too large" };
    const secret = context.secrets.WEBHOOK_SECRET;
    if (!secret) return { kind: "rejected", why: "no WEBHOOK_SECRET configured: nothing can be verified" };
    const settings = context.account.settings;
    if (settings.webhookStrategy === "shared") {
      const given = /^Bearer (.+)$/.exec(callback.headers.get("authorization") ?? "")?.[1];
      if (!given || !sameText(given, secret)) return { kind: "rejected", why: "shared secret missing or wrong" };
    } else {
      const check = verifyWaveSignature(callback.headers.get("wave-signature"), secret, callback.rawBody, Math.floor(context.now().getTime() / 1000), settings.webhookToleranceSeconds);
      if (!check.ok) return { kind: "rejected", why: check.why };
    }
    const event = parseJsonObject(callback.rawBody);
    if (!event || typeof event.type !== "string") return { kind: "ignored", why: "signed, but not an event object" };
    if (!CHECKOUT_EVENTS.has(event.type)) return { kind: "ignored", why: `event ${event.type} is not about our checkouts` };
    const session = event.data as WaveSession | undefined;
    const reference = typeof session?.client_reference === "string" ? session.client_reference : null;
    if (!session || !reference) return { kind: "ignored", why: "checkout event without client_reference" };
    return { kind: "verified", direction: "collect", reference, outcome: mapSession(session) };
  } catch {
    return { kind: "rejected", why: "unreadable webhook" };
  }
}
