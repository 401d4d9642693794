import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as callbackPost } from "@/app/api/v1/connectors/[accountId]/callback/route";
import { startOrangeWebpaySimulator, type OrangeSimulator } from "@/simulators/orange-webpay";
import { startWaveSimulator, type WaveSimulator } from "@/simulators/wave";
import { getPrisma } from "@/lib/db/client";
import { runSettlement } from "@/lib/ledger/settle-due-pending";
import { directBody, eventTypes, initiatePayment } from "../helpers/payments";
import { paymentStatus, refund as refundPayment } from "../helpers/refunds";
import { quoteAndInitiate, quoteBody, recipient, status as payoutStatus } from "../helpers/payouts";
import { createLiveMerchant, enterProduction, ops, restoreEnv } from "../helpers/production-instance";
import { ensureReferenceData } from "../helpers/reference";
import { operatorCalls, runCheckJobs } from "../helpers/connector-flow";
import { pollOrder, submitOrder } from "@/lib/orders/orders";

/**
 * The e2e flow for Wave and Orange Money web payment: production mode with the real
 * connectors pointed at their contract simulators on 127.0.0.1, configured with the ops
 * commands; a live merchant collects through the real route handlers (direct initiate answers
 * nextAction redirect; the customer pays on the simulated operator page); Wave's signed webhook
 * comes over real HTTP into the callback route and is applied; Orange's unsigned notification
 * only triggers a status query. Wave also pays out (Idempotency-Key). WebPay has no payout API:
 * route:set refuses it. The platform has no refund endpoint yet (docs/design/refunds.md is a later issue):
 * Wave's refund is proven against its simulator in tests/connectors/wave.
 */
let platform: { url: string; close(): Promise<void> };
let wave: WaveSimulator;
let orange: OrangeSimulator;
let m: Awaited<ReturnType<typeof createLiveMerchant>>;
const trace: string[] = [];

