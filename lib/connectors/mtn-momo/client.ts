import { type ConnectorContext, type ConnectorHttpResponse, type ConnectorOutcome, type Direction, type OrderRef } from "../connector";
import { isCurrency, minorToDecimalString, toMinorAllowZero } from "@/lib/money";
import { mapStatusHttp, mapSubmitHttp, type FloatCheck } from "./mapping";
import { parseJsonObject } from "../parse-json-object";
import { OperatorConfigurationError, OperatorCredentialsRefusedError, OperatorUnavailableError, operatorBaseUrl, outcomeOfCallError } from "../operator-errors";
import { MTN_PRODUCTION_BASE_URL, productCredentials, type MtnCredentials, type MtnMomoSettings, type MtnProduct } from "./settings";

/**
 * HTTP to MTN MoMo (README.md): a Basic-auth bearer token per product, cached through
 * context.tokens and refreshed once on a 401; the required headers on every money call; the
 * answers mapped by mapping.ts. Nothing here throws for something MTN (or the network) did:
 * submits and status checks always come back as a ConnectorOutcome.
 */
type Context = ConnectorContext<MtnMomoSettings>;

export function baseUrl(context: Context): string {
  return operatorBaseUrl(context, MTN_PRODUCTION_BASE_URL);
}

const OPERATOR = "MTN MoMo";
const notConfigured = (product: MtnProduct, missing: string[]) =>
  new OperatorConfigurationError(OPERATOR, `the ${product} product is not configured on this account (missing secrets ${missing.join(", ")})`);

function credentials(context: Context, product: MtnProduct): MtnCredentials {
  if (!context.account.settings.products.includes(product)) throw notConfigured(product, [`products=${product} in the settings`]);
  const found = productCredentials(context.secrets, product);
  if (!found.ok) throw notConfigured(product, found.missing);
  return found.credentials;
}

/** POST /{product}/token/ with Basic auth and no body (a body is a 400 at MTN). */
export async function requestToken(context: Context, product: MtnProduct): Promise<{ token: string; expiresInSeconds: number }> {
  const creds = credentials(context, product);
  const basic = Buffer.from(`${creds.apiUser}:${creds.apiKey}`).toString("base64");
  const response = await context.http({
    operation: `${product}.token`,
    method: "POST",
    url: `${baseUrl(context)}/${product}/token/`,
    headers: { Authorization: `Basic ${basic}`, "Ocp-Apim-Subscription-Key": creds.subscriptionKey },
    redact: [basic],
  });
  if (response.status >= 400 && response.status < 500 && response.status !== 429) throw new OperatorCredentialsRefusedError(OPERATOR, response.status, `MTN MoMo refused the ${product} credentials (token endpoint answered HTTP ${response.status})`);
  if (response.status !== 200) throw new OperatorUnavailableError(OPERATOR, `MTN MoMo could not issue a ${product} token (HTTP ${response.status})`);
  const body = parseJsonObject(response.text);
  const token = body?.access_token;
  // expires_in is a number in MTN's answer; some gateways send it as a string.
  const expiresIn = Number(body?.expires_in);
  if (typeof token !== "string" || !token || !Number.isFinite(expiresIn) || expiresIn <= 0) {
    throw new OperatorUnavailableError(OPERATOR, `MTN MoMo could not issue a ${product} token (the answer had no usable access_token / expires_in)`);
  }
  return { token, expiresInSeconds: expiresIn };
}

/** A token fetched now (the cached one dropped first), so the cache holds what was just proven. */
export async function freshToken(context: Context, product: MtnProduct): Promise<void> {
  credentials(context, product);
  const key = tokenKey(context, product);
  context.tokens.invalidate(key);
  await context.tokens.get(key, () => requestToken(context, product));
}

function tokenKey(context: Context, product: MtnProduct): string {
  return `mtn-momo:${context.account.id}:${product}`;
}

type MtnCall = {
  operation: string;
  method: "GET" | "POST";
  path: string;
  subjectId?: string;
  headers?: Record<string, string>;
  body?: string;
};

/**
 * One authenticated call. A 401 means the token died early (MTN's clock, a revoked user…): the
 * cached one is dropped and the call made once more with a fresh token; a second 401 is returned
 * as it is. Safe for submits too: a 401 means MTN took nothing.
 */
