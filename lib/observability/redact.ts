/**
 * What may be written to the connector call record (docs/design/connectors.md: bodies redacted of secrets, PINs
 * and tokens). Applied to every excerpt before it is stored:
 * - every secret value of the account, and any extra string the connector names, anywhere;
 * - credential headers (Authorization, subscription and API keys, signatures, cookies);
 * - JSON fields whose name says credential (token, secret, password, pin, apiKey, signature…);
 * - bearer and basic credentials written inline;
 * - phone numbers and other long digit runs (MSISDNs, account numbers): masked but for the
 *   country code's first digits and the last two, enough to tell orders apart.
 * Excerpts are cut at EXCERPT_MAX characters; the text is cut at INPUT_MAX before it is searched,
 * so the work done is bounded whatever the size of what came in.
 */
export const REDACTED = "[redacted]";
export const EXCERPT_MAX = 2000;
/** Room around the excerpt for what redaction removes (a secret replaced, a header line dropped). */
const INPUT_MAX = EXCERPT_MAX * 4;

const SENSITIVE_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie|ocp-apim-subscription-key|x-api-key|api-key|signature|signature-input|x-signature|x-auth-token)$/i;
const SENSITIVE_KEY = /(token|secret|password|passwd|pin|api_?key|apikey|signature|authorization|credential|private_?key)/i;

export function redactText(text: string, secrets: readonly string[]): string {
  let out = text.length > INPUT_MAX ? text.slice(0, INPUT_MAX) : text;
  // Longest first, so a secret containing another is not half-replaced.
  for (const secret of [...secrets].filter((s) => s && s.length >= 4).sort((a, b) => b.length - a.length)) {
    out = out.split(secret).join(REDACTED);
  }
  out = out.replace(/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`);
  out = redactJsonFields(out);
  out = maskDigits(out);
  return out.length > EXCERPT_MAX || text.length > INPUT_MAX ? `${out.slice(0, EXCERPT_MAX)}…` : out;
}

export function redactHeaders(headers: Record<string, string> | Headers | undefined, secrets: readonly string[]): string {
  if (!headers) return "";
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  return entries.map(([name, value]) => `${name}: ${SENSITIVE_HEADER.test(name) ? REDACTED : redactText(value, secrets)}`).join("\n");
}

/** `"pin": "1234"`, `"access_token":"…"`, `apiKey=…` → the value redacted (JSON or form bodies). */
function redactJsonFields(text: string): string {
  return text
    .replace(/"([^"\\]{1,64})"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?)/g, (whole, key: string) =>
      SENSITIVE_KEY.test(key) ? `"${key}":"${REDACTED}"` : whole,
    )
    .replace(/(^|[?&\s])([A-Za-z_]{1,64})=([^&\s]+)/g, (whole, lead: string, key: string) => (SENSITIVE_KEY.test(key) ? `${lead}${key}=${REDACTED}` : whole));
}

/** Runs of 8 to 20 digits (with an optional +): the first three and last two kept. */
export function maskDigits(text: string): string {
  // Not inside a longer word (a UUID segment, a hex id): only standalone digit runs.
  return text.replace(/(?<![\w-])\+?\d{8,20}(?![\w-])/g, maskDigitRun);
}

/** One phone-like run of digits (optional +, at least 6 digits): the first three and last two kept. */
export function maskDigitRun(run: string): string {
  const plus = run.startsWith("+") ? "+" : "";
  const digits = plus ? run.slice(1) : run;
  return `${plus}${digits.slice(0, 3)}${"•".repeat(digits.length - 5)}${digits.slice(-2)}`;
}