async function startPlatform() {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const match = /^\/api\/v1\/connectors\/([^/]+)\/callback$/.exec((req.url ?? "").split("?")[0]);
      if (!match || req.method !== "POST") return void res.writeHead(404).end();
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const request = new Request(`${platform.url}${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) });
      const response = await callbackPost(request, { params: Promise.resolve({ accountId: match[1] }) });
      res.writeHead(response.status).end(await response.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

beforeAll(async () => {
  platform = await startPlatform();
  wave = await startWaveSimulator({ webhookUrl: `${platform.url}/api/v1/connectors/wave-sn/callback` });
  orange = await startOrangeWebpaySimulator({ requireHttpsNotifUrl: false });
  enterProduction({
    PUBLIC_BASE_URL: platform.url,
    // Wave wants https success/error URLs: the hosted checkout's public origin.
    PUBLIC_URL: "https://pay.example.test",
    SETTLEMENT_DELAY_SECONDS: "0",
    CONNECTOR_TOTAL_TIMEOUT_MS: "6000",
    WAVE_SIM_API_KEY: wave.admin.apiKey(),
    WAVE_SIM_WEBHOOK_SECRET: wave.admin.config.webhookSecrets[0]!,
    ORANGE_SIM_CLIENT_ID: orange.admin.credentials.clientId,
    ORANGE_SIM_CLIENT_SECRET: orange.admin.credentials.clientSecret,
    ORANGE_SIM_MERCHANT_KEY: orange.admin.credentials.merchantKey,
  });
  await ensureReferenceData();
  expect((await ops("connector:add", "--id", "wave-sn", "--type", "wave", "--base-url", wave.url, "--secrets-env", "WAVE_SIM")).code).toBe(0);
  expect((await ops("connector:add", "--id", "orange-sn", "--type", "orange-webpay", "--base-url", orange.url, "--setting", "countryPath=sn", "--secrets-env", "ORANGE_SIM")).code).toBe(0);
  for (const direction of ["collect", "payout", "refund"]) expect((await ops("route:set", "--country", "SN", "--provider", "wave", "--direction", direction, "--account", "wave-sn")).code).toBe(0);
  expect((await ops("route:set", "--country", "SN", "--provider", "orange", "--direction", "collect", "--account", "orange-sn")).code).toBe(0);
  m = await createLiveMerchant();
});

afterAll(async () => {
  console.log(["── production e2e trace (Wave, Orange WebPay) ──", ...trace].join("\n"));
  await Promise.all([wave?.close(), orange?.close(), platform?.close()]);
  restoreEnv();
});

const calls = async (id: string) => (await operatorCalls(id)).join(", ");
const payment = async (id: string) => (await getPrisma()).payment.findUniqueOrThrow({ where: { id } });
async function direct(provider: string, phone: string, amount = 20_000) {
  const res = await initiatePayment(m.headers, directBody({ provider, country: "SN", customerPhone: phone, amount }));
  expect(res.status).toBe(201);
  return res.json.data as { transactionId: string; redirectUrl: string; nextAction?: { type: string; url: string } };
}

describe("production e2e: Wave and Orange Money web payment simulators", () => {
  it("Wave collect: nextAction redirect → session → the customer pays → signed webhook applied → success", async () => {
    const data = await direct("wave", "+221770000012");
    expect(data.nextAction).toEqual({ type: "redirect", url: data.redirectUrl });
    const id = data.transactionId;
    await submitOrder(id);
    const sent = await payment(id);
    expect(sent).toMatchObject({ status: "processing", connectorAccountId: "wave-sn", providerReference: expect.stringMatching(/^cos-/), providerRedirectUrl: expect.stringContaining(`${wave.url}/pay/cos-`) });
    const session = wave.admin.session(sent.providerReference!)!;
    expect(session).toMatchObject({ amount: "20000", client_reference: id, success_url: expect.stringMatching(/^https:\/\/pay\.example\.test\/checkout\//) });
    // The hosted page (where nextAction points) forwards the customer to Wave's page.
    const page = await (await import("@/app/checkout/[token]/status/route")).GET(new Request(`https://pay.example.test/checkout/${sent.checkoutToken}/status`), { params: Promise.resolve({ token: sent.checkoutToken }) });
    expect(await page.json()).toMatchObject({ stage: "waiting", operatorUrl: sent.providerRedirectUrl });
    // The customer pays on the wallet page; Wave's signed webhook reaches the callback route.
    const back = await fetch(sent.providerRedirectUrl!, { method: "POST", body: "action=pay", headers: { "content-type": "application/x-www-form-urlencoded" }, redirect: "manual" });
    expect(back.headers.get("location")).toBe(session.success_url);
    await wave.admin.idle();
    expect(wave.admin.webhooks().filter((w) => w.type === "checkout.session.completed" && w.body.includes(id)).map((w) => w.httpStatus)).toEqual([200]);
    expect(await payment(id)).toMatchObject({ status: "success" });
    expect(await eventTypes(m.merchant.id, id)).toEqual(["payment.pending", "payment.processing", "payment.success"]);
    trace.push(`Wave collect ${id}: ${await calls(id)} → success by the signed webhook`);
  });

  it("Wave: a tampered webhook is refused (401) and changes nothing; polling finds the truth", async () => {
    const { transactionId: id } = await direct("wave", "+221770000013");
    await submitOrder(id);
    wave.admin.configure({ webhookMode: "tampered" });
    wave.admin.pay((await payment(id)).providerReference!);
    await wave.admin.idle();
    wave.admin.configure({ webhookMode: "signed" });
    expect(wave.admin.webhooks().filter((w) => w.body.includes(id)).map((w) => w.httpStatus)).toEqual([401]);
    expect((await payment(id)).status).toBe("processing");
    await pollOrder(id);
    expect((await payment(id)).status).toBe("success");
    trace.push(`Wave tampered webhook ${id}: 401, unchanged; ${await calls(id)} → success by polling`);
  });

  it("Wave: the session expires unpaid → failed timeout", async () => {
    const { transactionId: id } = await direct("wave", "+221770000014");
    await submitOrder(id);
    wave.admin.advanceClock(31 * 60);
    await pollOrder(id);
    expect(await payment(id)).toMatchObject({ status: "failed", errorCode: "timeout" });
  });

  it("Orange WebPay collect: redirect → the customer pays → the notification is a hint → status query → success", async () => {
    const data = await direct("orange", "+221770000015");
    expect(data.nextAction).toMatchObject({ type: "redirect" });
    const id = data.transactionId;
    await submitOrder(id);
    const sent = await payment(id);
    expect(sent).toMatchObject({ status: "processing", connectorAccountId: "orange-sn", providerRedirectUrl: expect.stringContaining(`${orange.url}/pay/`) });
    orange.admin.pay(sent.providerReference!);
    await orange.admin.idle();
    expect(orange.admin.notifications().filter((n) => n.url.includes(id.slice(4))).map((n) => n.httpStatus)).toEqual([202]);
    expect((await payment(id)).status).toBe("processing"); // a hint only
    expect(await runCheckJobs([id])).toBe(1);
    expect(await payment(id)).toMatchObject({ status: "success" });
    trace.push(`Orange collect ${id}: ${await calls(id)} → success by status query`);
  });

  it("Orange WebPay: a forged notification is refused (401); a failed payment → failed provider_error", async () => {
    const { transactionId: id } = await direct("orange", "+221770000016");
    await submitOrder(id);
    const forged = await fetch(`${platform.url}/api/v1/connectors/orange-sn/callback?o=${id.slice(4)}&t=AAAAAAAAAAAAAAAA`, { method: "POST", body: JSON.stringify({ status: "SUCCESS", notif_token: "x", txnid: "MP1" }) });
    expect(forged.status).toBe(401);
    expect((await payment(id)).status).toBe("processing");
    orange.admin.pay((await payment(id)).providerReference!, "FAILED");
    await orange.admin.idle();
    await runCheckJobs([id]);
    expect(await payment(id)).toMatchObject({ status: "failed", errorCode: "provider_error" });
  });

  it("Orange WebPay: an init whose answer was lost is re-initiated by the engine under a new order_id (single-use), never the same one; the customer pays it", async () => {
    const { transactionId: id } = await direct("orange", "+221770000017", 12_500);
    orange.scenario({ reference: id.slice(4) }, [{ kind: "lose_answer", how: "reset" }]);
    // The submit job: the init's answer is lost after Orange recorded the first order_id (no
    // pay_token came back, so no payment URL reached the customer: nothing payable). Its status
    // check, in the same job, finds no pay_token → Orange does not know it (not_found) → sent again
    // under the next attempt reference, a new order_id (Orange would refuse the first: 403 → failed).
    await submitOrder(id);
    expect(orange.admin.payment(id.slice(4))).not.toBeNull();
    await pollOrder(id); // asked again: nothing more is sent
    const resent = await payment(id);
    expect(resent).toMatchObject({ status: "processing", providerRequestRef: `${id}-2`, providerRedirectUrl: expect.stringContaining(`${orange.url}/pay/`) });
    const inits = orange.admin.requests("/orange-money-webpay/sn/v1/webpayment").map((r) => JSON.parse(r.body).order_id).filter((o: string) => o.startsWith(id.slice(4)));
    expect(inits).toEqual([id.slice(4), `${id.slice(4)}-2`]);
    const attempts = await (await getPrisma()).orderAttempt.findMany({ where: { orderId: id }, orderBy: { number: "asc" } });
    expect(attempts.map((a) => [a.number, a.reference, a.lastStatus])).toEqual([
      [1, id, "not_found"],
      [2, `${id}-2`, "processing"],
    ]);

    orange.admin.pay(resent.providerReference!);
    await orange.admin.idle();
    expect(await runCheckJobs([id])).toBe(1);
    expect(await payment(id)).toMatchObject({ status: "success", providerRequestRef: `${id}-2` });
    expect(await eventTypes(m.merchant.id, id)).toEqual(["payment.pending", "payment.processing", "payment.success"]);
    expect(orange.truth().filter((t) => t.reference.startsWith(id.slice(4))).map((t) => [t.reference, t.state])).toEqual([
      [id.slice(4), "pending"],
      [`${id.slice(4)}-2`, "succeeded"],
    ]);
    trace.push(`Orange collect ${id}, init answer lost: ${await calls(id)} → re-initiated as ${id.slice(4)}-2 → success`);
  });

  it("Orange WebPay has no payouts: route:set refuses them with a clear message", async () => {
    await expect(ops("route:set", "--country", "SN", "--provider", "orange", "--direction", "payout", "--account", "orange-sn")).rejects.toThrow(/orange-webpay connector \(account orange-sn\) does not do payout/);
    await expect(ops("route:set", "--country", "SN", "--provider", "orange", "--direction", "refund", "--account", "orange-sn")).rejects.toThrow(/does not do refund/);
  });

  it("Wave payout under its Idempotency-Key, funded by the settled collects → success", async () => {
    await runSettlement({ merchantId: m.merchant.id });
    const { payout: res } = await quoteAndInitiate(m.headers, quoteBody({ amount: 5_000, destinationCountry: "SN", method: "wave" }), { recipient: recipient("+221770000017") });
    expect(res.status).toBe(201);
    const po = res.json.transactionId as string;
    await submitOrder(po);
    if ((await (await getPrisma()).payout.findUniqueOrThrow({ where: { id: po } })).status === "processing") await pollOrder(po);
    expect((await payoutStatus(m.headers, po)).json).toMatchObject({ status: "success" });
    const sent = wave.admin.requests({ method: "POST", path: "/v1/payout" }).at(-1)!;
    expect(sent.headers["idempotency-key"]).toBe(po);
    trace.push(`Wave payout ${po}: ${await calls(po)} → success`);
  });
  it("Wave refunds a paid session in full only: a partial refund is refused at the API (400, no call); the full one succeeds → payment.refunded", async () => {
    const { transactionId: id } = await direct("wave", "+221770000018", 8_000);
    await submitOrder(id);
    const sessionId = (await payment(id)).providerReference!;
    wave.admin.pay(sessionId);
    await wave.admin.idle();
    if ((await payment(id)).status === "processing") await pollOrder(id);
    expect((await payment(id)).status).toBe("success");
    await runSettlement({ merchantId: m.merchant.id });
    const refundRow = async (rf: string) => (await getPrisma()).refund.findUniqueOrThrow({ where: { id: rf } });
    const refundCalls = () => wave.admin.requests({ method: "POST" }).filter((r) => r.path === `/v1/checkout/sessions/${sessionId}/refund`).length;

    // Wave refunds whole sessions only: a partial refund is refused at the API, nothing held or sent.
    const partial = await refundPayment(m.headers, id, { amount: 3_000, reason: "one item back" });
    expect(partial.status).toBe(400);
    expect(partial.json).toMatchObject({ code: "invalid_amount" });
    expect(refundCalls()).toBe(0);

    const full = await refundPayment(m.headers, id, {});
    expect(full.status).toBe(201);
    await submitOrder(full.json.refundId);
    if ((await refundRow(full.json.refundId)).status === "processing") await pollOrder(full.json.refundId);
    expect(await refundRow(full.json.refundId)).toMatchObject({ status: "success", connectorAccountId: "wave-sn" });
    expect(refundCalls()).toBe(1);
    expect((await paymentStatus(m.headers, id)).json).toMatchObject({ status: "refunded", refundedAmount: 8_000 });
    expect(await eventTypes(m.merchant.id, id)).toEqual([
      "payment.pending", "payment.processing", "payment.success",
      "refund.pending", "refund.processing", "refund.success", "payment.refunded",
    ]);
    trace.push(`Wave refund of ${id}: partial refused at the API (400, full only, no call); full ${full.json.refundId}: ${await calls(full.json.refundId)} → success, payment.refunded`);
  });

  it("Wave refund whose answer was lost: its status is asked by the COLLECT's session id (the engine fills OrderRef.collect), never an empty one; refunded once", async () => {
    const { transactionId: id } = await direct("wave", "+221770000019", 6_000);
    await submitOrder(id);
    const sessionId = (await payment(id)).providerReference!;
    wave.admin.pay(sessionId);
    await wave.admin.idle();
    if ((await payment(id)).status === "processing") await pollOrder(id);
    expect((await payment(id)).status).toBe("success");
    await runSettlement({ merchantId: m.merchant.id });
    const refundRow = async (rf: string) => (await getPrisma()).refund.findUniqueOrThrow({ where: { id: rf } });
    const refundPosts = () => wave.admin.requests({ method: "POST" }).filter((r) => r.path.endsWith("/refund"));
    const before = refundPosts().length;

    // Wave refunds the session, then the answer is lost: the refund has no operator id of its own.
    wave.scenario({ reference: id }, [{ kind: "lose_answer", how: "reset" }]);
    const full = await refundPayment(m.headers, id, {});
    expect(full.status).toBe(201);
    const rf = full.json.refundId as string;
    await submitOrder(rf);
    if ((await refundRow(rf)).status !== "success") await pollOrder(rf);
    // Every refund call named the collect's session (a repeat is safe at Wave), none an empty id.
    expect(refundPosts().slice(before).map((r) => r.path)).toEqual(expect.arrayContaining([`/v1/checkout/sessions/${sessionId}/refund`]));
    expect(refundPosts().slice(before).every((r) => r.path === `/v1/checkout/sessions/${sessionId}/refund`)).toBe(true);
    expect(refundPosts().length - before).toBeGreaterThanOrEqual(2); // the lost one, then the status check's repeat
    expect(await refundRow(rf)).toMatchObject({ status: "success", connectorAccountId: "wave-sn" });
    expect((await paymentStatus(m.headers, id)).json).toMatchObject({ status: "refunded", refundedAmount: 6_000 });
    expect(wave.truth().filter((t) => t.direction === "refund" && t.refundOf === id)).toHaveLength(1);
    expect(await eventTypes(m.merchant.id, id)).toEqual([
      "payment.pending", "payment.processing", "payment.success",
      "refund.pending", "refund.processing", "refund.success", "payment.refunded",
    ]);
  });
});
