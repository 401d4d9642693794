import { ConnectorNetworkError, type CollectOrder, type ConnectorContext, type ConnectorHttpResponse, type ConnectorOutcome, type HealthResult, type OrderRef, type PayoutOrder, type RefundOrder } from "../connector";
import { minorToDecimalString } from "@/lib/money";
import { mapPayout, mapSession, mapSubmitError, waveAmount, type WavePayout, type WaveSession } from "./mapping";
import { parseJsonObject } from "../parse-json-object";
import { WAVE_BASE_URL, waveRequiredSecrets, type WaveSettings } from "./settings";
import { waveSignatureHeader } from "./signature";
import { operatorBaseUrl } from "../operator-errors";

/**
 * HTTP to Wave (README.md): a Bearer API key on every call, our requests optionally signed
 * (Wave-Signature over t + body), checkout sessions for collections (a redirect: the customer
 * pays on `wave_launch_url`), payouts under an Idempotency-Key, the session's refund. Nothing here
 * throws for something Wave or the network did: every answer is a ConnectorOutcome.
 */
export type WaveContext = ConnectorContext<WaveSettings>;

type Call = { operation: string; method: "GET" | "POST"; path: string; body?: unknown; subjectId?: string; operatorReference?: string; headers?: Record<string, string> };

export async function waveRequest(context: WaveContext, call: Call): Promise<ConnectorHttpResponse> {
  const apiKey = context.secrets.API_KEY ?? "";
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  const headers: Record<string, string> = { Authorization: `Bearer ${apiKey}`, ...(body !== undefined ? { "Content-Type": "application/json" } : {}), ...call.headers };
  if (context.account.settings.signRequests && context.secrets.SIGNING_SECRET) {
    headers["Wave-Signature"] = waveSignatureHeader([context.secrets.SIGNING_SECRET], Math.floor(context.now().getTime() / 1000), body ?? "");
  }
  return context.http({
    operation: call.operation,
    method: call.method,
    url: `${operatorBaseUrl(context, WAVE_BASE_URL)}${call.path}`,
    headers,
    body,
    subjectId: call.subjectId,
    operatorReference: call.operatorReference,
  });
}

/** What went wrong around a call: no answer (or our bug) is an unknown outcome, never a failure. */
function unknown(err: unknown, what: string): ConnectorOutcome {
  const detail = err instanceof Error ? err.message : String(err);
  return { status: "pending", message: err instanceof ConnectorNetworkError ? `no answer to the Wave ${what}: ${detail}` : `unexpected error around the Wave ${what}: ${detail}` };
}

const ok = (status: number) => status >= 200 && status < 300;

/** Wave's amounts: strings in major units, no decimals for XOF (lib/money decides the exponent). */
const amountOf = (minor: bigint, currency: string) => minorToDecimalString(minor, currency);

/** POST /v1/checkout/sessions: the customer pays on wave_launch_url (nextAction redirect). */
export async function createSession(context: WaveContext, order: CollectOrder): Promise<ConnectorOutcome> {
  const settings = context.account.settings;
  if (order.currency !== settings.currency) return { status: "failed", reason: "invalid_request", message: `this Wave account moves ${settings.currency} only, not ${order.currency}` };
  if (!order.returnUrl || !order.cancelUrl) return { status: "failed", reason: "invalid_request", message: "a Wave checkout needs a success and an error URL" };
  const body: Record<string, unknown> = {
    amount: amountOf(order.amountMinor, order.currency),
    currency: order.currency,
    success_url: order.returnUrl,
    error_url: order.cancelUrl,
    // Our reference: how a lost answer is found again (search), and how a webhook names the order.
    client_reference: order.reference,
    ...(order.phone ? { restrict_payer_mobile: order.phone } : {}),
    ...(settings.aggregatedMerchantId ? { aggregated_merchant_id: settings.aggregatedMerchantId } : {}),
  };
  try {
    const response = await waveRequest(context, { operation: "collect", method: "POST", path: "/v1/checkout/sessions", body, subjectId: order.transactionId });
    if (!ok(response.status)) return mapSubmitError(response.status, response.text);
    const session = parseJsonObject(response.text);
    // A 2xx we cannot read: the session may exist; the status check (search) finds it.
    if (!session) return { status: "pending", message: "Wave answered the session create with an unreadable body" };
    return mapSession(session as WaveSession);
  } catch (err) {
    return unknown(err, "session create");
  }
}

