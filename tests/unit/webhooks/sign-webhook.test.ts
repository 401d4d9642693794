import { describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { signWebhook } from "@/lib/webhooks/sign-webhook";
import { generateWebhookSecret, isValidWebhookSecret } from "@/lib/webhooks/webhook-secret";

/** Our signatures against the official Standard Webhooks verifier (npm `standardwebhooks`). */
describe("Standard Webhooks signing", () => {
  const body = JSON.stringify({ id: "evt_1", type: "payment.success", createdAt: "2026-11-22T10:00:00.000Z", environment: "sandbox", data: { amount: 5000, note: "é ✓" } });

  it("generates whsec_ secrets of 24 random bytes", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(24);
    expect(generateWebhookSecret()).not.toBe(secret);
    expect(isValidWebhookSecret(secret)).toBe(true);
    expect(isValidWebhookSecret("whsec_short")).toBe(false);
    expect(isValidWebhookSecret("sk_" + secret)).toBe(false);
  });

  it("is accepted by the official verifier, which rejects a tampered body, id or timestamp", () => {
    const secret = generateWebhookSecret();
    const headers = signWebhook({ id: "evt_1", body, secrets: [secret] });
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const wh = new Webhook(secret);
    expect(wh.verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => wh.verify(body.replace("5000", "9000"), headers)).toThrow(/signature/i);
    expect(() => wh.verify(body, { ...headers, "webhook-id": "evt_2" })).toThrow(/signature/i);
    expect(() => wh.verify(body, { ...headers, "webhook-timestamp": String(Number(headers["webhook-timestamp"]) - 1) })).toThrow(/signature/i);
    expect(() => new Webhook(generateWebhookSecret()).verify(body, headers)).toThrow(/signature/i);
  });

  it("signs with both secrets during a rotation; each verifies alone", () => {
    const [current, previous] = [generateWebhookSecret(), generateWebhookSecret()];
    const headers = signWebhook({ id: "evt_1", body, secrets: [current, previous] });
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toBeTruthy();
    expect(new Webhook(previous).verify(body, headers)).toBeTruthy();
  });

  it("uses the given timestamp in seconds, which the verifier bounds to ±5 minutes", () => {
    const secret = generateWebhookSecret();
    const old = new Date(Date.now() - 10 * 60_000);
    const headers = signWebhook({ id: "evt_1", body, secrets: [secret], timestamp: old });
    expect(headers["webhook-timestamp"]).toBe(String(Math.floor(old.getTime() / 1000)));
    expect(() => new Webhook(secret).verify(body, headers)).toThrow(/too old/);
  });
});
