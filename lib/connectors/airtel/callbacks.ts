import { createHmac } from "node:crypto";
import type { CallbackResult, ConnectorContext, IncomingCallback } from "../connector";
import { parseJsonObject } from "../parse-json-object";
import type { AirtelSettings } from "./settings";
import { sameText } from "../same-text";

/**
 * Airtel's callback: POST `{"transaction": {"id", "message", "status_code", "airtel_money_id"}}`,
 * plus `"hash"` = base64(HMAC-SHA256(CALLBACK_SECRET, JSON of `transaction`)) when callback
 * authentication is on (README "Callbacks"). Which bytes are hashed, and whether the hash travels
 * in the body or a header, is unclear: we accept the raw `transaction` text as it arrived and its
 * compact re-serialisation, from either place. Either way the callback is only a hint: the order
 * is confirmed by enquiry before anything changes. With `callbackAuth` on, a missing or wrong hash is refused (401).
 * `transaction.id` is our reference. Never throws.
 */
const MAX_BODY_BYTES = 64 * 1024;

export function parseAirtelCallback(context: ConnectorContext<AirtelSettings>, callback: IncomingCallback): CallbackResult {
  try {
    if (String(callback.method).toUpperCase() !== "POST") return { kind: "rejected", why: `Airtel calls back with POST, not ${callback.method}` };
    if (typeof callback.rawBody !== "string" || callback.rawBody.length > MAX_BODY_BYTES) return { kind: "rejected", why: "body missing or too large" };
    const body = parseJsonObject(callback.rawBody);
    const transaction = body?.transaction as Record<string, unknown> | undefined;
    if (!body || !transaction || typeof transaction !== "object" || Array.isArray(transaction)) return { kind: "rejected", why: "no transaction object" };
    if (context.account.settings.callbackAuth) {
      const secret = context.secrets.CALLBACK_SECRET;
      if (!secret) return { kind: "rejected", why: "callback authentication is on but CALLBACK_SECRET is not set" };
      // In the body beside `transaction` (the docs' example) or as a `hash` header (one copy's reading).
      const given = typeof body.hash === "string" ? body.hash : callback.headers.get("hash");
      if (!given || !hashMatches(secret, given, candidates(callback.rawBody, transaction))) return { kind: "rejected", why: "hash missing or wrong" };
    }
    const reference = transaction.id;
    if (typeof reference !== "string" || !reference) return { kind: "ignored", why: "no transaction.id" };
    return { kind: "hint", direction: null, reference };
  } catch {
    return { kind: "rejected", why: "unreadable callback" };
  }
}

/** The texts the hash may have been made over: the raw `transaction` value, and its compact JSON. */
function candidates(rawBody: string, transaction: Record<string, unknown>): string[] {
  const out = [JSON.stringify(transaction)];
  const raw = rawObjectValue(rawBody, "transaction");
  if (raw && raw !== out[0]) out.push(raw);
  return out;
}

export function callbackHash(secret: string, text: string): string {
  return createHmac("sha256", secret).update(text, "utf8").digest("base64");
}

function hashMatches(secret: string, given: string, texts: string[]): boolean {
  return texts.some((t) => sameText(given, callbackHash(secret, t)));
}

/** The raw text of a top-level object member (`"name": {...}`), braces balanced, strings respected. */
function rawObjectValue(json: string, name: string): string | null {
  const key = json.search(new RegExp(`"${name}"\\s*:\\s*\\{`));
  if (key < 0) return null;
  const start = json.indexOf("{", key);
  let depth = 0;
  let inString = false;
  for (let i = start; i < json.length; i++) {
    const c = json[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return json.slice(start, i + 1);
  }
  return null;
}