export async function createPayout(context: WaveContext, order: PayoutOrder): Promise<ConnectorOutcome> {
  const settings = context.account.settings;
  if (order.method !== "mobile_money") return { status: "failed", reason: "invalid_request", message: "Wave pays out to Wave wallets only" };
  if (order.currency !== settings.currency) return { status: "failed", reason: "invalid_request", message: `this Wave account moves ${settings.currency} only, not ${order.currency}` };
  if (!/^\+\d{8,15}$/.test(order.destination)) return { status: "failed", reason: "invalid_request", message: "Wave needs the recipient's number in E.164 form", destinationRelated: true };
  const body: Record<string, unknown> = {
    currency: order.currency,
    receive_amount: amountOf(order.amountMinor, order.currency),
    mobile: order.destination,
    ...(order.recipientName ? { name: order.recipientName.slice(0, 100) } : {}),
    ...(order.description ? { payment_reason: order.description.slice(0, 40) } : {}),
    client_reference: order.reference,
    ...(settings.aggregatedMerchantId ? { aggregated_merchant_id: settings.aggregatedMerchantId } : {}),
  };
  try {
    // The Idempotency-Key is our stored reference: a replay returns the same payout, never a second one.
    const response = await waveRequest(context, { operation: "payout", method: "POST", path: "/v1/payout", body, subjectId: order.payoutId, headers: { "Idempotency-Key": order.reference } });
    if (!ok(response.status)) return mapSubmitError(response.status, response.text);
    const payout = parseJsonObject(response.text);
    if (!payout) return { status: "pending", message: "Wave answered the payout with an unreadable body" };
    return mapPayout(payout as WavePayout);
  } catch (err) {
    return unknown(err, "payout");
  }
}

/**
 * Wave refunds a whole checkout session, nothing less (`POST …/:id/refund`, no body,
 * repeat-safe). The session is read first: a partial refund is refused before any money call.
 * The refunded amount is the session's, as Wave states it there (a refund is always the whole).
 */
export async function refundSession(context: WaveContext, order: RefundOrder): Promise<ConnectorOutcome> {
  const sessionId = order.collectOperatorReference;
  if (!sessionId) return { status: "failed", reason: "invalid_request", message: "the collect has no Wave session id to refund" };
  let amount: { minor: bigint; currency: string } | undefined;
  try {
    const read = await waveRequest(context, { operation: "refund.session", method: "GET", path: `/v1/checkout/sessions/${encodeURIComponent(sessionId)}`, subjectId: order.refundId, operatorReference: sessionId });
    if (!ok(read.status)) {
      const mapped = mapSubmitError(read.status, read.text);
      return mapped.status === "failed" ? { ...mapped, message: `reading the session to refund: ${mapped.message}` } : { status: "pending", message: "the session to refund could not be read" };
    }
    const session = parseJsonObject(read.text) ?? {};
    if (session.amount !== amountOf(order.amountMinor, order.currency)) {
      return { status: "failed", reason: "not_allowed", message: `Wave refunds a checkout in full only (${String(session.amount)} ${order.currency}); a partial refund cannot go through Wave` };
    }
    amount = waveAmount(session.amount, session.currency);
  } catch (err) {
    return unknown(err, "refund");
  }
  try {
    const response = await waveRequest(context, { operation: "refund", method: "POST", path: refundPath(sessionId), subjectId: order.refundId, operatorReference: sessionId });
    if (ok(response.status)) return refunded(sessionId, response, amount);
    // The first refund we send for this session: a refusal is Wave's final word, nothing moved.
    if (refundRefused(response)) return { status: "failed", reason: "provider_error", message: "Wave: checkout-refund-failed", raw: { status: String(response.status), code: "checkout-refund-failed" } };
    return mapSubmitError(response.status, response.text);
  } catch (err) {
    return unknown(err, "refund");
  }
}

const refundPath = (sessionId: string) => `/v1/checkout/sessions/${encodeURIComponent(sessionId)}/refund`;

function refunded(sessionId: string, response: ConnectorHttpResponse, amount?: { minor: bigint; currency: string }): ConnectorOutcome {
  // Wave's docs show no body; should a session come back, its amount is what was refunded.
  const body = parseJsonObject(response.text);
  const stated = body ? waveAmount(body.amount, body.currency) : undefined;
  const moved = stated ?? amount;
  return { status: "success", operatorReference: sessionId, raw: { status: String(response.status) }, ...(moved ? { amount: moved } : {}) };
}

const refundRefused = (response: ConnectorHttpResponse) => parseJsonObject(response.text)?.code === "checkout-refund-failed";

/**
 * A refund's status (README "Refunds"). Wave's refund has no id of its own and is repeat-safe,
 * so the status check sends it again for the COLLECT's session, known before the refund was sent
 * (`order.collect`), never for an empty id. A 200 is the refund done. Any refusal of this repeat
 * is not a failure of the refund: the first one may have gone through (a repeat refused as
 * "already refunded" reads the same), so it stays processing, ambiguous, for review.
 */
