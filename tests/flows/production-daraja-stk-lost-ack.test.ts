import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as callbackPost } from "@/app/api/v1/connectors/[accountId]/callback/route";
import { getPrisma } from "@/lib/db/client";
import { reconcileLedger } from "@/lib/ledger";
import { readBalances } from "@/lib/ledger/read-balances";
import { pollOrder, recheckOrder, submitOrder } from "@/lib/orders/orders";
import { ManualClock } from "@/simulators/kit/truth";
import { MPESA_SIM_SETTINGS, mpesaSimulatorSecrets, startMpesaSimulator, type MpesaSimulator } from "@/simulators/mpesa-daraja";
import { runCheckJobs } from "../helpers/connector-flow";
import { directBody, eventTypes, initiatePayment } from "../helpers/payments";
import { createLiveMerchant, enterProduction, ops, restoreEnv } from "../helpers/production-instance";
import { ensureReferenceData } from "../helpers/reference";

/**
 * M-Pesa Express (STK push) whose acknowledgement is lost (lib/connectors/mpesa-daraja/README.md,
 * "STK recovery"; docs/design/order-lifecycle.md, "Collects the operator cannot be asked about").
 * Daraja recorded the push and the customer paid, but its answer — the only carrier of the
 * CheckoutRequestID the STK query needs — never reached us, and Daraja finds nothing by our
 * reference. Found by the deterministic simulation (`npm run simulate -- --seed 6 --orders 4`): the
 * payment was failed on our window, its callback lost, the customer's money at Safaricom and the
 * merchant never credited.
 *
 * The platform must not fail it: past the window it is held for review (`processing`), and ends
 * on the operator's word — its STK callback, however late, names the prompt and the STK query
 * confirms it — or on an evidenced resolution from the M-Pesa statement. Either applies the
 * success once. Daraja's contract simulator and the engine run on one clock; the callbacks reach
 * our callback route through a listener that can hold them (the callback is late), or not at all.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const clock = new ManualClock();
let mpesa: MpesaSimulator;
let m: Awaited<ReturnType<typeof createLiveMerchant>>;

/** Our callback route behind an HTTP listener that holds what it receives until released. */
type Held = { url: string; body: Buffer; headers: Headers };
const held: Held[] = [];
let listener: http.Server;
let listenerUrl = "";

async function release(): Promise<number[]> {
  const statuses: number[] = [];
  for (const h of held.splice(0)) {
    const accountId = /\/connectors\/([^/]+)\/callback/.exec(h.url)![1]!;
    const response = await callbackPost(new Request(`${listenerUrl}${h.url}`, { method: "POST", headers: h.headers, body: new Uint8Array(h.body) }), { params: Promise.resolve({ accountId }) });
    statuses.push(response.status);
  }
  return statuses;
}

beforeAll(async () => {
  listener = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      held.push({ url: req.url ?? "", body: Buffer.concat(chunks), headers });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  mpesa = await startMpesaSimulator({ allowHttpCallbacks: true, settleAfterSeconds: 2, approvalWindowSeconds: 60, clock, tokenTtlSeconds: 30 * 24 * 3600 });
  enterProduction({
    PUBLIC_BASE_URL: listenerUrl,
    SETTLEMENT_DELAY_SECONDS: "0",
    CONNECTOR_TOTAL_TIMEOUT_MS: "6000",
    ...Object.fromEntries(Object.entries(mpesaSimulatorSecrets(mpesa)).map(([k, v]) => [`MPESA_SIM_${k}`, v])),
  });
  await ensureReferenceData();
  const settings = Object.entries(MPESA_SIM_SETTINGS).flatMap(([k, v]) => ["--setting", `${k}=${v}`]);
  const added = await ops("connector:add", "--id", "safaricom-lost", "--type", "mpesa-daraja", "--base-url", mpesa.url, ...settings, "--secrets-env", "MPESA_SIM");
  expect(added.code, added.output).toBe(0);
  expect((await ops("route:set", "--country", "KE", "--provider", "mpesa", "--direction", "collect", "--account", "safaricom-lost")).code).toBe(0);
  m = await createLiveMerchant({ country: "KE" });
}, 300_000);

afterAll(async () => {
  await mpesa?.close();
  await new Promise<void>((resolve) => (listener ? (listener.closeAllConnections(), listener.close(() => resolve())) : resolve()));
  restoreEnv();
});

const prisma = () => getPrisma();
const payment = async (id: string) => (await prisma()).payment.findUniqueOrThrow({ where: { id } });
const review = async (id: string) => (await prisma()).orderReview.findFirst({ where: { orderId: id }, orderBy: { since: "desc" } });
const collectBalance = async () => (await readBalances({ merchantId: m.merchant.id, environment: "production", currency: "KES" })).balances[0]?.categories.collect ?? { available: 0n, pending: 0n };
const credits = async (id: string) => (await prisma()).ledgerEntry.count({ where: { idempotencyKey: `collect:${id}:credit` } });

/** The simulator's clock (and the engine's `now`) at `at`, what is due there settled, its callbacks held by our listener. */
async function at(when: Date) {
  clock.set(when);
  mpesa.admin.advanceClock(0);
  await mpesa.admin.idle();
}

