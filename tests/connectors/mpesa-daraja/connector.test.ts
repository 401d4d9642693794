import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CallbackResult, IncomingCallback, OrderRef } from "@/lib/connectors/connector";
import { mpesaDarajaConnector, mpesaDarajaSettingsSchema, type MpesaDarajaSettings } from "@/lib/connectors/mpesa-daraja";
import { darajaTimestamp, stkPassword } from "@/lib/connectors/mpesa-daraja/client";
import { MPESA_SIM_SETTINGS, mpesaSimulatorSecrets, startMpesaSimulator, type MpesaSimulator, type MpesaSimulatorOptions } from "@/simulators/mpesa-daraja";
import { testConnectorContext } from "../../helpers/connector-context";
import { collectOrder, payoutOrder } from "./setup";

/**
 * The M-Pesa Daraja connector against its contract simulator over real HTTP (no database): the
 * simulator's callbacks land on a local receiver and are handed to parseCallback as the platform's
 * callback route would.
 */
let sim: MpesaSimulator;
let receiver: http.Server;
let receiverUrl: string;
const received: IncomingCallback[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      received.push({ method: req.method!, url: `${receiverUrl}${req.url}`, headers, rawBody: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200).end("{}");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((r) => receiver.close(() => r()));
});
afterEach(async () => {
  await sim?.close();
  received.length = 0;
});

async function setup(settings: Record<string, unknown> = {}, secrets: Record<string, string> = {}, simOptions: MpesaSimulatorOptions = {}) {
  sim = await startMpesaSimulator({ allowHttpCallbacks: true, settleAfterSeconds: 2, ...simOptions });
  const parsed = mpesaDarajaSettingsSchema.parse({ ...MPESA_SIM_SETTINGS, ...settings }) as MpesaDarajaSettings;
  const context = testConnectorContext<MpesaDarajaSettings>({
    type: "mpesa-daraja",
    baseUrl: sim.url,
    settings: parsed,
    secrets: { ...mpesaSimulatorSecrets(sim), ...secrets },
    accountId: "safaricom-ke",
    // Daraja is reported to refuse callback URLs containing "mpesa" (README.md): none here.
    callbackUrl: `${receiverUrl}/api/v1/connectors/safaricom-ke/callback`,
  });
  return context;
}

const ref = (direction: "collect" | "payout", id: string, operatorReference: string | null): OrderRef => ({
  direction, id, reference: id, operatorReference, provider: "mpesa", country: "KE", currency: "KES", submittedAt: new Date(), destination: null,
});
const parse = (ctx: Awaited<ReturnType<typeof setup>>, cb: IncomingCallback): Promise<CallbackResult> => mpesaDarajaConnector.parseCallback(ctx, cb);

