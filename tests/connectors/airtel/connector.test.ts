import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { IncomingCallback, OrderRef } from "@/lib/connectors/connector";
import { airtelConnector, airtelSettingsSchema, type AirtelSettings } from "@/lib/connectors/airtel";
import { callbackHash } from "@/lib/connectors/airtel/callbacks";
import { airtelSimulatorSecrets, startAirtelSimulator, type AirtelSimulator, type AirtelSimulatorOptions } from "@/simulators/airtel";
import { testConnectorContext } from "../../helpers/connector-context";
import { connectorOrders } from "../../helpers/connector-orders";

/** The Airtel connector against its contract simulator over real HTTP (no database). */
let sim: AirtelSimulator;
let receiver: http.Server;
let receiverUrl: string;
const received: IncomingCallback[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ method: req.method!, url: `${receiverUrl}${req.url}`, headers: new Headers(), rawBody: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200).end("{}");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => receiver.close(() => r())));
afterEach(async () => {
  await sim?.close();
  received.length = 0;
});

async function setup(options: AirtelSimulatorOptions = {}, settings: Record<string, unknown> = {}, secrets: Record<string, string> = {}) {
  sim = await startAirtelSimulator({ callbackUrl: `${receiverUrl}/cb`, ...options });
  return testConnectorContext<AirtelSettings>({
    type: "airtel",
    baseUrl: sim.url,
    settings: airtelSettingsSchema.parse({ country: "GA", currency: "XAF", ...settings }),
    secrets: { ...airtelSimulatorSecrets(sim), ...secrets },
  });
}

let n = 0;
const { collectOrder, payoutOrder } = connectorOrders({
  provider: "airtel",
  country: "GA",
  currency: "XAF",
  phone: null,
  collectAmount: 5_000n,
  payoutAmount: 2_000n,
  id: (prefix) => `${prefix}_airtel${++n}`,
});
const ref = (direction: "collect" | "payout", reference: string): OrderRef => ({ direction, id: reference, reference, operatorReference: null, provider: "airtel", country: "GA", currency: "XAF", submittedAt: new Date(), destination: null });

