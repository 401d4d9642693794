import { createHash, type KeyObject, sign, verify } from "node:crypto";

/**
 * The simulator's own RFC 9421 code, written from lib/connectors/pawapay/README.md and the RFC rather than shared
 * with the connector, so a mistake in one is caught by the other (and both by the RFC's test
 * vectors in the tests). It signs callbacks the way pawaPay does and checks our signed requests.
 */
export const SIGNED_COMPONENTS = ["@method", "@authority", "@path", "signature-date", "content-digest", "content-type", "content-length"] as const;

export function digestHeader(body: string, algorithm: "sha-256" | "sha-512"): string {
  return `${algorithm}=:${createHash(algorithm.replace("-", "")).update(body, "utf8").digest("base64")}:`;
}

type Message = { method: string; authority: string; path: string; headers: Record<string, string> };

function base(components: readonly string[], params: string, message: Message): string {
  const value = (c: string) => {
    if (c === "@method") return message.method.toUpperCase();
    if (c === "@authority") return message.authority.toLowerCase();
    if (c === "@path") return message.path;
    const v = message.headers[c];
    if (v === undefined) throw new Error(`missing ${c}`);
    return v.trim();
  };
  return [...components.map((c) => `"${c}": ${value(c)}`), `"@signature-params": ${params}`].join("\n");
}

/**
 * How an ECDSA signature's bytes are laid out. RFC 9421 §3.3.4 says raw r‖s (64 bytes for P-256);
 * pawaPay's own Node example signs with `crypto.createSign`, which gives DER. Which one pawaPay
 * sends and accepts is unconfirmed (lib/connectors/pawapay/README.md), so each is a setting.
 */
export type EcdsaEncoding = "der" | "raw";

/** pawaPay-style signature headers for a callback (label `sig-pp`, ECDSA P-256, `encoding` bytes). */
export function signCallback(
  message: Message,
  key: { id: string; privateKey: KeyObject },
  created: number,
  encoding: EcdsaEncoding = "raw",
): { "signature-input": string; signature: string } {
  const params = `(${SIGNED_COMPONENTS.map((c) => `"${c}"`).join(" ")});alg="ecdsa-p256-sha256";keyid="${key.id}";created=${created};expires=${created + 60}`;
  const signature = sign("sha256", Buffer.from(base(SIGNED_COMPONENTS, params, message)), { key: key.privateKey, dsaEncoding: encoding === "raw" ? "ieee-p1363" : "der" });
  return { "signature-input": `sig-pp=${params}`, signature: `sig-pp=:${signature.toString("base64")}:` };
}

/**
 * Checks a signed financial request: Content-Digest over the body, every required component
 * covered, a valid ecdsa-p256-sha256 signature by one of the registered keys, in the byte layout
 * this verifier takes (`accepts`: DER, raw r‖s, or either). Returns null when good, else why not.
 */
export function checkSignedRequest(message: Message, body: string, keys: { id: string; key: KeyObject }[], accepts: EcdsaEncoding | "either" = "either"): string | null {
  const input = message.headers["signature-input"];
  const signatureHeader = message.headers.signature;
  const digest = message.headers["content-digest"];
  if (!input || !signatureHeader) return "Signature and Signature-Input headers are required";
  if (!digest) return "Content-Digest is required";
  const digests = digest.split(",").map((d) => d.trim());
  const known = digests.filter((d) => d.startsWith("sha-256=") || d.startsWith("sha-512="));
  if (!known.length || known.some((d) => d !== digestHeader(body, d.startsWith("sha-256") ? "sha-256" : "sha-512"))) return "Content-Digest does not match the body";
  const inputMatch = /^\s*([a-z0-9*_.-]+)=(\(([^)]*)\)(.*))$/.exec(input.split(/,(?=\s*[a-z0-9*_.-]+=\()/)[0] ?? "");
  if (!inputMatch) return "Signature-Input is malformed";
  const [, label, params, list, rest] = inputMatch as unknown as [string, string, string, string, string];
  const components = [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);
  const missing = SIGNED_COMPONENTS.filter((c) => !components.includes(c));
  if (missing.length) return `Signature-Input must cover ${missing.join(", ")}`;
  const keyId = /;keyid="([^"]*)"/.exec(rest)?.[1];
  const sigMatch = new RegExp(`(?:^|,)\\s*${label.replace(/[.*]/g, "\\$&")}=:([A-Za-z0-9+/=]+):`).exec(signatureHeader);
  if (!sigMatch) return `no Signature for ${label}`;
  let signatureBase: string;
  try {
    signatureBase = base(components, params.trim(), message);
  } catch (err) {
    return (err as Error).message;
  }
  const signature = Buffer.from(sigMatch[1]!, "base64");
  const layout: EcdsaEncoding = signature.length === 64 ? "raw" : "der";
  if (accepts !== "either" && layout !== accepts) return `the signature is not ${accepts === "raw" ? "raw r‖s (64 bytes)" : "DER-encoded"} ECDSA`;
  const candidates = keys.filter((k) => k.id === keyId).concat(keys.filter((k) => k.id !== keyId));
  const ok = candidates.some((k) => {
    try {
      return verify("sha256", Buffer.from(signatureBase), { key: k.key, dsaEncoding: layout === "raw" ? "ieee-p1363" : "der" }, signature);
    } catch {
      return false;
    }
  });
  return ok ? null : "the signature does not verify with the registered public key";
}
