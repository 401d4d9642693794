import { constants, createCipheriv, publicEncrypt, randomBytes } from "node:crypto";
import { type ConnectorContext, type ConnectorHttpResponse } from "../connector";
import { OperatorConfigurationError, OperatorCredentialsRefusedError, OperatorUnavailableError, operatorBaseUrl } from "../operator-errors";
import { minorToDecimalString } from "@/lib/money";
import { readPublicKey, rsaPkcs1EncryptBase64 } from "../rsa-pkcs1";
import { parseJsonObject } from "../parse-json-object";
import { AIRTEL_CALLING_CODES, AIRTEL_PRODUCTION_BASE_URL, requiredSecrets, type AirtelProduct, type AirtelSettings } from "./settings";

/**
 * HTTP to Airtel Money's Open API (README.md): the client-credentials token (180 s, cached
 * through context.tokens, refreshed once on a 401), X-Country / X-Currency on every call, the
 * RSA-encrypted disbursement PIN, and message signing (x-signature / x-key) where the account
 * has it on. Errors become outcomes in index.ts.
 */
export type Context = ConnectorContext<AirtelSettings>;

const OPERATOR = "Airtel";

export function baseUrl(context: Context): string {
  return operatorBaseUrl(context, AIRTEL_PRODUCTION_BASE_URL);
}

export function requireProduct(context: Context, product: AirtelProduct): void {
  const s = context.account.settings;
  if (!s.products.includes(product)) throw new OperatorConfigurationError(OPERATOR, `this Airtel account is not set up for ${product} (products setting)`);
  const missing = requiredSecrets({ products: [product], callbackAuth: false }).filter((n) => !context.secrets[n]);
  if (missing.length > 0) throw new OperatorConfigurationError(OPERATOR, `missing secrets: ${missing.join(", ")}`);
}

/** POST /auth/oauth2/token with the client credentials as JSON; `expires_in` is a string ("180"). */
export async function requestToken(context: Context): Promise<{ token: string; expiresInSeconds: number }> {
  const secret = context.secrets.CLIENT_SECRET ?? "";
  const response = await context.http({
    operation: "token",
    method: "POST",
    url: `${baseUrl(context)}/auth/oauth2/token`,
    headers: { "Content-Type": "application/json", Accept: "*/*" },
    body: JSON.stringify({ client_id: context.secrets.CLIENT_ID ?? "", client_secret: secret, grant_type: "client_credentials" }),
    redact: [secret],
  });
  if (response.status >= 400 && response.status < 500 && response.status !== 429) throw new OperatorCredentialsRefusedError(OPERATOR, response.status, `Airtel refused the client id/secret (token endpoint answered HTTP ${response.status})`);
  if (response.status !== 200) throw new OperatorUnavailableError(OPERATOR, `Airtel could not answer (token: HTTP ${response.status})`);
  const body = parseJsonObject(response.text);
  const token = body?.access_token;
  const expiresIn = Number(body?.expires_in);
  if (typeof token !== "string" || !token || !Number.isFinite(expiresIn) || expiresIn <= 0) throw new OperatorUnavailableError(OPERATOR, `Airtel could not answer (no usable access_token / expires_in)`);
  return { token, expiresInSeconds: expiresIn };
}

const tokenKey = (context: Context) => `airtel:${context.account.id}`;
const signingKeyKey = (context: Context) => `airtel:${context.account.id}:encryption-key`;

export async function freshToken(context: Context): Promise<void> {
  context.tokens.invalidate(tokenKey(context));
  await context.tokens.get(tokenKey(context), () => requestToken(context));
}

function baseHeaders(context: Context, token: string): Record<string, string> {
  const s = context.account.settings;
  return { Authorization: `Bearer ${token}`, "X-Country": s.country, "X-Currency": s.currency, "Content-Type": "application/json", Accept: "*/*" };
}

