import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Wave's timestamped HMAC (README "Webhooks"): `Wave-Signature: t=<unix s>,v1=<hex>[,v1=<hex>]`
 * where each v1 = hex(HMAC_SHA256(secret, t + raw_body)), the timestamp directly followed by the
 * body, no separator. The same scheme signs Wave's webhooks and, optionally, our requests.
 */
export function waveSignature(secret: string, timestamp: number | string, rawBody: string): string {
  return createHmac("sha256", secret).update(`${timestamp}${rawBody}`).digest("hex");
}

export function waveSignatureHeader(secrets: string[], timestamp: number, rawBody: string): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${waveSignature(s, timestamp, rawBody)}`)].join(",");
}

export type SignatureCheck = { ok: true } | { ok: false; why: string };

/** Valid when any v1 matches (two during a secret rotation) and `t` is within `toleranceSeconds`. */
export function verifyWaveSignature(header: string | null, secret: string, rawBody: string, nowSeconds: number, toleranceSeconds: number): SignatureCheck {
  if (!header) return { ok: false, why: "no Wave-Signature header" };
  let timestamp: string | null = null;
  const candidates: string[] = [];
  for (const part of header.split(",")) {
    const [key, ...rest] = part.trim().split("=");
    const value = rest.join("=");
    if (key === "t") timestamp = value;
    else if (key === "v1" && value) candidates.push(value);
  }
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return { ok: false, why: "Wave-Signature has no valid t=" };
  if (candidates.length === 0) return { ok: false, why: "Wave-Signature has no v1=" };
  const age = nowSeconds - Number(timestamp);
  if (Math.abs(age) > toleranceSeconds) return { ok: false, why: `Wave-Signature timestamp is ${age} s old (tolerance ${toleranceSeconds} s)` };
  const expected = Buffer.from(waveSignature(secret, timestamp, rawBody), "hex");
  const match = candidates.some((c) => {
    const given = /^[0-9a-f]+$/i.test(c) ? Buffer.from(c, "hex") : Buffer.alloc(0);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return match ? { ok: true } : { ok: false, why: "no v1 signature matches" };
}