describe("M-Pesa STK push against the simulator", () => {
  it("push → processing (CheckoutRequestID); query while open → processing; payer approves → callback hint → query → success", async () => {
    const ctx = await setup();
    const order = collectOrder({ phone: "+254708374149" });
    const submitted = await mpesaDarajaConnector.collect(ctx, order);
    expect(submitted).toMatchObject({ status: "processing", operatorReference: expect.stringMatching(/^ws_CO_/) });
    const checkout = (submitted as { operatorReference: string }).operatorReference;
    // What Daraja got: the Password recomputes from shortcode + passkey + Timestamp; whole KES; 2547… numbers.
    const sent = JSON.parse(sim.admin.requests({ path: "/mpesa/stkpush/v1/processrequest" })[0]!.body);
    expect(sent).toMatchObject({ BusinessShortCode: "174379", Amount: 150, PartyA: "254708374149", PhoneNumber: "254708374149", PartyB: "174379", TransactionType: "CustomerPayBillOnline" });
    expect(sent.Password).toBe(stkPassword("174379", mpesaSimulatorSecrets(sim).PASSKEY!, sent.Timestamp));
    expect(sent.AccountReference.length).toBeLessThanOrEqual(12);

    expect(await mpesaDarajaConnector.status(ctx, ref("collect", order.transactionId, checkout))).toMatchObject({ status: "processing" });
    sim.admin.advanceClock(3);
    await sim.admin.idle();
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!.rawBody).Body.stkCallback).toMatchObject({ CheckoutRequestID: checkout, ResultCode: 0 });
    // The hint names the CheckoutRequestID too: a lookup key for when the push's answer was lost.
    expect(await parse(ctx, received[0]!)).toEqual({ kind: "hint", direction: "collect", reference: order.reference, operatorReference: checkout });
    expect(await mpesaDarajaConnector.status(ctx, ref("collect", order.transactionId, checkout))).toMatchObject({ status: "success" });
  });

  it("a cancelled prompt (…1032) → failed declined; an unanswered one (…7777) → expired at the window's end", async () => {
    const ctx = await setup();
    const cancelled = collectOrder({ phone: "+254708371032" });
    const a = (await mpesaDarajaConnector.collect(ctx, cancelled)) as { operatorReference: string };
    const silent = collectOrder({ phone: "+254708377777" });
    const b = (await mpesaDarajaConnector.collect(ctx, silent)) as { operatorReference: string };
    sim.admin.advanceClock(3);
    expect(await mpesaDarajaConnector.status(ctx, ref("collect", cancelled.transactionId, a.operatorReference))).toMatchObject({ status: "failed", reason: "declined", raw: { code: "1032" } });
    expect(await mpesaDarajaConnector.status(ctx, ref("collect", silent.transactionId, b.operatorReference))).toMatchObject({ status: "processing" });
    sim.admin.advanceClock(60);
    expect(await mpesaDarajaConnector.status(ctx, ref("collect", silent.transactionId, b.operatorReference))).toMatchObject({ status: "failed", reason: "expired" });
  });

  it("refusals before sending: fractional KES, a non-Kenyan number, another currency", async () => {
    const ctx = await setup();
    expect(await mpesaDarajaConnector.collect(ctx, collectOrder({ phone: "+254708374149", amountMinor: 150_50n }))).toMatchObject({ status: "failed", reason: "invalid_amount" });
    expect(await mpesaDarajaConnector.collect(ctx, collectOrder({ phone: "+221770000000" }))).toMatchObject({ status: "failed", reason: "invalid_request", destinationRelated: true });
    expect(await mpesaDarajaConnector.collect(ctx, collectOrder({ phone: "+254708374149", currency: "XOF" }))).toMatchObject({ status: "failed", reason: "invalid_request" });
    expect(sim.admin.requests({ path: "/mpesa/stkpush/v1/processrequest" })).toHaveLength(0);
  });

  it("a wrong passkey: Daraja refuses the Password (400) → failed, nothing prompted", async () => {
    const ctx = await setup({}, { PASSKEY: "not-the-passkey" });
    expect(await mpesaDarajaConnector.collect(ctx, collectOrder({ phone: "+254708374149" }))).toMatchObject({ status: "failed", reason: "invalid_request", raw: { code: "400.002.02" } });
    expect(sim.admin.stkPushes()).toHaveLength(0);
  });

  it("the simulator checks the Timestamp's form and recomputes the Password", async () => {
    await setup();
    const token = await (await fetch(`${sim.url}/oauth/v1/generate?grant_type=client_credentials`, { headers: { Authorization: `Basic ${Buffer.from("sim-consumer-key:sim-consumer-secret").toString("base64")}` } })).json();
    expect(token.expires_in).toBe("3599"); // a string
    const push = (body: Record<string, unknown>) =>
      fetch(`${sim.url}/mpesa/stkpush/v1/processrequest`, { method: "POST", headers: { Authorization: `Bearer ${token.access_token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
    const ts = darajaTimestamp(new Date());
    const good = { BusinessShortCode: "174379", Password: stkPassword("174379", mpesaSimulatorSecrets(sim).PASSKEY!, ts), Timestamp: ts, TransactionType: "CustomerPayBillOnline", Amount: 1, PartyA: "254708374149", PartyB: "174379", PhoneNumber: "254708374149", CallBackURL: `${receiverUrl}/cb`, AccountReference: "ref", TransactionDesc: "Payment" };
    expect((await push(good)).status).toBe(200);
    expect((await push(good)).status).toBe(200); // no idempotency: a second prompt
    expect(sim.admin.stkPushes()).toHaveLength(2);
    expect(await (await push({ ...good, Timestamp: "2024-01-01 10:00" })).json()).toMatchObject({ errorCode: "400.002.02", errorMessage: expect.stringMatching(/Timestamp/) });
    expect(await (await push({ ...good, Password: Buffer.from("x").toString("base64") })).json()).toMatchObject({ errorCode: "400.002.02", errorMessage: expect.stringMatching(/Password/) });
    expect((await push({ ...good, CallBackURL: "ftp://x" })).status).toBe(400);
  });

  it("an expired token: 401 envelope, the connector fetches a fresh one once and goes on", async () => {
    const ctx = await setup();
    expect((await mpesaDarajaConnector.collect(ctx, collectOrder({ phone: "+254708374149" }))).status).toBe("processing");
    sim.admin.advanceClock(3600);
    expect((await mpesaDarajaConnector.collect(ctx, collectOrder({ phone: "+254708374149" }))).status).toBe("processing");
    const answers = sim.admin.requests().filter((r) => r.path !== "/oauth/v1/generate").map((r) => r.answer);
    expect(answers).toEqual([200, 401, 200]);
  });

  it("answer lost after the prompt went out → pending; without a CheckoutRequestID the status stays pending (never a second prompt)", async () => {
    const ctx = await setup();
    sim.admin.fault("drop_after_accept", "stk");
    const order = collectOrder({ phone: "+254708374149" });
    expect(await mpesaDarajaConnector.collect(ctx, order)).toMatchObject({ status: "pending" });
    expect(sim.admin.stkPushes()).toHaveLength(1);
    expect(await mpesaDarajaConnector.status(ctx, ref("collect", order.transactionId, null))).toMatchObject({ status: "pending" });
    expect(sim.admin.stkPushes()).toHaveLength(1);
  });

  it("forged callbacks: no sig, a sig for another reference, another kind → rejected", async () => {
    const ctx = await setup();
    const order = collectOrder({ phone: "+254708374149" });
    await mpesaDarajaConnector.collect(ctx, order);
    sim.admin.advanceClock(3);
    await sim.admin.idle();
    const genuine = received[0]!;
    const url = new URL(genuine.url);
    const variants = [
      (u: URL) => u.searchParams.delete("sig"),
      (u: URL) => u.searchParams.set("ref", "txn_someone_else"),
      (u: URL) => u.searchParams.set("kind", "status"),
    ];
    for (const change of variants) {
      const forged = new URL(url);
      change(forged);
      expect((await parse(ctx, { ...genuine, url: forged.toString() })).kind).toBe("rejected");
    }
    expect((await parse(ctx, { ...genuine, method: "GET" })).kind).toBe("rejected");
    expect((await parse(ctx, { ...genuine, rawBody: "not json" })).kind).toBe("rejected");
    expect((await parse(ctx, genuine)).kind).toBe("hint");
  });
});

describe("M-Pesa B2C against the simulator", () => {
  it("B2C → processing (ConversationID); the result callback is a hint; Transaction Status's answer is applied (verified success)", async () => {
    const ctx = await setup();
    const order = payoutOrder({ destination: "+254708374149" });
    const submitted = await mpesaDarajaConnector.payout(ctx, order);
    expect(submitted).toMatchObject({ status: "processing", operatorReference: expect.stringMatching(/^AG_/) });
    const sent = JSON.parse(sim.admin.requests({ path: "/mpesa/b2c/v3/paymentrequest" })[0]!.body);
    expect(sent).toMatchObject({ OriginatorConversationID: order.reference, InitiatorName: "testapi", CommandID: "BusinessPayment", Amount: 500, PartyA: "600999", PartyB: "254708374149" });
    expect(sent).toHaveProperty("Occassion");
    expect(sent.SecurityCredential).not.toContain(mpesaSimulatorSecrets(sim).INITIATOR_PASSWORD);
    sim.admin.advanceClock(1);
    await sim.admin.idle();
    const result = received.find((c) => new URL(c.url).searchParams.get("kind") === "b2c")!;
    expect(JSON.parse(result.rawBody).Result).toMatchObject({ ResultCode: 0, OriginatorConversationID: order.reference });
    // The hint names the M-Pesa receipt: the key Transaction Status is asked by next.
    expect(await parse(ctx, result)).toEqual({ kind: "hint", direction: "payout", reference: order.reference, operatorReference: JSON.parse(result.rawBody).Result.TransactionID });
    expect(sim.admin.float("600999")).toBe(1_000_000 - 500);

    // The check: Transaction Status is asked; its answer arrives on its own ResultURL.
    const operatorReference = (submitted as { operatorReference: string }).operatorReference;
    expect(await mpesaDarajaConnector.status(ctx, ref("payout", order.payoutId, operatorReference))).toEqual({ status: "processing", operatorReference });
    sim.admin.advanceClock(1);
    await sim.admin.idle();
    const answer = received.find((c) => new URL(c.url).searchParams.get("kind") === "status")!;
    expect(await parse(ctx, answer)).toMatchObject({ kind: "verified", direction: "payout", reference: order.reference, outcome: { status: "success", operatorReference: expect.stringMatching(/^S/) } });
  });

  it("a wrong initiator password: B2C result 2001 is a hint; Transaction Status with the same credential fails too → ignored", async () => {
    const ctx = await setup({}, { INITIATOR_PASSWORD: "wrong" });
    const order = payoutOrder({ destination: "+254708374149" });
    const submitted = (await mpesaDarajaConnector.payout(ctx, order)) as { operatorReference: string };
    sim.admin.advanceClock(1);
    await mpesaDarajaConnector.status(ctx, ref("payout", order.payoutId, submitted.operatorReference));
    sim.admin.advanceClock(1);
    await sim.admin.idle();
    const b2c = received.find((c) => new URL(c.url).searchParams.get("kind") === "b2c")!;
    expect(JSON.parse(b2c.rawBody).Result.ResultCode).toBe(2001);
    expect((await parse(ctx, b2c)).kind).toBe("hint");
    const status = received.find((c) => new URL(c.url).searchParams.get("kind") === "status")!;
    expect(await parse(ctx, status)).toMatchObject({ kind: "ignored" });
    expect(sim.admin.float("600999")).toBe(1_000_000);
  });

  it("float short (ResultCode 1) and an unregistered recipient (2040): confirmed failed by Transaction Status", async () => {
    const ctx = await setup();
    sim.admin.configure({ floats: { "600999": 100 } });
    const short = payoutOrder({ destination: "+254708374149" });
    const unregistered = payoutOrder({ destination: "+254708372040", amountMinor: 50_00n });
    for (const o of [short, unregistered]) await mpesaDarajaConnector.payout(ctx, o);
    sim.admin.advanceClock(1);
    for (const o of [short, unregistered]) await mpesaDarajaConnector.status(ctx, ref("payout", o.payoutId, "AG_x"));
    sim.admin.advanceClock(1);
    await sim.admin.idle();
    const codes = received.filter((c) => new URL(c.url).searchParams.get("kind") === "b2c").map((c) => JSON.parse(c.rawBody).Result.ResultCode);
    expect(codes.sort((a, b) => a - b)).toEqual([1, 2040]); // both sent at once: either may arrive first
    for (const c of received.filter((c) => new URL(c.url).searchParams.get("kind") === "status")) {
      expect(await parse(ctx, c)).toMatchObject({ kind: "verified", outcome: { status: "failed", raw: { status: "Failed" } } });
    }
  });

  it("queue timeout: the QueueTimeOutURL callback is a hint; nothing was paid; Transaction Status says Expired", async () => {
    const ctx = await setup();
    sim.admin.configure({ queueTimeout: true });
    const order = payoutOrder({ destination: "+254708374149" });
    await mpesaDarajaConnector.payout(ctx, order);
    sim.admin.advanceClock(1);
    await sim.admin.idle();
    const timeout = received.find((c) => new URL(c.url).searchParams.get("kind") === "b2c-timeout")!;
    expect(await parse(ctx, timeout)).toEqual({ kind: "hint", direction: "payout", reference: order.reference });
    await mpesaDarajaConnector.status(ctx, ref("payout", order.payoutId, "AG_x"));
    sim.admin.advanceClock(1);
    await sim.admin.idle();
    const status = received.find((c) => new URL(c.url).searchParams.get("kind") === "status")!;
    expect(await parse(ctx, status)).toMatchObject({ kind: "verified", outcome: { status: "failed", reason: "expired" } });
    expect(sim.admin.float("600999")).toBe(1_000_000);
  });

  it("B2C answer lost after commit → pending; Transaction Status (by our OriginatorConversationID) still finds it; never sent twice", async () => {
    const ctx = await setup();
    sim.admin.fault("drop_after_accept", "b2c");
    const order = payoutOrder({ destination: "+254708374149" });
    expect(await mpesaDarajaConnector.payout(ctx, order)).toMatchObject({ status: "pending" });
    sim.admin.advanceClock(1);
    expect(await mpesaDarajaConnector.status(ctx, ref("payout", order.payoutId, null))).toMatchObject({ status: "pending" });
    sim.admin.advanceClock(1);
    await sim.admin.idle();
    const status = received.find((c) => new URL(c.url).searchParams.get("kind") === "status")!;
    expect(await parse(ctx, status)).toMatchObject({ kind: "verified", outcome: { status: "success" } });
    expect(sim.admin.payments()).toHaveLength(1);
  });

  it("refunds are not offered; health proves the token and the certificate", async () => {
    const ctx = await setup();
    expect(mpesaDarajaConnector.capabilities.refund).toBe(false);
    expect(await mpesaDarajaConnector.checkHealth(ctx)).toMatchObject({ ok: true });
    await sim.close();
    const bad = await setup({}, { CONSUMER_SECRET: "nope" });
    expect(await mpesaDarajaConnector.checkHealth(bad)).toMatchObject({ ok: false });
  });
});

describe("settings", () => {
  it("collection needs the STK shortcode; payout the B2C shortcode and initiator; secrets follow the products", () => {
    expect(mpesaDarajaSettingsSchema.safeParse({ products: "collection" }).success).toBe(false);
    expect(mpesaDarajaSettingsSchema.safeParse({ products: "payout", b2cShortcode: "600999" }).success).toBe(false);
    const collectOnly = mpesaDarajaSettingsSchema.parse({ products: "collection", shortcode: "174379" });
    expect(collectOnly).toMatchObject({ currency: "KES", transactionType: "CustomerPayBillOnline", products: ["collection"] });
    expect(mpesaDarajaConnector.requiredSecretsFor!(collectOnly)).toEqual(["CONSUMER_KEY", "CONSUMER_SECRET", "PASSKEY"]);
    expect(mpesaDarajaConnector.requiredSecretsFor!(mpesaDarajaSettingsSchema.parse(MPESA_SIM_SETTINGS))).toEqual(["CONSUMER_KEY", "CONSUMER_SECRET", "PASSKEY", "INITIATOR_PASSWORD", "SAFARICOM_CERTIFICATE"]);
  });
  it("Timestamp is Kenyan time", () => {
    expect(darajaTimestamp(new Date("2024-01-01T21:30:05Z"))).toBe("20240102003005");
  });
});
