import { createHash, createPrivateKey, createPublicKey, type KeyObject, sign as cryptoSign, verify as cryptoVerify, timingSafeEqual } from "node:crypto";

/**
 * The part of RFC 9421 (HTTP Message Signatures) and RFC 9530 (Content-Digest) pawaPay uses
 * (README.md), on node:crypto: no RFC 9421 library is installed here (see README).
 *
 * Kept deliberately small:
 * - Content-Digest: `sha-256` and `sha-512`; every known algorithm listed must match, at least
 *   one must be listed.
 * - Signature-Input / Signature: the RFC 8941 dictionary forms they use (inner list of strings
 *   with parameters; byte sequences). Component parameters (`;sf`, `;key`, `;req`…) are refused
 *   rather than half-supported.
 * - Components: `@method @authority @path @query @target-uri @scheme @request-target @status`
 *   and any header field by its lower-case name.
 * - Algorithms: `ecdsa-p256-sha256` (pawaPay's), `ecdsa-p384-sha384`, `ed25519`,
 *   `rsa-pss-sha512`, `rsa-v1_5-sha256`. ECDSA bytes are raw r‖s as RFC 9421 §3.3.4 says, or DER
 *   as node's createSign and pawaPay's own example give: signing takes either (`ecdsaEncoding`),
 *   verifying accepts both (README.md).
 * Checked against RFC 9421 B.2.4 and RFC 9530's own examples (tests/connectors/pawapay/signatures.test.ts).
 */

export type DigestAlgorithm = "sha-256" | "sha-512";

export function contentDigest(body: string | Buffer, algorithm: DigestAlgorithm = "sha-256"): string {
  const hash = createHash(algorithm === "sha-256" ? "sha256" : "sha512").update(body).digest("base64");
  return `${algorithm}=:${hash}:`;
}

/** True when the header names sha-256 and/or sha-512 and every one of them matches `body`. */
export function verifyContentDigest(header: string | null, body: string | Buffer): boolean {
  if (!header) return false;
  let dictionary: Map<string, SfMember>;
  try {
    dictionary = parseDictionary(header);
  } catch {
    return false;
  }
  let checked = 0;
  for (const [name, member] of dictionary) {
    if (name !== "sha-256" && name !== "sha-512") continue;
    if (member.kind !== "bytes") return false;
    const expected = createHash(name === "sha-256" ? "sha256" : "sha512").update(body).digest();
    if (expected.length !== member.bytes.length || !timingSafeEqual(expected, member.bytes)) return false;
    checked++;
  }
  return checked > 0;
}

// ── RFC 8941 structured fields (the subset Signature-Input and Signature use) ──────────────────

export type SfParam = { name: string; value: string | number | boolean; text: string };
export type SfMember =
  | { kind: "innerList"; items: { value: string; params: SfParam[]; text: string }[]; params: SfParam[] }
  | { kind: "bytes"; bytes: Buffer; params: SfParam[] }
  | { kind: "item"; value: string | number | boolean; params: SfParam[] };

