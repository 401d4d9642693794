import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as callbackRoute } from "@/app/api/v1/connectors/[accountId]/callback/route";
import { submitCheckoutMethod } from "@/lib/checkout";
import { getPrisma } from "@/lib/db/client";
import { reconcileLedger } from "@/lib/ledger";
import { readBalances } from "@/lib/ledger/read-balances";
import { withOpenAttempts } from "@/lib/orders/attempts";
import { duplicateChargeSchema } from "@/lib/orders/duplicate-charge-schemas";
import { pollOrder, submitOrder } from "@/lib/orders/orders";
import { expireDuePayments } from "@/lib/payments/expire-payments";
import { type FakeOperator, registerFakeOperator, signFakeCallback, startFakeOperator } from "../helpers/fake-operator";
import { call } from "../helpers/http";
import { eventTypes, initiatePayment, uniqueRef } from "../helpers/payments";
import { createLiveMerchant, enterProduction, ops, restoreEnv } from "../helpers/production-instance";
import { ensureReferenceData } from "../helpers/reference";

/**
 * Attempts (docs/design/order-lifecycle.md, "Attempts" and "Duplicate charges"): a hosted
 * checkout retried with another number sends a second reference, and the first one may still be
 * paid. A production instance whose Orange Senegal collects and refunds go to a local operator
 * (tests/helpers/fake-operator.ts, real HTTP, signed callbacks); the engine runs on a simulated
 * clock (`now`), so the 30-minute window passes in a call.
 */
const API_KEY = "attempts-live-key-41d7";
const SECRET = "attempts-callback-secret";
const ACCOUNT = "attempts-sn";
const MINUTE = 60_000;
let operator: FakeOperator;
let unregister: () => void;
let m: Awaited<ReturnType<typeof createLiveMerchant>>;

beforeAll(async () => {
  enterProduction({ ATT_API_KEY: API_KEY, ATT_CALLBACK_SECRET: SECRET, CONNECTOR_TOTAL_TIMEOUT_MS: "800", SETTLEMENT_DELAY_SECONDS: "0", PUBLIC_BASE_URL: "https://pay.example.test" });
  unregister = registerFakeOperator();
  await ensureReferenceData();
  operator = await startFakeOperator(API_KEY);
  await ops("connector:add", "--id", ACCOUNT, "--type", "fake-operator-refunds", "--base-url", operator.baseUrl, "--secrets-env", "ATT");
  for (const direction of ["collect", "refund"]) await ops("route:set", "--country", "SN", "--provider", "orange", "--direction", direction, "--account", ACCOUNT);
  m = await createLiveMerchant();
});

afterAll(async () => {
  await operator?.close();
  unregister?.();
  restoreEnv();
});

const prisma = () => getPrisma();
const payment = async (id: string) => (await prisma()).payment.findUniqueOrThrow({ where: { id } });
const sent = (direction: string) => operator.requests.filter((r) => r.method === "POST" && r.path === "/orders" && JSON.parse(r.body).direction === direction);
const collect = async () => (await readBalances({ merchantId: m.merchant.id, environment: "production", currency: "XOF" })).balances[0]?.categories.collect ?? { available: 0n, pending: 0n };
const at = (t0: Date, minutes: number) => new Date(t0.getTime() + minutes * MINUTE);

/** A signed callback from the operator with what it holds for `reference` now. */
async function callback(reference: string) {
  const body = JSON.stringify(operator.orders.get(reference)!);
  const res = await call(callbackRoute, { path: `/connectors/${ACCOUNT}/callback`, params: { accountId: ACCOUNT }, rawBody: body, headers: { "x-signature": signFakeCallback(SECRET, body), "content-type": "application/json" } });
  expect(res.status).toBe(200);
}

/**
 * A hosted checkout of 7,000 XOF whose first attempt (the customer's first number) the operator
 * holds past our window: failed `timeout`, and the customer tries again with another number. The
 * retry's submit job has not run yet.
 */
