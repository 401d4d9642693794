import type { CallbackResult, ConnectorContext, IncomingCallback } from "../connector";
import { matchesExpectation, toDarajaMsisdn, validCallbackSignature, type CallbackKind } from "./client";
import { mapTransactionStatusResult, resultParameters } from "./mapping";
import { parseJsonObject } from "../parse-json-object";
import type { MpesaDarajaSettings } from "./settings";

/**
 * Daraja's callbacks are unsigned (README.md). Every callback URL we give Daraja
 * carries our reference, what it answers and an HMAC of both (client.ts `callbackUrlFor`), so:
 * - a URL we did not make (no or wrong `sig`) → rejected (401), nothing changes;
 * - the STK callback, the B2C result and the B2C queue timeout → a hint: the order is re-checked
 *   at once (STK query; Transaction Status for a payout) and only that answer counts;
 * - the result of our own Transaction Status query (`kind=status`) is the answer to that check: a
 *   final or accepted status is applied (verified) once it is shown to be this payout — its
 *   OriginatorConversationID is ours, or its Amount and CreditPartyName match what the URL's `x`
 *   was made from (client.ts); anything else is ignored and the poll goes on (asking again from
 *   here would loop: each query's answer is itself a callback).
 * Hints name the operator id the body gave — the STK CheckoutRequestID, the B2C receipt — for
 * the core to keep on the attempt as a lookup key (README.md). Never throws.
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
      const checkoutRequestId = (stk as { CheckoutRequestID?: unknown }).CheckoutRequestID;
      return { kind: "hint", direction: "collect", reference, ...(operatorId(checkoutRequestId) ? { operatorReference: checkoutRequestId as string } : {}) };
    }
    const result = body.Result;
    if (!result || typeof result !== "object" || Array.isArray(result)) return { kind: "rejected", why: "no Result object" };
    if (kind === "b2c") {
      const receipt = b2cReceipt(result as Record<string, unknown>);
      return { kind: "hint", direction: "payout", reference, ...(receipt ? { operatorReference: receipt } : {}) };
    }
    if (kind === "b2c-timeout") return { kind: "hint", direction: "payout", reference };
    if (kind === "status-timeout") return { kind: "ignored", why: "our Transaction Status query expired in Daraja's queue; the poll asks again" };
    const outcome = mapTransactionStatusResult(result as Record<string, unknown>, context.account.settings.currency);
    if (!outcome || outcome.status === "processing") return { kind: "ignored", why: "the Transaction Status result is not final; the poll asks again" };
    const notOurs = notThisPayout(context, reference, params.get("x"), result as Record<string, unknown>);
    if (notOurs) return { kind: "ignored", why: `the Transaction Status result is not this payout: ${notOurs}` };
    return { kind: "verified", direction: "payout", reference, outcome };
  } catch {
    return { kind: "rejected", why: "unreadable callback" };
  }
}

/** An operator id fit to keep as a lookup key (Daraja's ids are short and plain). */
function operatorId(value: unknown): boolean {
  return typeof value === "string" && /^[A-Za-z0-9_-]{6,64}$/.test(value);
}

/** The M-Pesa receipt of a successful B2C result: `TransactionID`, or `TransactionReceipt` among its parameters. */
function b2cReceipt(result: Record<string, unknown>): string | null {
  if (String(result.ResultCode) !== "0") return null;
  const candidates = [result.TransactionID, resultParameters(result).TransactionReceipt];
  const found = candidates.find((v) => typeof v === "string" && /^[A-Z0-9]{8,12}$/.test(v));
  return (found as string | undefined) ?? null;
}

/**
 * Why a Transaction Status result is not shown to be this payout, or null when it is: an
 * OriginatorConversationID among its parameters must be ours; an expectation `x` in our URL must
 * match its Amount and CreditPartyName; and at least one of the two must have spoken (a result
 * found by a receipt from an unsigned callback proves nothing by itself).
 */
function notThisPayout(context: ConnectorContext<MpesaDarajaSettings>, reference: string, expectation: string | null, result: Record<string, unknown>): string | null {
  const params = resultParameters(result);
  let proven = false;
  if (params.OriginatorConversationID) {
    if (params.OriginatorConversationID !== reference) return "another OriginatorConversationID";
    proven = true;
  }
  const amount = /^\d+$/.test((params.Amount ?? "").trim()) ? Number(params.Amount!.trim()) : null;
  const msisdn = toDarajaMsisdn(`+${(params.CreditPartyName ?? "").split(/\s*-\s*/)[0]?.trim() ?? ""}`);
  if (expectation && amount !== null && msisdn) {
    if (!matchesExpectation(context, reference, expectation, { amount, msisdn })) return "another amount or recipient";
    proven = true;
  }
  return proven ? null : "it names neither our OriginatorConversationID nor a matching amount and recipient";
}