/** Parses an RFC 8941 dictionary; throws on anything malformed. */
export function parseDictionary(input: string): Map<string, SfMember> {
  const out = new Map<string, SfMember>();
  let i = 0;
  const s = input;
  const skipSpaces = () => {
    while (i < s.length && (s[i] === " " || s[i] === "\t")) i++;
  };
  const key = (): string => {
    const m = /^[a-z*][a-z0-9_\-.*]*/.exec(s.slice(i));
    if (!m) throw new Error(`bad key at ${i}`);
    i += m[0].length;
    return m[0];
  };
  const bareItem = (): { value: string | number | boolean; text: string } => {
    const start = i;
    if (s[i] === '"') {
      i++;
      let value = "";
      while (i < s.length && s[i] !== '"') {
        if (s[i] === "\\") {
          i++;
          if (s[i] !== '"' && s[i] !== "\\") throw new Error("bad escape");
        }
        const c = s[i]!;
        if (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) > 0x7e) throw new Error("bad string character");
        value += c;
        i++;
      }
      if (s[i] !== '"') throw new Error("unterminated string");
      i++;
      return { value, text: s.slice(start, i) };
    }
    if (s[i] === "?") {
      const v = s[i + 1];
      if (v !== "0" && v !== "1") throw new Error("bad boolean");
      i += 2;
      return { value: v === "1", text: s.slice(start, i) };
    }
    const num = /^-?\d{1,15}(\.\d{1,3})?/.exec(s.slice(i));
    if (num) {
      i += num[0].length;
      return { value: Number(num[0]), text: num[0] };
    }
    const token = /^[A-Za-z*][A-Za-z0-9!#$%&'*+\-.^_`|~:/]*/.exec(s.slice(i));
    if (token) {
      i += token[0].length;
      return { value: token[0], text: token[0] };
    }
    throw new Error(`bad item at ${i}`);
  };
  const params = (): SfParam[] => {
    const list: SfParam[] = [];
    while (s[i] === ";") {
      const start = i;
      i++;
      skipSpaces();
      const name = key();
      let value: string | number | boolean = true;
      if (s[i] === "=") {
        i++;
        value = bareItem().value;
      }
      list.push({ name, value, text: s.slice(start, i) });
    }
    return list;
  };
  skipSpaces();
  while (i < s.length) {
    const name = key();
    let member: SfMember;
    if (s[i] !== "=") {
      member = { kind: "item", value: true, params: params() };
    } else {
      i++;
      if (s[i] === "(") {
        i++;
        const items: { value: string; params: SfParam[]; text: string }[] = [];
        for (;;) {
          skipSpaces();
          if (s[i] === ")") {
            i++;
            break;
          }
          if (i >= s.length) throw new Error("unterminated inner list");
          const start = i;
          const item = bareItem();
          if (typeof item.value !== "string" || s[start] !== '"') throw new Error("component identifiers are strings");
          const itemParams = params();
          items.push({ value: item.value, params: itemParams, text: s.slice(start, i) });
          if (s[i] !== " " && s[i] !== ")") throw new Error("bad inner list");
        }
        member = { kind: "innerList", items, params: params() };
      } else if (s[i] === ":") {
        const end = s.indexOf(":", i + 1);
        if (end < 0) throw new Error("unterminated byte sequence");
        const b64 = s.slice(i + 1, end);
        if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) throw new Error("bad base64");
        i = end + 1;
        member = { kind: "bytes", bytes: Buffer.from(b64, "base64"), params: params() };
      } else {
        const item = bareItem();
        member = { kind: "item", value: item.value, params: params() };
      }
    }
    out.set(name, member);
    skipSpaces();
    if (i >= s.length) break;
    if (s[i] !== ",") throw new Error(`expected , at ${i}`);
    i++;
    skipSpaces();
    if (i >= s.length) throw new Error("trailing comma");
  }
  return out;
}

// ── Signature base (RFC 9421 §2.5) ──────────────────────────────────────────────────────────────

/** A message as signed: a request (method + url) or a response (status). */
export type SignedMessage = { method?: string; url?: string; status?: number; headers: Headers };

export class SignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SignatureError";
  }
}

function componentValue(name: string, message: SignedMessage): string {
  if (name.startsWith("@")) {
    const url = message.url ? new URL(message.url) : null;
    switch (name) {
      case "@method":
        if (!message.method) break;
        return message.method.toUpperCase();
      case "@authority":
        if (!url) break;
        return url.host.toLowerCase(); // URL.host already drops a default port
      case "@path":
        if (!url) break;
        return url.pathname || "/";
      case "@query":
        if (!url) break;
        return url.search || "?";
      case "@target-uri":
        if (!url) break;
        return url.href;
      case "@scheme":
        if (!url) break;
        return url.protocol.replace(/:$/, "").toLowerCase();
      case "@request-target":
        if (!url) break;
        return `${url.pathname}${url.search}`;
      case "@status":
        if (message.status === undefined) break;
        return String(message.status);
    }
    throw new SignatureError(`component ${name} is not available`);
  }
  const value = message.headers.get(name);
  if (value === null) throw new SignatureError(`header ${name} is covered but absent`);
  return value.trim();
}

/** Serialises the `@signature-params` value: `("a" "b");created=…;keyid="…"`. */
export function serializeSignatureParams(components: string[], params: { name: string; value: string | number }[]): string {
  const list = components.map((c) => `"${c}"`).join(" ");
  const ps = params.map((p) => (typeof p.value === "number" ? `;${p.name}=${p.value}` : `;${p.name}="${p.value.replace(/[\\"]/g, (c) => `\\${c}`)}"`)).join("");
  return `(${list})${ps}`;
}