async function retriedCheckout(firstPhone: string, secondPhone: string) {
  const res = await initiatePayment(m.headers, { type: "checkout", amount: 7_000, externalReference: uniqueRef("attempts") });
  expect(res.status).toBe(201);
  const id = res.json.data.transactionId as string;
  const token = new URL(res.json.data.redirectUrl).pathname.split("/").pop()!;
  expect(await submitCheckoutMethod(token, { provider: "orange", phone: firstPhone })).toMatchObject({ ok: true });
  const t0 = new Date();
  await submitOrder(id, { attempt: 1, now: t0 });
  const first = await payment(id);
  expect(first.status).toBe("processing");
  await pollOrder(id, { now: at(t0, 31) });
  expect(await payment(id)).toMatchObject({ status: "failed", errorCode: "timeout" });
  expect(await submitCheckoutMethod(token, { provider: "orange", phone: secondPhone })).toMatchObject({ ok: true });
  expect(await payment(id)).toMatchObject({ status: "pending", providerRequestRef: null });
  return { id, t0, ref1: first.providerRequestRef! };
}

describe("a checkout retried with another number: every attempt is found, asked, and applied", () => {
  it("the first attempt's late success, after the retry, is applied (not dropped as an unknown reference); the retry sends nothing", async () => {
    const before = await collect();
    const { id, t0, ref1 } = await retriedCheckout("770000071", "770000072");
    const collectsSent = sent("collect").length;

    // The customer approved the first prompt after all: the operator's signed callback names the first reference.
    operator.settle(ref1, "SUCCESSFUL");
    await callback(ref1);
    expect(await payment(id)).toMatchObject({ status: "success", providerRequestRef: ref1, customerPhone: "+221770000071" });
    expect(await eventTypes(m.merchant.id, id)).toEqual(["payment.pending", "payment.processing", "payment.failed", "payment.pending", "payment.processing", "payment.success"]);
    // The retry's submit job then finds it paid: nothing new goes to the operator.
    await submitOrder(id, { attempt: 2, now: at(t0, 32) });
    expect(sent("collect").length).toBe(collectsSent);
    expect((await collect()).pending).toBe(before.pending + 7_000n - (await payment(id)).fee);
    expect(await (await prisma()).ledgerEntry.count({ where: { idempotencyKey: `collect:${id}:credit` } })).toBe(1);
    expect(await (await prisma()).orderAttempt.findMany({ where: { orderId: id }, select: { number: true, reference: true, lastStatus: true } })).toEqual([{ number: 1, reference: ref1, lastStatus: "success" }]);
    expect((await reconcileLedger()).ok).toBe(true);
  });

  it("no second attempt is sent while the first one's outcome is unknown; once it says it was paid, that is applied instead", async () => {
    const { id, t0, ref1 } = await retriedCheckout("770000073", "770000074");
    const collectsSent = sent("collect").length;

    // Still pending at the operator (the first prompt may yet be approved): the retry waits.
    const waiting = await submitOrder(id, { attempt: 2, now: at(t0, 32) });
    expect(waiting).toEqual({ rescheduleAt: expect.any(Date) });
    // No answer at all is no better: still nothing sent.
    operator.mode = "down";
    expect(await submitOrder(id, { attempt: 2, now: at(t0, 33) })).toEqual({ rescheduleAt: expect.any(Date) });
    operator.mode = "up";
    expect(sent("collect").length).toBe(collectsSent);
    expect(await payment(id)).toMatchObject({ status: "pending", providerRequestRef: null });
    // Nor is it expired meanwhile: the first attempt may still be paid.
    await expireDuePayments(new Date(Date.now() + 2 * 60 * MINUTE), 200, withOpenAttempts);
    expect(await payment(id)).toMatchObject({ status: "pending" });

    operator.settle(ref1, "SUCCESSFUL");
    expect(await submitOrder(id, { attempt: 2, now: at(t0, 34) })).toBeUndefined();
    expect(sent("collect").length).toBe(collectsSent);
    expect(await payment(id)).toMatchObject({ status: "success", providerRequestRef: ref1, customerPhone: "+221770000073" });
  });

  it("waits one window at most: past it the retry is given up (failed, timeout), still without a second attempt", async () => {
    const { id, t0 } = await retriedCheckout("770000075", "770000076");
    const collectsSent = sent("collect").length;
    expect(await submitOrder(id, { attempt: 2, now: at(t0, 32) })).toEqual({ rescheduleAt: expect.any(Date) });
    expect(await submitOrder(id, { attempt: 2, now: at(t0, 32 + 31) })).toBeUndefined();
    expect(await payment(id)).toMatchObject({ status: "failed", errorCode: "timeout" });
    expect(sent("collect").length).toBe(collectsSent);
  });

  it("the retry given up, the first attempt paid a day later and its callback lost: the poll job still asks it, slowly, and applies the success once", async () => {
    const before = await collect();
    const { id, t0, ref1 } = await retriedCheckout("770000077", "770000078");
    expect(await submitOrder(id, { attempt: 2, now: at(t0, 32) })).toEqual({ rescheduleAt: expect.any(Date) });
    expect(await submitOrder(id, { attempt: 2, now: at(t0, 32 + 31) })).toBeUndefined();
    // Failed on our window, and the attempt that may still be paid is no longer the payment's current one.
    expect(await payment(id)).toMatchObject({ status: "failed", errorCode: "timeout", providerRequestRef: null });

    // The poll job as the runner runs it, at the times it asks for. The operator takes the money
    // 26 hours in, past the long window of the 5-minute asks; no callback comes.
    const paidAt = at(t0, 26 * 60);
    const asks: Date[] = [];
    let next: Date | null = at(t0, 64);
    while (next && asks.length < 400 && next.getTime() < at(t0, 3 * 24 * 60).getTime()) {
      if (next >= paidAt && operator.orders.get(ref1)!.status === "PENDING") operator.settle(ref1, "SUCCESSFUL");
      asks.push(next);
      next = (await pollOrder(id, { now: next }))?.rescheduleAt ?? null;
    }
    // Every 5 minutes for the first day, then hourly: the success 26 hours in is found within the hour.
    expect(asks.filter((a) => a > at(t0, 25 * 60)).length).toBeGreaterThan(0);
    expect(asks.filter((a) => a > at(t0, 25 * 60) && a < paidAt).every((a, i, all) => i === 0 || a.getTime() - all[i - 1].getTime() === 60 * MINUTE)).toBe(true);
    expect(next).toBeNull(); // known: nothing left to ask
    expect(asks.at(-1)!.getTime()).toBeLessThanOrEqual(paidAt.getTime() + 60 * MINUTE);
    expect(await payment(id)).toMatchObject({ status: "success", providerRequestRef: ref1, customerPhone: "+221770000077" });
    expect(await eventTypes(m.merchant.id, id)).toEqual(["payment.pending", "payment.processing", "payment.failed", "payment.pending", "payment.failed", "payment.success"]);

    // Asked again (a repeated job, a re-check): credited once.
    await pollOrder(id, { now: at(t0, 27 * 60) });
    expect(await (await prisma()).ledgerEntry.count({ where: { idempotencyKey: `collect:${id}:credit` } })).toBe(1);
    expect((await collect()).pending).toBe(before.pending + 7_000n - (await payment(id)).fee);
    expect((await reconcileLedger()).ok).toBe(true);
  });
});

