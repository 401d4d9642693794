import { maskDigitRun, maskDigits, REDACTED } from "./redact";

/**
 * What the logger (lib/log.ts) refuses to print, as its configuration:
 * 1. pino `redact` paths: fields whose name is a credential (secrets, API keys, passwords,
 *    tokens, PINs, authorization headers), at the top of a line and one object down;
 * 2. serializers for the fields that hold phone numbers: masked to the country code's first
 *    digits and the last two (as in the connector call record, ./redact.ts);
 * 3. a last pass over every line's fields (pino's `formatters.log`): credential-named keys at
 *    any depth are censored (an operator's raw answer nests them), and standalone runs of
 *    8–20 digits in any string (an operator's error text quoting an MSISDN) are masked.
 * The message itself gets pass 3's digit masking. A test greps a whole sandbox flow's logs for
 * every secret and phone number it used (tests/api/platform/log-redaction.test.ts).
 */
const CREDENTIAL_KEYS = [
  "password",
  "newPassword",
  "currentPassword",
  "secret",
  "secretKey",
  "clientSecret",
  "webhookSecret",
  "signingSecret",
  "apiKey",
  "api_key",
  "token",
  "accessToken",
  "access_token",
  "refreshToken",
  "refresh_token",
  "authorization",
  "Authorization",
  "cookie",
  "pin",
  "PIN",
  "otp",
  "privateKey",
  "subscriptionKey",
  'headers["x-api-key"]',
  'headers["ocp-apim-subscription-key"]',
];

export const LOG_REDACT_PATHS: string[] = CREDENTIAL_KEYS.flatMap((key) => (key.includes("[") ? [key] : [key, `*.${key}`]));

/** The same rule as the connector call record's: a key that names a credential. */
const SENSITIVE_KEY = /(token|secret|password|passwd|^pin$|_pin$|Pin$|api_?key|apikey|signature|authorization|credential|private_?key|cookie)/i;

const PHONE_FIELDS = ["phone", "phoneNumber", "msisdn", "payerPhone", "beneficiaryPhone", "recipientPhone", "accountNumber", "partyId", "to"];

/** A phone number (or account number) masked: `+22997000001` → `+229••••••01`, the connector call record's rule. */
export function maskPhone(value: unknown): unknown {
  if (typeof value !== "string" && typeof value !== "number") return value;
  const text = String(value).replace(/[\s().-]/g, "");
  const plus = text.startsWith("+") ? "+" : "";
  const digits = plus ? text.slice(1) : text;
  if (!/^\d+$/.test(digits)) return maskDigits(String(value));
  if (digits.length < 6) return REDACTED;
  return maskDigitRun(plus + digits);
}

export const PHONE_FIELD_SERIALIZERS: Record<string, (value: unknown) => unknown> = Object.fromEntries(PHONE_FIELDS.map((f) => [f, maskPhone]));

const PHONE_FIELD_SET = new Set(PHONE_FIELDS);
const MAX_DEPTH = 6;

function scrub(value: unknown, depth: number, key?: string): unknown {
  if (key !== undefined && SENSITIVE_KEY.test(key) && value !== null && value !== undefined && value !== "") return REDACTED;
  if (key !== undefined && PHONE_FIELD_SET.has(key)) return maskPhone(value);
  if (typeof value === "string") return maskDigits(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[nested]";
  if (value instanceof Error) return { name: value.name, message: maskDigits(value.message) };
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = scrub(v, depth + 1, k);
  return out;
}

/** pino's `formatters.log`: the last pass over a line's fields (3. above). */
export function scrubLogFields(object: Record<string, unknown>): Record<string, unknown> {
  return scrub(object, 0) as Record<string, unknown>;
}

export function scrubLogText(text: string): string {
  return maskDigits(text);
}