describe("Airtel collection", () => {
  it("push → processing (DP00800001006); enquiry TIP → processing; TS → success; the callback is a hint", async () => {
    const ctx = await setup();
    const order = collectOrder({ phone: "+24174000001" });
    expect(await airtelConnector.collect(ctx, order)).toMatchObject({ status: "processing", raw: { code: "DP00800001006" } });
    const req = sim.admin.requests({ path: "/merchant/v1/payments/" })[0]!;
    expect(req.headers).toMatchObject({ "x-country": "GA", "x-currency": "XAF" });
    expect(JSON.parse(req.body)).toMatchObject({ subscriber: { country: "GA", currency: "XAF", msisdn: "74000001" }, transaction: { amount: 5000, id: order.reference } });
    expect(await airtelConnector.status(ctx, ref("collect", order.reference))).toMatchObject({ status: "processing" });
    sim.admin.advanceClock(3);
    await sim.admin.idle();
    expect(await airtelConnector.status(ctx, ref("collect", order.reference))).toMatchObject({ status: "success", operatorReference: expect.stringMatching(/^MP/) });
    expect(await airtelConnector.parseCallback(ctx, received[0]!)).toEqual({ kind: "hint", direction: null, reference: order.reference });
  });

  it.each([
    ["74001002", "declined"],
    ["74001007", "insufficient_funds"],
    ["74001024", "expired"],
  ])("payer %s → failed %s", async (msisdn, reason) => {
    const ctx = await setup();
    const order = collectOrder({ phone: `+241${msisdn}` });
    await airtelConnector.collect(ctx, order);
    sim.admin.advanceClock(3);
    expect(await airtelConnector.status(ctx, ref("collect", order.reference))).toMatchObject({ status: "failed", reason });
  });

  it("a TA episode is processing, ambiguous, then the final answer", async () => {
    const ctx = await setup();
    const order = collectOrder({ phone: "+24174000777" });
    await airtelConnector.collect(ctx, order);
    sim.admin.configure({ settleAfterSeconds: 2 });
    sim.admin.advanceClock(2);
    const t = sim.admin.transactions()[0]!;
    expect(t.status).toBe("TS"); // advanceClock ran the TA episode then its end
    expect(await airtelConnector.status(ctx, ref("collect", order.reference))).toMatchObject({ status: "success" });
  });

  it("a reused transaction id → duplicate; an unknown one on enquiry → not_found", async () => {
    const ctx = await setup();
    const order = collectOrder({ phone: "+24174000001" });
    await airtelConnector.collect(ctx, order);
    expect(await airtelConnector.collect(ctx, order)).toMatchObject({ status: "duplicate" });
    expect(await airtelConnector.status(ctx, ref("collect", "txn_never_sent"))).toMatchObject({ status: "not_found" });
  });

  it("408 after commit → processing, ambiguous; the enquiry finds it; 503 before commit → pending, nothing recorded", async () => {
    const ctx = await setup();
    sim.admin.fault("timeout_after_commit", "payment");
    const order = collectOrder({ phone: "+24174000001" });
    expect(await airtelConnector.collect(ctx, order)).toMatchObject({ status: "processing", ambiguous: true });
    expect(sim.admin.transactions()).toHaveLength(1);
    sim.admin.fault("unavailable", "payment");
    expect(await airtelConnector.collect(ctx, collectOrder({ phone: "+24174000001" }))).toMatchObject({ status: "pending" });
    expect(sim.admin.transactions()).toHaveLength(1);
  });

  it("tokens last 180 s: the expired one is refreshed once; refusals before sending", async () => {
    const ctx = await setup();
    await airtelConnector.collect(ctx, collectOrder({ phone: "+24174000001" }));
    sim.admin.advanceClock(200);
    expect((await airtelConnector.collect(ctx, collectOrder({ phone: "+24174000001" }))).status).toBe("processing");
    expect(sim.admin.requests().filter((r) => r.path !== "/auth/oauth2/token").map((r) => r.answer)).toEqual([200, 401, 200]);
    expect(await airtelConnector.collect(ctx, collectOrder({ phone: "+22177000000" }))).toMatchObject({ status: "failed", reason: "invalid_request", destinationRelated: true });
    expect(await airtelConnector.collect(ctx, collectOrder({ phone: "+24174000001", currency: "XOF" }))).toMatchObject({ status: "failed", reason: "invalid_request" });
  });

  it("the simulator insists on X-Country / X-Currency and national numbers", async () => {
    await setup();
    const token = await (await fetch(`${sim.url}/auth/oauth2/token`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client_id: "sim-airtel-client", client_secret: "sim-airtel-secret", grant_type: "client_credentials" }) })).json();
    expect(token).toMatchObject({ expires_in: "180", token_type: "bearer" });
    const post = (headers: Record<string, string>, msisdn: string) =>
      fetch(`${sim.url}/merchant/v1/payments/`, { method: "POST", headers: { authorization: `Bearer ${token.access_token}`, "content-type": "application/json", ...headers }, body: JSON.stringify({ reference: "r", subscriber: { country: "GA", currency: "XAF", msisdn }, transaction: { amount: 100, country: "GA", currency: "XAF", id: `x${++n}` } }) });
    expect(await (await post({}, "74000001")).json()).toMatchObject({ status: { result_code: "ESB000008", success: false } });
    expect((await post({ "x-country": "GA", "x-currency": "XAF" }, "24174000001")).status).toBe(400); // with the country code
    expect((await post({ "x-country": "GA", "x-currency": "XAF" }, "74000001")).status).toBe(200);
  });

  it("refund by airtel_money_id → success; a second one is refused", async () => {
    const ctx = await setup();
    const order = collectOrder({ phone: "+24174000001" });
    await airtelConnector.collect(ctx, order);
    sim.admin.advanceClock(3);
    const paid = (await airtelConnector.status(ctx, ref("collect", order.reference))) as { operatorReference: string };
    const refund = { refundId: "rf_1", reference: "rf_1", transactionId: order.transactionId, collectReference: order.reference, collectOperatorReference: paid.operatorReference, provider: "airtel", country: "GA", currency: "XAF", amountMinor: 5_000n, collectAmountMinor: 5_000n, phone: order.phone };
    // Airtel's refund repays the whole transaction: a partial one is refused before any call.
    const before = sim.admin.requests({ path: "/standard/v2/payments/refund" }).length;
    expect(await airtelConnector.refund(ctx, { ...refund, amountMinor: 2_000n })).toMatchObject({ status: "failed", reason: "not_allowed" });
    expect(sim.admin.requests({ path: "/standard/v2/payments/refund" })).toHaveLength(before);
    expect(await airtelConnector.refund(ctx, refund)).toMatchObject({ status: "success" });
    expect(await airtelConnector.refund(ctx, refund)).toMatchObject({ status: "failed" });
  });
});

