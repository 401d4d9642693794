import { maskDigitRun } from "@/lib/observability/redact";

/**
 * What the request log may keep of a body or a query string: enough for an integrator
 * to recognise their request, nothing that would hurt if a dashboard member or a leaked backup
 * read it. Applied to every body and query before it is stored:
 * - credentials (keys named token, secret, password, pin, apiKey, signature…): a long value keeps
 *   its prefix and last 4 characters (`sk_test_…Ab12`, `whsec_…9xYz`), a short one nothing;
 *   passwords, PINs and one-time codes never keep anything;
 * - phone numbers and other numbers of a person (phone, msisdn, partyId, identity `number`): the
 *   country code's first digits and the last 2 (`+229•••••••01`); account numbers and IBANs the
 *   last 4;
 * - names of people (customerName, firstName, accountName, a recipient's or sender's `name`…):
 *   initials only; e-mails: first letter and domain (`a•••@boutique.sn`); postal addresses and
 *   dates of birth: nothing;
 * - in every other string: API secret keys, webhook secrets and bearer tokens written inline,
 *   e-mail addresses, and runs of 8 to 20 digits (a phone quoted in an error message or in
 *   metadata) are masked the same way.
 * Bodies are walked up to MAX_NODES values (the rest is summarised), then cut at MAX_BODY_BYTES.
 */
export const MAX_BODY_BYTES = 8 * 1024;
const MAX_NODES = 2000;
const MAX_DEPTH = 12;
const DOT = "•";
export const HIDDEN = "••••";

const NEVER_SHOWN_KEY = /(password|passwd|^pin$|_pin$|Pin$|^otp$|recovery_?code|^cvv$|^cvc$)/i;
const CREDENTIAL_KEY = /(token|secret|api_?key|apikey|signature|authorization|credential|private_?key|cookie)/i;
const PHONE_KEY = /(phone|msisdn|^mobile$|mobile_?number|party_?id|^number$|identity_?number|id_?number)/i;
const ACCOUNT_KEY = /(account_?number|^iban$|card_?number|^account$|wallet_?number)/i;
const EMAIL_KEY = /e-?mail/i;
const PERSON_NAME_KEY = /^(customer|first|last|middle|full|given|family|account|holder|beneficiary|sender|recipient|payer|payee|contact)_?name$/i;
const NAME_OWNERS = /^(recipient|sender|customer|beneficiary|payer|payee|holder|company|contact|bankAccount|bank_account|account)$/i;
const PRIVATE_KEY = /^(address|line1|line2|address_?line_?\d|street|date_?of_?birth|dob|birth_?date)$/i;
/** Numbers under these keys are amounts and counts, not phone numbers: left as they are. */
const AMOUNT_KEY = /(amount|fee|total|balance|count|limit|rate|min|max)/i;

/** Keeps the visible part of a credential: its `xx_test_`-style prefix and the last 4 when long enough. */
export function maskSecret(value: string): string {
  if (value.length < 16) return HIDDEN;
  const prefix = /^(?:[a-z]{2,6}_(?:test_|live_)?)/i.exec(value)?.[0] ?? "";
  return `${prefix}…${value.slice(-4)}`;
}

/** `+22997000001` → `+229•••••••01`; fewer than 6 digits: nothing kept. */
export function maskPhone(value: string): string {
  const compact = value.replace(/[\s().-]/g, "");
  const plus = compact.startsWith("+") ? "+" : "";
  const digits = plus ? compact.slice(1) : compact;
  if (!/^\d+$/.test(digits)) return maskAccount(value);
  if (digits.length < 6) return HIDDEN;
  return maskDigitRun(plus + digits); // the connector call record's rule, one place
}

/** An account number or IBAN: the last 4 characters (2 when short), the rest dotted. */
export function maskAccount(value: string): string {
  const compact = value.replace(/\s+/g, "");
  if (compact.length < 6) return HIDDEN;
  const keep = compact.length >= 10 ? 4 : 2;
  return `${DOT.repeat(Math.min(compact.length - keep, 12))}${compact.slice(-keep)}`;
}

/** `awa.diop@boutique.sn` → `a•••@boutique.sn`. */
export function maskEmail(value: string): string {
  const at = value.lastIndexOf("@");
  if (at < 1) return HIDDEN;
  return `${value[0]}${DOT.repeat(3)}${value.slice(at)}`;
}

