import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as callbackRoute } from "@/app/api/v1/connectors/[accountId]/callback/route";
import { getPrisma } from "@/lib/db/client";
import { reconcileLedger } from "@/lib/ledger";
import { readBalances } from "@/lib/ledger/read-balances";
import { runSettlement } from "@/lib/ledger/settle-due-pending";
import { metrics } from "@/lib/observability/metrics";
import { pollOrder, submitOrder } from "@/lib/orders/orders";
import { type FakeOperator, registerFakeOperator, signFakeCallback, startFakeOperator } from "../helpers/fake-operator";
import { call } from "../helpers/http";
import { directBody, initiatePayment } from "../helpers/payments";
import { payoutEventTypes, quoteAndInitiate, quoteBody, recipient } from "../helpers/payouts";
import { createLiveMerchant, enterProduction, ops, restoreEnv } from "../helpers/production-instance";
import { ensureReferenceData } from "../helpers/reference";

/**
 * The lifecycle rule for money leaving us, at the engine (docs/design/order-lifecycle.md): our
 * timer never decides where a payout went. A production instance whose payouts go to a local
 * operator (tests/helpers/fake-operator.ts) that holds them as long as a test likes; the engine is
 * driven on a simulated clock (`now`), so three hours pass in a few calls.
 */
const API_KEY = "held-live-key-5c1e";
const SECRET = "held-callback-secret";
const HOUR = 3600_000;
let operator: FakeOperator;
let unregister: () => void;
let m: Awaited<ReturnType<typeof createLiveMerchant>>;

beforeAll(async () => {
  enterProduction({ HELD_API_KEY: API_KEY, HELD_CALLBACK_SECRET: SECRET, CONNECTOR_TOTAL_TIMEOUT_MS: "800", SETTLEMENT_DELAY_SECONDS: "0", PUBLIC_BASE_URL: "https://pay.example.test" });
  unregister = registerFakeOperator();
  await ensureReferenceData();
  operator = await startFakeOperator(API_KEY);
  await ops("connector:add", "--id", "held-sn", "--type", "fake-operator", "--base-url", operator.baseUrl, "--secrets-env", "HELD");
  for (const direction of ["collect", "payout"]) await ops("route:set", "--country", "SN", "--provider", "orange", "--direction", direction, "--account", "held-sn");
  m = await createLiveMerchant();
  // Funds for the payouts: a collect the operator pays at once, settled.
  operator.instant = { status: "SUCCESSFUL" };
  const res = await initiatePayment(m.headers, directBody({ amount: 500_000 }));
  expect(res.status).toBe(201);
  await submitOrder(res.json.data.transactionId);
  operator.instant = null;
  await runSettlement({ merchantId: m.merchant.id });
});

afterAll(async () => {
  await operator?.close();
  unregister?.();
  restoreEnv();
});

const prisma = () => getPrisma();
const payout = async (id: string) => (await prisma()).payout.findUniqueOrThrow({ where: { id } });
const available = async () => (await readBalances({ merchantId: m.merchant.id, environment: "production", currency: "XOF" })).balances[0].categories.collect.available;
const ledgerEntriesOf = async (id: string) =>
  (await (await prisma()).ledgerEntry.findMany({ where: { metadata: { path: ["payoutId"], equals: id } }, orderBy: { createdAt: "asc" } })).map((e) => e.type);
const review = async (id: string) => JSON.parse((await ops("orders:review", "--json")).output).find((r: { id: string }) => r.id === id);

/** A payout of 10,000 XOF (100 XOF fee) sent to the operator at `t0`, which holds it. */
async function sendHeldPayout(phone: string) {
  const { payout: res } = await quoteAndInitiate(m.headers, quoteBody({ amount: 10_000 }), { recipient: recipient(phone) });
  expect(res.status).toBe(201);
  const id = res.json.transactionId as string;
  const t0 = new Date();
  await submitOrder(id, { now: t0 });
  const sent = await payout(id);
  expect(sent.status).toBe("processing");
  return { id, t0, reference: sent.providerRequestRef! };
}

