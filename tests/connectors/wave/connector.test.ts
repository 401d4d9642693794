import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waveConnector } from "@/lib/connectors/wave";
import { parseWaveCallback } from "@/lib/connectors/wave/callbacks";
import { waveSignatureHeader } from "@/lib/connectors/wave/signature";
import { collectOrder, payoutOrder, ref, refundOfSession, startWave } from "./setup";

let w: Awaited<ReturnType<typeof startWave>>;
beforeAll(async () => {
  w = await startWave();
});
afterAll(() => w.close());

async function webhooksFor(reference: string) {
  await w.sim.admin.idle();
  return w.incoming().filter((c) => c.rawBody.includes(reference));
}

describe("Wave connector against its contract simulator", () => {
  it("collect: a checkout session → processing with the launch URL as a redirect; the customer pays → signed webhook verified → success", async () => {
    const order = collectOrder();
    const outcome = await waveConnector.collect(w.context, order);
    expect(outcome).toMatchObject({ status: "processing", operatorReference: expect.stringMatching(/^cos-/), nextAction: { type: "redirect", url: expect.stringContaining("/pay/cos-") } });
    const sessionId = (outcome as { operatorReference: string }).operatorReference;
    const sent = JSON.parse(w.sim.admin.requests({ method: "POST", path: "/v1/checkout/sessions" }).at(-1)!.body);
    expect(sent).toMatchObject({ amount: "1500", currency: "XOF", client_reference: order.reference, restrict_payer_mobile: "+221770000012" });
    expect(await waveConnector.status(w.context, ref("collect", order.reference, sessionId))).toMatchObject({ status: "processing" });

    w.sim.admin.pay(sessionId);
    const [hook] = await webhooksFor(order.reference);
    expect(hook).toBeDefined();
    expect(parseWaveCallback(w.context, hook!)).toMatchObject({ kind: "verified", direction: "collect", reference: order.reference, outcome: { status: "success", operatorReference: sessionId } });
    expect(await waveConnector.status(w.context, ref("collect", order.reference, sessionId))).toMatchObject({ status: "success" });
  });

  it("a failed attempt leaves the session open (processing); expiry → failed with the last error", async () => {
    const order = collectOrder();
    const outcome = await waveConnector.collect(w.context, order);
    const sessionId = (outcome as { operatorReference: string }).operatorReference;
    w.sim.admin.pay(sessionId, "insufficient-funds");
    const [hook] = await webhooksFor(order.reference);
    expect(parseWaveCallback(w.context, hook!)).toMatchObject({ kind: "verified", outcome: { status: "processing" } });
    w.sim.admin.advanceClock(31 * 60);
    expect(await waveConnector.status(w.context, ref("collect", order.reference, sessionId))).toMatchObject({ status: "failed", reason: "insufficient_funds" });
  });

  it("an abandoned session expires → failed expired", async () => {
    const order = collectOrder();
    const sessionId = ((await waveConnector.collect(w.context, order)) as { operatorReference: string }).operatorReference;
    w.sim.admin.advanceClock(31 * 60);
    expect(await waveConnector.status(w.context, ref("collect", order.reference, sessionId))).toMatchObject({ status: "failed", reason: "expired" });
  });

  it("a 500 after the session was created → pending; the search by client_reference finds it (never a second session)", async () => {
    w.sim.admin.fault("error_after_create", { on: "session" });
    const order = collectOrder();
    expect(await waveConnector.collect(w.context, order)).toMatchObject({ status: "pending" });
    expect(await waveConnector.status(w.context, ref("collect", order.reference))).toMatchObject({ status: "processing", operatorReference: expect.stringMatching(/^cos-/) });
    expect(w.sim.admin.sessions().filter((s) => s.client_reference === order.reference)).toHaveLength(1);
  });

  it("a 503 before anything → pending; the search finds nothing → not_found (the core may send it again under the same reference)", async () => {
    w.sim.admin.fault("unavailable", { on: "session" });
    const order = collectOrder();
    expect(await waveConnector.collect(w.context, order)).toMatchObject({ status: "pending" });
    expect(await waveConnector.status(w.context, ref("collect", order.reference))).toEqual({ status: "not_found" });
  });

  it("the simulator refuses what Wave refuses: http URLs, a number amount, a missing key", async () => {
    expect(await waveConnector.collect(w.context, collectOrder({ returnUrl: "http://insecure.example/ok" }))).toMatchObject({ status: "failed", reason: "invalid_request", raw: { code: "request-validation-error" } });
    const res = await fetch(`${w.sim.url}/v1/checkout/sessions`, { method: "POST", headers: { Authorization: `Bearer ${w.sim.admin.apiKey()}`, "Content-Type": "application/json" }, body: JSON.stringify({ amount: 1500, currency: "XOF", success_url: "https://a.b/c", error_url: "https://a.b/d" }) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("request-validation-error");
    const noKey = await fetch(`${w.sim.url}/v1/checkout/sessions/search?client_reference=x`);
    expect(noKey.status).toBe(401);
    const bad = { ...w.context, secrets: { ...w.context.secrets, API_KEY: "wave_sn_prod_nope" } };
    expect(await waveConnector.collect(bad, collectOrder())).toMatchObject({ status: "failed", reason: "configuration_error", raw: { code: "no-matching-api-key" } });
    expect(await waveConnector.checkHealth(bad)).toMatchObject({ ok: false });
    expect(await waveConnector.checkHealth(w.context)).toMatchObject({ ok: true });
  });

  it("refund: full only, repeat-safe; a partial refund is refused before any money call", async () => {
    const order = collectOrder({ amountMinor: 2000n });
    const sessionId = ((await waveConnector.collect(w.context, order)) as { operatorReference: string }).operatorReference;
    w.sim.admin.pay(sessionId);
    expect(await waveConnector.refund(w.context, refundOfSession(sessionId, 500n))).toMatchObject({ status: "failed", reason: "not_allowed" });
    expect(w.sim.admin.requests({ method: "POST", path: `/v1/checkout/sessions/${sessionId}/refund` })).toHaveLength(0);
    const full = refundOfSession(sessionId, 2000n);
    expect(await waveConnector.refund(w.context, full)).toMatchObject({ status: "success", operatorReference: sessionId });
    expect(await waveConnector.status(w.context, { ...ref("refund", full.reference, sessionId), id: full.refundId })).toMatchObject({ status: "success" });
  });

  it("payout: Idempotency-Key = our reference; a replay returns the same payout; another body with the key → duplicate", async () => {
    const order = payoutOrder({ destination: "+221770000055" });
    const first = await waveConnector.payout(w.context, order);
    expect(first).toMatchObject({ status: "success", operatorReference: expect.stringMatching(/^pt-/) });
    const sent = w.sim.admin.requests({ method: "POST", path: "/v1/payout" }).at(-1)!;
    expect(sent.headers["idempotency-key"]).toBe(order.reference);
    expect(JSON.parse(sent.body)).toMatchObject({ currency: "XOF", receive_amount: "5000", mobile: "+221770000055", client_reference: order.reference });
    const again = await waveConnector.payout(w.context, order);
    expect((again as { operatorReference: string }).operatorReference).toBe((first as { operatorReference: string }).operatorReference);
    expect(w.sim.admin.payouts().filter((p) => p.client_reference === order.reference)).toHaveLength(1);
    expect(await waveConnector.payout(w.context, { ...order, amountMinor: 6000n })).toEqual(expect.objectContaining({ status: "duplicate" }));
  });

  it("payout: processing then final by status; recipient scenarios; our float with the fee → merchant_balance_insufficient", async () => {
    w.sim.admin.configure({ payoutSettleAfterSeconds: 10 });
    const order = payoutOrder({ destination: "+221770000056" });
    const first = await waveConnector.payout(w.context, order);
    expect(first).toMatchObject({ status: "processing" });
    w.sim.admin.advanceClock(11);
    expect(await waveConnector.status(w.context, ref("payout", order.reference, (first as { operatorReference: string }).operatorReference))).toMatchObject({ status: "success" });
    w.sim.admin.configure({ payoutSettleAfterSeconds: 0 });

    w.sim.admin.setRecipient("+221770000057", "recipient-account-blocked");
    expect(await waveConnector.payout(w.context, payoutOrder({ destination: "+221770000057" }))).toMatchObject({ status: "failed", reason: "account_blocked" });
    const before = w.sim.admin.balance();
    w.sim.admin.setBalance(5000); // the fee does not fit
    expect(await waveConnector.payout(w.context, payoutOrder({ destination: "+221770000058" }))).toMatchObject({ status: "failed", reason: "merchant_balance_insufficient", raw: { status: "422", code: "insufficient-funds" } });
    w.sim.admin.setBalance(Number(before));
  });

  it("payout: 429 then a 500 after creating → pending; the search by client_reference finds the one payout", async () => {
    w.sim.admin.fault("rate_limited", { on: "payout" });
    const order = payoutOrder({ destination: "+221770000059" });
    expect(await waveConnector.payout(w.context, order)).toMatchObject({ status: "pending" });
    w.sim.admin.fault("error_after_create", { on: "payout" });
    expect(await waveConnector.payout(w.context, order)).toMatchObject({ status: "pending" });
    expect(await waveConnector.status(w.context, ref("payout", order.reference))).toMatchObject({ status: "success" });
    expect(w.sim.admin.payouts().filter((p) => p.client_reference === order.reference)).toHaveLength(1);
    expect(await waveConnector.status(w.context, ref("payout", "po_never_sent"))).toEqual({ status: "not_found" });
  });

  it("signed requests when the key demands them", async () => {
    const signing = await startWave({ sim: { requestSigningSecret: "sign-me" }, settings: { signRequests: "true" }, secrets: { SIGNING_SECRET: "sign-me" } });
    try {
      expect(await waveConnector.collect(signing.context, collectOrder())).toMatchObject({ status: "processing" });
      const unsigned = { ...signing.context, account: { ...signing.context.account, settings: { ...signing.context.account.settings, signRequests: false } } };
      expect(await waveConnector.collect(unsigned, collectOrder())).toMatchObject({ status: "failed", reason: "configuration_error", raw: { code: "invalid-signature" } });
    } finally {
      await signing.close();
    }
  });
});

describe("Wave webhooks: verified over the raw bytes, or rejected", () => {
  async function hookIn(mode: Parameters<typeof w.sim.admin.configure>[0]["webhookMode"]) {
    w.sim.admin.configure({ webhookMode: mode });
    const order = collectOrder();
    const sessionId = ((await waveConnector.collect(w.context, order)) as { operatorReference: string }).operatorReference;
    w.sim.admin.pay(sessionId);
    const hooks = await webhooksFor(order.reference);
    w.sim.admin.configure({ webhookMode: "signed" });
    return hooks;
  }

  it.each([
    ["stale", /old/],
    ["wrong_secret", /no v1 signature matches/],
  ] as const)("%s → rejected", async (mode, why) => {
    const [hook] = await hookIn(mode);
    expect(parseWaveCallback(w.context, hook!)).toMatchObject({ kind: "rejected", why: expect.stringMatching(why) });
  });

  it("tampered (body altered after signing) → rejected", async () => {
    w.sim.admin.configure({ webhookMode: "tampered" });
    const order = collectOrder();
    const sessionId = ((await waveConnector.collect(w.context, order)) as { operatorReference: string }).operatorReference;
    w.sim.admin.pay(sessionId);
    await w.sim.admin.idle();
    w.sim.admin.configure({ webhookMode: "signed" });
    const hook = w.incoming().find((c) => c.rawBody.includes(sessionId))!;
    expect(parseWaveCallback(w.context, hook)).toMatchObject({ kind: "rejected" });
  });

  it("two v1 during a secret rotation: either secret verifies", async () => {
    const old = w.sim.admin.config.webhookSecrets[0]!;
    w.sim.admin.configure({ webhookSecrets: [old, "the-new-secret"] });
    const [hook] = await hookIn("signed");
    w.sim.admin.configure({ webhookSecrets: [old] });
    expect(hook!.headers.get("wave-signature")!.match(/v1=/g)).toHaveLength(2);
    expect(parseWaveCallback(w.context, hook!)).toMatchObject({ kind: "verified" });
    expect(parseWaveCallback({ ...w.context, secrets: { ...w.context.secrets, WEBHOOK_SECRET: "the-new-secret" } }, hook!)).toMatchObject({ kind: "verified" });
  });

  it("duplicates are both verified (the core's transitions are conditional)", async () => {
    const hooks = await hookIn("duplicated");
    expect(hooks).toHaveLength(2);
    for (const h of hooks) expect(parseWaveCallback(w.context, h)).toMatchObject({ kind: "verified" });
  });

  it("shared-secret strategy: Authorization Bearer, compared in constant time", async () => {
    const [hook] = await hookIn("shared");
    const shared = { ...w.context, account: { ...w.context.account, settings: { ...w.context.account.settings, webhookStrategy: "shared" as const } } };
    expect(parseWaveCallback(shared, hook!)).toMatchObject({ kind: "verified" });
    expect(parseWaveCallback(w.context, hook!)).toMatchObject({ kind: "rejected" }); // signing expected, none given
    const forged = { ...hook!, headers: new Headers({ authorization: "Bearer guess" }) };
    expect(parseWaveCallback(shared, forged)).toMatchObject({ kind: "rejected" });
  });

  it("malformed or forged input never throws", () => {
    const t = Math.floor(w.context.now().getTime() / 1000);
    const body = JSON.stringify({ id: "AE_1", type: "merchant.payment_received", data: {} });
    const signed = (b: string, header = waveSignatureHeader([w.context.secrets.WEBHOOK_SECRET!], t, b)) => ({ method: "POST", url: "http://x/cb", headers: new Headers({ "wave-signature": header }), rawBody: b });
    expect(parseWaveCallback(w.context, signed(body))).toMatchObject({ kind: "ignored" });
    expect(parseWaveCallback(w.context, signed("not json"))).toMatchObject({ kind: "ignored" });
    expect(parseWaveCallback(w.context, signed(body, "t=abc,v1=zz"))).toMatchObject({ kind: "rejected" });
    expect(parseWaveCallback(w.context, signed(body, ""))).toMatchObject({ kind: "rejected" });
    expect(parseWaveCallback(w.context, { ...signed(body), method: "GET" })).toMatchObject({ kind: "rejected" });
    expect(parseWaveCallback(w.context, { ...signed(body), rawBody: undefined as unknown as string })).toMatchObject({ kind: "rejected" });
  });
});