/** Builds the signature base from the covered components and the serialised parameters. */
export function signatureBase(components: string[], signatureParams: string, message: SignedMessage): string {
  const seen = new Set<string>();
  const lines = components.map((name) => {
    if (name !== name.toLowerCase()) throw new SignatureError(`component ${name} must be lower case`);
    if (seen.has(name)) throw new SignatureError(`component ${name} is listed twice`);
    seen.add(name);
    return `"${name}": ${componentValue(name, message)}`;
  });
  lines.push(`"@signature-params": ${signatureParams}`);
  return lines.join("\n");
}

// ── Algorithms ─────────────────────────────────────────────────────────────────────────────────

export const SIGNATURE_ALGORITHMS = ["ecdsa-p256-sha256", "ecdsa-p384-sha384", "ed25519", "rsa-pss-sha512", "rsa-v1_5-sha256"] as const;
export type SignatureAlgorithm = (typeof SIGNATURE_ALGORITHMS)[number];

function algorithmFor(key: KeyObject): SignatureAlgorithm | null {
  if (key.asymmetricKeyType === "ed25519") return "ed25519";
  if (key.asymmetricKeyType === "ec") {
    const curve = key.asymmetricKeyDetails?.namedCurve;
    if (curve === "prime256v1") return "ecdsa-p256-sha256";
    if (curve === "secp384r1") return "ecdsa-p384-sha384";
  }
  if (key.asymmetricKeyType === "rsa-pss") return "rsa-pss-sha512";
  return null;
}

function keyFits(algorithm: SignatureAlgorithm, key: KeyObject): boolean {
  switch (algorithm) {
    case "ecdsa-p256-sha256":
      return key.asymmetricKeyType === "ec" && key.asymmetricKeyDetails?.namedCurve === "prime256v1";
    case "ecdsa-p384-sha384":
      return key.asymmetricKeyType === "ec" && key.asymmetricKeyDetails?.namedCurve === "secp384r1";
    case "ed25519":
      return key.asymmetricKeyType === "ed25519";
    case "rsa-pss-sha512":
    case "rsa-v1_5-sha256":
      return key.asymmetricKeyType === "rsa" || key.asymmetricKeyType === "rsa-pss";
  }
}

export function verifyWithAlgorithm(algorithm: SignatureAlgorithm, key: KeyObject, data: Buffer, signature: Buffer): boolean {
  if (!keyFits(algorithm, key)) return false;
  try {
    switch (algorithm) {
      case "ecdsa-p256-sha256":
      case "ecdsa-p384-sha384": {
        const hash = algorithm === "ecdsa-p256-sha256" ? "sha256" : "sha384";
        const rawLength = algorithm === "ecdsa-p256-sha256" ? 64 : 96;
        // RFC 9421 says raw r‖s; a DER signature (what many libraries emit) is accepted as well.
        const dsaEncoding = signature.length === rawLength ? "ieee-p1363" : "der";
        return cryptoVerify(hash, data, { key, dsaEncoding }, signature);
      }
      case "ed25519":
        return cryptoVerify(null, data, key, signature);
      case "rsa-pss-sha512":
        return cryptoVerify("sha512", data, { key, padding: 6 /* RSA_PKCS1_PSS_PADDING */, saltLength: 64 }, signature);
      case "rsa-v1_5-sha256":
        return cryptoVerify("sha256", data, { key, padding: 1 /* RSA_PKCS1_PADDING */ }, signature);
    }
  } catch {
    return false;
  }
}

function signWithAlgorithm(algorithm: SignatureAlgorithm, key: KeyObject, data: Buffer, ecdsaEncoding: "raw" | "der"): Buffer {
  const dsaEncoding = ecdsaEncoding === "raw" ? "ieee-p1363" : "der";
  switch (algorithm) {
    case "ecdsa-p256-sha256":
      return cryptoSign("sha256", data, { key, dsaEncoding });
    case "ecdsa-p384-sha384":
      return cryptoSign("sha384", data, { key, dsaEncoding });
    case "ed25519":
      return cryptoSign(null, data, key);
    case "rsa-pss-sha512":
      return cryptoSign("sha512", data, { key, padding: 6, saltLength: 64 });
    case "rsa-v1_5-sha256":
      return cryptoSign("sha256", data, { key, padding: 1 });
  }
}

export function publicKeyFrom(pem: string | KeyObject): KeyObject {
  return typeof pem === "string" ? createPublicKey(pem) : pem;
}

// ── Signing and verifying a message ────────────────────────────────────────────────────────────

