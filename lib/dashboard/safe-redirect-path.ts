const BASE = "http://app.invalid";

/**
 * Where to send someone after login or the language switch: a path on our own origin, else the
 * fallback. Browsers turn `/\evil.example` and `/<tab>/evil.example` into `//evil.example` (another
 * host), so the check is done the way a browser parses, with the WHATWG URL parser, on the value
 * as given and on each of its percent-decodings; the answer is the parser's re-serialised path,
 * never the raw input.
 */
export function safeRedirectPath(raw: unknown, fallback = "/dashboard"): string {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2048) return fallback;
  let candidate = raw;
  for (let i = 0; i < 3; i++) {
    if (!isLocalPath(candidate)) return fallback;
    let decoded: string;
    try {
      decoded = decodeURIComponent(candidate);
    } catch {
      return fallback;
    }
    if (decoded === candidate) break;
    candidate = decoded;
  }
  const url = new URL(raw, BASE);
  return url.pathname + url.search + url.hash;
}

function isLocalPath(value: string): boolean {
  // One slash then a path: no scheme, no `//host`, no backslash or control character a browser would drop or flip.
  if (!value.startsWith("/") || value.startsWith("//")) return false;
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    return new URL(value, BASE).origin === BASE;
  } catch {
    return false;
  }
}
