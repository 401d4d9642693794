import { createHmac } from "node:crypto";
import { type CallbackResult, ConnectorNetworkError, type CollectOrder, type ConnectorContext, type ConnectorHttpResponse, type ConnectorOutcome, type HealthResult, type IncomingCallback, type OrderRef } from "../connector";
import { minorToDecimalString } from "@/lib/money";
import { mapInit, mapStatus } from "./mapping";
import { parseJsonObject } from "../parse-json-object";
import { ORANGE_BASE_URL, type OrangeWebpaySettings } from "./settings";
import { sameText } from "../same-text";

/**
 * HTTP to Orange Money Web Payment (OPERATORS §3.1): an OAuth client-credentials token (Basic
 * auth, form body) cached per account and refreshed once on a 401; the payment init (the
 * customer pays on Orange's `payment_url`); the status query by order_id + amount + pay_token;
 * the unsigned notification, only ever a hint. Never throws for what Orange or the network did.
 */
export type OrangeContext = ConnectorContext<OrangeWebpaySettings>;

const base = (context: OrangeContext) => (context.account.baseUrl ?? ORANGE_BASE_URL).replace(/\/$/, "");
const apiPath = (context: OrangeContext, what: string) => `/orange-money-webpay/${context.account.settings.countryPath}/v1/${what}`;

/**
 * Orange's order_id is at most 30 characters and unique per attempt [L]: our reference without
 * its `txn_` prefix (26 characters, `-n` for the n-th checkout attempt), always the same for the
 * same reference, so a status query and a callback can name it again.
 */
export const orderIdOf = (reference: string) => reference.replace(/^txn_/, "");
export const referenceOf = (orderId: string) => `txn_${orderId}`;

class TokenRefused extends Error {}

