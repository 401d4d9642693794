import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as callbackRoute } from "@/app/api/v1/connectors/[accountId]/callback/route";
import { GET as paymentMethods } from "@/app/api/v1/providers/payment-methods/route";
import { getDashboardPayment } from "@/lib/dashboard/payments";
import { getPrisma } from "@/lib/db/client";
import { reconcileLedger } from "@/lib/ledger";
import { readBalances } from "@/lib/ledger/read-balances";
import { runSettlement } from "@/lib/ledger/settle-due-pending";
import { type FakeOperator, registerFakeOperator, startFakeOperator } from "../helpers/fake-operator";
import { call } from "../helpers/http";
import { directBody, eventTypes, initiatePayment } from "../helpers/payments";
import { cancel, payoutEventTypes, quoteAndInitiate, quoteBody, recipient, status as payoutStatus } from "../helpers/payouts";
import { createLiveMerchant, enterProduction, ops, restoreEnv } from "../helpers/production-instance";
import { ensureReferenceData } from "../helpers/reference";
import { pollOrder, submitOrder, submitQueuedOrders } from "@/lib/orders/orders";
import { platformJobs } from "@/lib/platform/jobs";

/**
 * The seam end to end in production mode (APP_ENV=production): a verified merchant with live
 * keys, a connector account configured with the ops commands, whose base URL is a local HTTP
 * operator (the `fake-operator` connector, registered in this test only). Collect and payout,
 * callbacks, lost answers, the circuit breaker and queued payouts.
 */
const API_KEY = "fake-live-key-7f3a9c";
let operator: FakeOperator;
let unregister: () => void;
let m: Awaited<ReturnType<typeof createLiveMerchant>>;

beforeAll(async () => {
  enterProduction({
    FAKE_API_KEY: API_KEY,
    // Short, so the hung operator of the timeout tests costs seconds; not so short that a loaded CI
    // machine times out an answered call (800 ms did).
    CONNECTOR_TOTAL_TIMEOUT_MS: "6000",
    CONNECTOR_BREAKER_FAILURES: "2",
    CONNECTOR_BREAKER_COOLDOWN_SECONDS: "60",
    SETTLEMENT_DELAY_SECONDS: "0",
    PUBLIC_BASE_URL: "https://pay.example.test",
  });
  unregister = registerFakeOperator();
  await ensureReferenceData();
  operator = await startFakeOperator(API_KEY);
  await ops("connector:add", "--id", "fake-sn", "--type", "fake-operator", "--base-url", operator.baseUrl, "--setting", "label=Senegal", "--secrets-env", "FAKE");
  await ops("route:set", "--country", "SN", "--provider", "orange", "--direction", "collect", "--account", "fake-sn");
  await ops("route:set", "--country", "SN", "--provider", "orange", "--direction", "payout", "--account", "fake-sn");
  m = await createLiveMerchant();
});

afterAll(async () => {
  await operator?.close();
  unregister?.();
  restoreEnv();
});

const prisma = () => getPrisma();
const payment = async (id: string) => (await prisma()).payment.findUniqueOrThrow({ where: { id } });

async function collect(overrides: Record<string, unknown> = {}) {
  const res = await initiatePayment(m.headers, directBody({ amount: 20_000, ...overrides }));
  expect(res.status).toBe(201);
  return res.json.data.transactionId as string;
}

async function runCheckJobs() {
  const jobs = await (await prisma()).job.findMany({ where: { type: "connector.check", status: "pending" } });
  for (const job of jobs) {
    await platformJobs.handler(job.type)!(job.payload as Record<string, unknown>, { id: job.id, attempts: 1 });
    await (await prisma()).job.update({ where: { id: job.id }, data: { status: "succeeded" } });
  }
  return jobs.length;
}

