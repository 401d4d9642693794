import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as callbackPost } from "@/app/api/v1/connectors/[accountId]/callback/route";
import { airtelSimulatorSecrets, startAirtelSimulator, type AirtelSimulator } from "@/simulators/airtel";
import { callbackUrlFor } from "@/lib/connectors/mpesa-daraja/client";
import { MPESA_SIM_SETTINGS, mpesaSimulatorSecrets, startMpesaSimulator, type MpesaSimulator } from "@/simulators/mpesa-daraja";
import { getPrisma } from "@/lib/db/client";
import { runSettlement } from "@/lib/ledger/settle-due-pending";
import { directBody, eventTypes, initiatePayment } from "../helpers/payments";
import { paymentStatus, refund as refundPayment } from "../helpers/refunds";
import { intlRecipient, payoutEventTypes, quoteAndInitiate, quoteBody, recipient, sender, status as payoutStatus } from "../helpers/payouts";
import { createLiveMerchant, enterProduction, ops, restoreEnv } from "../helpers/production-instance";
import { ensureReferenceData } from "../helpers/reference";
import { operatorCalls as calls, runCheckJobs } from "../helpers/connector-flow";
import { pollOrder, submitOrder } from "@/lib/orders/orders";

/** The simulated payer approves this long after the push, on the simulator's clock, which the tests
 * advance: long enough that a submit slowed by a loaded machine still finds the order waiting. */
const PAYER_APPROVES_AFTER_S = 20;

/**
 * The e2e part for M-Pesa Daraja and Airtel Money: production mode with the real connectors
 * pointed at their contract simulators on 127.0.0.1, configured with the ops commands; a live
 * merchant collects and pays out through the real route handlers; the operators call back over
 * real HTTP into the callback route, where every callback is only a hint and the order is
 * confirmed by the operator's own status answer.
 * - Airtel in Gabon (XAF, in the catalogue): collect, payout (encrypted PIN), hashed callbacks.
 * - M-Pesa Daraja: the account is added and checked with the ops commands against the simulator,
 *   and the callback route refuses callbacks on URLs the account did not make and takes the ones
 *   it made. A routed Kenyan collect runs in tests/flows/production-east-africa-flow.test.ts; STK
 *   and B2C are proven against the simulator in tests/connectors/mpesa-daraja.
 */
const trace: string[] = [];
let platform: { url: string; close(): Promise<void> };
let airtel: AirtelSimulator;
let mpesa: MpesaSimulator;
let m: Awaited<ReturnType<typeof createLiveMerchant>>;

async function startPlatform() {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const match = /^\/api\/v1\/connectors\/([^/]+)\/callback$/.exec((req.url ?? "").split("?")[0]!);
      if (!match || req.method !== "POST") return void res.writeHead(404).end();
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const request = new Request(`${platform.url}${req.url}`, { method: "POST", headers, body: Buffer.concat(chunks) });
      const response = await callbackPost(request, { params: Promise.resolve({ accountId: match[1]! }) });
      res.writeHead(response.status, { "content-type": "application/json" }).end(await response.text());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))) };
}

const prefixed = (prefix: string, secrets: Record<string, string>) => Object.fromEntries(Object.entries(secrets).map(([k, v]) => [`${prefix}_${k}`, v]));

beforeAll(async () => {
  platform = await startPlatform();
  airtel = await startAirtelSimulator({ callbackUrl: `${platform.url}/api/v1/connectors/airtel-ga/callback`, callbackSecret: "flow-callback-secret", settleAfterSeconds: PAYER_APPROVES_AFTER_S });
  mpesa = await startMpesaSimulator({ allowHttpCallbacks: true, settleAfterSeconds: PAYER_APPROVES_AFTER_S });
  enterProduction({
    PUBLIC_BASE_URL: platform.url,
    SETTLEMENT_DELAY_SECONDS: "0",
    CONNECTOR_TOTAL_TIMEOUT_MS: "6000",
    ...prefixed("AIRTEL_SIM", airtelSimulatorSecrets(airtel)),
    ...prefixed("MPESA_SIM", mpesaSimulatorSecrets(mpesa)),
  });
  await ensureReferenceData();
  const added = [
    await ops("connector:add", "--id", "airtel-ga", "--type", "airtel", "--base-url", airtel.url, "--setting", "country=GA", "--setting", "currency=XAF", "--setting", "callbackAuth=true", "--secrets-env", "AIRTEL_SIM"),
    await ops("connector:add", "--id", "safaricom-ke", "--type", "mpesa-daraja", "--base-url", mpesa.url, ...Object.entries(MPESA_SIM_SETTINGS).flatMap(([k, v]) => ["--setting", `${k}=${v}`]), "--secrets-env", "MPESA_SIM"),
  ];
  for (const a of added) expect(a.code, a.output).toBe(0);
  for (const direction of ["collect", "payout"]) expect((await ops("route:set", "--country", "GA", "--provider", "airtel", "--direction", direction, "--account", "airtel-ga")).code).toBe(0);
  m = await createLiveMerchant();
  trace.push(`setup: airtel-ga → Airtel sim ${airtel.url} (GA, XAF, hashed callbacks); safaricom-ke → Daraja sim ${mpesa.url} (no route: no mpesa provider code)`);
});