/** Asks the operator every simulated 10 minutes from `from` to `to` (the engine's cadence is finer; the rule is the same). */
async function askUntil(id: string, from: Date, to: Date) {
  for (let t = from.getTime(); t <= to.getTime(); t += 10 * 60_000) await pollOrder(id, { now: new Date(t) });
}

describe("a payout the operator holds: our timer never decides", () => {
  it("held for 3 hours of simulated time it is never released, goes to review past the window, then succeeds and is applied; balance and ledger reconcile", async () => {
    const before = await available();
    const { id, t0, reference } = await sendHeldPayout("+221770000061");
    expect(await available()).toBe(before - 10_100n);

    await askUntil(id, new Date(t0.getTime() + 60_000), new Date(t0.getTime() + 3 * HOUR));
    // Past the 30-minute window and for hours after: still processing, funds still held.
    expect(await payout(id)).toMatchObject({ status: "processing", errorCode: null });
    expect(await available()).toBe(before - 10_100n);
    expect(await ledgerEntriesOf(id)).toEqual(["payout_hold"]);
    expect(await payoutEventTypes(m.merchant.id, id)).toEqual(["payout.pending", "payout.processing"]);
    // Flagged for review since the window passed, with the operator's last answer.
    const flagged = await review(id);
    expect(flagged).toMatchObject({ id, direction: "payout", status: "processing", reason: "window_passed", lastAnswer: { status: "processing", raw: { status: "PENDING" } } });
    expect(new Date(flagged.since).getTime()).toBeGreaterThanOrEqual(t0.getTime() + 30 * 60_000);

    operator.settle(reference, "SUCCESSFUL");
    await pollOrder(id, { now: new Date(t0.getTime() + 3 * HOUR + 60_000) });
    expect(await payout(id)).toMatchObject({ status: "success" });
    expect(await available()).toBe(before - 10_100n);
    expect(await ledgerEntriesOf(id)).toEqual(["payout_hold", "payout_finalise"]);
    expect(await payoutEventTypes(m.merchant.id, id)).toEqual(["payout.pending", "payout.processing", "payout.success"]);
    expect(await review(id)).toBeUndefined(); // the operator's final answer closed it
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("the same payout told FAILED after 3 hours is released exactly once; a repeated answer changes nothing", async () => {
    const before = await available();
    const { id, t0, reference } = await sendHeldPayout("+221770000062");
    await askUntil(id, new Date(t0.getTime() + 60_000), new Date(t0.getTime() + 3 * HOUR));
    expect(await payout(id)).toMatchObject({ status: "processing" });
    expect(await available()).toBe(before - 10_100n);

    operator.settle(reference, "FAILED", "account_not_found");
    const late = new Date(t0.getTime() + 3 * HOUR + 60_000);
    await pollOrder(id, { now: late });
    await pollOrder(id, { now: late });
    // The same answer again by a signed callback: nothing more.
    const body = JSON.stringify({ ...operator.orders.get(reference)!, direction: "payout" });
    const res = await call(callbackRoute, { path: "/connectors/held-sn/callback", params: { accountId: "held-sn" }, rawBody: body, headers: { "x-signature": signFakeCallback(SECRET, body), "content-type": "application/json" } });
    expect(res.status).toBe(200);
    expect(await payout(id)).toMatchObject({ status: "failed", errorCode: "invalid_recipient" });
    expect(await available()).toBe(before);
    expect(await ledgerEntriesOf(id)).toEqual(["payout_hold", "payout_release"]);
    expect(await payoutEventTypes(m.merchant.id, id)).toEqual(["payout.pending", "payout.processing", "payout.failed"]);
    expect(await review(id)).toBeUndefined();
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("a submit whose answer never came (pending with a reference) is escalated past the window, not failed; the operator's confirmation that it never got it, once we stopped retrying, releases it once", async () => {
    const before = await available();
    const { payout: res } = await quoteAndInitiate(m.headers, quoteBody({ amount: 10_000 }), { recipient: recipient("+221770000063") });
    const id = res.json.transactionId as string;
    const t0 = new Date();
    operator.mode = "down"; // no answer at all: the submit and every check are 503
    await submitOrder(id, { now: t0 });
    await askUntil(id, new Date(t0.getTime() + 60_000), new Date(t0.getTime() + 40 * 60_000));
    // It may have reached the operator: held, shown as processing (sent), in review.
    expect(await payout(id)).toMatchObject({ status: "processing", errorCode: null });
    expect(await available()).toBe(before - 10_100n);
    expect(await review(id)).toMatchObject({ reason: "window_passed", lastAnswer: { status: "pending" } });

    // The operator is back and says it does not know the reference. Our retries have stopped:
    // nothing is sent again; a first "unknown" is noted, a second one an hour later releases it.
    operator.mode = "drop-submits";
    const submits = operator.submits();
    await pollOrder(id, { now: new Date(t0.getTime() + 2 * HOUR) });
    expect(await payout(id)).toMatchObject({ status: "processing" });
    expect(await review(id)).toMatchObject({ reason: "operator_unaware" });
    await pollOrder(id, { now: new Date(t0.getTime() + 3 * HOUR + 60_000) });
    operator.mode = "up";
    expect(operator.submits()).toBe(submits);
    expect(await payout(id)).toMatchObject({ status: "failed", errorCode: "provider_error" });
    expect(await available()).toBe(before);
    expect(await ledgerEntriesOf(id)).toEqual(["payout_hold", "payout_release"]);
    expect(await review(id)).toBeUndefined();
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("an ambiguous answer (the operator itself is reconciling) gets the long window, a log line and a metric of its own, then review", async () => {
    const before = await available();
    const { id, t0, reference } = await sendHeldPayout("+221770000064");
    operator.settle(reference, "RECONCILING");
    const counted = async () => (await metrics().orderAmbiguousAnswers.get()).values.reduce((sum, v) => sum + v.value, 0);
    const ambiguousBefore = await counted();
    await askUntil(id, new Date(t0.getTime() + 60_000), new Date(t0.getTime() + 3 * HOUR));
    expect(await counted()).toBeGreaterThan(ambiguousBefore);
    expect(await review(id)).toBeUndefined(); // within the long window: asked, not escalated
    await pollOrder(id, { now: new Date(t0.getTime() + 25 * HOUR) });
    expect(await review(id)).toMatchObject({ reason: "ambiguous_window_passed", lastAnswer: { status: "processing", ambiguous: true } });
    expect(await payout(id)).toMatchObject({ status: "processing" });
    expect(await available()).toBe(before - 10_100n);
  });

  it("collects still fail on their window (no money left us), and a late success still wins", async () => {
    const res = await initiatePayment(m.headers, directBody({ amount: 1_000 }));
    const id = res.json.data.transactionId as string;
    const t0 = new Date();
    await submitOrder(id, { now: t0 });
    await pollOrder(id, { now: new Date(t0.getTime() + 31 * 60_000) });
    expect(await (await prisma()).payment.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "failed", errorCode: "timeout" });
  });
});

describe("what the operator says it moved must be what we asked for", () => {
  const signed = (body: Record<string, unknown>) => {
    const raw = JSON.stringify(body);
    return call(callbackRoute, { path: "/connectors/held-sn/callback", params: { accountId: "held-sn" }, rawBody: raw, headers: { "x-signature": signFakeCallback(SECRET, raw), "content-type": "application/json" } });
  };
  const paymentRow = async (id: string) => (await prisma()).payment.findUniqueOrThrow({ where: { id } });

  it.each([
    ["100 XOF on a 7,000 XOF payment", { amount: "100", currency: "XOF" }],
    ["7,000 GNF on a 7,000 XOF payment", { amount: "7000", currency: "GNF" }],
  ])("a signed success for %s settles nothing: review with an alert, nothing credited; the right amount then settles it", async (_label, paid) => {
    const res = await initiatePayment(m.headers, directBody({ amount: 7_000 }));
    const id = res.json.data.transactionId as string;
    await submitOrder(id);
    const { providerRequestRef: reference } = await paymentRow(id);
    const mismatches = async () => (await metrics().orderAmountMismatches.get()).values.reduce((sum, v) => sum + v.value, 0);
    const before = await mismatches();

    const answered = await signed({ reference, direction: "collect", status: "SUCCESSFUL", paid });
    expect(answered.status).toBe(200);
    expect(await paymentRow(id)).toMatchObject({ status: "processing" });
    expect(await (await prisma()).ledgerEntry.count({ where: { idempotencyKey: `collect:${id}:credit` } })).toBe(0);
    expect(await mismatches()).toBe(before + 1);
    expect(await review(id)).toMatchObject({ direction: "collect", reason: "amount_mismatch", lastAnswer: { status: "success", reported: { minor: paid.amount, currency: paid.currency } } });
    // In review, our timer does not fail it either: only the operator or ops decide.
    await pollOrder(id, { now: new Date(Date.now() + 2 * HOUR) });
    expect(await paymentRow(id)).toMatchObject({ status: "processing" });

    expect((await signed({ reference, direction: "collect", status: "SUCCESSFUL", paid: { amount: "7000", currency: "XOF" } })).status).toBe(200);
    expect(await paymentRow(id)).toMatchObject({ status: "success" });
    expect(await review(id)).toBeUndefined();
  });
});

describe("a late success after the operator's own failure applies too (docs/decisions/late-success-after-failure.md)", () => {
  it("a payout the operator failed, then reports paid: success, charged again in one entry, in review for operations; the ledger reconciles", async () => {
    const before = await available();
    const { id, t0, reference } = await sendHeldPayout("+221770000065");
    operator.settle(reference, "FAILED", "provider_error");
    await pollOrder(id, { now: new Date(t0.getTime() + 60_000) });
    expect(await payout(id)).toMatchObject({ status: "failed" });
    expect(await available()).toBe(before);

    // The operator later says it paid (a signed callback): the money left after all.
    operator.settle(reference, "SUCCESSFUL");
    const body = JSON.stringify({ ...operator.orders.get(reference)!, direction: "payout" });
    const res = await call(callbackRoute, { path: "/connectors/held-sn/callback", params: { accountId: "held-sn" }, rawBody: body, headers: { "x-signature": signFakeCallback(SECRET, body), "content-type": "application/json" } });
    expect(res.status).toBe(200);
    expect(await payout(id)).toMatchObject({ status: "success" });
    expect(await available()).toBe(before - 10_100n);
    expect(await ledgerEntriesOf(id)).toEqual(["payout_hold", "payout_release", "payout_late_success"]);
    expect(await payoutEventTypes(m.merchant.id, id)).toEqual(["payout.pending", "payout.processing", "payout.failed", "payout.success"]);
    expect(await review(id)).toMatchObject({ status: "success", reason: "late_success_after_failure" });
    // The same callback again changes nothing.
    await call(callbackRoute, { path: "/connectors/held-sn/callback", params: { accountId: "held-sn" }, rawBody: body, headers: { "x-signature": signFakeCallback(SECRET, body), "content-type": "application/json" } });
    expect(await ledgerEntriesOf(id)).toEqual(["payout_hold", "payout_release", "payout_late_success"]);
    // Operations followed it up with the merchant: resolved with evidence, nothing moves.
    await ops("orders:resolve", "--id", id, "--outcome", "success", "--evidence", "merchant told, ticket 7781");
    expect(await review(id)).toBeUndefined();
    expect(await available()).toBe(before - 10_100n);
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });
});