describe("production: a provider served by a configured connector account", () => {
  it("collect: reference stored before the call (UUID), 202 → processing, an unsigned callback is a hint → status check → success, ledger credited", async () => {
    const id = await collect();
    await submitOrder(id);
    const sent = await payment(id);
    expect(sent).toMatchObject({ status: "processing", connectorAccountId: "fake-sn" });
    expect(sent.providerRequestRef).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const order = operator.orders.get(sent.providerRequestRef!)!;
    expect(order).toMatchObject({ direction: "collect", amount: "20000", destination: "+221770000012" });
    const submitted = JSON.parse(operator.requests.find((r) => r.method === "POST" && r.body.includes(sent.providerRequestRef!))!.body);
    expect(submitted.callbackUrl).toBe("https://pay.example.test/api/v1/connectors/fake-sn/callback");

    operator.settle(sent.providerRequestRef!, "SUCCESSFUL");
    // The callback says SUCCESSFUL, but it is unsigned: it only makes us ask.
    const hint = await call(callbackRoute, { path: "/connectors/fake-sn/callback", params: { accountId: "fake-sn" }, body: { reference: sent.providerRequestRef, direction: "collect", status: "SUCCESSFUL" } });
    expect(hint.status).toBe(202);
    expect((await payment(id)).status).toBe("processing");
    expect(await runCheckJobs()).toBe(1);
    const done = await payment(id);
    expect(done).toMatchObject({ status: "success", providerReference: `op-${sent.providerRequestRef}`, providerRawStatus: { status: "SUCCESSFUL" } });
    expect(await eventTypes(m.merchant.id, id)).toEqual(["payment.pending", "payment.processing", "payment.success"]);
    const balances = await readBalances({ merchantId: m.merchant.id, environment: "production", currency: "XOF" });
    expect(balances.balances[0].categories.collect.pending).toBeGreaterThan(0);

    // The same callback again (its check coalesced with the first within the second), and a
    // late poll (the payment is final: no call): nothing more happens.
    expect((await call(callbackRoute, { path: "/connectors/fake-sn/callback", params: { accountId: "fake-sn" }, body: { reference: sent.providerRequestRef, direction: "collect" } })).status).toBe(202);
    await runCheckJobs();
    await pollOrder(id);
    expect(await eventTypes(m.merchant.id, id)).toEqual(["payment.pending", "payment.processing", "payment.success"]);

    // Every call is on record, redacted: no API key, the phone masked.
    const calls = await (await prisma()).connectorCall.findMany({ where: { subjectId: id }, orderBy: { id: "asc" } });
    // The submit job asks once at once (the first status check runs in the same job), then the hint's check.
    expect(calls.map((c) => `${c.operation} ${c.httpStatus ?? "-"}`)).toEqual(["collect 202", "collect.status 200", "callback -", "collect.status 200", "callback -"]);
    const recorded = JSON.stringify(calls, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
    expect(recorded).not.toContain(API_KEY);
    expect(recorded).not.toContain("+221770000012");
    expect(recorded).toContain("[redacted]");

    // The merchant sees the same timeline on the payment's dashboard page: no bodies, no account.
    const scope = { userId: "usr_test", email: "x@test.local", merchantId: m.merchant.id, environment: "production" as const };
    const detail = (await getDashboardPayment(scope, id))!;
    expect(detail.providerCalls.map((c) => [c.operation, c.httpStatus, c.outcome])).toEqual([
      ["collect", 202, "ok"],
      ["collect.status", 200, "ok"],
      ["callback", null, "hint"],
      ["collect.status", 200, "ok"],
      ["callback", null, "hint"],
    ]);
    expect(Object.keys(detail.providerCalls[0]).sort()).toEqual(["at", "httpStatus", "id", "latencyMs", "operation", "outcome"]);
    expect(await getDashboardPayment({ ...scope, merchantId: "mch_other" }, id)).toBeNull();
  });

  it("a submit whose answer is lost is followed by status checks under the same reference, never a second charge", async () => {
    const id = await collect();
    operator.mode = "commit-then-hang";
    const before = operator.submits();
    await submitOrder(id);
    operator.mode = "up";
    // The submit's answer was lost; the status check that follows in the same job asks under the
    // same reference and finds the order: processing, not failed, and not sent twice. On a
    // starved machine that check can itself run out of its 6 s: the order then waits, pending,
    // for the poll job, which asks under the same reference.
    if ((await payment(id)).status === "pending") await pollOrder(id);
    const unclear = await payment(id);
    expect(unclear.status).toBe("processing");
    expect(unclear.providerRequestRef).not.toBeNull();
    expect(operator.orders.has(unclear.providerRequestRef!)).toBe(true);
    expect(operator.submits()).toBe(before + 1);
    operator.settle(unclear.providerRequestRef!, "SUCCESSFUL");
    await submitOrder(id); // a re-run of the submit job (at least once) sends nothing
    expect(operator.submits()).toBe(before + 1);
    await pollOrder(id);
    expect((await payment(id)).status).toBe("success");
  });

  it("after our own timeout, a callback's hint or an ops re-check still finds a late success (the money was taken)", async () => {
    const id = await collect();
    await submitOrder(id);
    await pollOrder(id, { now: new Date(Date.now() + 2 * 3600_000) });
    const timedOut = await payment(id);
    expect(timedOut).toMatchObject({ status: "failed", errorCode: "timeout" });
    await (await import("@/lib/orders/orders")).recheckOrder(id); // still PENDING there: nothing
    expect((await payment(id)).status).toBe("failed");
    operator.settle(timedOut.providerRequestRef!, "SUCCESSFUL");
    const hint = await call(callbackRoute, { path: "/connectors/fake-sn/callback", params: { accountId: "fake-sn" }, body: { reference: timedOut.providerRequestRef, direction: "collect" } });
    expect(hint.status).toBe(202);
    await runCheckJobs();
    expect(await payment(id)).toMatchObject({ status: "success", errorCode: null });
    expect(await eventTypes(m.merchant.id, id)).toEqual(["payment.pending", "payment.processing", "payment.failed", "payment.success"]);
    expect((await ops("connector:recheck", "--id", id)).output).toBe(`${id}: success`);
  });

  it("an operator that never got the submit (5xx) gets it again under the same reference", async () => {
    const id = await collect();
    operator.mode = "down";
    await submitOrder(id);
    operator.mode = "up";
    const unclear = await payment(id);
    expect(unclear.status).toBe("pending");
    expect(operator.orders.has(unclear.providerRequestRef!)).toBe(false);
    await pollOrder(id); // 404 → resend, same reference
    expect(operator.orders.has(unclear.providerRequestRef!)).toBe(true);
    expect((await payment(id)).status).toBe("processing");
    operator.settle(unclear.providerRequestRef!, "FAILED", "insufficient_funds");
    await pollOrder(id);
    expect(await payment(id)).toMatchObject({ status: "failed", errorCode: "insufficient_funds" });
  });

  it("payout: funded by a settled collect, sent, polled to success; the ledger reconciles", async () => {
    const id = await collect({ amount: 100_000 });
    operator.instant = { status: "SUCCESSFUL" };
    await submitOrder(id);
    operator.instant = null;
    await pollOrder(id);
    expect((await payment(id)).status).toBe("success");
    await runSettlement({ merchantId: m.merchant.id });
    const { payout } = await quoteAndInitiate(m.headers, quoteBody({ amount: 10_000 }), { recipient: recipient("+221770000034") });
    expect(payout.status).toBe(201);
    const po = payout.json.transactionId as string;
    await submitOrder(po);
    const row = await (await prisma()).payout.findUniqueOrThrow({ where: { id: po } });
    expect(row).toMatchObject({ status: "processing", connectorAccountId: "fake-sn" });
    expect(operator.orders.get(row.providerRequestRef!)).toMatchObject({ direction: "payout", destination: "+221770000034" });
    operator.settle(row.providerRequestRef!, "SUCCESSFUL");
    await pollOrder(po);
    expect((await payoutStatus(m.headers, po)).json).toMatchObject({ status: "success" });
    expect(await payoutEventTypes(m.merchant.id, po)).toEqual(["payout.pending", "payout.processing", "payout.success"]);
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("provider down: the breaker opens, the method disappears, collects are refused, payouts queue (cancellable) and go out once, in order, when it is back", async () => {
    const methods = async () =>
      (await call(paymentMethods, { path: "/providers/payment-methods?country=SN", headers: m.headers })).json.data.map((d: { providerCode: string }) => d.providerCode);
    expect(await methods()).toContain("orange");
    operator.mode = "down";
    expect((await ops("connector:check", "--id", "fake-sn")).code).toBe(1);
    expect((await ops("connector:check", "--id", "fake-sn")).code).toBe(1);
    expect((await (await prisma()).connectorAccount.findUniqueOrThrow({ where: { id: "fake-sn" } })).breakerState).toBe("open");
    expect(await methods()).not.toContain("orange");
    const refused = await initiatePayment(m.headers, directBody());
    expect(refused.status).toBe(400);
    expect(refused.json.code).toBe("provider_unavailable");

    const ids: string[] = [];
    for (const phone of ["+221770000041", "+221770000042", "+221770000043"]) {
      const { payout } = await quoteAndInitiate(m.headers, quoteBody({ amount: 1_000 }), { recipient: recipient(phone) });
      expect(payout.status).toBe(201);
      ids.push(payout.json.transactionId);
      await submitOrder(payout.json.transactionId);
    }
    const queued = await payoutStatus(m.headers, ids[0]);
    expect(queued.json).toMatchObject({ status: "pending", queuedReason: expect.stringMatching(/unavailable/) });
    expect((await cancel(m.headers, ids[1])).status).toBe(200);
    const mark = operator.requests.length;

    // Back: the cool-down over (half-open), the sweep's first call closes the breaker.
    operator.mode = "up";
    await (await prisma()).connectorAccount.update({ where: { id: "fake-sn" }, data: { openUntil: new Date(Date.now() - 1000) } });
    expect(await submitQueuedOrders()).toBe(2);
    expect(await submitQueuedOrders()).toBe(0);
    const posted = operator.requests.slice(mark).filter((r) => r.method === "POST" && r.path === "/orders");
    expect(posted.map((r) => JSON.parse(r.body).destination)).toEqual(["+221770000041", "+221770000043"]);
    expect((await (await prisma()).connectorAccount.findUniqueOrThrow({ where: { id: "fake-sn" } })).breakerState).toBe("closed");
    for (const id of [ids[0], ids[2]]) expect((await payoutStatus(m.headers, id)).json.status).toBe("processing");
    expect(await methods()).toContain("orange");
  });

  it("connector:calls shows the record for one transaction; route:remove makes the provider unavailable", async () => {
    const [last] = await (await prisma()).connectorCall.findMany({ where: { operation: "collect" }, orderBy: { id: "desc" }, take: 1 });
    const out = await ops("connector:calls", "--account", "fake-sn", "--transaction", last.subjectId!);
    expect(out.output).toContain("collect");
    expect(out.output).not.toContain(API_KEY);
    await ops("route:remove", "--country", "SN", "--provider", "orange", "--direction", "collect");
    const refused = await initiatePayment(m.headers, directBody());
    expect(refused.json.code).toBe("provider_unavailable");
  });
});