/** An STK push of `amount` KES to `phone`, recorded by Daraja, its acknowledgement lost; the customer pays 2 s later. */
async function pushWithLostAnswer(phone: string, amount: number) {
  const res = await initiatePayment(m.headers, directBody({ provider: "mpesa", country: "KE", currency: "KES", customerPhone: phone, amount }));
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  const id = res.json.data.transactionId as string;
  mpesa.admin.fault("drop_after_accept", "stk", 1);
  const t0 = clock.now();
  await submitOrder(id, { now: t0 });
  expect(await payment(id)).toMatchObject({ status: "pending", providerReference: null });
  const prompt = mpesa.admin.stkPushes().find((s) => s.phone === phone.replace("+", ""))!;
  expect(prompt).toBeDefined();
  await at(new Date(t0.getTime() + 3_000));
  expect(prompt.resultCode).toBe("0"); // Safaricom took the money
  return { id, t0, prompt };
}

/** The poll job as the runner runs it, at the times it asks for, up to `until`. */
async function runPollJob(id: string, from: Date, until: Date) {
  let next: Date | null = from;
  let runs = 0;
  while (next && next.getTime() <= until.getTime()) {
    await at(next);
    next = (await pollOrder(id, { now: next }))?.rescheduleAt ?? null;
    runs++;
  }
  return { runs, next };
}

describe("M-Pesa Daraja in production: an STK push whose acknowledgement was lost", () => {
  it("is held for review past our window, never failed; its late callback names the prompt, the STK query confirms it, and it is credited once", async () => {
    const before = await collectBalance();
    // The callback Daraja sent at once is late: held by our listener, delivered below.
    const { id, t0, prompt } = await pushWithLostAnswer("+254712340501", 2_071);

    const first = await runPollJob(id, new Date(t0.getTime() + 5_000), new Date(t0.getTime() + 40 * MINUTE));
    // Nothing to ask Daraja (no CheckoutRequestID), and not failed for it: in review, shown processing.
    expect(mpesa.admin.requests({ path: "/mpesa/stkpushquery/v1/query" })).toHaveLength(0);
    expect(await payment(id)).toMatchObject({ status: "processing" });
    expect(await review(id)).toMatchObject({ reason: "outcome_unaskable", resolvedAt: null });
    expect(first.next).not.toBeNull(); // asked again on the review's cadence
    expect(await collectBalance()).toEqual(before);
    // Hours pass: still held, still nothing pushed again.
    const second = await runPollJob(id, first.next!, new Date(t0.getTime() + 5 * HOUR));
    expect(second.next).not.toBeNull();
    expect(mpesa.admin.requests({ path: "/mpesa/stkpush/v1/processrequest" }).filter((r) => JSON.parse(r.body).PhoneNumber === "254712340501")).toHaveLength(1);
    expect(await payment(id)).toMatchObject({ status: "processing" });

    // Daraja's callback arrives, late (on the URL made for this order alone): a hint naming the prompt.
    expect(await release()).toEqual([202]); // a hint: accepted, asked
    expect(await runCheckJobs([id])).toBeGreaterThan(0);
    const paid = await payment(id);
    // The prompt's CheckoutRequestID, learnt from the callback, stays on the payment (later asks, reconciliation).
    expect(paid).toMatchObject({ status: "success", providerReference: prompt.checkoutRequestId });
    expect(await review(id)).toMatchObject({ resolution: "operator_success" });
    expect(await eventTypes(m.merchant.id, id)).toEqual(["payment.pending", "payment.processing", "payment.success"]);
    expect((await collectBalance()).pending - before.pending).toBe(207_100n - paid.fee);

    // Asked again (the poll job, a re-check): credited once.
    await pollOrder(id, { now: new Date(t0.getTime() + 6 * HOUR) });
    await recheckOrder(id, { now: new Date(t0.getTime() + 6 * HOUR) });
    expect(await credits(id)).toBe(1);
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("with its callback lost for good: held for review until resolved from the M-Pesa statement, credited once; a callback after that changes nothing", async () => {
    const before = await collectBalance();
    const { id, t0, prompt } = await pushWithLostAnswer("+254712340502", 1_500);
    const lost = held.splice(0); // never delivered (kept to replay after the resolution)

    await runPollJob(id, new Date(t0.getTime() + 5_000), new Date(t0.getTime() + 3 * 24 * HOUR));
    expect(await payment(id)).toMatchObject({ status: "processing" });
    expect(await review(id)).toMatchObject({ reason: "outcome_unaskable", resolvedAt: null });
    const listed = JSON.parse((await ops("orders:review", "--json")).output) as { id: string; reason: string }[];
    expect(listed.find((r) => r.id === id)).toMatchObject({ reason: "outcome_unaskable" });

    // The statement shows the payment (Paid In, its receipt): ops resolve it with that evidence.
    const resolved = await ops("orders:resolve", "--id", id, "--outcome", "success", "--evidence", `M-Pesa statement: receipt ${prompt.receipt}, Paid In 1,500.00 from 254712340502`);
    expect(resolved.code, resolved.output).toBe(0);
    const paid = await payment(id);
    expect(paid).toMatchObject({ status: "success" });
    expect(await review(id)).toMatchObject({ resolution: "resolved_success" });
    expect((await collectBalance()).pending - before.pending).toBe(150_000n - paid.fee);

    // The callback turns up after all, and the poll asks again: nothing more is credited.
    held.push(...lost);
    expect(await release()).toEqual([202]); // a hint: accepted, asked
    await runCheckJobs([id]);
    await pollOrder(id, { now: new Date(t0.getTime() + 4 * 24 * HOUR) });
    expect(await credits(id)).toBe(1);
    expect(await eventTypes(m.merchant.id, id)).toEqual(["payment.pending", "payment.processing", "payment.success"]);
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });
});
