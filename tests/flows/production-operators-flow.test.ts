import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as callbackPost, PUT as callbackPut } from "@/app/api/v1/connectors/[accountId]/callback/route";
import { clearCallbackKeyCache } from "@/lib/connectors/pawapay/callbacks";
import { clearActiveConfCache } from "@/lib/connectors/pawapay/client";
import { runMtnMomoSimulator, SIMULATOR_CREDENTIALS, type MtnSimulator } from "@/simulators/mtn-momo";
import { startPawapaySimulator, type PawapaySimulator } from "@/simulators/pawapay";
import { getPrisma } from "@/lib/db/client";
import { runSettlement } from "@/lib/ledger/settle-due-pending";
import { revealWebhookSecret } from "@/lib/webhooks/reveal-webhook-secret";
import { setWebhookUrl } from "@/lib/webhooks/set-webhook-url";
import { directBody, eventTypes, initiatePayment } from "../helpers/payments";
import { paymentStatus, refund as refundPayment } from "../helpers/refunds";
import { intlRecipient, payoutEventTypes, quoteAndInitiate, quoteBody, recipient, sender, status as payoutStatus } from "../helpers/payouts";
import { createLiveMerchant, enterProduction, ops, restoreEnv } from "../helpers/production-instance";
import { ensureReferenceData } from "../helpers/reference";
import { startReceiver } from "../helpers/webhook-receiver";
import { driveDelivery } from "../helpers/webhooks";
import { operatorCalls as calls, runCheckJobs } from "../helpers/connector-flow";
import { pollOrder, submitOrder, submitQueuedOrders } from "@/lib/orders/orders";

/** The simulated payer approves this long after the push, on the simulator's clock, which the tests
 * advance: long enough that a submit slowed by a loaded machine still finds the order waiting. */
const PAYER_APPROVES_AFTER_S = 20;

/**
 * The e2e flow: production mode (APP_ENV=production) with the real connectors pointed at
 * their contract simulators on 127.0.0.1 — MTN MoMo (mtnivorycoast, XOF; unsigned callbacks are
 * hints) for CI mtn, pawaPay (signed callbacks, required) for SN orange. Accounts and routes are
 * configured with the ops commands; a verified merchant with live keys collects and pays out
 * through the real route handlers; operators call back over real HTTP into the callback route;
 * webhooks go over https to the merchant's receiver and are verified with `standardwebhooks`;
 * the ledger reconciles. A compact trace is printed for the issue note.
 */
const trace: string[] = [];
const note = (line: string) => trace.push(line);

let platform: { url: string; close(): Promise<void> };
let mtn: MtnSimulator;
let pawapay: PawapaySimulator;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let webhookSecret: string;
let m: Awaited<ReturnType<typeof createLiveMerchant>>;

