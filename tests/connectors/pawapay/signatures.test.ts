import { createPublicKey, generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  contentDigest,
  parseDictionary,
  parseSignatureHeaders,
  signatureBase,
  signMessage,
  verifyContentDigest,
  verifyParsedSignature,
} from "@/lib/connectors/pawapay/signatures";
import { checkSignedRequest, signCallback, SIGNED_COMPONENTS } from "@/simulators/pawapay/http-signatures";

// RFC 9421 B.1.3 test-key-ecc-p256 (public part) and the B.2.4 response it signed.
const RFC_P256_PUBLIC = `-----BEGIN PUBLIC KEY-----
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEqIVYZVLCrPZHGHjP17CTW0/+D9Lf
w0EkjqF7xB4FivAxzic30tMM4GF+hR6Dxh71Z50VGGdldkkDXZCnTNnoXQ==
-----END PUBLIC KEY-----`;
const B24_DIGEST = "sha-512=:mEWXIS7MaLRuGgxOBdODa3xqM1XdEvxoYhvlCFJ41QJgJc4GTsPp29l5oGX69wWdXymyU0rjJuahq4l5aGgfLQ==:";
const B24_HEADERS = () =>
  new Headers({
    "content-type": "application/json",
    "content-digest": B24_DIGEST,
    "content-length": "23",
    "signature-input": 'sig-b24=("@status" "content-type" "content-digest" "content-length");created=1618884473;keyid="test-key-ecc-p256"',
    signature: "sig-b24=:wNmSUAhwb5LxtOtOpNa6W5xj067m5hFrj0XQ4fvpaCLx0NKocgPquLgyahnzDnDAUy5eCdlYUEkLIj+32oiasw==:",
  });

describe("Content-Digest (RFC 9530)", () => {
  it("matches the RFC's examples for sha-256 and sha-512", () => {
    expect(contentDigest('{"hello": "world"}', "sha-256")).toBe("sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:");
    expect(contentDigest('{"hello": "world"}', "sha-512")).toBe("sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:");
    expect(verifyContentDigest(B24_DIGEST, '{"message": "good dog"}')).toBe(true);
  });

  it("refuses a changed body, an unknown-only algorithm, a missing or malformed header", () => {
    expect(verifyContentDigest(B24_DIGEST, '{"message": "bad dog"}')).toBe(false);
    expect(verifyContentDigest("md5=:AAAA:", "x")).toBe(false);
    expect(verifyContentDigest(null, "x")).toBe(false);
    expect(verifyContentDigest("sha-256=notbytes", "x")).toBe(false);
    // Every listed known algorithm must match, not just one.
    expect(verifyContentDigest(`${contentDigest("x", "sha-256")}, sha-512=:AAAA:`, "x")).toBe(false);
  });
});

