import { describe, expect, it } from "vitest";
import type { CollectOrder, OrderRef } from "@/lib/connectors/connector";
import { orangeWebpayConnector } from "@/lib/connectors/orange-webpay";
import { MAX_NOTIF_URL_LENGTH, orderIdOf } from "@/lib/connectors/orange-webpay/client";
import { orangeWebpaySettingsSchema, type OrangeWebpaySettings } from "@/lib/connectors/orange-webpay/settings";
import { newId } from "@/lib/ids";
import { testConnectorContext } from "@/tests/helpers/connector-context";

/**
 * Remote tests against Orange's WebPay sandbox (`dev` path, currency OUV; README "Unconfirmed
 * until a sandbox run"), skipped unless ORANGE_REMOTE_CLIENT_ID, ORANGE_REMOTE_CLIENT_SECRET and
 * ORANGE_REMOTE_MERCHANT_KEY are set. They move no money (inits nobody pays). Each prints
 * Orange's raw answers for the README.
 */
const env = process.env;
const clientId = env.ORANGE_REMOTE_CLIENT_ID;

function context(callbackUrl = env.ORANGE_REMOTE_CALLBACK_URL ?? "https://example.com/api/v1/connectors/orange-dev/callback") {
  return testConnectorContext<OrangeWebpaySettings>({
    type: "orange-webpay",
    baseUrl: env.ORANGE_REMOTE_BASE_URL ?? "https://api.orange.com",
    settings: orangeWebpaySettingsSchema.parse({ countryPath: env.ORANGE_REMOTE_COUNTRY_PATH ?? "dev" }),
    secrets: { CLIENT_ID: clientId!, CLIENT_SECRET: env.ORANGE_REMOTE_CLIENT_SECRET ?? "", MERCHANT_KEY: env.ORANGE_REMOTE_MERCHANT_KEY ?? "" },
    callbackUrl,
    totalTimeoutMs: 30_000,
  });
}
const order = (reference = newId("txn")): CollectOrder => ({ transactionId: reference.replace(/-\d+$/, ""), reference, provider: "orange", country: "SN", currency: "XOF", amountMinor: 100n, phone: null, returnUrl: "https://example.com/ok", cancelUrl: "https://example.com/no" });
const ref = (o: CollectOrder, payToken: string | null): OrderRef => ({ direction: "collect", id: o.transactionId, reference: o.reference, operatorReference: payToken, provider: "orange", country: "SN", currency: "XOF", submittedAt: new Date(), destination: null, amountMinor: o.amountMinor });
const raw = (c: ReturnType<typeof context>) => c.calls.filter((x) => !x.request.url.includes("oauth")).map((x) => `${x.request.method} ${x.request.url} → ${x.response?.status ?? x.error?.message} ${x.response?.text ?? ""}`);

describe.skipIf(!clientId)("Orange WebPay sandbox (remote)", () => {
  it("a token; an init (201, three tokens); its status INITIATED (and the HTTP code of transactionstatus)", async () => {
    const c = context();
    expect(await orangeWebpayConnector.checkHealth(c)).toMatchObject({ ok: true });
    const o = order();
    const init = await orangeWebpayConnector.collect(c, o);
    expect(init).toMatchObject({ status: "processing", nextAction: { type: "redirect" } });
    expect(await orangeWebpayConnector.status(c, ref(o, (init as { operatorReference: string }).operatorReference))).toMatchObject({ status: "processing" });
    console.info(raw(c).join("\n"));
  });

  it("an order_id is refused the second time, although the first answer was 'lost' (we ignore it); the next attempt's order_id goes through", async () => {
    const c = context();
    const first = order();
    await orangeWebpayConnector.collect(c, first); // as if its answer never reached us
    const reused = await orangeWebpayConnector.collect(c, first);
    expect(reused.status).toBe("failed");
    const next = order(`${first.reference}-2`);
    expect(await orangeWebpayConnector.collect(c, next)).toMatchObject({ status: "processing" });
    console.info(`reused order_id ${orderIdOf(first.reference)}:\n${raw(c).join("\n")}`);
  });

  it("notif_url: 120 characters are taken; which length is refused first", async () => {
    const lengths: Record<number, number | string> = {};
    for (const target of [MAX_NOTIF_URL_LENGTH, MAX_NOTIF_URL_LENGTH + 1, 150]) {
      const o = order();
      const suffix = `?o=${orderIdOf(o.reference)}&t=${"x".repeat(16)}`;
      const base = "https://example.com/cb/";
      const callbackUrl = `${base}${"a".repeat(Math.max(1, target - base.length - suffix.length))}`;
      // Sent as is, bypassing our own guard, to learn Orange's limit.
      const c = context(callbackUrl);
      const body = { merchant_key: c.secrets.MERCHANT_KEY, currency: "OUV", order_id: orderIdOf(o.reference), amount: 100, return_url: o.returnUrl, cancel_url: o.cancelUrl, notif_url: `${callbackUrl}${suffix}`, lang: "fr", reference: "Remote" };
      const token = await c.tokens.get("remote", async () => {
        const r = await c.http({ operation: "token", method: "POST", url: "/oauth/v3/token", headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${env.ORANGE_REMOTE_CLIENT_SECRET}`).toString("base64")}`, "Content-Type": "application/x-www-form-urlencoded" }, body: "grant_type=client_credentials" });
        const j = JSON.parse(r.text);
        return { token: j.access_token, expiresInSeconds: Number(j.expires_in) };
      });
      const r = await c.http({ operation: "remote.init", method: "POST", url: `/orange-money-webpay/${env.ORANGE_REMOTE_COUNTRY_PATH ?? "dev"}/v1/webpayment`, headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" }, body: JSON.stringify(body) });
      lengths[body.notif_url.length] = `${r.status} ${r.text.slice(0, 200)}`;
    }
    console.info("notif_url length → Orange's answer", lengths);
    expect(String(lengths[MAX_NOTIF_URL_LENGTH])).toMatch(/^201/);
  });
});
