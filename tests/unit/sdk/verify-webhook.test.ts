import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { verifyWebhook } from "@/sdk/src/webhooks";

const secret = "whsec_iRTUFasu5R8LkG0oP9G3ulpBAE82cPgb9oL8KZzNBPo=";
const body = JSON.stringify({ id: "evt_01j9x7k2m3", type: "payment.success", createdAt: "2026-11-26T10:00:00.000Z", environment: "sandbox", data: { transactionId: "txn_01j9x7k2m3" } });

function signed(at = new Date()) {
  const signature = new Webhook(secret).sign("evt_01j9x7k2m3", at, body);
  return { "webhook-id": "evt_01j9x7k2m3", "webhook-timestamp": String(Math.floor(at.getTime() / 1000)), "webhook-signature": signature };
}

describe("verifyWebhook", () => {
  it("accepts a genuine delivery from Node headers, fetch Headers or mixed-case names", () => {
    expect(verifyWebhook(body, signed(), secret).type).toBe("payment.success");
    expect(verifyWebhook(Buffer.from(body), new Headers(signed()), secret).id).toBe("evt_01j9x7k2m3");
    const upper = Object.fromEntries(Object.entries(signed()).map(([k, v]) => [k.toUpperCase(), v]));
    expect(verifyWebhook(body, upper, secret).type).toBe("payment.success");
  });

  it("refuses a changed body, another secret, a missing header or a stale timestamp", () => {
    expect(() => verifyWebhook(body.replace("success", "failed"), signed(), secret)).toThrow();
    expect(() => verifyWebhook(body, signed(), "whsec_" + Buffer.alloc(32, 1).toString("base64"))).toThrow();
    const { "webhook-signature": _dropped, ...unsigned } = signed();
    expect(() => verifyWebhook(body, unsigned, secret)).toThrow();
    expect(() => verifyWebhook(body, signed(new Date(Date.now() - 10 * 60_000)), secret)).toThrow();
  });
});