describe("Airtel disbursement", () => {
  it("the PIN is RSA-encrypted; TIP → TS; float debited", async () => {
    const ctx = await setup();
    const order = payoutOrder({ destination: "+24177000001" });
    expect(await airtelConnector.payout(ctx, order)).toMatchObject({ status: "processing", raw: { code: "DP00900001006" } });
    const body = JSON.parse(sim.admin.requests({ path: "/standard/v1/disbursements/" })[0]!.body);
    expect(body.pin).not.toBe("1234");
    expect(body).toMatchObject({ payee: { msisdn: "77000001" }, transaction: { amount: 2000, id: order.reference, type: "B2C" } });
    sim.admin.advanceClock(3);
    expect(await airtelConnector.status(ctx, ref("payout", order.reference))).toMatchObject({ status: "success" });
    expect(sim.admin.float()).toBe(10_000_000 - 2000);
  });

  it("a wrong PIN → failed configuration_error (ROUTER116); a short float → merchant_balance_insufficient; a barred payee → account_blocked", async () => {
    const ctx = await setup({ float: 1000 }, {}, { DISBURSEMENT_PIN: "9999" });
    expect(await airtelConnector.payout(ctx, payoutOrder({ destination: "+24177000001" }))).toMatchObject({ status: "failed", reason: "configuration_error", raw: { code: "ROUTER116" } });
    await sim.close();
    const ok = await setup({ float: 1000 });
    expect(await airtelConnector.payout(ok, payoutOrder({ destination: "+24177000001" }))).toMatchObject({ status: "failed", reason: "merchant_balance_insufficient" });
    sim.admin.configure({ float: 100_000 });
    const barred = payoutOrder({ destination: "+24177001010" });
    await airtelConnector.payout(ok, barred);
    sim.admin.advanceClock(3);
    expect(await airtelConnector.status(ok, ref("payout", barred.reference))).toMatchObject({ status: "failed", reason: "account_blocked" });
    expect(sim.admin.float()).toBe(100_000);
  });

  it("message signing: signed calls pass; the simulator refuses an unsigned one with DP00800001026", async () => {
    const ctx = await setup({ messageSigning: true }, { messageSigning: "true" });
    expect(await airtelConnector.payout(ctx, payoutOrder({ destination: "+24177000001" }))).toMatchObject({ status: "processing" });
    expect(sim.admin.requests({ path: "/standard/v1/disbursements/" })[0]!.headers).toHaveProperty("x-signature");
    await sim.close();
    const unsigned = await setup({ messageSigning: true });
    expect(await airtelConnector.payout(unsigned, payoutOrder({ destination: "+24177000001" }))).toMatchObject({ status: "failed", reason: "configuration_error", raw: { code: "DP00800001026" } });
  });
});

describe("Airtel callbacks", () => {
  it("with callback authentication: the right hash is a hint; a wrong or missing one is rejected", async () => {
    const ctx = await setup({ callbackSecret: "cb-secret" }, { callbackAuth: "true" });
    const order = collectOrder({ phone: "+24174000001" });
    await airtelConnector.collect(ctx, order);
    sim.admin.advanceClock(3);
    await sim.admin.idle();
    const genuine = received[0]!;
    expect(await airtelConnector.parseCallback(ctx, genuine)).toEqual({ kind: "hint", direction: null, reference: order.reference });
    const body = JSON.parse(genuine.rawBody);
    const tampered = { ...body, transaction: { ...body.transaction, status_code: "TS", id: "txn_other" } };
    expect((await airtelConnector.parseCallback(ctx, { ...genuine, rawBody: JSON.stringify(tampered) })).kind).toBe("rejected");
    expect((await airtelConnector.parseCallback(ctx, { ...genuine, rawBody: JSON.stringify({ transaction: body.transaction }) })).kind).toBe("rejected");
    // The hash over the raw `transaction` text as sent (spaces and all) is accepted too.
    const spaced = `{"transaction": {"id": "${order.reference}", "status_code": "TS"}, "hash": "${callbackHash("cb-secret", `{"id": "${order.reference}", "status_code": "TS"}`)}"}`;
    expect((await airtelConnector.parseCallback(ctx, { ...genuine, rawBody: spaced })).kind).toBe("hint");
    expect((await airtelConnector.parseCallback(ctx, { ...genuine, rawBody: "[]" })).kind).toBe("rejected");
  });

  it("settings: country must be an Airtel market; secrets follow products and callbackAuth", () => {
    expect(airtelSettingsSchema.safeParse({ country: "SN", currency: "XOF" }).success).toBe(false);
    const collectOnly = airtelSettingsSchema.parse({ country: "NE", currency: "XOF", products: "collection" });
    expect(airtelConnector.requiredSecretsFor!(collectOnly)).toEqual(["CLIENT_ID", "CLIENT_SECRET"]);
    expect(airtelConnector.requiredSecretsFor!(airtelSettingsSchema.parse({ country: "CD", currency: "USD", callbackAuth: "true" }))).toEqual(["CLIENT_ID", "CLIENT_SECRET", "DISBURSEMENT_PIN", "PIN_PUBLIC_KEY", "CALLBACK_SECRET"]);
  });
});
