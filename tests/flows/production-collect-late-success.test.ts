import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { reconcileLedger } from "@/lib/ledger";
import { readBalances } from "@/lib/ledger/read-balances";
import { pollOrder, recheckOrder, submitOrder } from "@/lib/orders/orders";
import { ManualClock } from "@/simulators/kit/truth";
import { runMtnMomoSimulator, SIMULATOR_CREDENTIALS, type MtnSimulator } from "@/simulators/mtn-momo";
import { directBody, eventTypes, initiatePayment } from "../helpers/payments";
import { createLiveMerchant, enterProduction, ops, restoreEnv } from "../helpers/production-instance";
import { ensureReferenceData } from "../helpers/reference";

/**
 * A direct collect failed on our window while the operator takes the money later
 * (docs/design/order-lifecycle.md: "Collects may still fail on our window … A late success always
 * applies"). Found by the deterministic simulation (`npm run simulate -- --seed 8 --orders 4`): an
 * MTN Côte d'Ivoire collect whose submit answer was lost, held PENDING past our 30 minutes, its
 * callback a hint that arrived while the runner was down; failed here, paid at MTN, and nothing
 * asked MTN again: the customer paid and the merchant was never credited.
 *
 * Here the MTN contract simulator sends no callback at all (lost), answers the submit with a 500
 * after recording it, and holds the request-to-pay PENDING for 2 hours before it succeeds. One
 * clock drives the simulator and the engine.
 */
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const clock = new ManualClock();
let mtn: MtnSimulator;
let m: Awaited<ReturnType<typeof createLiveMerchant>>;

beforeAll(async () => {
  mtn = await runMtnMomoSimulator({ port: 0, callbackHost: "pay.example.test", callbackMode: "none", settleAfterSeconds: 2, log: () => {}, clock });
  enterProduction({
    PUBLIC_BASE_URL: "https://pay.example.test",
    SETTLEMENT_DELAY_SECONDS: "0",
    CONNECTOR_TOTAL_TIMEOUT_MS: "6000",
    ...Object.fromEntries(Object.entries(SIMULATOR_CREDENTIALS).map(([k, v]) => [`MTN_SIM_${k}`, v])),
  });
  await ensureReferenceData();
  const { targetEnvironment, currency } = mtn.admin.config;
  const added = await ops("connector:add", "--id", "mtn-late-ci", "--type", "mtn-momo", "--base-url", mtn.url, "--setting", `targetEnvironment=${targetEnvironment}`, "--setting", `currency=${currency}`, "--setting", "callbackHost=pay.example.test", "--secrets-env", "MTN_SIM");
  expect(added.code, added.output).toBe(0);
  expect((await ops("route:set", "--country", "CI", "--provider", "mtn", "--direction", "collect", "--account", "mtn-late-ci")).code).toBe(0);
  m = await createLiveMerchant({ country: "CI" });
});

afterAll(async () => {
  await mtn?.close();
  restoreEnv();
});

const payment = async (id: string) => (await getPrisma()).payment.findUniqueOrThrow({ where: { id } });
const collectBalance = async () => (await readBalances({ merchantId: m.merchant.id, environment: "production", currency: "XOF" })).balances[0]?.categories.collect ?? { available: 0n, pending: 0n };
const truthOf = (reference: string) => mtn.truth().find((t) => t.reference === reference);

/** A direct MTN CI collect sent at the clock's time, the answer lost after MTN recorded it, held PENDING for `holdMs` then settled as `then`. */
async function lateCollect(phone: string, amount: number, holdMs: number, then: "succeeded" | "failed") {
  const res = await initiatePayment(m.headers, directBody({ provider: "mtn", country: "CI", customerPhone: phone, amount }));
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  const id = res.json.data.transactionId as string;
  mtn.scenario({ destination: phone }, [{ kind: "lose_answer", how: "server_error" }, { kind: "hold", until: new Date(clock.now().getTime() + holdMs), then }]);
  const t0 = clock.now();
  await submitOrder(id, { now: t0 });
  return { id, t0 };
}

/** The poll job as the runner runs it: at the time it asked for, until it stops asking (or `until`). */
async function runPollJob(id: string, from: Date, until: Date) {
  let at: Date | null = from;
  let runs = 0;
  while (at && at.getTime() <= until.getTime()) {
    clock.set(at);
    await mtn.admin.idle();
    const result = await pollOrder(id, { now: at });
    runs++;
    at = result?.rescheduleAt ?? null;
  }
  return { runs, next: at };
}