async function fetchToken(context: OrangeContext): Promise<{ token: string; expiresInSeconds: number }> {
  const basic = Buffer.from(`${context.secrets.CLIENT_ID ?? ""}:${context.secrets.CLIENT_SECRET ?? ""}`).toString("base64");
  const response = await context.http({
    operation: "token",
    method: "POST",
    url: `${base(context)}/oauth/v3/token`,
    headers: { Authorization: `Basic ${basic}`, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: "grant_type=client_credentials",
    redact: [basic],
  });
  if (response.status >= 400 && response.status < 500 && response.status !== 429) throw new TokenRefused(`Orange refused our client credentials (HTTP ${response.status})`);
  const body = parseJsonObject(response.text);
  const expires = Number(body?.expires_in);
  if (response.status !== 200 || typeof body?.access_token !== "string" || !Number.isFinite(expires) || expires <= 0) {
    throw new ConnectorNetworkError(`Orange's token endpoint answered HTTP ${response.status} without a usable token`, false);
  }
  return { token: body.access_token, expiresInSeconds: expires };
}

async function call(context: OrangeContext, request: { operation: string; path: string; body: unknown; subjectId?: string; operatorReference?: string }): Promise<ConnectorHttpResponse> {
  const key = `orange-webpay:${context.account.id}`;
  const send = async () => {
    const token = await context.tokens.get(key, () => fetchToken(context));
    return context.http({
      operation: request.operation,
      method: "POST",
      url: `${base(context)}${request.path}`,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(request.body),
      subjectId: request.subjectId,
      operatorReference: request.operatorReference,
      redact: [token, context.secrets.MERCHANT_KEY ?? ""].filter(Boolean),
    });
  };
  const first = await send();
  if (first.status !== 401) return first;
  context.tokens.invalidate(key);
  return send();
}

/** The amount as Orange wants it: an integer in currency units (XOF/XAF have no decimals). */
function wholeAmount(minor: bigint, currency: string): number | null {
  const text = minorToDecimalString(minor, currency);
  return /^\d+$/.test(text) ? Number(text) : null;
}

/** The tag in notif_url: only Orange, which got the URL from us, can call it back (see callbacks). */
export function notificationTag(context: OrangeContext, orderId: string): string {
  return createHmac("sha256", context.secrets.CLIENT_SECRET ?? "").update(`orange-webpay-notif:${orderId}`).digest("base64url").slice(0, 16);
}

function notifUrl(context: OrangeContext, orderId: string): string {
  const url = new URL(context.callbackUrl);
  url.searchParams.set("o", orderId);
  url.searchParams.set("t", notificationTag(context, orderId));
  return url.href;
}

export async function initPayment(context: OrangeContext, order: CollectOrder): Promise<ConnectorOutcome> {
  const settings = context.account.settings;
  if (order.currency !== settings.currency) return { status: "failed", reason: "invalid_request", message: `this Orange Money account takes ${settings.currency} only, not ${order.currency}` };
  const amount = wholeAmount(order.amountMinor, order.currency);
  if (amount === null) return { status: "failed", reason: "invalid_amount", message: "Orange Money takes whole amounts only" };
  if (!order.returnUrl || !order.cancelUrl) return { status: "failed", reason: "invalid_request", message: "an Orange web payment needs a return and a cancel URL" };
  const orderId = orderIdOf(order.reference);
  const body = {
    merchant_key: context.secrets.MERCHANT_KEY ?? "",
    currency: settings.countryPath === "dev" ? "OUV" : order.currency,
    order_id: orderId,
    amount,
    return_url: order.returnUrl,
    cancel_url: order.cancelUrl,
    notif_url: notifUrl(context, orderId),
    lang: settings.lang,
    reference: settings.merchantLabel,
  };
  try {
    const response = await call(context, { operation: "collect", path: apiPath(context, "webpayment"), body, subjectId: order.transactionId });
    return mapInit(response.status, response.text);
  } catch (err) {
    if (err instanceof TokenRefused) return { status: "failed", reason: "configuration_error", message: err.message };
    return { status: "pending", message: `no answer to the Orange payment init: ${(err as Error).message}` };
  }
}

/**
 * transactionstatus needs the pay_token: without one, the init's answer never reached us, so no
 * payment URL reached the customer either: nothing can have been paid. That is `not_found` (the
 * core sends the init again under the same order_id; if Orange had recorded it, it refuses, and
 * the payment fails without money having moved).
 */
export async function queryStatus(context: OrangeContext, order: OrderRef): Promise<ConnectorOutcome> {
  if (order.direction !== "collect") return { status: "failed", reason: "not_allowed", message: "Orange Money web payment only collects" };
  const payToken = order.operatorReference;
  if (!payToken) return { status: "not_found" };
  if (order.amountMinor === undefined || order.amountMinor === null) return { status: "pending", message: "the amount is needed to ask Orange" };
  try {
    const response = await call(context, {
      operation: "collect.status",
      path: apiPath(context, "transactionstatus"),
      body: { order_id: orderIdOf(order.reference), amount: wholeAmount(order.amountMinor, order.currency), pay_token: payToken },
      subjectId: order.id,
      operatorReference: payToken,
    });
    return mapStatus(response.status, response.text, payToken);
  } catch (err) {
    return { status: "pending", message: `no answer to the Orange status query: ${(err as Error).message}` };
  }
}

/**
 * The notification is unsigned (OPERATORS §3.1): anyone could post one. Ours carries, in the
 * notif_url we gave Orange, the order_id and a tag only we can compute; a notification without
 * a valid tag is refused. Even then its body is only a hint: the status query decides.
 * (notif_token is not stored by the platform: the tag does the job of telling our URL was
 * given out by us; see README.)
 */
export function parseNotification(context: OrangeContext, callback: IncomingCallback): CallbackResult {
  try {
    if (String(callback.method).toUpperCase() !== "POST") return { kind: "rejected", why: `Orange notifies with POST, not ${callback.method}` };
    const url = new URL(callback.url);
    const orderId = url.searchParams.get("o");
    const tag = url.searchParams.get("t");
    if (!orderId || !tag || !/^[A-Za-z0-9_-]{1,30}$/.test(orderId)) return { kind: "rejected", why: "notification URL without our order id and tag" };
    if (!sameText(tag, notificationTag(context, orderId))) return { kind: "rejected", why: "notification tag does not match" };
    const body = parseJsonObject(typeof callback.rawBody === "string" ? callback.rawBody : "");
    if (!body || typeof body.notif_token !== "string") return { kind: "rejected", why: "notification body without notif_token" };
    return { kind: "hint", direction: "collect", reference: referenceOf(orderId) };
  } catch {
    return { kind: "rejected", why: "unreadable notification" };
  }
}

export async function checkHealth(context: OrangeContext): Promise<HealthResult> {
  const missing = ["CLIENT_ID", "CLIENT_SECRET", "MERCHANT_KEY"].filter((n) => !context.secrets[n]);
  if (missing.length) return { ok: false, detail: `missing secrets: ${missing.join(", ")}` };
  const key = `orange-webpay:${context.account.id}`;
  context.tokens.invalidate(key);
  try {
    await context.tokens.get(key, () => fetchToken(context));
    return { ok: true, detail: `token ok (path /orange-money-webpay/${context.account.settings.countryPath})` };
  } catch (err) {
    return { ok: false, detail: (err as Error).message };
  }
}
