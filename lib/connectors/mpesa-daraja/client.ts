import { createHmac } from "node:crypto";
import { type ConnectorContext, type ConnectorHttpResponse } from "../connector";
import { OperatorConfigurationError, OperatorCredentialsRefusedError, OperatorUnavailableError, operatorBaseUrl } from "../operator-errors";
import { isCurrency, minorPerMajor } from "@/lib/money";
import { rsaPkcs1EncryptBase64 } from "../rsa-pkcs1";
import { parseJsonObject } from "../parse-json-object";
import { MPESA_PRODUCTION_BASE_URL, requiredSecrets, type MpesaDarajaSettings, type MpesaProduct } from "./settings";
import { sameText } from "../same-text";

/**
 * HTTP to Safaricom's Daraja (README.md): the OAuth token (cached through context.tokens,
 * refreshed once on a 401), the STK Password, the B2C SecurityCredential, the amount and MSISDN
 * forms, and the callback URLs we hand Daraja. Nothing here throws for something Daraja or the
 * network did: the connector turns errors into outcomes (index.ts).
 */
type Context = ConnectorContext<MpesaDarajaSettings>;

const OPERATOR = "M-Pesa Daraja";

export function baseUrl(context: Context): string {
  return operatorBaseUrl(context, MPESA_PRODUCTION_BASE_URL);
}

export function requireProduct(context: Context, product: MpesaProduct): void {
  if (!context.account.settings.products.includes(product)) throw new OperatorConfigurationError(OPERATOR, `this M-Pesa account is not set up for ${product} (products setting)`);
  const missing = requiredSecrets({ products: [product] }).filter((n) => !context.secrets[n]);
  if (missing.length > 0) throw new OperatorConfigurationError(OPERATOR, `missing secrets: ${missing.join(", ")}`);
}

/** GET /oauth/v1/generate?grant_type=client_credentials with Basic auth; `expires_in` is a string. */
export async function requestToken(context: Context): Promise<{ token: string; expiresInSeconds: number }> {
  const basic = Buffer.from(`${context.secrets.CONSUMER_KEY ?? ""}:${context.secrets.CONSUMER_SECRET ?? ""}`).toString("base64");
  const response = await context.http({
    operation: "token",
    method: "GET",
    url: `${baseUrl(context)}/oauth/v1/generate?grant_type=client_credentials`,
    headers: { Authorization: `Basic ${basic}` },
    redact: [basic],
  });
  if (response.status >= 400 && response.status < 500 && response.status !== 429) throw new OperatorCredentialsRefusedError(OPERATOR, response.status, `Daraja refused the consumer key/secret (token endpoint answered HTTP ${response.status})`);
  if (response.status !== 200) throw new OperatorUnavailableError(OPERATOR, `Daraja could not issue a token (HTTP ${response.status})`);
  const body = parseJsonObject(response.text);
  const token = body?.access_token;
  const expiresIn = Number(body?.expires_in);
  if (typeof token !== "string" || !token || !Number.isFinite(expiresIn) || expiresIn <= 0) throw new OperatorUnavailableError(OPERATOR, `Daraja could not issue a token (no usable access_token / expires_in)`);
  return { token, expiresInSeconds: expiresIn };
}

const tokenKey = (context: Context) => `mpesa-daraja:${context.account.id}`;

export async function freshToken(context: Context): Promise<void> {
  context.tokens.invalidate(tokenKey(context));
  await context.tokens.get(tokenKey(context), () => requestToken(context));
}

/**
 * One authenticated JSON POST. A 401 means the token died early: dropped and the call made once
 * more with a fresh one. Safe for submits: a 401 means Daraja took nothing.
 */
export async function postDaraja(
  context: Context,
  call: { operation: string; path: string; body: Record<string, unknown>; subjectId?: string; operatorReference?: string; redact?: string[] },
): Promise<ConnectorHttpResponse> {
  const send = async () => {
    const token = await context.tokens.get(tokenKey(context), () => requestToken(context));
    return context.http({
      operation: call.operation,
      method: "POST",
      url: `${baseUrl(context)}${call.path}`,
      subjectId: call.subjectId,
      operatorReference: call.operatorReference,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify(call.body),
      redact: [token, ...(call.redact ?? [])],
    });
  };
  const first = await send();
  if (first.status !== 401) return first;
  context.tokens.invalidate(tokenKey(context));
  return send();
}

/** `YYYYMMDDHHmmss` in Kenyan time (EAT, UTC+3, no daylight saving), as the Password needs. */
export function darajaTimestamp(now: Date): string {
  const eat = new Date(now.getTime() + 3 * 3600_000);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${eat.getUTCFullYear()}${p(eat.getUTCMonth() + 1)}${p(eat.getUTCDate())}${p(eat.getUTCHours())}${p(eat.getUTCMinutes())}${p(eat.getUTCSeconds())}`;
}

/** STK `Password` = base64(BusinessShortCode + Passkey + Timestamp). */
export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`).toString("base64");
}