describe("MTN MoMo in production: a direct collect failed on our window, paid by the customer later", () => {
  it("keeps being asked on a slow cadence after the timeout; the late success is applied and credited once", async () => {
    const before = await collectBalance();
    const { id, t0 } = await lateCollect("+2250500000461", 29_275, 2 * HOUR, "succeeded");
    const reference = (await payment(id)).providerRequestRef!;

    // Our window passes with MTN still PENDING: the collect fails (no money left us that we know of)…
    const first = await runPollJob(id, new Date(t0.getTime() + 5_000), new Date(t0.getTime() + 40 * 60_000));
    expect(first.runs).toBeGreaterThan(3);
    expect(await payment(id)).toMatchObject({ status: "failed", errorCode: "timeout" });
    expect(truthOf(reference)).toMatchObject({ state: "pending" });
    // …but the poll job does not stop asking: the operator may still take the money, and its
    // callback may never come. The next ask is on the slow cadence (an hour), not never.
    expect(first.next).not.toBeNull();
    expect(first.next!.getTime() - t0.getTime()).toBeGreaterThan(30 * 60_000);
    expect(first.next!.getTime() - t0.getTime()).toBeLessThanOrEqual(30 * 60_000 + HOUR + 60_000);

    // MTN settles it 2 hours in; the next asks find it and apply it.
    const second = await runPollJob(id, first.next!, new Date(t0.getTime() + 4 * HOUR));
    expect(second.next).toBeNull(); // final answer given: nothing left to ask
    expect(truthOf(reference)).toMatchObject({ state: "succeeded" });
    const paid = await payment(id);
    expect(paid).toMatchObject({ status: "success" });
    expect(await eventTypes(m.merchant.id, id)).toEqual(["payment.pending", "payment.processing", "payment.failed", "payment.success"]);
    const after = await collectBalance();
    expect(after.pending - before.pending).toBe(29_275n - paid.fee);

    // Asked again (a re-check, a duplicate run): credited once.
    await pollOrder(id, { now: clock.now() });
    await recheckOrder(id, { now: clock.now() });
    expect((await collectBalance()).pending - before.pending).toBe(29_275n - paid.fee);
    expect(await (await getPrisma()).ledgerEntry.count({ where: { idempotencyKey: `collect:${id}:credit` } })).toBe(1);
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("an operator that keeps it open is asked for 90 days, then no more: the job ends, nothing credited", async () => {
    const before = await collectBalance();
    const { id, t0 } = await lateCollect("+2250500000463", 5_000, 200 * DAY, "succeeded");
    const first = await runPollJob(id, new Date(t0.getTime() + 5_000), new Date(t0.getTime() + 40 * 60_000));
    expect(await payment(id)).toMatchObject({ status: "failed", errorCode: "timeout" });
    // The runner runs the job when it asked for; here it is run at three chosen times instead of
    // the ~320 asks of 90 days: daily after 30 days, the last ask on the 90th day, then none.
    const askAt = async (at: Date) => {
      clock.set(at);
      await mtn.admin.idle();
      return (await pollOrder(id, { now: at }))?.rescheduleAt ?? null;
    };
    expect(first.next).not.toBeNull();
    expect((await askAt(new Date(t0.getTime() + 60 * DAY)))?.getTime()).toBe(t0.getTime() + 61 * DAY);
    expect((await askAt(new Date(t0.getTime() + 89 * DAY)))?.getTime()).toBe(t0.getTime() + 90 * DAY);
    expect(await askAt(new Date(t0.getTime() + 90 * DAY))).toBeNull();
    expect(truthOf((await payment(id)).providerRequestRef!)).toMatchObject({ state: "pending" });
    expect(await payment(id)).toMatchObject({ status: "failed", errorCode: "timeout" });
    expect(await eventTypes(m.merchant.id, id)).toEqual(["payment.pending", "payment.processing", "payment.failed"]);
    expect(await collectBalance()).toEqual(before);
  });

  it("stops asking once the operator's final answer is a failure: nothing credited", async () => {
    const before = await collectBalance();
    const { id, t0 } = await lateCollect("+2250500000462", 7_000, 2 * HOUR, "failed");
    const first = await runPollJob(id, new Date(t0.getTime() + 5_000), new Date(t0.getTime() + 40 * 60_000));
    expect(await payment(id)).toMatchObject({ status: "failed", errorCode: "timeout" });
    expect(first.next).not.toBeNull();
    const second = await runPollJob(id, first.next!, new Date(t0.getTime() + 10 * HOUR));
    expect(second.next).toBeNull();
    expect(await payment(id)).toMatchObject({ status: "failed", errorCode: "timeout" });
    expect(await eventTypes(m.merchant.id, id)).toEqual(["payment.pending", "payment.processing", "payment.failed"]);
    expect(await collectBalance()).toEqual(before);
  });
});
