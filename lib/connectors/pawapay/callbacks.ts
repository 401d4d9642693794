import { createPublicKey, type KeyObject } from "node:crypto";
import { type CallbackResult, ConnectorNetworkError, type Direction, type IncomingCallback } from "../connector";
import { type PawapayContext, pawapayRequest } from "./client";
import { toOutcome } from "./mapping";
import { parseSignatureHeaders, type ParsedSignature, SignatureError, verifyContentDigest, verifyParsedSignature } from "./signatures";

/**
 * pawaPay callbacks (README.md). A callback carrying Signature headers is verified
 * before it is read, whatever the account's setting: Content-Digest over the raw bytes, the
 * RFC 9421 signature over the components Signature-Input names (which must cover
 * content-digest, so the body is signed), with the key whose id is `keyid` (keys from
 * `GET /v2/public-key/http`, cached, fetched again once for an unknown keyid), and freshness
 * (`created`, `expires`, Signature-Date). Any failure → `rejected`. A callback without
 * signature is refused when the account requires signatures, else it is a `hint`: the core
 * asks for the status, the body changes nothing.
 */

const KEYS_TTL_MS = 60 * 60_000;
/** An unknown keyid triggers at most one refetch per this long (a flood of forged keyids costs one call). */
const UNKNOWN_KEY_RETRY_MS = 30_000;
/** How far in the future a `created` may be (clock skew). */
const FUTURE_SKEW_SECONDS = 60;

type KeySet = { keys: Map<string, KeyObject>; at: number; unknownTriedAt: Map<string, number> };
const keyCache = new Map<string, KeySet>();

export function clearCallbackKeyCache(): void {
  keyCache.clear();
}

/** Reads `[{id, key}]` (PEM, or base64 SPKI DER). */
export function parsePublicKeys(list: unknown): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>();
  if (!Array.isArray(list)) return keys;
  for (const entry of list as { id?: unknown; key?: unknown }[]) {
    if (typeof entry?.id !== "string" || typeof entry.key !== "string") continue;
    try {
      const key = entry.key.includes("-----BEGIN")
        ? createPublicKey(entry.key)
        : createPublicKey({ key: Buffer.from(entry.key.replace(/\s+/g, ""), "base64"), format: "der", type: "spki" });
      keys.set(entry.id, key);
    } catch {
      // A key we cannot read verifies nothing; the others still do.
    }
  }
  return keys;
}

async function fetchKeys(context: PawapayContext): Promise<Map<string, KeyObject>> {
  const response = await pawapayRequest(context, { operation: "public-keys", method: "GET", path: "/v2/public-key/http" });
  if (response.status !== 200) throw new Error(`public-key/http answered HTTP ${response.status}`);
  return parsePublicKeys(JSON.parse(response.text));
}

/** The key for `keyId`: pinned (CALLBACK_PUBLIC_KEYS) if given, else pawaPay's list, cached. */
async function keyFor(context: PawapayContext, keyId: string): Promise<KeyObject | null> {
  const pinned = context.secrets.CALLBACK_PUBLIC_KEYS;
  if (pinned) {
    let list: unknown;
    try {
      list = JSON.parse(pinned);
    } catch {
      return null;
    }
    return parsePublicKeys(list).get(keyId) ?? null;
  }
  const cacheId = `${context.account.id}|${context.account.baseUrl ?? ""}`;
  const now = context.now().getTime();
  let set = keyCache.get(cacheId);
  if (!set || now - set.at > KEYS_TTL_MS) {
    set = { keys: await fetchKeys(context), at: now, unknownTriedAt: set?.unknownTriedAt ?? new Map() };
    keyCache.set(cacheId, set);
  }
  const known = set.keys.get(keyId);
  if (known) return known;
  // Key rotation: a new keyid means pawaPay published a new key; ask once.
  const tried = set.unknownTriedAt.get(keyId);
  if (tried !== undefined && now - tried < UNKNOWN_KEY_RETRY_MS) return null;
  set.unknownTriedAt.set(keyId, now);
  const fresh = { keys: await fetchKeys(context), at: now, unknownTriedAt: set.unknownTriedAt };
  keyCache.set(cacheId, fresh);
  return fresh.keys.get(keyId) ?? null;
}

