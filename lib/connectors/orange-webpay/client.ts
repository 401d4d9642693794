import { createHmac } from "node:crypto";
import { type CallbackResult, ConnectorNetworkError, type CollectOrder, type ConnectorContext, type ConnectorHttpResponse, type ConnectorOutcome, type HealthResult, type IncomingCallback, type OrderRef } from "../connector";
import { minorToDecimalString } from "@/lib/money";
import { mapInit, mapStatus } from "./mapping";
import { parseJsonObject } from "../parse-json-object";
import { ORANGE_BASE_URL, type OrangeWebpaySettings } from "./settings";
import { sameText } from "../same-text";
import { OperatorCredentialsRefusedError, operatorBaseUrl } from "../operator-errors";

/**
 * HTTP to Orange Money Web Payment (README.md): an OAuth client-credentials token (Basic
 * auth, form body) cached per account and refreshed once on a 401; the payment init (the
 * customer pays on Orange's `payment_url`); the status query by order_id + amount + pay_token;
 * the unsigned notification, only ever a hint. Never throws for what Orange or the network did.
 */
export type OrangeContext = ConnectorContext<OrangeWebpaySettings>;

const base = (context: OrangeContext) => operatorBaseUrl(context, ORANGE_BASE_URL);
const apiPath = (context: OrangeContext, what: string) => `/orange-money-webpay/${context.account.settings.countryPath}/v1/${what}`;

/**
 * Orange's order_id is at most 30 characters and can never be used twice, not even after an init
 * whose answer was lost (README "order_id"): it is the attempt reference the core passes, without
 * its `txn_` prefix (26 characters, `-n` for the n-th attempt). The core gives every attempt a
 * new reference (`singleUseReference`), so a re-initiation never reuses an order_id; a status
 * query and a notification name the attempt again through it.
 */
export const MAX_ORDER_ID_LENGTH = 30;
export const orderIdOf = (reference: string) => reference.replace(/^txn_/, "");
export const referenceOf = (orderId: string) => `txn_${orderId}`;

/**
 * Orange refuses a `notif_url` longer than about 120 characters (README "notif_url"). Ours is the
 * account's callback URL plus `?o=<order_id>&t=<tag>`; the longest one it can make is checked at
 * `connector:add` and again before each init.
 */
export const MAX_NOTIF_URL_LENGTH = 120;
const TAG_LENGTH = 16;

/** The longest notif_url this callback URL can produce (an order_id of the full 30 characters), or its length problem. */
export function notifUrlProblem(callbackUrl: string): string | null {
  const longest = notifUrlWith(callbackUrl, "x".repeat(MAX_ORDER_ID_LENGTH), "t".repeat(TAG_LENGTH));
  if (longest.length <= MAX_NOTIF_URL_LENGTH) return null;
  return `its notif_url would be up to ${longest.length} characters (${callbackUrl.length} for the callback URL, ${longest.length - callbackUrl.length} for the order id and tag); Orange takes ${MAX_NOTIF_URL_LENGTH}: use a shorter account id or PUBLIC_BASE_URL`;
}

function notifUrlWith(callbackUrl: string, orderId: string, tag: string): string {
  const url = new URL(callbackUrl);
  url.searchParams.set("o", orderId);
  url.searchParams.set("t", tag);
  return url.href;
}

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
  if (response.status >= 400 && response.status < 500 && response.status !== 429) throw new OperatorCredentialsRefusedError("Orange Money", response.status, `Orange refused our client credentials (HTTP ${response.status})`);
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
  return createHmac("sha256", context.secrets.CLIENT_SECRET ?? "").update(`orange-webpay-notif:${orderId}`).digest("base64url").slice(0, TAG_LENGTH);
}

function notifUrl(context: OrangeContext, orderId: string): string {
  return notifUrlWith(context.callbackUrl, orderId, notificationTag(context, orderId));
}

export async function initPayment(context: OrangeContext, order: CollectOrder): Promise<ConnectorOutcome> {
  const settings = context.account.settings;
  if (order.currency !== settings.currency) return { status: "failed", reason: "invalid_request", message: `this Orange Money account takes ${settings.currency} only, not ${order.currency}` };
  const amount = wholeAmount(order.amountMinor, order.currency);
  if (amount === null) return { status: "failed", reason: "invalid_amount", message: "Orange Money takes whole amounts only" };
  if (!order.returnUrl || !order.cancelUrl) return { status: "failed", reason: "invalid_request", message: "an Orange web payment needs a return and a cancel URL" };
  const orderId = orderIdOf(order.reference);
  if (orderId.length > MAX_ORDER_ID_LENGTH) return { status: "failed", reason: "invalid_request", message: `Orange takes an order_id of at most ${MAX_ORDER_ID_LENGTH} characters; ${orderId.length} given` };
  const notif = notifUrl(context, orderId);
  // Refused before any call: Orange would refuse it, and nothing can have been paid.
  if (notif.length > MAX_NOTIF_URL_LENGTH) return { status: "failed", reason: "configuration_error", message: notifUrlProblem(context.callbackUrl) ?? `notif_url is ${notif.length} characters; Orange takes ${MAX_NOTIF_URL_LENGTH}` };
  const body = {
    merchant_key: context.secrets.MERCHANT_KEY ?? "",
    currency: settings.countryPath === "dev" ? "OUV" : order.currency,
    order_id: orderId,
    amount,
    return_url: order.returnUrl,
    cancel_url: order.cancelUrl,
    notif_url: notif,
    lang: settings.lang,
    reference: settings.merchantLabel,
  };
  try {
    const response = await call(context, { operation: "collect", path: apiPath(context, "webpayment"), body, subjectId: order.transactionId });
    return mapInit(response.status, response.text);
  } catch (err) {
    if (err instanceof OperatorCredentialsRefusedError) return { status: "failed", reason: "configuration_error", message: err.message };
    return { status: "pending", message: `no answer to the Orange payment init: ${(err as Error).message}` };
  }
}

/**
 * transactionstatus needs the pay_token: without one, the init's answer never reached us, so no
 * payment URL reached the customer either: nothing can have been paid. That is `not_found`, and
 * the core sends the init again under a new attempt reference, hence a new order_id
 * (`singleUseReference`): Orange would refuse the old one if it had recorded it.
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
 * The notification is unsigned (README "Notifications"): anyone could post one. Ours carries, in the
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