/** `Awa Diop` → `A••• D•••`: initials, enough to tell two customers apart. */
export function maskName(value: string): string {
  return value
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${[...word][0]}${DOT.repeat(3)}`)
    .join(" ");
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What each pattern of maskText needs at least (a digit, an `@`, a key's prefix, a scheme's
 * name): a string with none of them is returned as it is, without running the five.
 */
const MAYBE_MASKED = /[0-9@]|_test_|_live_|whsec_|bearer|basic/i;

/** Masks what a free string may carry: inline credentials, e-mails, digit runs. */
export function maskText(text: string): string {
  if (!MAYBE_MASKED.test(text)) return text;
  return text
    .replace(/\b(?:sk|rk)_(?:test|live)_[A-Za-z0-9]{6,}/g, (k) => maskSecret(k))
    .replace(/\bwhsec_[A-Za-z0-9+/=]{8,}/g, (k) => maskSecret(k))
    .replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=:-]+/gi, (_m, scheme: string) => `${scheme} ${HIDDEN}`)
    .replace(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, (e) => maskEmail(e))
    .replace(/(?<![\w-])(?<!\d\.)\+?\d(?:[ -]?\d){7,19}(?![\w-])(?!\.\d)/g, (run) => (ISO_DATE.test(run) ? run : maskPhone(run)));
}

type Walk = { nodes: number };

/** Which rule a key falls under, the first that matches in maskValue's order ("name" also depends on its parent). */
type KeyRule = "never" | "credential" | "account" | "phone" | "email" | "person" | "private" | "amount" | "text";
function keyRule(key: string): KeyRule {
  if (NEVER_SHOWN_KEY.test(key)) return "never";
  if (CREDENTIAL_KEY.test(key)) return "credential";
  if (ACCOUNT_KEY.test(key)) return "account";
  if (PHONE_KEY.test(key)) return "phone";
  if (EMAIL_KEY.test(key)) return "email";
  if (PERSON_NAME_KEY.test(key)) return "person";
  if (PRIVATE_KEY.test(key)) return "private";
  return AMOUNT_KEY.test(key) ? "amount" : "text";
}

/**
 * The rule of each key seen, kept: the same few dozen keys (the API's fields) come back in
 * every logged body, and testing each against nine patterns was most of the masking's time.
 * Bounded: bodies with ever new keys (metadata) empty it rather than grow it.
 */
const rules = new Map<string, KeyRule>();
function ruleOf(key: string): KeyRule {
  let rule = rules.get(key);
  if (rule === undefined) {
    rule = keyRule(key);
    if (rules.size >= 2000) rules.clear();
    rules.set(key, rule);
  }
  return rule;
}

function maskValue(value: string | number, key: string, parent: string | undefined): string | number {
  let rule = ruleOf(key);
  // A `name` under a person or a company is a person's name (after the key-only rules above it).
  if (key === "name" && parent !== undefined && (rule === "private" || rule === "amount" || rule === "text") && NAME_OWNERS.test(parent)) rule = "person";
  switch (rule) {
    case "never":
      return HIDDEN;
    case "credential":
      return maskSecret(String(value));
    case "account":
      return maskAccount(String(value));
    case "phone":
      return maskPhone(String(value));
    case "email":
      return maskEmail(String(value));
    case "person":
      return maskName(String(value));
    case "private":
      return HIDDEN;
    default:
      if (typeof value === "number") return value;
      return rule === "amount" ? value : maskText(value);
  }
}

function walk(value: unknown, state: Walk, depth: number, key?: string, parent?: string): unknown {
  state.nodes++;
  if (value === null || typeof value === "boolean" || value === undefined) return value ?? null;
  if (typeof value === "string" || typeof value === "number") return key === undefined ? (typeof value === "string" ? maskText(value) : value) : maskValue(value, key, parent);
  if (typeof value !== "object") return null;
  if (depth >= MAX_DEPTH) return "[nested]";
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      if (state.nodes >= MAX_NODES) {
        out.push(`… ${value.length - i} more`);
        break;
      }
      // An array's items belong to the array's key: a list of phones is a list of phones.
      out.push(walk(value[i], state, depth + 1, key, parent));
    }
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (state.nodes >= MAX_NODES) {
      out["…"] = "more fields not kept";
      break;
    }
    // An object's own credential key hides it whole (`credentials: {…}`).
    out[k] = v !== null && typeof v === "object" && (NEVER_SHOWN_KEY.test(k) || CREDENTIAL_KEY.test(k)) ? HIDDEN : walk(v, state, depth + 1, k, key);
  }
  return out;
}

/** A JSON value masked; the structure kept. */
export function maskJson(value: unknown): unknown {
  return walk(value, { nodes: 0 }, 0);
}

/** Cuts text at `max` bytes of UTF-8 (never inside a character) and says how much was cut. */
export function capText(text: string, max = MAX_BODY_BYTES): string {
  const bytes = Buffer.byteLength(text);
  if (bytes <= max) return text;
  let cut = Buffer.from(text).subarray(0, max).toString("utf8");
  if (cut.endsWith("\uFFFD")) cut = cut.slice(0, -1);
  return `${cut}… [cut: ${bytes} bytes in all]`;
}

/** A body as the log stores it: masked JSON text, at most MAX_BODY_BYTES (and a note); null when there was none. */
export function storedBody(body: unknown): string | null {
  if (body === undefined || body === null) return null;
  return capText(JSON.stringify(maskJson(body)));
}

/** A query string as the log stores it: each value masked by its name, as in bodies; null when empty. */
export function storedQuery(search: string): string | null {
  const params = new URLSearchParams(search);
  const parts: string[] = [];
  for (const [key, value] of params) {
    const masked = String(maskValue(value, key, undefined));
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(masked).replace(/%E2%80%A2/g, DOT).replace(/%E2%80%A6/g, "…")}`);
  }
  return parts.length ? capText(parts.join("&"), 2048) : null;
}

/** A URL path as stored: digit runs that could be a phone masked (ids and references otherwise kept). */
export const storedPath = (path: string): string => capText(maskText(path), 1024);