/** Our callback route behind a real HTTP listener, as Next serves it (real Request, raw body). */
async function startPlatform() {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const match = /^\/api\/v1\/connectors\/([^/]+)\/callback$/.exec((req.url ?? "").split("?")[0]);
      if (!match || (req.method !== "POST" && req.method !== "PUT")) return void res.writeHead(404).end();
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const request = new Request(`${platform.url}${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) });
      const handler = req.method === "PUT" ? callbackPut : callbackPost;
      const response = await handler(request, { params: Promise.resolve({ accountId: match[1] }) });
      res.writeHead(response.status, { "content-type": response.headers.get("content-type") ?? "text/plain" }).end(await response.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

/**
 * A self-signed certificate for `localhost` (tests/helpers/fixtures, test-only, valid 100 years):
 * production delivers webhooks over https only. Committed rather than made with the openssl CLI,
 * which a fresh machine may not have.
 */
function localhostCertificate() {
  const fixtures = path.resolve("tests/helpers/fixtures");
  return { key: readFileSync(path.join(fixtures, "localhost-key.pem"), "utf8"), cert: readFileSync(path.join(fixtures, "localhost-cert.pem"), "utf8") };
}

const startMtn = (port: number) => runMtnMomoSimulator({ port, callbackHost: "127.0.0.1", settleAfterSeconds: PAYER_APPROVES_AFTER_S, log: () => {} });
function startPawapay(port: number) {
  // A (re)started simulator signs with a new key: forget the one cached from the last.
  clearActiveConfCache();
  clearCallbackKeyCache();
  return startPawapaySimulator({ port, callbackUrl: `${platform.url}/api/v1/connectors/pawapay-sn/callback` });
}

beforeAll(async () => {
  platform = await startPlatform();
  const tls = localhostCertificate();
  receiver = await startReceiver(undefined, tls);
  mtn = await startMtn(0);
  pawapay = await startPawapay(0);
  enterProduction({
    PUBLIC_BASE_URL: platform.url,
    WEBHOOK_ALLOW_PRIVATE: "true", // the merchant's receiver is on localhost here
    // Production delivers over https only, and verifies the certificate. Node 20 offers no way to
    // trust one more CA after start-up for a request made with `agent: false` (post-webhook.ts),
    // so this file's throwaway certificate is accepted by turning verification off for the file.
    NODE_TLS_REJECT_UNAUTHORIZED: "0",
    SETTLEMENT_DELAY_SECONDS: "0",
    CONNECTOR_TOTAL_TIMEOUT_MS: "6000",
    CONNECTOR_BREAKER_FAILURES: "2",
    CONNECTOR_BREAKER_COOLDOWN_SECONDS: "60",
    PAWAPAY_SIM_API_TOKEN: pawapay.token(),
    ...Object.fromEntries(Object.entries(SIMULATOR_CREDENTIALS).map(([k, v]) => [`MTN_SIM_${k}`, v])),
  });
  await ensureReferenceData();
  const { targetEnvironment, currency } = mtn.admin.config;
  const added = [
    await ops("connector:add", "--id", "mtn-ci", "--type", "mtn-momo", "--base-url", mtn.url, "--setting", `targetEnvironment=${targetEnvironment}`, "--setting", `currency=${currency}`, "--setting", "callbackHost=127.0.0.1", "--secrets-env", "MTN_SIM"),
    await ops("connector:add", "--id", "pawapay-sn", "--type", "pawapay", "--base-url", pawapay.url, "--setting", "requireSignedCallbacks=true", "--secrets-env", "PAWAPAY_SIM"),
  ];
  for (const a of added) expect(a.code).toBe(0);
  for (const direction of ["collect", "payout"]) {
    expect((await ops("route:set", "--country", "CI", "--provider", "mtn", "--direction", direction, "--account", "mtn-ci")).code).toBe(0);
    expect((await ops("route:set", "--country", "SN", "--provider", "orange", "--direction", direction, "--account", "pawapay-sn")).code).toBe(0);
  }
  m = await createLiveMerchant();
  await setWebhookUrl(m.merchant.id, "production", receiver.url, "test");
  // Stored encrypted at rest: the merchant reads it once, as from the dashboard.
  webhookSecret = await revealWebhookSecret(m.merchant.id, "production", "test");
  note(`setup: mtn-ci → MTN sim ${mtn.url} (${targetEnvironment}, ${currency}); pawapay-sn → pawaPay sim ${pawapay.url} (signed callbacks); merchant ${m.merchant.id} (live keys)`);
});

afterAll(async () => {
  console.log(["── production e2e trace ──", ...trace].join("\n"));
  await Promise.all([mtn?.close(), pawapay?.close(), receiver?.close(), platform?.close()]);
  restoreEnv();
});

const prisma = () => getPrisma();
const payment = async (id: string) => (await prisma()).payment.findUniqueOrThrow({ where: { id } });
const payout = async (id: string) => (await prisma()).payout.findUniqueOrThrow({ where: { id } });

/** Delivers the transaction's webhook of `type` to the merchant's https receiver; returns the verified body. */
async function deliveredWebhook(type: string, id: string) {
  const events = await (await prisma()).webhookEvent.findMany({ where: { merchantId: m.merchant.id, type } });
  const event = events.find((e) => (e.payload as { data?: { transactionId?: string } }).data?.transactionId === id)!;
  expect(event).toBeDefined();
  expect((await driveDelivery(event.id, (e) => e.status !== "pending")).status).toBe("delivered");
  const received = receiver.requests.find((r) => r.headers["webhook-id"] === event.id)!;
  expect(received).toBeDefined();
  return new Webhook(webhookSecret).verify(received.body, received.headers) as { type: string; environment: string; data: Record<string, unknown> };
}

/** What our callback route answered the simulator's callbacks for one reference (waits for the first). */
async function answeredCallbacks(reference: string) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    await pawapay.admin.idle();
    const answered = pawapay.admin.callbacks.filter((c) => c.id === reference && (c.status !== undefined || c.error !== undefined));
    if (answered.length || Date.now() > deadline) return answered.map((c) => c.status ?? c.error);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function collect(body: Record<string, unknown>) {
  const res = await initiatePayment(m.headers, directBody(body));
  expect(res.status).toBe(201);
  return res.json.data.transactionId as string;
}

/** The live merchant is Senegalese: a payout to Côte d'Ivoire is international (sender, purpose). */
const beneficiary = (country: string, phone: string) =>
  country === "SN" ? { recipient: recipient(phone) } : { recipient: { ...recipient(phone), ...intlRecipient() }, sender: sender(), purpose: "SALARY" };
const mtnBody = (phone: string, amount = 20_000) => ({ provider: "mtn", country: "CI", customerPhone: phone, amount });
const orangeBody = (phone: string, amount = 20_000) => ({ provider: "orange", country: "SN", customerPhone: phone, amount });

describe("production e2e: MTN MoMo and pawaPay simulators", () => {
  it("MTN MoMo collect: 202 → processing, the unsigned callback is a hint → status check → success, webhook verified", async () => {
    const id = await collect(mtnBody("+2250500000001"));
    await submitOrder(id);
    expect(await payment(id)).toMatchObject({ status: "processing", connectorAccountId: "mtn-ci" });
    mtn.admin.advanceClock(PAYER_APPROVES_AFTER_S + 1); // the payer approves
    await mtn.admin.idle();
    expect(mtn.admin.callbacks().map((c) => c.httpStatus)).toEqual([202]);
    expect((await payment(id)).status).toBe("processing"); // a hint only
    expect(await runCheckJobs([id])).toBe(1);
    const done = await payment(id);
    expect(done.status).toBe("success");
    expect(await eventTypes(m.merchant.id, id)).toEqual(["payment.pending", "payment.processing", "payment.success"]);
    const hook = await deliveredWebhook("payment.success", id);
    expect(hook).toMatchObject({ type: "payment.success", environment: "production", data: { transactionId: id, status: "success" } });
    note(`MTN collect ${id}: ${(await calls(id)).join(", ")} → ${done.status}; webhook payment.success verified`);
  });

  it("pawaPay collect: the signed callback is verified and applied → success, webhook verified", async () => {
    const id = await collect(orangeBody("+221770000789"));
    await submitOrder(id);
    expect(await answeredCallbacks((await payment(id)).providerRequestRef!)).toEqual([200]);
    const done = await payment(id);
    expect(done).toMatchObject({ status: "success", connectorAccountId: "pawapay-sn" });
    const hook = await deliveredWebhook("payment.success", id);
    expect(hook).toMatchObject({ type: "payment.success", data: { transactionId: id, status: "success" } });
    note(`pawaPay collect ${id}: ${(await calls(id)).join(", ")} → ${done.status}; webhook payment.success verified`);
  });

  it("payouts through each, funded by the settled collects; webhooks verified; ledger:reconcile reports no difference", async () => {
    await runSettlement({ merchantId: m.merchant.id });
    const ids: string[] = [];
    for (const [q, phone] of [
      [{ destinationCountry: "CI", method: "mtn" }, "+2250500000002"],
      [{ destinationCountry: "SN", method: "orange" }, "+221770000789"],
    ] as const) {
      const { payout: res } = await quoteAndInitiate(m.headers, quoteBody({ amount: 5_000, ...q }), beneficiary(q.destinationCountry, phone));
      expect(res.status).toBe(201);
      ids.push(res.json.transactionId);
      await submitOrder(res.json.transactionId);
    }
    const [viaMtn, viaPawapay] = ids;
    expect(await payout(viaMtn)).toMatchObject({ status: "processing", connectorAccountId: "mtn-ci" });
    mtn.admin.advanceClock(PAYER_APPROVES_AFTER_S + 1);
    await mtn.admin.idle();
    await runCheckJobs(ids);
    expect(await answeredCallbacks((await payout(viaPawapay)).providerRequestRef!)).toEqual([200]);
    for (const po of ids) {
      if ((await payout(po)).status === "processing") await pollOrder(po);
      expect((await payoutStatus(m.headers, po)).json).toMatchObject({ status: "success" });
      expect(await payoutEventTypes(m.merchant.id, po)).toEqual(["payout.pending", "payout.processing", "payout.success"]);
      expect(await deliveredWebhook("payout.success", po)).toMatchObject({ type: "payout.success", data: { transactionId: po, status: "success" } });
    }
    note(`MTN payout ${viaMtn}: ${(await calls(viaMtn)).join(", ")} → success; webhook payout.success verified`);
    note(`pawaPay payout ${viaPawapay}: ${(await calls(viaPawapay)).join(", ")} → success; webhook payout.success verified`);
    const reconcile = await ops("ledger:reconcile", "--merchant", m.merchant.id);
    expect(reconcile.code).toBe(0);
    note(`ledger:reconcile → exit ${reconcile.code}: ${reconcile.output.split("\n")[0]}`);
  });

  it("refunds through each operator's refund API (MTN referenceIdToRefund, pawaPay depositId): success, payment.refunded, webhooks verified, reconcile", async () => {
    for (const [country, provider, account] of [["CI", "mtn", "mtn-ci"], ["SN", "orange", "pawapay-sn"]]) {
      expect((await ops("route:set", "--country", country, "--provider", provider, "--direction", "refund", "--account", account)).code).toBe(0);
    }
    const viaMtn = await collect(mtnBody("+2250500000001", 20_000));
    const viaPawapay = await collect(orangeBody("+221770000789", 20_000));
    await submitOrder(viaMtn);
    await submitOrder(viaPawapay);
    mtn.admin.advanceClock(PAYER_APPROVES_AFTER_S + 1);
    await mtn.admin.idle();
    await runCheckJobs([viaMtn]);
    await answeredCallbacks((await payment(viaPawapay)).providerRequestRef!);
    for (const id of [viaMtn, viaPawapay]) expect((await payment(id)).status).toBe("success");
    await runSettlement({ merchantId: m.merchant.id });

    const partial = await refundPayment(m.headers, viaMtn, { amount: 5_000, reason: "one item returned" });
    const full = await refundPayment(m.headers, viaPawapay, {});
    expect([partial.status, full.status]).toEqual([201, 201]);
    const [rfMtn, rfPawapay] = [partial.json.refundId as string, full.json.refundId as string];
    await submitOrder(rfMtn);
    await submitOrder(rfPawapay);
    const refundRow = async (id: string) => (await prisma()).refund.findUniqueOrThrow({ where: { id } });
    expect(await refundRow(rfMtn)).toMatchObject({ status: "processing", connectorAccountId: "mtn-ci" });
    // The operators refund the collect they know, under the reference we sent it.
    const mtnRefundCall = mtn.admin.requests().find((r) => r.path === "/disbursement/v1_0/refund");
    expect(mtnRefundCall && JSON.parse(mtnRefundCall.body).referenceIdToRefund).toBe((await payment(viaMtn)).providerRequestRef);
    expect(JSON.parse(pawapay.admin.requests.find((r) => r.path === "/v2/refunds")!.body)).toMatchObject({ depositId: (await payment(viaPawapay)).providerRequestRef, amount: "20000" });
    mtn.admin.advanceClock(PAYER_APPROVES_AFTER_S + 1);
    await mtn.admin.idle();
    await runCheckJobs([rfMtn]);
    expect(await answeredCallbacks((await refundRow(rfPawapay)).providerRequestRef!)).toEqual([200]);
    for (const rf of [rfMtn, rfPawapay]) if ((await refundRow(rf)).status === "processing") await pollOrder(rf);
    expect(await refundRow(rfMtn)).toMatchObject({ status: "success" });
    expect(await refundRow(rfPawapay)).toMatchObject({ status: "success", connectorAccountId: "pawapay-sn" });
    expect((await paymentStatus(m.headers, viaMtn)).json).toMatchObject({ status: "success", refundedAmount: 5_000 });
    expect((await paymentStatus(m.headers, viaPawapay)).json).toMatchObject({ status: "refunded", refundedAmount: 20_000 });
    expect(await deliveredWebhook("refund.success", viaMtn)).toMatchObject({ type: "refund.success", data: { refundId: rfMtn, status: "success" } });
    expect(await deliveredWebhook("payment.refunded", viaPawapay)).toMatchObject({ type: "payment.refunded", data: { status: "refunded", refunds: [{ refundId: rfPawapay }] } });
    note(`MTN refund ${rfMtn}: ${(await calls(rfMtn)).join(", ")} → success; pawaPay refund ${rfPawapay}: ${(await calls(rfPawapay)).join(", ")} → success, payment.refunded verified`);
    const reconcile = await ops("ledger:reconcile", "--merchant", m.merchant.id);
    expect(reconcile.code).toBe(0);
  });

  it("pawaPay: a forged callback is refused (401) and changes nothing; polling still finds the truth", async () => {
    pawapay.admin.setCallbacks({ mode: "tampered" });
    // The deposit completes (and its forged callback leaves) a second after the submit, so the
    // status check the submit job makes at once still finds it PROCESSING, however loaded the machine.
    pawapay.admin.setDelays({ finalMs: 1000 });
    const id = await collect(orangeBody("+221770000789"));
    await submitOrder(id);
    const ref = (await payment(id)).providerRequestRef;
    const sent = await answeredCallbacks(ref!);
    pawapay.admin.setCallbacks({ mode: "signed" });
    pawapay.admin.setDelays({ finalMs: 20 });
    expect(sent).toEqual([401]);
    expect((await payment(id)).status).toBe("processing");
    expect(await eventTypes(m.merchant.id, id)).toEqual(["payment.pending", "payment.processing"]);
    await pollOrder(id);
    expect((await payment(id)).status).toBe("success");
    note(`pawaPay forged callback ${id}: callback answered 401, unchanged; ${(await calls(id)).join(", ")} → success by polling`);
  });

  it("MTN: callback lost (callback mode none) → polling resolves it", async () => {
    mtn.admin.configure({ callbackMode: "none" });
    const id = await collect(mtnBody("+2250500000003"));
    await submitOrder(id);
    mtn.admin.advanceClock(PAYER_APPROVES_AFTER_S + 1);
    await mtn.admin.idle();
    mtn.admin.configure({ callbackMode: "once" });
    expect(await runCheckJobs([id])).toBe(0);
    expect((await payment(id)).status).toBe("processing");
    await pollOrder(id);
    expect((await payment(id)).status).toBe("success");
    note(`MTN callback lost ${id}: ${(await calls(id)).join(", ")} → success by polling`);
  });

  it("MTN: the callback arrives before the submit's answer → its hint still resolves the payment once", async () => {
    mtn.admin.setScenario("2250500000005", { status: "SUCCESSFUL", afterSeconds: 0 });
    mtn.admin.configure({ callbackBeforeAnswer: true });
    const id = await collect(mtnBody("+2250500000005"));
    await submitOrder(id);
    await mtn.admin.idle();
    mtn.admin.configure({ callbackBeforeAnswer: false });
    const ref = (await payment(id)).providerRequestRef!;
    expect(mtn.admin.callbacks().filter((c) => c.referenceId === ref).map((c) => c.httpStatus)).toEqual([202]);
    expect(await runCheckJobs([id])).toBe(1);
    expect((await payment(id)).status).toBe("success");
    expect(await eventTypes(m.merchant.id, id)).toEqual(["payment.pending", "payment.processing", "payment.success"]);
    note(`MTN callback before answer ${id}: ${(await calls(id)).join(", ")} → success`);
  });

  it("a failing number through each → failed with the mapped error code", async () => {
    mtn.admin.setScenario("2250500000099", { status: "FAILED", reason: "APPROVAL_REJECTED", afterSeconds: 0 });
    const viaMtn = await collect(mtnBody("+2250500000099"));
    await submitOrder(viaMtn);
    await mtn.admin.idle();
    await runCheckJobs([viaMtn]); // the callback's hint
    if ((await payment(viaMtn)).status === "processing") await pollOrder(viaMtn);
    // APPROVAL_REJECTED → declined → the spec's user_cancelled for a collect (platform-error-code.ts)
    expect(await payment(viaMtn)).toMatchObject({ status: "failed", errorCode: "user_cancelled" });
    const viaPawapay = await collect(orangeBody("+221770000049"));
    await submitOrder(viaPawapay);
    expect(await answeredCallbacks((await payment(viaPawapay)).providerRequestRef!)).toEqual([200]);
    expect(await payment(viaPawapay)).toMatchObject({ status: "failed", errorCode: "insufficient_funds" });
    note(`failing numbers: MTN ${viaMtn} APPROVAL_REJECTED → failed/user_cancelled; pawaPay ${viaPawapay} INSUFFICIENT_BALANCE → failed/insufficient_funds`);
  });

  it.each([
    ["MTN MoMo", "mtn-ci", { destinationCountry: "CI", method: "mtn" }, "+2250500000004"],
    ["pawaPay", "pawapay-sn", { destinationCountry: "SN", method: "orange" }, "+221770000789"],
  ] as const)("%s down: the breaker opens, the payout queues with queuedReason, recovery submits it once", async (name, account, q, phone) => {
    // Down: the operator's process is gone (connection refused); it comes back on the same port.
    const port = Number(new URL(name === "pawaPay" ? pawapay.url : mtn.url).port);
    await (name === "pawaPay" ? pawapay : mtn).close();
    expect((await ops("connector:check", "--id", account)).code).toBe(1);
    expect((await ops("connector:check", "--id", account)).code).toBe(1);
    expect((await (await prisma()).connectorAccount.findUniqueOrThrow({ where: { id: account } })).breakerState).toBe("open");
    const { payout: res } = await quoteAndInitiate(m.headers, quoteBody({ amount: 1_000, ...q }), beneficiary(q.destinationCountry, phone));
    expect(res.status).toBe(201);
    const po = res.json.transactionId as string;
    await submitOrder(po);
    const queued = (await payoutStatus(m.headers, po)).json;
    expect(queued).toMatchObject({ status: "pending", queuedReason: expect.stringMatching(/unavailable/) });

    // Back, and the cool-down over (half-open): the sweep submits it, once.
    if (name === "pawaPay") pawapay = await startPawapay(port);
    else mtn = await startMtn(port);
    await (await prisma()).connectorAccount.update({ where: { id: account }, data: { openUntil: new Date(Date.now() - 1000) } });
    expect(await submitQueuedOrders()).toBe(1);
    expect(await submitQueuedOrders()).toBe(0);
    const ref = (await payout(po)).providerRequestRef!;
    const submits =
      name === "pawaPay"
        ? pawapay.admin.requests.filter((r) => r.method === "POST" && r.path === "/v2/payouts" && r.body.includes(ref)).length
        : mtn.admin.requests({ path: "/disbursement/v1_0/transfer", method: "POST" }).filter((r) => r.headers["x-reference-id"] === ref).length;
    expect(submits).toBe(1);
    expect((await payout(po)).status).toMatch(/processing|success/);
    note(`${name} down: connector:check ×2 → breaker open; payout ${po} queued ("${queued.queuedReason}"); recovered → submitted once (${(await calls(po)).join(", ")})`);
  });
});