export async function callMtn(context: Context, product: MtnProduct, call: MtnCall): Promise<ConnectorHttpResponse> {
  const creds = credentials(context, product);
  const key = tokenKey(context, product);
  const send = async () => {
    const token = await context.tokens.get(key, () => requestToken(context, product));
    return context.http({
      operation: call.operation,
      method: call.method,
      url: `${baseUrl(context)}${call.path}`,
      subjectId: call.subjectId,
      headers: {
        Authorization: `Bearer ${token}`,
        "X-Target-Environment": context.account.settings.targetEnvironment,
        "Ocp-Apim-Subscription-Key": creds.subscriptionKey,
        ...call.headers,
      },
      body: call.body,
      redact: [token],
    });
  };
  const first = await send();
  if (first.status !== 401) return first;
  context.tokens.invalidate(key);
  return send();
}

export type MoneyRequest = {
  product: MtnProduct;
  operation: string;
  path: string;
  reference: string;
  subjectId: string;
  currency: string;
  amountMinor: bigint;
  /** The payer (collect) or payee (payout). A refund names none: MTN refunds the request-to-pay's payer (README.md). */
  party: { key: "payer" | "payee"; phone: string | null } | null;
  payerMessage: string;
  payeeNote: string;
  extra?: Record<string, string>;
};

/** A money POST: 202 → processing, 409 → duplicate, 5xx or no answer → pending (mapping.ts). */
export async function submitMoney(context: Context, request: MoneyRequest): Promise<ConnectorOutcome> {
  const settings = context.account.settings;
  if (request.currency !== settings.currency) {
    return { status: "failed", reason: "invalid_request", message: `this MTN MoMo account moves ${settings.currency} only, not ${request.currency}` };
  }
  const msisdn = request.party ? toMsisdn(request.party.phone) : null;
  if (request.party && !msisdn) return { status: "failed", reason: "invalid_request", message: "MTN MoMo needs a phone number in E.164 form" };
  const body = {
    amount: minorToDecimalString(request.amountMinor, request.currency),
    currency: request.currency,
    // externalId is what MTN echoes in its callbacks: our reference lets a callback name the order.
    externalId: request.reference,
    ...(request.party ? { [request.party.key]: { partyIdType: "MSISDN", partyId: msisdn } } : {}),
    payerMessage: safeNote(request.payerMessage),
    payeeNote: safeNote(request.payeeNote),
    ...request.extra,
  };
  const headers: Record<string, string> = { "X-Reference-Id": request.reference, "Content-Type": "application/json" };
  const callbackUrl = allowedCallbackUrl(context);
  if (callbackUrl) headers["X-Callback-Url"] = callbackUrl;
  try {
    const response = await callMtn(context, request.product, {
      operation: request.operation,
      method: "POST",
      path: request.path,
      subjectId: request.subjectId,
      headers,
      body: JSON.stringify(body),
    });
    return mapSubmitHttp(response.status, response.text);
  } catch (err) {
    return outcomeOfCallError(err, "submit", request.operation);
  }
}

export function statusPath(direction: Direction, settings: MtnMomoSettings, reference: string): { product: MtnProduct; path: string } {
  const id = encodeURIComponent(reference);
  if (direction === "collect") return { product: "collection", path: `/collection/v1_0/requesttopay/${id}` };
  if (direction === "refund") return { product: "disbursement", path: `/disbursement/v1_0/refund/${id}` };
  return { product: "disbursement", path: `/disbursement/v1_0/${settings.payoutVariant}/${id}` };
}

/** GET the order by its X-Reference-Id; a payout NOT_ENOUGH_FUNDS is settled against our float. */
export async function checkStatus(context: Context, order: OrderRef): Promise<ConnectorOutcome> {
  const { product, path } = statusPath(order.direction, context.account.settings, order.reference);
  try {
    const response = await callMtn(context, product, { operation: `${order.direction}.status`, method: "GET", path, subjectId: order.id });
    const mapped = mapStatusHttp(response.status, response.text, order.direction, context.account.settings.currency);
    if (!mapped.floatCheck || mapped.outcome.status !== "failed") return mapped.outcome;
    return await settleFloatCheck(context, mapped.outcome, mapped.floatCheck);
  } catch (err) {
    return outcomeOfCallError(err, "status check", order.direction);
  }
}