afterAll(async () => {
  console.log(["── production e2e trace (M-Pesa, Airtel) ──", ...trace].join("\n"));
  await Promise.all([airtel?.close(), mpesa?.close(), platform?.close()]);
  restoreEnv();
});

const prisma = () => getPrisma();
const payment = async (id: string) => (await prisma()).payment.findUniqueOrThrow({ where: { id } });
const payout = async (id: string) => (await prisma()).payout.findUniqueOrThrow({ where: { id } });

async function collect(body: Record<string, unknown>) {
  const res = await initiatePayment(m.headers, directBody(body));
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.data.transactionId as string;
}

describe("production e2e: Airtel Money and M-Pesa Daraja simulators", () => {
  it("Airtel collect: push → processing; the hashed callback is a hint (202) → enquiry → success", async () => {
    const id = await collect({ provider: "airtel", country: "GA", currency: "XAF", customerPhone: "+24174000001", amount: 20_000 });
    await submitOrder(id);
    expect(await payment(id)).toMatchObject({ status: "processing", connectorAccountId: "airtel-ga" });
    airtel.admin.advanceClock(PAYER_APPROVES_AFTER_S + 1);
    await airtel.admin.idle();
    expect(airtel.admin.callbacks().filter((c) => c.id === id).map((c) => c.httpStatus)).toEqual([202]);
    expect((await payment(id)).status).toBe("processing"); // a hint only
    expect(await runCheckJobs([id])).toBe(1);
    expect(await payment(id)).toMatchObject({ status: "success", providerReference: expect.stringMatching(/^MP/) });
    expect(await eventTypes(m.merchant.id, id)).toEqual(["payment.pending", "payment.processing", "payment.success"]);
    trace.push(`Airtel collect ${id}: ${(await calls(id)).join(", ")} → success`);
  });

  it("Airtel: a forged callback (wrong hash) is refused 401 and changes nothing", async () => {
    const id = await collect({ provider: "airtel", country: "GA", currency: "XAF", customerPhone: "+24174000002", amount: 1_000 });
    await submitOrder(id);
    const forged = await fetch(`${platform.url}/api/v1/connectors/airtel-ga/callback`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ transaction: { id, status_code: "TS", airtel_money_id: "MP1" }, hash: "AAAA" }),
    });
    expect(forged.status).toBe(401);
    expect(await runCheckJobs([id])).toBe(0);
    expect((await payment(id)).status).toBe("processing");
  });

  it("Airtel payout to Gabon (PIN encrypted), funded by the settled collect → success; a failing payer → failed user_cancelled", async () => {
    await runSettlement({ merchantId: m.merchant.id });
    const { payout: res } = await quoteAndInitiate(m.headers, quoteBody({ amount: 5_000, destinationCountry: "GA", method: "airtel" }), {
      recipient: { ...recipient("+24177000001"), ...intlRecipient() },
      sender: sender(),
      purpose: "SALARY",
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const po = res.json.transactionId as string;
    await submitOrder(po);
    expect(await payout(po)).toMatchObject({ status: "processing", connectorAccountId: "airtel-ga" });
    airtel.admin.advanceClock(PAYER_APPROVES_AFTER_S + 1);
    await airtel.admin.idle();
    await runCheckJobs([po]);
    if ((await payout(po)).status === "processing") await pollOrder(po);
    expect((await payoutStatus(m.headers, po)).json).toMatchObject({ status: "success" });
    expect(await payoutEventTypes(m.merchant.id, po)).toEqual(["payout.pending", "payout.processing", "payout.success"]);
    const pin = JSON.parse(airtel.admin.requests({ path: "/standard/v1/disbursements/" }).at(-1)!.body).pin as string;
    expect(pin).not.toBe(airtelSimulatorSecrets(airtel).DISBURSEMENT_PIN);
    trace.push(`Airtel payout ${po}: ${(await calls(po)).join(", ")} → success`);

    const failing = await collect({ provider: "airtel", country: "GA", currency: "XAF", customerPhone: "+24174001002", amount: 1_000 });
    await submitOrder(failing);
    airtel.admin.advanceClock(PAYER_APPROVES_AFTER_S + 1);
    await airtel.admin.idle();
    await runCheckJobs([failing]);
    expect(await payment(failing)).toMatchObject({ status: "failed", errorCode: "user_cancelled" }); // DP00800001002 wrong PIN → declined
    trace.push(`Airtel failing payer ${failing}: DP00800001002 → failed/user_cancelled`);
  });

  it("Airtel refund by the collection's airtel_money_id: a partial one is refused at the API (400, no call); the full one succeeds → payment.refunded; reconcile", async () => {
    expect((await ops("route:set", "--country", "GA", "--provider", "airtel", "--direction", "refund", "--account", "airtel-ga")).code).toBe(0);
    const id = await collect({ provider: "airtel", country: "GA", currency: "XAF", customerPhone: "+24174000003", amount: 6_000 });
    await submitOrder(id);
    airtel.admin.advanceClock(PAYER_APPROVES_AFTER_S + 1);
    await airtel.admin.idle();
    await runCheckJobs([id]);
    const paid = await payment(id);
    expect(paid.status).toBe("success");
    await runSettlement({ merchantId: m.merchant.id });
    const refundRow = async (rf: string) => (await prisma()).refund.findUniqueOrThrow({ where: { id: rf } });
    const refundCalls = () => airtel.admin.requests({ path: "/standard/v2/payments/refund" }); // the refund path of Airtel's current docs (the account's default)

    // Airtel refunds whole payments only: a partial refund is refused at the API, nothing held or sent.
    const partial = await refundPayment(m.headers, id, { amount: 2_000 });
    expect(partial.status).toBe(400);
    expect(partial.json).toMatchObject({ code: "invalid_amount" });
    expect(refundCalls()).toHaveLength(0);

    const full = await refundPayment(m.headers, id, {});
    expect(full.status).toBe(201);
    await submitOrder(full.json.refundId);
    expect(await refundRow(full.json.refundId)).toMatchObject({ status: "success", connectorAccountId: "airtel-ga" });
    expect(JSON.parse(refundCalls().at(-1)!.body)).toEqual({ transaction: { airtel_money_id: paid.providerReference } });
    expect((await paymentStatus(m.headers, id)).json).toMatchObject({ status: "refunded", refundedAmount: 6_000 });
    expect(await eventTypes(m.merchant.id, id)).toEqual([
      "payment.pending", "payment.processing", "payment.success",
      "refund.pending", "refund.processing", "refund.success", "payment.refunded",
    ]);
    expect((await ops("ledger:reconcile", "--merchant", m.merchant.id)).code).toBe(0);
    trace.push(`Airtel refund of ${id}: partial refused at the API (400, full only, no call); full ${full.json.refundId}: ${(await calls(full.json.refundId)).join(", ")} → success, payment.refunded`);
  });

  it("Airtel refund whose answer was lost: its status is read from the enquiry of the COLLECTION it refunds (the engine fills OrderRef.collect) → success once", async () => {
    // An OpCo whose enquiry of a refunded collection says so (README "Refunds": one plausible shape).
    airtel.admin.configure({ refundInEnquiry: "status" });
    try {
      const id = await collect({ provider: "airtel", country: "GA", currency: "XAF", customerPhone: "+24174000004", amount: 5_000 });
      await submitOrder(id);
      airtel.admin.advanceClock(PAYER_APPROVES_AFTER_S + 1);
      await airtel.admin.idle();
      await runCheckJobs([id]);
      const paid = await payment(id);
      expect(paid.status).toBe("success");
      await runSettlement({ merchantId: m.merchant.id });
      const refundRow = async (rf: string) => (await prisma()).refund.findUniqueOrThrow({ where: { id: rf } });

      // Airtel refunds the collection, then the answer is lost: the refund has no id of its own there.
      airtel.scenario({ reference: paid.providerRequestRef! }, [{ kind: "lose_answer", how: "reset" }]);
      const full = await refundPayment(m.headers, id, {});
      expect(full.status).toBe(201);
      const rf = full.json.refundId as string;
      await submitOrder(rf);
      if ((await refundRow(rf)).status !== "success") await pollOrder(rf);
      const enquiries = airtel.admin.requests({ path: `/standard/v1/payments/${paid.providerRequestRef}` });
      expect(enquiries.length).toBeGreaterThan(0);
      expect(await refundRow(rf)).toMatchObject({ status: "success", connectorAccountId: "airtel-ga" });
      expect(airtel.admin.requests({ path: "/standard/v2/payments/refund" }).filter((r) => JSON.parse(r.body).transaction?.airtel_money_id === paid.providerReference)).toHaveLength(1); // never sent again
      expect((await paymentStatus(m.headers, id)).json).toMatchObject({ status: "refunded", refundedAmount: 5_000 });
      expect(await eventTypes(m.merchant.id, id)).toEqual([
        "payment.pending", "payment.processing", "payment.success",
        "refund.pending", "refund.processing", "refund.success", "payment.refunded",
      ]);
    } finally {
      airtel.admin.configure({ refundInEnquiry: "none" });
    }
  });

  it("M-Pesa: connector:add refuses an account id containing \"mpesa\" (it is part of the callback URL Daraja is reported to refuse)", async () => {
    await expect(
      ops("connector:add", "--id", "mpesa-ke", "--type", "mpesa-daraja", "--base-url", mpesa.url, ...Object.entries(MPESA_SIM_SETTINGS).flatMap(([k, v]) => ["--setting", `${k}=${v}`]), "--secrets-env", "MPESA_SIM"),
    ).rejects.toThrow(/contains "mpesa"/);
    trace.push(`M-Pesa connector:add --id mpesa-ke → refused (the callback URL would contain "mpesa")`);
  });

  it("M-Pesa account in production: connector:check passes against the simulator (token and certificate)", async () => {
    const check = await ops("connector:check", "--id", "safaricom-ke");
    expect(check.code, check.output).toBe(0);
    trace.push(`M-Pesa connector:check → exit ${check.code}: ${check.output.split("\n")[0]}`);
  });

  it("M-Pesa callbacks through the route: a URL the account did not make → 401; one it made, for an order we do not have → 200, nothing changed", async () => {
    const body = JSON.stringify({ Body: { stkCallback: { MerchantRequestID: "m", CheckoutRequestID: "ws_CO_x", ResultCode: 0, ResultDesc: "ok" } } });
    const post = (query: string) => fetch(`${platform.url}/api/v1/connectors/safaricom-ke/callback?${query}`, { method: "POST", headers: { "content-type": "application/json" }, body });
    expect((await post("ref=txn_x&kind=stk&sig=nope")).status).toBe(401);
    expect((await post("")).status).toBe(401);
    const context = { secrets: { CONSUMER_SECRET: mpesaSimulatorSecrets(mpesa).CONSUMER_SECRET } } as unknown as Parameters<typeof callbackUrlFor>[0];
    const made = new URL(callbackUrlFor({ ...context, callbackUrl: `${platform.url}/api/v1/connectors/safaricom-ke/callback` }, "stk", "txn_unknown"));
    expect((await post(made.searchParams.toString())).status).toBe(200);
    const recorded = await (await prisma()).connectorCall.findMany({ where: { accountId: "safaricom-ke", operation: "callback" }, orderBy: { id: "asc" } });
    expect(recorded.map((c) => c.outcome)).toEqual(["rejected", "rejected", "unknown_reference"]);
    expect(recorded.every((c) => !(c.urlPath ?? "").includes("sig"))).toBe(true);
    trace.push(`M-Pesa callbacks: forged → 401, 401; made by the account, unknown order → 200 (${recorded.map((c) => c.outcome).join(", ")})`);
  });
});