describe("both attempts paid: a duplicate charge, held for the payer and refunded", () => {
  /** The first attempt refused by the operator, the second sent and paid, then the operator says the first was paid too. */
  async function paidTwice(firstPhone: string, secondPhone: string) {
    const { id, t0, ref1 } = await retriedCheckout(firstPhone, secondPhone);
    operator.settle(ref1, "FAILED", "payer_busy");
    const collectsSent = sent("collect").length;
    await submitOrder(id, { attempt: 2, now: at(t0, 32) }); // asks the first attempt (failed), then sends the second
    expect(sent("collect").length).toBe(collectsSent + 1);
    const ref2 = (await payment(id)).providerRequestRef!;
    expect(ref2).not.toBe(ref1);
    operator.settle(ref2, "SUCCESSFUL");
    await pollOrder(id, { now: at(t0, 33) });
    expect(await payment(id)).toMatchObject({ status: "success", providerRequestRef: ref2 });
    const balance = await collect();

    operator.settle(ref1, "SUCCESSFUL");
    await callback(ref1);
    await callback(ref1); // repeated: nothing more
    expect((await eventTypes(m.merchant.id, id)).filter((t) => t === "payment.duplicate_charge")).toHaveLength(1);
    const charges = await (await prisma()).duplicateCharge.findMany({ where: { paymentId: id } });
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ cause: "paid_twice", chargedReference: ref1, paidReference: ref2, amount: 7_000n, currency: "XOF" });
    // The event's data is the documented DuplicateCharge, nothing more.
    const event = await (await prisma()).webhookEvent.findFirstOrThrow({ where: { merchantId: m.merchant.id, type: "payment.duplicate_charge", payload: { path: ["data", "transactionId"], equals: id } } });
    const data = (event.payload as { data: Record<string, unknown> }).data;
    expect(duplicateChargeSchema.strict().parse(data)).toEqual(data);
    expect(data).toMatchObject({ duplicateChargeId: charges[0].id, transactionId: id, cause: "paid_twice", amount: 7000, currency: "XOF", status: charges[0].status });
    // The payment stays paid by the second attempt, credited once; the merchant's balance does not move.
    expect(await payment(id)).toMatchObject({ status: "success", providerRequestRef: ref2 });
    expect(await (await prisma()).ledgerEntry.count({ where: { idempotencyKey: `collect:${id}:credit` } })).toBe(1);
    expect(await collect()).toEqual(balance);
    expect((await reconcileLedger()).ok).toBe(true);
    return { id, t0, ref1, charge: charges[0], balance };
  }

  const entriesOf = async (duplicateChargeId: string) =>
    (await (await prisma()).ledgerEntry.findMany({ where: { metadata: { path: ["duplicateChargeId"], equals: duplicateChargeId } }, orderBy: { createdAt: "asc" } })).map((e) => e.type);

  it("where the connector refunds: the refund goes out once, under the first attempt's reference, and the ledger nets to zero", async () => {
    const { t0, ref1, charge, balance } = await paidTwice("770000081", "770000082");
    expect(charge.status).toBe("pending");
    expect(await (await prisma()).job.count({ where: { dedupeKey: `duplicate_charge.submit:${charge.id}` } })).toBe(1);

    await submitOrder(charge.id, { now: at(t0, 35) }); // the duplicate_charge.submit job
    await submitOrder(charge.id, { now: at(t0, 35) }); // run twice: sent once
    const refunds = sent("refund");
    expect(refunds).toHaveLength(1);
    expect(JSON.parse(refunds[0].body)).toMatchObject({ collectReference: ref1, amount: "7000" });
    const refundRef = JSON.parse(refunds[0].body).reference as string;
    operator.settle(refundRef, "SUCCESSFUL");
    await pollOrder(charge.id, { now: at(t0, 36) });

    expect(await (await prisma()).duplicateCharge.findUniqueOrThrow({ where: { id: charge.id } })).toMatchObject({ status: "refunded", providerRequestRef: refundRef });
    expect(await entriesOf(charge.id)).toEqual(["duplicate_charge_credit", "duplicate_charge_hold", "duplicate_charge_refund"]);
    expect(await collect()).toEqual(balance);
    const report = await reconcileLedger();
    expect(report.ok).toBe(true);
    expect(report.platformBalances.find((b) => b.accountId === "p:production:XOF:payouts_in_flight")?.balance ?? 0n).toBe(0n);
    const listed = JSON.parse((await ops("orders:duplicates", "--json")).output) as { id: string; status: string }[];
    expect(listed.find((d) => d.id === charge.id)).toMatchObject({ status: "refunded", chargedReference: ref1 });
  });

  it("where no connector refunds: held for review, listed in ops, and settled only by an operator's audited resolution", async () => {
    await ops("route:remove", "--country", "SN", "--provider", "orange", "--direction", "refund");
    try {
      const refundsSent = sent("refund").length;
      const { charge, balance } = await paidTwice("770000083", "770000084");
      expect(charge.status).toBe("held");
      expect(sent("refund").length).toBe(refundsSent);
      const reviews = JSON.parse((await ops("orders:review", "--json")).output) as { id: string; reason: string }[];
      expect(reviews.find((r) => r.id === charge.id)).toMatchObject({ reason: "duplicate_charge", direction: "refund", status: "held" });
      expect((await ops("orders:duplicates")).output).toContain(charge.id);

      // Operations could not reach the customer through the operator: left to the merchant, who was told.
      await ops("orders:resolve", "--id", charge.id, "--outcome", "failed", "--evidence", "operator refused a manual refund, ticket 5512");
      expect(await (await prisma()).duplicateCharge.findUniqueOrThrow({ where: { id: charge.id } })).toMatchObject({ status: "released" });
      expect(await entriesOf(charge.id)).toEqual(["duplicate_charge_credit", "duplicate_charge_hold", "duplicate_charge_release"]);
      expect((await collect()).available).toBe(balance.available + 7_000n);
      expect((await reconcileLedger()).ok).toBe(true);
    } finally {
      await ops("route:set", "--country", "SN", "--provider", "orange", "--direction", "refund", "--account", ACCOUNT);
    }
  });
});