/** Which order a callback body is about. A refund callback also names its deposit: refundId first. */
export function callbackSubject(body: unknown): { direction: Direction; reference: string } | null {
  if (!body || typeof body !== "object") return null;
  const b = body as Record<string, unknown>;
  if (typeof b.refundId === "string") return { direction: "refund", reference: b.refundId };
  if (typeof b.payoutId === "string") return { direction: "payout", reference: b.payoutId };
  if (typeof b.depositId === "string") return { direction: "collect", reference: b.depositId };
  return null;
}

function freshnessProblem(parsed: ParsedSignature, headers: Headers, nowMs: number, maxAgeSeconds: number): string | null {
  const now = Math.floor(nowMs / 1000);
  if (parsed.created === null) return "the signature has no created time";
  if (parsed.created > now + FUTURE_SKEW_SECONDS) return "the signature is dated in the future";
  if (now - parsed.created > maxAgeSeconds) return "the signature is stale";
  if (parsed.expires !== null && now > parsed.expires) return "the signature has expired";
  const dateHeader = headers.get("signature-date");
  if (dateHeader !== null) {
    const at = /^\d+$/.test(dateHeader.trim()) ? Number(dateHeader.trim()) * 1000 : Date.parse(dateHeader);
    if (!Number.isFinite(at)) return "Signature-Date is unreadable";
    if (at > nowMs + FUTURE_SKEW_SECONDS * 1000) return "Signature-Date is in the future";
    if (nowMs - at > maxAgeSeconds * 1000) return "Signature-Date is stale";
  }
  return null;
}

export async function parsePawapayCallback(context: PawapayContext, callback: IncomingCallback): Promise<CallbackResult> {
  let body: unknown;
  try {
    body = JSON.parse(callback.rawBody);
  } catch {
    body = undefined;
  }
  const signed = callback.headers.has("signature") || callback.headers.has("signature-input");
  if (!signed) {
    if (context.account.settings.requireSignedCallbacks) return { kind: "rejected", why: "unsigned callback; this account requires signatures" };
    const subject = callbackSubject(body);
    if (!subject) return { kind: "ignored", why: "no depositId, payoutId or refundId in the body" };
    return { kind: "hint", direction: subject.direction, reference: subject.reference };
  }

  let parsed: ParsedSignature;
  try {
    parsed = parseSignatureHeaders(callback.headers);
  } catch (err) {
    return { kind: "rejected", why: err instanceof SignatureError ? err.message : "malformed signature" };
  }
  if (!parsed.components.includes("content-digest")) return { kind: "rejected", why: "the signature does not cover content-digest" };
  if (!verifyContentDigest(callback.headers.get("content-digest"), callback.rawBody)) return { kind: "rejected", why: "Content-Digest does not match the body" };
  const stale = freshnessProblem(parsed, callback.headers, context.now().getTime(), context.account.settings.callbackMaxAgeSeconds);
  if (stale) return { kind: "rejected", why: stale };
  if (!parsed.keyId) return { kind: "rejected", why: "the signature names no keyid" };

  let key: KeyObject | null;
  try {
    key = await keyFor(context, parsed.keyId);
  } catch (err) {
    // We could not read pawaPay's keys: not verified, so not applied. pawaPay resends; polling covers it.
    const why = err instanceof ConnectorNetworkError ? "pawaPay's public keys are unreachable" : `pawaPay's public keys are unreadable: ${(err as Error).message}`;
    return { kind: "rejected", why };
  }
  if (!key) return { kind: "rejected", why: "unknown keyid" };

  // pawaPay signed the URL it posted to: the one we registered (callbackUrl); behind a proxy the
  // URL we see may differ in host, so both are tried (both are ours).
  const urls = [...new Set([callback.url, publicUrlFor(context.callbackUrl, callback.url)])];
  const ok = urls.some((url) => verifyParsedSignature(parsed, { method: callback.method, url, headers: callback.headers }, key));
  if (!ok) return { kind: "rejected", why: "bad signature" };

  const subject = callbackSubject(body);
  if (!subject) return { kind: "ignored", why: "signed, but no depositId, payoutId or refundId in the body" };
  return { kind: "verified", direction: subject.direction, reference: subject.reference, outcome: toOutcome(body as Parameters<typeof toOutcome>[0]) };
}

function publicUrlFor(callbackUrl: string, seen: string): string {
  try {
    const pub = new URL(callbackUrl);
    const got = new URL(seen);
    return `${pub.origin}${got.pathname}${got.search}`;
  } catch {
    return seen;
  }
}