export type SignOptions = {
  label: string;
  components: string[];
  privateKey: string | KeyObject;
  keyId: string;
  algorithm?: SignatureAlgorithm;
  /** Seconds since the epoch. */
  created: number;
  expires?: number;
  /** ECDSA byte layout: `raw` r‖s (RFC 9421, the default) or `der`. */
  ecdsaEncoding?: "raw" | "der";
};

/** Signs `message` and returns the `Signature-Input` and `Signature` header values. */
export function signMessage(message: SignedMessage, options: SignOptions): { signatureInput: string; signature: string } {
  const key = typeof options.privateKey === "string" ? createPrivateKey(options.privateKey) : options.privateKey;
  const algorithm = options.algorithm ?? algorithmFor(key);
  if (!algorithm) throw new SignatureError("no RFC 9421 algorithm for this key type");
  const params: { name: string; value: string | number }[] = [{ name: "created", value: options.created }];
  if (options.expires !== undefined) params.push({ name: "expires", value: options.expires });
  params.push({ name: "keyid", value: options.keyId }, { name: "alg", value: algorithm });
  const serialized = serializeSignatureParams(options.components, params);
  const base = signatureBase(options.components, serialized, message);
  const signature = signWithAlgorithm(algorithm, key, Buffer.from(base, "utf8"), options.ecdsaEncoding ?? "raw");
  return { signatureInput: `${options.label}=${serialized}`, signature: `${options.label}=:${signature.toString("base64")}:` };
}

export type ParsedSignature = {
  label: string;
  components: string[];
  /** The serialised `@signature-params` value (canonical form). */
  signatureParams: string;
  keyId: string | null;
  algorithm: string | null;
  created: number | null;
  expires: number | null;
  signature: Buffer;
};

/**
 * Reads the `Signature-Input` and `Signature` headers: the member `label` if given, else the
 * first one. Throws SignatureError when absent or malformed.
 */
export function parseSignatureHeaders(headers: Headers, label?: string): ParsedSignature {
  const inputHeader = headers.get("signature-input");
  const signatureHeader = headers.get("signature");
  if (!inputHeader || !signatureHeader) throw new SignatureError("unsigned: Signature and Signature-Input are required");
  let inputs: Map<string, SfMember>;
  let signatures: Map<string, SfMember>;
  try {
    inputs = parseDictionary(inputHeader);
    signatures = parseDictionary(signatureHeader);
  } catch (err) {
    throw new SignatureError(`malformed signature headers: ${(err as Error).message}`);
  }
  const chosen = label ?? [...inputs.keys()][0];
  const input = chosen ? inputs.get(chosen) : undefined;
  const sig = chosen ? signatures.get(chosen) : undefined;
  if (!chosen || !input || input.kind !== "innerList") throw new SignatureError(`no Signature-Input for ${chosen ?? "any label"}`);
  if (!sig || sig.kind !== "bytes") throw new SignatureError(`no Signature for ${chosen}`);
  for (const item of input.items) if (item.params.length) throw new SignatureError(`component parameters are not supported (${item.text})`);
  const param = (name: string) => input.params.find((p) => p.name === name)?.value;
  const num = (v: unknown) => (typeof v === "number" && Number.isInteger(v) ? v : null);
  const str = (v: unknown) => (typeof v === "string" ? v : null);
  const itemsText = input.items.map((item) => item.text).join(" ");
  return {
    label: chosen,
    components: input.items.map((item) => item.value),
    signatureParams: `(${itemsText})${input.params.map((p) => p.text).join("")}`,
    keyId: str(param("keyid")),
    algorithm: str(param("alg")),
    created: num(param("created")),
    expires: num(param("expires")),
    signature: sig.bytes,
  };
}

/** Verifies a parsed signature over `message` with `key` (the `alg` parameter, else the key's type, decides). */
export function verifyParsedSignature(parsed: ParsedSignature, message: SignedMessage, key: KeyObject): boolean {
  const algorithm = (parsed.algorithm ?? algorithmFor(key)) as SignatureAlgorithm | null;
  if (!algorithm || !(SIGNATURE_ALGORITHMS as readonly string[]).includes(algorithm)) return false;
  let base: string;
  try {
    base = signatureBase(parsed.components, parsed.signatureParams, message);
  } catch {
    return false;
  }
  return verifyWithAlgorithm(algorithm, key, Buffer.from(base, "utf8"), parsed.signature);
}
