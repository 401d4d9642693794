import { describe, expect, it } from "vitest";
import { generateKeyPair, hashSecret, parseCredentials, secretMatches } from "@/lib/auth/api-keys";

describe("API key pairs", () => {
  it("generates prefixed pairs per environment and stores only a SHA-256 of the secret", () => {
    const test = generateKeyPair("sandbox");
    expect(test.publicKey).toMatch(/^pk_test_[A-Za-z0-9]{24}$/);
    expect(test.secretKey).toMatch(/^sk_test_[A-Za-z0-9]{40}$/);
    expect(test.secretHash).toBe(hashSecret(test.secretKey));
    expect(test.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(test.secretHint).not.toContain(test.secretKey.slice(8, -4));
    expect(generateKeyPair("production").publicKey).toMatch(/^pk_live_/);
    expect(generateKeyPair("sandbox").secretKey).not.toBe(test.secretKey);
  });

  it("matches only the right secret", () => {
    const pair = generateKeyPair("sandbox");
    expect(secretMatches(pair.secretKey, pair.secretHash)).toBe(true);
    expect(secretMatches(pair.secretKey + "x", pair.secretHash)).toBe(false);
    expect(secretMatches(pair.secretKey, "0".repeat(64))).toBe(false);
    expect(secretMatches(pair.secretKey, "short")).toBe(false);
  });
});

describe("parseCredentials", () => {
  const pair = generateKeyPair("sandbox");
  const joined = `${pair.publicKey}:${pair.secretKey}`;

  it("reads X-API-Key and Authorization: Bearer alike", () => {
    const a = parseCredentials(new Headers({ "X-API-Key": joined }));
    const b = parseCredentials(new Headers({ Authorization: `Bearer ${joined}` }));
    expect(a).toEqual({ ok: true, publicKey: pair.publicKey, secretKey: pair.secretKey, environment: "sandbox" });
    expect(b).toEqual(a);
  });

  it.each([
    ["missing", {}],
    ["no colon", { "X-API-Key": pair.publicKey }],
    ["secret only", { "X-API-Key": `:${pair.secretKey}` }],
    ["swapped", { "X-API-Key": `${pair.secretKey}:${pair.publicKey}` }],
    ["three parts", { "X-API-Key": `${joined}:x` }],
    ["basic scheme", { Authorization: `Basic ${joined}` }],
    ["mixed environments", { "X-API-Key": `${pair.publicKey}:${pair.secretKey.replace("sk_test_", "sk_live_")}` }],
    ["garbage", { "X-API-Key": "pk_test_!!:sk_test_??" }],
  ])("rejects %s credentials with a reason", (_, headers) => {
    const result = parseCredentials(new Headers(headers as Record<string, string>));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason.length).toBeGreaterThan(10);
  });
});