/** GET /v1/rsa/encryption-keys: the public key the x-key is encrypted with (cached an hour). */
async function signingPublicKey(context: Context): Promise<string> {
  return context.tokens.get(signingKeyKey(context), async () => {
    const token = await context.tokens.get(tokenKey(context), () => requestToken(context));
    const response = await context.http({ operation: "encryption-key", method: "GET", url: `${baseUrl(context)}/v1/rsa/encryption-keys`, headers: baseHeaders(context, token), redact: [token] });
    const key = (parseJsonObject(response.text)?.data as { key?: unknown } | undefined)?.key;
    if (response.status !== 200 || typeof key !== "string" || !key) throw new OperatorUnavailableError(OPERATOR, `Airtel could not answer (encryption key: HTTP ${response.status})`);
    return { token: key, expiresInSeconds: 3600 + 60 };
  });
}

/**
 * Message signing: the body encrypted with a fresh AES-256-CBC key and IV (x-signature), and
 * `base64(key):base64(iv)` under Airtel's RSA key (x-key). Airtel decrypts and compares with the
 * body it received.
 */
export function signMessage(body: string, publicKey: string): { "x-signature": string; "x-key": string } {
  const key = randomBytes(32);
  const iv = randomBytes(16);
  const cipher = createCipheriv("aes-256-cbc", key, iv);
  const signature = Buffer.concat([cipher.update(body, "utf8"), cipher.final()]).toString("base64");
  return { "x-signature": signature, "x-key": rsaPkcs1EncryptBase64(publicKey, `${key.toString("base64")}:${iv.toString("base64")}`) };
}

/** One authenticated call; a 401 drops the token and tries once more. Safe for submits: a 401 took nothing. */
export async function callAirtel(
  context: Context,
  call: { operation: string; method: "GET" | "POST"; path: string; body?: Record<string, unknown>; subjectId?: string; operatorReference?: string; redact?: string[] },
): Promise<ConnectorHttpResponse> {
  const body = call.body ? JSON.stringify(call.body) : undefined;
  const send = async () => {
    const token = await context.tokens.get(tokenKey(context), () => requestToken(context));
    const headers = baseHeaders(context, token);
    if (body && context.account.settings.messageSigning) Object.assign(headers, signMessage(body, await signingPublicKey(context)));
    return context.http({ operation: call.operation, method: call.method, url: `${baseUrl(context)}${call.path}`, headers, body, subjectId: call.subjectId, operatorReference: call.operatorReference, redact: [token, ...(call.redact ?? [])] });
  };
  const first = await send();
  if (first.status !== 401) return first;
  context.tokens.invalidate(tokenKey(context));
  return send();
}

/** The disbursement `pin`: base64 of the wallet's PIN RSA-encrypted with Airtel's key, in the account's padding (README "Settings"). */
export function encryptedPin(context: Context): string {
  try {
    const key = context.secrets.PIN_PUBLIC_KEY ?? "";
    const pin = context.secrets.DISBURSEMENT_PIN ?? "";
    if (context.account.settings.pinEncryption === "oaep-sha256") return publicEncrypt({ key: readPublicKey(key), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(pin, "utf8")).toString("base64");
    return rsaPkcs1EncryptBase64(key, pin);
  } catch {
    throw new OperatorConfigurationError(OPERATOR, "PIN_PUBLIC_KEY is not a readable RSA public key");
  }
}

/** E.164 → the national number Airtel wants (no country code), or null when not of the account's country. */
export function nationalMsisdn(phone: string | null, country: string): string | null {
  const cc = AIRTEL_CALLING_CODES[country];
  if (!phone || !cc) return null;
  const digits = phone.replace(/^\+/, "");
  if (!/^\d{8,15}$/.test(digits) || !digits.startsWith(cc)) return null;
  const national = digits.slice(cc.length);
  return national.length >= 7 ? national : null;
}

/**
 * Airtel's `amount` is a JSON number in major units. The exact decimal string from lib/money is
 * turned into a number only here: amounts of at most 15 significant digits (all of ours) print
 * back to the same decimal, so nothing is rounded.
 */
export function airtelAmount(amountMinor: bigint, currency: string): number {
  return Number(minorToDecimalString(amountMinor, currency));
}