/**
 * MTN says NOT_ENOUGH_FUNDS both when our disbursement float is short and when the receiver hit
 * a wallet limit (README.md). Our balance now decides: at least the amount → the receiver's
 * limit; short, or unreadable → our float (the conservative answer: ops get alerted).
 */
async function settleFloatCheck(context: Context, outcome: Extract<ConnectorOutcome, { status: "failed" }>, check: FloatCheck): Promise<ConnectorOutcome> {
  const currency = context.account.settings.currency;
  const balance = await readBalance(context, "disbursement").catch(() => null);
  if (!balance || !isCurrency(currency) || (balance.currency && balance.currency !== currency) || (check.currency && check.currency !== currency)) {
    return { ...outcome, message: `${outcome.message}; our float could not be checked` };
  }
  try {
    const available = toMinorAllowZero(balance.availableBalance, currency);
    const amount = toMinorAllowZero(check.amount, currency);
    if (available >= amount) return { ...outcome, reason: check.ifFloatSuffices, message: `${outcome.message}; our float covers the amount, so the receiver's limit was reached` };
    return { ...outcome, message: `${outcome.message}; our float is short` };
  } catch {
    return { ...outcome, message: `${outcome.message}; our float could not be checked` };
  }
}

/** GET /{product}/v1_0/account/balance, or null when MTN did not answer it. */
export async function readBalance(context: Context, product: MtnProduct): Promise<{ availableBalance: string; currency: string | null } | null> {
  const response = await callMtn(context, product, { operation: `${product}.balance`, method: "GET", path: `/${product}/v1_0/account/balance` });
  if (response.status !== 200) return null;
  const body = parseJsonObject(response.text);
  const available = body?.availableBalance;
  if (typeof available !== "string" && typeof available !== "number") return null;
  return { availableBalance: String(available), currency: typeof body?.currency === "string" ? body.currency : null };
}

/**
 * Our float for reconciliation: the balance of each product this account uses (collection takes
 * collects in; disbursement pays payouts and refunds out), in minor units. Throws when MTN does
 * not answer one, or answers another currency than the account's.
 */
export async function floatBalances(context: Context): Promise<{ wallet: MtnProduct; currency: string; balanceMinor: bigint }[]> {
  const currency = context.account.settings.currency;
  if (!isCurrency(currency)) throw new OperatorConfigurationError("mtn-momo", `the account's currency ${currency} is not one we know`);
  const out: { wallet: MtnProduct; currency: string; balanceMinor: bigint }[] = [];
  for (const product of context.account.settings.products) {
    const balance = await readBalance(context, product);
    if (!balance) throw new OperatorUnavailableError("mtn-momo", `${product} account/balance gave no answer`);
    if (balance.currency && balance.currency !== currency) throw new OperatorUnavailableError("mtn-momo", `${product} account/balance answered in ${balance.currency}, not ${currency}`);
    out.push({ wallet: product, currency, balanceMinor: toMinorAllowZero(balance.availableBalance, currency) });
  }
  return out;
}

/** E.164 without the `+` (MTN's MSISDN form), or null when it is not a phone number. */
export function toMsisdn(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/^\+/, "");
  return /^\d{8,15}$/.test(digits) ? digits : null;
}

/**
 * MTN refuses notes over 160 characters or with characters such as `'` (README.md) and the
 * full list is unpublished: keep letters, digits, spaces and a few safe marks, nothing else.
 */
export function safeNote(text: string): string {
  const cleaned = text.replace(/[^\p{L}\p{N} .,:_\-/#()]/gu, " ").replace(/\s+/g, " ").trim();
  return cleaned.slice(0, 160).trim();
}

/** Our callback URL, unless the account registered another callback host (MTN would refuse the call). */
export function allowedCallbackUrl(context: Context): string | null {
  const host = context.account.settings.callbackHost;
  if (!host) return context.callbackUrl;
  return callbackHostMatches(context.callbackUrl, host) ? context.callbackUrl : null;
}

export function callbackHostMatches(callbackUrl: string, host: string): boolean {
  try {
    return new URL(callbackUrl).hostname.toLowerCase() === host.toLowerCase().replace(/:\d+$/, "");
  } catch {
    return false;
  }
}
