import { describe, expect, it } from "vitest";
import type { OrderRef } from "@/lib/connectors/connector";
import { waveConnector } from "@/lib/connectors/wave";
import { waveSettingsSchema, type WaveSettings } from "@/lib/connectors/wave/settings";
import { newId } from "@/lib/ids";
import { testConnectorContext } from "@/tests/helpers/connector-context";

/**
 * Remote tests against Wave's real API (README "Unconfirmed until a sandbox run"). Wave has no
 * sandbox: these run with a real key on a real wallet, skipped unless WAVE_REMOTE_API_KEY is set.
 * Without WAVE_REMOTE_SPEND=true they move no money (health, search, a session created and
 * expired unpaid). With it they spend small amounts: a payout of WAVE_REMOTE_AMOUNT (100 XOF) to
 * WAVE_REMOTE_PAYOUT_MOBILE, and a full refund of WAVE_REMOTE_PAID_SESSION_ID (a session a person
 * paid beforehand). Each prints Wave's raw answers for the README.
 */
const env = process.env;
const apiKey = env.WAVE_REMOTE_API_KEY;
const spend = env.WAVE_REMOTE_SPEND === "true";
const amount = BigInt(env.WAVE_REMOTE_AMOUNT ?? "100");

function context() {
  return testConnectorContext<WaveSettings>({
    type: "wave",
    baseUrl: env.WAVE_REMOTE_BASE_URL ?? "https://api.wave.com",
    settings: waveSettingsSchema.parse({}),
    secrets: { API_KEY: apiKey!, WEBHOOK_SECRET: env.WAVE_REMOTE_WEBHOOK_SECRET ?? "unused" },
    totalTimeoutMs: 30_000,
  });
}
const ref = (direction: OrderRef["direction"], reference: string, operatorReference: string | null = null): OrderRef => ({ direction, id: reference, reference, operatorReference, provider: "wave", country: "SN", currency: "XOF", submittedAt: new Date(), destination: null });
const raw = (c: ReturnType<typeof context>) => c.calls.map((x) => `${x.request.method} ${x.request.url} → ${x.response?.status ?? x.error?.message} ${x.response?.text ?? ""}`);

describe.skipIf(!apiKey)("Wave (remote, real API)", () => {
  it("authenticates; a search for a reference Wave never saw answers an empty list (the search body's shape)", async () => {
    const c = context();
    expect(await waveConnector.checkHealth(c)).toMatchObject({ ok: true });
    expect(await waveConnector.status(c, ref("collect", newId("txn")))).toEqual({ status: "not_found" });
    expect(await waveConnector.status(c, ref("payout", newId("po")))).toEqual({ status: "not_found" });
    console.info(raw(c).join("\n"));
  });

  it("a session: created (amount string format, fields), read, expired unpaid — no money moves", async () => {
    const c = context();
    const order = { transactionId: newId("txn"), reference: "", provider: "wave", country: "SN", currency: "XOF", amountMinor: amount, phone: null, returnUrl: env.WAVE_REMOTE_RETURN_URL ?? "https://example.com/ok", cancelUrl: env.WAVE_REMOTE_RETURN_URL ?? "https://example.com/no" };
    order.reference = order.transactionId;
    const created = await waveConnector.collect(c, order);
    expect(created).toMatchObject({ status: "processing", operatorReference: expect.stringMatching(/^cos-/) });
    const sessionId = (created as { operatorReference: string }).operatorReference;
    expect(await waveConnector.status(c, ref("collect", order.reference))).toMatchObject({ status: "processing", operatorReference: sessionId }); // found by the search
    const expired = await c.http({ operation: "remote.expire", method: "POST", url: `/v1/checkout/sessions/${sessionId}/expire`, headers: { Authorization: `Bearer ${apiKey}` } });
    expect(expired.status).toBe(200);
    expect(await waveConnector.status(c, ref("collect", order.reference, sessionId))).toMatchObject({ status: "failed", reason: "expired" });
    console.info(raw(c).join("\n"));
  });

  it.skipIf(!spend || !env.WAVE_REMOTE_PAYOUT_MOBILE)("payout: the Idempotency-Key replay returns the same payout; another body under it → 409; the answer states receive_amount", async () => {
    const c = context();
    const payoutId = newId("po");
    const order = { payoutId, reference: payoutId, method: "mobile_money" as const, provider: "wave", country: "SN", currency: "XOF", amountMinor: amount, destination: env.WAVE_REMOTE_PAYOUT_MOBILE!, recipientName: null };
    const first = await waveConnector.payout(c, order);
    expect(["processing", "success"]).toContain(first.status);
    const again = await waveConnector.payout(c, order);
    expect((again as { operatorReference?: string }).operatorReference).toBe((first as { operatorReference?: string }).operatorReference);
    expect(await waveConnector.payout(c, { ...order, amountMinor: amount + 1n })).toMatchObject({ status: "duplicate" });
    console.info(raw(c).join("\n"));
  });

  it.skipIf(!spend || !env.WAVE_REMOTE_PAID_SESSION_ID)("refund of a paid session: the answer's body, then a repeat (200 again or refused?) — never a failure from the status check", async () => {
    const c = context();
    const sessionId = env.WAVE_REMOTE_PAID_SESSION_ID!;
    const session = JSON.parse((await c.http({ operation: "remote.session", method: "GET", url: `/v1/checkout/sessions/${sessionId}`, headers: { Authorization: `Bearer ${apiKey}` } })).text);
    const refundId = newId("rf");
    const minor = BigInt(session.amount);
    const first = await waveConnector.refund(c, { refundId, reference: refundId, transactionId: "txn_remote", collectReference: session.client_reference ?? "", collectOperatorReference: sessionId, provider: "wave", country: "SN", currency: "XOF", amountMinor: minor, collectAmountMinor: minor, phone: null });
    expect(first).toMatchObject({ status: "success" });
    const repeat = await waveConnector.status(c, { ...ref("refund", refundId), id: refundId, amountMinor: minor, collect: { id: "txn_remote", reference: session.client_reference ?? "", operatorReference: sessionId, amountMinor: minor } });
    expect(repeat.status).not.toBe("failed");
    const after = await c.http({ operation: "remote.session", method: "GET", url: `/v1/checkout/sessions/${sessionId}`, headers: { Authorization: `Bearer ${apiKey}` } });
    console.info(`refund answers and the session afterwards (does it show the refund?):\n${raw(c).join("\n")}\n${after.text}`);
  });
});
