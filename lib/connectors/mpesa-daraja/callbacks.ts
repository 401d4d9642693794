import type { CallbackResult, ConnectorContext, IncomingCallback } from "../connector";
import { validCallbackSignature, type CallbackKind } from "./client";
import { mapTransactionStatusResult } from "./mapping";
import { parseJsonObject } from "../parse-json-object";
import type { MpesaDarajaSettings } from "./settings";

/**
 * Daraja's callbacks are unsigned (OPERATORS §5.2, §5.3). Every callback URL we give Daraja
 * carries our reference, what it answers and an HMAC of both (client.ts `callbackUrlFor`), so:
 * - a URL we did not make (no or wrong `sig`) → rejected (401), nothing changes;
 * - the STK callback, the B2C result and the B2C queue timeout → a hint: the order is re-checked
 *   at once (STK query; Transaction Status for a payout) and only that answer counts;
 * - the result of our own Transaction Status query (`kind=status`) is the answer to that check: a
 *   final or accepted status is applied (verified); anything else is ignored and the poll goes on
 *   (asking again from here would loop: each query's answer is itself a callback).
 * Never throws.
 */
const MAX_BODY_BYTES = 64 * 1024;
const KINDS: CallbackKind[] = ["stk", "b2c", "b2c-timeout", "status", "status-timeout"];

export function parseDarajaCallback(context: ConnectorContext<MpesaDarajaSettings>, callback: IncomingCallback): CallbackResult {
  try {
    if (String(callback.method).toUpperCase() !== "POST") return { kind: "rejected", why: `Daraja calls back with POST, not ${callback.method}` };
    const params = new URL(callback.url).searchParams;
    const reference = params.get("ref") ?? "";
    const kind = params.get("kind") as CallbackKind | null;
    const sig = params.get("sig") ?? "";
    if (!reference || !kind || !KINDS.includes(kind) || !validCallbackSignature(context, kind, reference, sig)) {
      return { kind: "rejected", why: "not on a callback URL this account made (ref/kind/sig)" };
    }
    if (typeof callback.rawBody !== "string" || callback.rawBody.length > MAX_BODY_BYTES) return { kind: "rejected", why: "body missing or too large" };
    const body = parseJsonObject(callback.rawBody);
    if (!body) return { kind: "rejected", why: "body is not a JSON object" };
    if (kind === "stk") {
      const stk = (body.Body as { stkCallback?: unknown } | undefined)?.stkCallback;
      if (!stk || typeof stk !== "object") return { kind: "rejected", why: "no Body.stkCallback" };
      return { kind: "hint", direction: "collect", reference };
    }
    const result = body.Result;
    if (!result || typeof result !== "object" || Array.isArray(result)) return { kind: "rejected", why: "no Result object" };
    if (kind === "b2c" || kind === "b2c-timeout") return { kind: "hint", direction: "payout", reference };
    if (kind === "status-timeout") return { kind: "ignored", why: "our Transaction Status query expired in Daraja's queue; the poll asks again" };
    const outcome = mapTransactionStatusResult(result as Record<string, unknown>);
    if (!outcome || outcome.status === "processing") return { kind: "ignored", why: "the Transaction Status result is not final; the poll asks again" };
    return { kind: "verified", direction: "payout", reference, outcome };
  } catch {
    return { kind: "rejected", why: "unreadable callback" };
  }
}