async function refundStatus(context: WaveContext, order: OrderRef): Promise<ConnectorOutcome> {
  const sessionId = order.collect?.operatorReference || order.operatorReference;
  if (!sessionId) return { status: "pending", message: "the refunded collect's Wave session id is unknown: nothing to ask Wave" };
  // Sending it again must never turn a partial refund into a full one: the submit refuses those
  // before any money call, and so does this.
  const wanted = order.amountMinor ?? null;
  if (wanted !== null) {
    const read = await waveRequest(context, { operation: "refund.session", method: "GET", path: `/v1/checkout/sessions/${encodeURIComponent(sessionId)}`, subjectId: order.id, operatorReference: sessionId });
    const session = ok(read.status) ? parseJsonObject(read.text) : null;
    if (!session) return { status: "pending", message: `Wave answered HTTP ${read.status} when the refunded session was read`, raw: { status: String(read.status) } };
    if (session.amount !== amountOf(wanted, order.currency)) return { status: "failed", reason: "not_allowed", message: `Wave refunds a checkout in full only (${String(session.amount)} ${order.currency}); this refund was never sent` };
  }
  const response = await waveRequest(context, { operation: "refund.status", method: "POST", path: refundPath(sessionId), subjectId: order.id, operatorReference: sessionId });
  if (ok(response.status)) return refunded(sessionId, response);
  const mapped = mapSubmitError(response.status, response.text);
  if (mapped.status === "pending") return mapped;
  const raw = "raw" in mapped ? mapped.raw : { status: String(response.status) };
  return { status: "processing", ambiguous: true, operatorReference: sessionId, raw };
}

/**
 * Where an order stands. Collect: the session by id, or (answer lost) found by client_reference;
 * none → not_found (never created: the core may send it again under the same reference).
 * Payout: by id, or by client_reference. Refund: `refundStatus`.
 */
export async function checkStatus(context: WaveContext, order: OrderRef): Promise<ConnectorOutcome> {
  try {
    if (order.direction === "refund") return await refundStatus(context, order);
    if (order.direction === "collect") {
      if (order.operatorReference?.startsWith("cos-")) {
        const response = await waveRequest(context, { operation: "collect.status", method: "GET", path: `/v1/checkout/sessions/${encodeURIComponent(order.operatorReference)}`, subjectId: order.id, operatorReference: order.operatorReference });
        return readOne(response, (b) => mapSession(b as WaveSession));
      }
      const response = await waveRequest(context, { operation: "collect.search", method: "GET", path: `/v1/checkout/sessions/search?client_reference=${encodeURIComponent(order.reference)}`, subjectId: order.id });
      return readSearch(response, order.reference, (b) => mapSession(b as WaveSession));
    }
    if (order.operatorReference?.startsWith("pt-")) {
      const response = await waveRequest(context, { operation: "payout.status", method: "GET", path: `/v1/payout/${encodeURIComponent(order.operatorReference)}`, subjectId: order.id, operatorReference: order.operatorReference });
      return readOne(response, (b) => mapPayout(b as WavePayout));
    }
    const response = await waveRequest(context, { operation: "payout.search", method: "GET", path: `/v1/payouts/search?client_reference=${encodeURIComponent(order.reference)}`, subjectId: order.id });
    return readSearch(response, order.reference, (b) => mapPayout(b as WavePayout));
  } catch (err) {
    return unknown(err, `${order.direction} status check`);
  }
}

function readOne(response: ConnectorHttpResponse, map: (body: Record<string, unknown>) => ConnectorOutcome): ConnectorOutcome {
  if (response.status === 404) return { status: "not_found", raw: { status: "404" } };
  const body = ok(response.status) ? parseJsonObject(response.text) : null;
  if (!body) return { status: "pending", message: `Wave status check answered HTTP ${response.status}`, raw: { status: String(response.status) } };
  return map(body);
}

/** `{result: [...]}`: the one object carrying our reference; an empty list: Wave never got it. */
function readSearch(response: ConnectorHttpResponse, reference: string, map: (body: Record<string, unknown>) => ConnectorOutcome): ConnectorOutcome {
  const body = ok(response.status) ? parseJsonObject(response.text) : null;
  if (!body || !Array.isArray(body.result)) return { status: "pending", message: `Wave search answered HTTP ${response.status}`, raw: { status: String(response.status) } };
  const found = (body.result as Record<string, unknown>[]).filter((r) => r && r.client_reference === reference);
  if (found.length === 0) return { status: "not_found" };
  return map(found[found.length - 1]!);
}

/** Authenticates with a search that moves no money (and finds nothing). */
export async function checkHealth(context: WaveContext): Promise<HealthResult> {
  const missing = waveRequiredSecrets(context.account.settings).filter((name) => !context.secrets[name]);
  if (missing.length > 0) return { ok: false, detail: `missing secrets: ${missing.join(", ")}` };
  try {
    const response = await waveRequest(context, { operation: "health", method: "GET", path: "/v1/checkout/sessions/search?client_reference=health-check" });
    if (ok(response.status)) return { ok: true, detail: "API key accepted (checkout search)" };
    const code = parseJsonObject(response.text)?.code;
    return { ok: false, detail: `Wave answered HTTP ${response.status}${typeof code === "string" ? ` ${code}` : ""}` };
  } catch (err) {
    return { ok: false, detail: err instanceof Error ? err.message : String(err) };
  }
}