describe("RFC 9421 signatures", () => {
  it("rebuilds B.2.4's signature base and verifies the RFC's own ecdsa-p256-sha256 signature", () => {
    const headers = B24_HEADERS();
    const parsed = parseSignatureHeaders(headers);
    expect(parsed).toMatchObject({ label: "sig-b24", keyId: "test-key-ecc-p256", created: 1618884473, components: ["@status", "content-type", "content-digest", "content-length"] });
    expect(signatureBase(parsed.components, parsed.signatureParams, { status: 200, headers })).toBe(
      [
        '"@status": 200',
        '"content-type": application/json',
        `"content-digest": ${B24_DIGEST}`,
        '"content-length": 23',
        '"@signature-params": ("@status" "content-type" "content-digest" "content-length");created=1618884473;keyid="test-key-ecc-p256"',
      ].join("\n"),
    );
    expect(verifyParsedSignature(parsed, { status: 200, headers }, createPublicKey(RFC_P256_PUBLIC))).toBe(true);
  });

  it("fails B.2.4 when a covered header changes or another key is used", () => {
    const headers = B24_HEADERS();
    headers.set("content-length", "24");
    expect(verifyParsedSignature(parseSignatureHeaders(headers), { status: 200, headers }, createPublicKey(RFC_P256_PUBLIC))).toBe(false);
    const other = generateKeyPairSync("ec", { namedCurve: "prime256v1" }).publicKey;
    expect(verifyParsedSignature(parseSignatureHeaders(B24_HEADERS()), { status: 200, headers: B24_HEADERS() }, other)).toBe(false);
  });

  it("parses structured-field dictionaries and refuses malformed ones", () => {
    const d = parseDictionary('a=("@method" "x");created=1;keyid="k\\"q", b=:AQID:, c');
    expect(d.get("a")).toMatchObject({ kind: "innerList", items: [{ value: "@method" }, { value: "x" }] });
    expect(d.get("a")!.params.map((p) => p.value)).toEqual([1, 'k"q']);
    expect(d.get("b")).toMatchObject({ kind: "bytes" });
    expect(d.get("c")).toMatchObject({ kind: "item", value: true });
    for (const bad of ['a=("x"', "A=1", "a=:%%:", "a=1,", 'a=("x" "y"']) expect(() => parseDictionary(bad)).toThrow();
  });

  it("refuses component parameters (;sf, ;key…) rather than half-supporting them", () => {
    const headers = new Headers({ "signature-input": 'sig=("content-digest";sf);created=1', signature: "sig=:AAAA:" });
    expect(() => parseSignatureHeaders(headers)).toThrow(/component parameters/);
  });

  it("signs with ECDSA P-256 in raw r‖s form, verifiable by node:crypto and by this module", () => {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
    const headers = new Headers({ "content-type": "application/json", "content-digest": contentDigest("{}"), "content-length": "2", "signature-date": "2026-11-23T10:00:00.000Z" });
    const message = { method: "POST", url: "https://api.pawapay.io/v2/deposits", headers };
    const { signatureInput, signature } = signMessage(message, { label: "sig-pp", components: [...SIGNED_COMPONENTS], privateKey, keyId: "k1", created: 1_700_000_000, expires: 1_700_000_060 });
    expect(signatureInput).toBe(
      'sig-pp=("@method" "@authority" "@path" "signature-date" "content-digest" "content-type" "content-length");created=1700000000;expires=1700000060;keyid="k1";alg="ecdsa-p256-sha256"',
    );
    headers.set("signature-input", signatureInput);
    headers.set("signature", signature);
    const parsed = parseSignatureHeaders(headers);
    expect(parsed.signature.length).toBe(64);
    expect(verifyParsedSignature(parsed, message, publicKey)).toBe(true);
    expect(verifyParsedSignature(parsed, { ...message, url: "https://api.pawapay.io/v2/payouts" }, publicKey)).toBe(false);
  });
});

describe("the connector's and the simulator's RFC 9421 code agree (two implementations)", () => {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const body = '{"depositId":"x","status":"COMPLETED"}';
  const baseHeaders = () => ({
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(body)),
    "content-digest": contentDigest(body, "sha-512"),
    "signature-date": "2026-11-23T10:00:00.000Z",
  });

  it("a callback the simulator signs verifies with the connector's verifier", () => {
    const headers: Record<string, string> = baseHeaders();
    Object.assign(headers, signCallback({ method: "POST", authority: "127.0.0.1:4000", path: "/cb", headers }, { id: "k", privateKey }, 1_700_000_000));
    const h = new Headers(headers);
    const parsed = parseSignatureHeaders(h);
    expect(verifyParsedSignature(parsed, { method: "POST", url: "http://127.0.0.1:4000/cb", headers: h }, publicKey)).toBe(true);
    expect(verifyParsedSignature(parsed, { method: "POST", url: "http://127.0.0.1:4001/cb", headers: h }, publicKey)).toBe(false);
  });

  it("a request the connector signs passes the simulator's check; a changed body does not", () => {
    const headers: Record<string, string> = baseHeaders();
    const signed = signMessage(
      { method: "POST", url: "http://127.0.0.1:4000/v2/deposits", headers: new Headers(headers) },
      { label: "sig-pp", components: [...SIGNED_COMPONENTS], privateKey, keyId: "ours", created: 1_700_000_000 },
    );
    const all = { ...headers, "signature-input": signed.signatureInput, signature: signed.signature };
    const keys = [{ id: "ours", key: publicKey }];
    expect(checkSignedRequest({ method: "POST", authority: "127.0.0.1:4000", path: "/v2/deposits", headers: all }, body, keys)).toBeNull();
    expect(checkSignedRequest({ method: "POST", authority: "127.0.0.1:4000", path: "/v2/deposits", headers: all }, body.replace("x", "y"), keys)).toMatch(/Content-Digest/);
    expect(checkSignedRequest({ method: "POST", authority: "127.0.0.1:4000", path: "/v2/payouts", headers: all }, body, keys)).toMatch(/does not verify/);
  });
});