/**
 * The STK calls' (push and query) first three fields, made now: the account's shortcode, the
 * Timestamp, and the Password built from them and the Passkey, which holds only with that Timestamp.
 */
export function stkCredentials(context: Context): { BusinessShortCode: string; Password: string; Timestamp: string } {
  const shortcode = context.account.settings.shortcode!;
  const timestamp = darajaTimestamp(context.now());
  return { BusinessShortCode: shortcode, Password: stkPassword(shortcode, context.secrets.PASSKEY!, timestamp), Timestamp: timestamp };
}

/** B2C / Transaction Status `SecurityCredential`: the initiator password under Safaricom's certificate. */
export function securityCredential(context: Context): string {
  try {
    return rsaPkcs1EncryptBase64(context.secrets.SAFARICOM_CERTIFICATE ?? "", context.secrets.INITIATOR_PASSWORD ?? "");
  } catch {
    throw new OperatorConfigurationError(OPERATOR, "SAFARICOM_CERTIFICATE is not a readable certificate or public key");
  }
}

/** Whole units of the account's currency (Daraja takes no decimals), or null when the amount has some. */
export function wholeAmount(amountMinor: bigint, currency: string): number | null {
  if (!isCurrency(currency)) return null;
  const unit = minorPerMajor(currency);
  if (amountMinor <= 0n || amountMinor % unit !== 0n) return null;
  return Number(amountMinor / unit);
}

/** E.164 → Daraja's `2547…` / `2541…` form, or null for anything that is not a Kenyan mobile. */
export function toDarajaMsisdn(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/^\+/, "");
  return /^254[17]\d{8}$/.test(digits) ? digits : null;
}

/**
 * What our callback URLs carry (Daraja callbacks are unsigned and, for STK, do not echo our
 * reference): `ref` names our order, `kind` what Daraja is answering, `sig` = HMAC-SHA256 over
 * both under the account's CONSUMER_SECRET. A callback on a URL we did not make is refused; one
 * on a URL we made is still only a hint, except the answer to our own Transaction Status query
 * (callbacks.ts). Daraja keeps the query string of a callback URL.
 *
 * A Transaction Status ResultURL also carries `x`, an HMAC over what that payout must be (its
 * whole amount and the recipient's MSISDN): the answer is applied only when its Amount and
 * CreditPartyName give the same HMAC, or its OriginatorConversationID is ours (README.md, "a
 * receipt is only a lookup key"). The URL names neither the amount nor the phone.
 */
export type CallbackKind = "stk" | "b2c" | "b2c-timeout" | "status" | "status-timeout";

export function callbackUrlFor(context: Context, kind: CallbackKind, reference: string, expected?: PayoutExpectation | null): string {
  const url = new URL(context.callbackUrl);
  url.searchParams.set("ref", reference);
  url.searchParams.set("kind", kind);
  if (expected) url.searchParams.set("x", expectationDigest(context, reference, expected));
  url.searchParams.set("sig", callbackSignature(context, kind, reference));
  return url.toString();
}

export function callbackSignature(context: Context, kind: string, reference: string): string {
  return createHmac("sha256", `mpesa-callback:${context.secrets.CONSUMER_SECRET ?? ""}`).update(`${kind}\n${reference}`).digest("base64url");
}

export function validCallbackSignature(context: Context, kind: string, reference: string, sig: string): boolean {
  if (!context.secrets.CONSUMER_SECRET) return false;
  return sameText(sig, callbackSignature(context, kind, reference));
}

/** What a B2C payout of ours must show in a Transaction Status result: whole units and the `2547…` recipient. */
export type PayoutExpectation = { amount: number; msisdn: string };

export function expectationDigest(context: Context, reference: string, expected: PayoutExpectation): string {
  return createHmac("sha256", `mpesa-expect:${context.secrets.CONSUMER_SECRET ?? ""}`).update(`${reference}\n${expected.amount}\n${expected.msisdn}`).digest("base64url");
}

export function matchesExpectation(context: Context, reference: string, digest: string, seen: PayoutExpectation): boolean {
  if (!context.secrets.CONSUMER_SECRET) return false;
  return sameText(digest, expectationDigest(context, reference, seen));
}

/**
 * Daraja is reported to refuse callback URLs containing "mpesa" (`400.002.02 Invalid CallBackURL`,
 * README.md): the platform's callback URL (its host and the account id in its path) must avoid it.
 */
export function mpesaInCallbackUrl(callbackUrl: string): boolean {
  return /mpesa/i.test(callbackUrl);
}
