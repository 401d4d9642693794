import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearCallbackKeyCache } from "@/lib/connectors/pawapay/callbacks";
import { clearActiveConfCache } from "@/lib/connectors/pawapay/client";
import { getPrisma } from "@/lib/db/client";
import { creditCollectPending, reconcileLedger } from "@/lib/ledger";
import { readBalances } from "@/lib/ledger/read-balances";
import { runSettlement } from "@/lib/ledger/settle-due-pending";
import type { CurrencyCode } from "@/lib/money";
import { pollOrder, recheckOrder, submitOrder } from "@/lib/orders/orders";
import { airtelSimulatorSecrets, startAirtelSimulator } from "@/simulators/airtel";
import { ManualClock, type OperatorSimulatorControl } from "@/simulators/kit/truth";
import { MPESA_SIM_SETTINGS, mpesaSimulatorSecrets, startMpesaSimulator } from "@/simulators/mpesa-daraja";
import { runMtnMomoSimulator, SIMULATOR_CREDENTIALS } from "@/simulators/mtn-momo";
import { startOrangeWebpaySimulator, type OrangeSimulator } from "@/simulators/orange-webpay";
import { startPawapaySimulator, type PawapaySimulator } from "@/simulators/pawapay";
import { startWaveSimulator, type WaveSimulator } from "@/simulators/wave";
import { startCallbackPlatform } from "../helpers/callback-platform";
import { pawapayCallbackAnswers } from "../helpers/connector-flow";
import { payoutEventTypes, quoteAndInitiate, status as payoutStatus } from "../helpers/payouts";
import { createLiveMerchant, enterProduction, ops, restoreEnv } from "../helpers/production-instance";
import { ensureReferenceData } from "../helpers/reference";

/**
 * The lifecycle rule for money leaving us (docs/design/order-lifecycle.md), per connector, in
 * production mode: each operator's contract simulator holds a payout for 3 hours of simulated
 * time (MTN `PENDING`, pawaPay `ENQUEUED`, Wave `processing`, Daraja's B2C result withheld,
 * Airtel `TIP`), then pays it or fails it. Our timer never releases it; the operator's answer is
 * applied once; the merchant's balance, the ledger and the operator's own truth agree. One clock
 * drives every simulator and the engine, so three hours pass in a few calls. Orange Money web
 * payment has no payout API: its row shows that no payout can be routed to it.
 */
const HOUR = 3600_000;
const clock = new ManualClock();
type Sim = OperatorSimulatorControl & { url: string; close(): Promise<void>; admin: { idle(): Promise<void> } };

/** One connector as the table drives it: how it is configured, where its payouts go, how its simulator is told to hold one. */
type Row = {
  name: string;
  account: string;
  country: string;
  provider: string;
  currency: CurrencyCode;
  /** The beneficiary's phone for each case (a fresh one each: scenarios bind to the first order that matches). */
  phones: [string, string];
  amount: number;
  /** Match the held order in the simulator: by our payout id where it is the operator's reference, else by destination. */
  match: (payoutId: string, phone: string) => { reference?: string; destination?: string };
  sim?: Sim;
};

let platform: Awaited<ReturnType<typeof startCallbackPlatform>>;
let wave: WaveSimulator;
let orange: OrangeSimulator;

const rows: Row[] = [
  { name: "MTN MoMo", account: "mtn-ci", country: "CI", provider: "mtn", currency: "XOF", phones: ["+2250500000071", "+2250500000072"], amount: 5_000, match: (_, phone) => ({ destination: phone }) },
  { name: "pawaPay", account: "pawapay-sn", country: "SN", provider: "orange", currency: "XOF", phones: ["+221770000781", "+221770000782"], amount: 5_000, match: (_, phone) => ({ destination: phone }) },
  { name: "Wave", account: "wave-sn", country: "SN", provider: "wave", currency: "XOF", phones: ["+221770000791", "+221770000792"], amount: 5_000, match: (id) => ({ reference: id }) },
  { name: "M-Pesa Daraja", account: "safaricom-ke", country: "KE", provider: "mpesa", currency: "KES", phones: ["+254712345671", "+254712345672"], amount: 1_500, match: (_, phone) => ({ destination: phone }) },
  { name: "Airtel", account: "airtel-ga", country: "GA", provider: "airtel", currency: "XAF", phones: ["+24177000071", "+24177000072"], amount: 5_000, match: (id) => ({ reference: id }) },
];
const row = (name: string) => rows.find((r) => r.name === name)!;

beforeAll(async () => {
  platform = await startCallbackPlatform();
  const callbackOf = (account: string) => `${platform.url}/api/v1/connectors/${account}/callback`;
  const mtn = await runMtnMomoSimulator({ port: 0, callbackHost: "127.0.0.1", settleAfterSeconds: 2, log: () => {}, clock });
  clearActiveConfCache();
  clearCallbackKeyCache();
  const pawapay = await startPawapaySimulator({ callbackUrl: callbackOf("pawapay-sn"), clock });
  wave = await startWaveSimulator({ clock });
  const mpesa = await startMpesaSimulator({ allowHttpCallbacks: true, settleAfterSeconds: 2, clock });
  const airtel = await startAirtelSimulator({ callbackUrl: callbackOf("airtel-ga"), callbackSecret: "held-callback-secret", settleAfterSeconds: 2, clock });
  orange = await startOrangeWebpaySimulator({ requireHttpsNotifUrl: false, clock });
  const prefixed = (prefix: string, secrets: Record<string, string>) => Object.fromEntries(Object.entries(secrets).map(([k, v]) => [`${prefix}_${k}`, v]));
  enterProduction({
    PUBLIC_BASE_URL: platform.url,
    SETTLEMENT_DELAY_SECONDS: "0",
    CONNECTOR_TOTAL_TIMEOUT_MS: "6000",
    ...prefixed("MTN_SIM", SIMULATOR_CREDENTIALS),
    PAWAPAY_SIM_API_TOKEN: pawapay.token(),
    WAVE_SIM_API_KEY: wave.admin.apiKey(),
    WAVE_SIM_WEBHOOK_SECRET: wave.admin.config.webhookSecrets[0]!,
    ...prefixed("MPESA_SIM", mpesaSimulatorSecrets(mpesa)),
    ...prefixed("AIRTEL_SIM", airtelSimulatorSecrets(airtel)),
    ORANGE_SIM_CLIENT_ID: orange.admin.credentials.clientId,
    ORANGE_SIM_CLIENT_SECRET: orange.admin.credentials.clientSecret,
    ORANGE_SIM_MERCHANT_KEY: orange.admin.credentials.merchantKey,
  });
  await ensureReferenceData();
  const settings = (values: Record<string, string>) => Object.entries(values).flatMap(([k, v]) => ["--setting", `${k}=${v}`]);
  const accounts: [Row | null, string[]][] = [
    [row("MTN MoMo"), ["--type", "mtn-momo", "--base-url", mtn.url, ...settings({ targetEnvironment: mtn.admin.config.targetEnvironment, currency: "XOF", callbackHost: "127.0.0.1" }), "--secrets-env", "MTN_SIM"]],
    [row("pawaPay"), ["--type", "pawapay", "--base-url", pawapay.url, ...settings({ requireSignedCallbacks: "true" }), "--secrets-env", "PAWAPAY_SIM"]],
    [row("Wave"), ["--type", "wave", "--base-url", wave.url, "--secrets-env", "WAVE_SIM"]],
    [row("M-Pesa Daraja"), ["--type", "mpesa-daraja", "--base-url", mpesa.url, ...settings(MPESA_SIM_SETTINGS), "--secrets-env", "MPESA_SIM"]],
    [row("Airtel"), ["--type", "airtel", "--base-url", airtel.url, ...settings({ country: "GA", currency: "XAF", callbackAuth: "true" }), "--secrets-env", "AIRTEL_SIM"]],
  ];
  for (const [r, args] of accounts) {
    const added = await ops("connector:add", "--id", r!.account, ...args);
    expect(added.code, added.output).toBe(0);
    const routed = await ops("route:set", "--country", r!.country, "--provider", r!.provider, "--direction", "payout", "--account", r!.account);
    expect(routed.code, routed.output).toBe(0);
  }
  row("MTN MoMo").sim = mtn as unknown as Sim;
  row("pawaPay").sim = pawapay as unknown as Sim;
  row("Wave").sim = wave as unknown as Sim;
  row("M-Pesa Daraja").sim = mpesa as unknown as Sim;
  row("Airtel").sim = airtel as unknown as Sim;
  expect((await ops("connector:add", "--id", "orange-sn", "--type", "orange-webpay", "--base-url", orange.url, "--setting", "countryPath=sn", "--secrets-env", "ORANGE_SIM")).code).toBe(0);
}, 300_000);

afterAll(async () => {
  await Promise.all([...rows.map((r) => r.sim?.close()), orange?.close(), platform?.close()]);
  restoreEnv();
});

const prisma = () => getPrisma();
const payout = async (id: string) => (await prisma()).payout.findUniqueOrThrow({ where: { id } });
const ledgerEntriesOf = async (id: string) =>
  (await (await prisma()).ledgerEntry.findMany({ where: { metadata: { path: ["payoutId"], equals: id } }, orderBy: { createdAt: "asc" } })).map((e) => e.type);
const openReview = async (id: string) => (await prisma()).orderReview.findFirst({ where: { orderId: id, resolvedAt: null } });

/** A live merchant of the payout's country, funded as by a settled collect. */
async function fundedMerchant(r: Row) {
  const m = await createLiveMerchant({ country: r.country });
  expect(m.merchant.settlementCurrency).toBe(r.currency);
  await (await prisma()).$transaction((tx) =>
    creditCollectPending(tx, { environment: "production", merchantId: m.merchant.id, reference: `txn_funding_${m.merchant.id}`, provider: r.provider, currency: r.currency, gross: 10_000_000n, fee: 0n }),
  );
  await runSettlement({ merchantId: m.merchant.id });
  const available = async () => (await readBalances({ merchantId: m.merchant.id, environment: "production", currency: r.currency })).balances[0]!.categories.collect.available;
  return { ...m, available };
}

/** Initiates a payout through the API and has the engine send it at the clock's time. */
async function sendPayout(r: Row, m: Awaited<ReturnType<typeof fundedMerchant>>, phone: string, hold?: "succeeded" | "failed") {
  const { payout: res } = await quoteAndInitiate(
    m.headers,
    { amount: r.amount, currency: r.currency, destinationCountry: r.country, method: r.provider },
    { recipient: { phone, name: "Awa Diop" } },
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  const id = res.json.transactionId as string;
  if (hold) r.sim!.scenario(r.match(id, phone), [{ kind: "hold", until: new Date(clock.now().getTime() + 3 * HOUR), then: hold }]);
  const t0 = clock.now();
  await submitOrder(id, { now: t0 });
  return { id, t0 };
}

/** Moves every simulator and the engine forward together, asking the operator as the engine would. */
async function askFor(r: Row, id: string, until: Date, everyMs = 30 * 60_000) {
  while (clock.now().getTime() + everyMs <= until.getTime()) {
    clock.advance(everyMs);
    await r.sim!.admin.idle();
    await pollOrder(id, { now: clock.now() });
  }
}

/** The operator's own record of the reference we sent. */
const truthOf = async (r: Row, id: string) => {
  const { providerRequestRef, providerReference } = await payout(id);
  return r.sim!.truth().find((t) => t.reference === providerRequestRef || (providerReference !== null && t.operatorReference === providerReference));
};

describe.each(rows.map((r) => [r.name, r] as const))("%s in production: a payout the operator holds for 3 hours", (_name, r) => {
  it("is never released by our timer, then succeeds and is applied once; balance, ledger and the operator agree", async () => {
    const m = await fundedMerchant(r);
    const before = await m.available();
    const { id, t0 } = await sendPayout(r, m, r.phones[0], "succeeded");
    const held = before - (await m.available());
    expect(held).toBeGreaterThan(0n); // the total debit, fees included

    await askFor(r, id, new Date(t0.getTime() + 3 * HOUR - 60_000));
    expect(await payout(id)).toMatchObject({ status: "processing", errorCode: null });
    expect(await m.available()).toBe(before - held);
    expect(await ledgerEntriesOf(id)).toEqual(["payout_hold"]);
    expect(await openReview(id)).toMatchObject({ reason: "window_passed" });
    expect(await truthOf(r, id)).toMatchObject({ state: "pending" });

    await askFor(r, id, new Date(t0.getTime() + 3 * HOUR + 30 * 60_000));
    expect((await payoutStatus(m.headers, id)).json).toMatchObject({ status: "success" });
    await pollOrder(id, { now: clock.now() }); // asked again: nothing more
    expect(await ledgerEntriesOf(id)).toEqual(["payout_hold", "payout_finalise"]);
    expect(await payoutEventTypes(m.merchant.id, id)).toEqual(["payout.pending", "payout.processing", "payout.success"]);
    expect(await m.available()).toBe(before - held);
    expect(await openReview(id)).toBeNull();
    expect(await truthOf(r, id)).toMatchObject({ state: "succeeded", amountMinor: expect.any(BigInt) });
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });

  it("told FAILED after 3 hours is released exactly once; balance, ledger and the operator agree", async () => {
    const m = await fundedMerchant(r);
    const before = await m.available();
    const { id, t0 } = await sendPayout(r, m, r.phones[1], "failed");
    await askFor(r, id, new Date(t0.getTime() + 3 * HOUR - 60_000));
    expect(await payout(id)).toMatchObject({ status: "processing" });
    expect(await m.available()).toBeLessThan(before);

    await askFor(r, id, new Date(t0.getTime() + 3 * HOUR + 30 * 60_000));
    await pollOrder(id, { now: clock.now() });
    await recheckOrder(id, { now: clock.now() });
    expect((await payoutStatus(m.headers, id)).json).toMatchObject({ status: "failed" });
    expect(await ledgerEntriesOf(id)).toEqual(["payout_hold", "payout_release"]);
    expect(await payoutEventTypes(m.merchant.id, id)).toEqual(["payout.pending", "payout.processing", "payout.failed"]);
    expect(await m.available()).toBe(before);
    expect(await openReview(id)).toBeNull();
    expect(await truthOf(r, id)).toMatchObject({ state: "failed" });
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });
});

describe("pawaPay in production: an ENQUEUED payout cancelled at the operator (orders:cancel-held)", () => {
  it("the command only asks (audited, evidence required): the funds stay held until pawaPay's FAILED arrives, then are released once", async () => {
    const r = row("pawaPay");
    const pawapay = r.sim as unknown as PawapaySimulator;
    const m = await fundedMerchant(r);
    const before = await m.available();
    const { id, t0 } = await sendPayout(r, m, "+221770000783", "succeeded");
    await askFor(r, id, new Date(t0.getTime() + HOUR));
    const reference = (await payout(id)).providerRequestRef!;
    expect(await payout(id)).toMatchObject({ status: "processing" });
    expect(await openReview(id)).toMatchObject({ reason: "window_passed", lastAnswer: { status: "processing", raw: { status: "ENQUEUED" } } });

    await expect(ops("orders:cancel-held", "--id", id)).rejects.toThrow(/--evidence is required/);
    await expect(ops("orders:cancel-held", "--id", id, "--evidence", "asked")).rejects.toThrow(/at least 10 characters/);
    // pawaPay's callbacks wait (sent on flush): what the command itself changes is seen alone.
    pawapay.admin.setCallbacks({ reorder: true });
    const asked = await ops("orders:cancel-held", "--id", id, "--evidence", "merchant asked: provider down since 08:00, ticket 4411", "--by", "awa");
    expect(asked.code, asked.output).toBe(0);
    expect(asked.output).toMatch(/still processing, funds held/);
    expect(pawapay.admin.requests.filter((q) => q.method === "POST" && q.path === `/v2/payouts/fail-enqueued/${reference}`)).toHaveLength(1);
    expect(await payout(id)).toMatchObject({ status: "processing" });
    expect(await ledgerEntriesOf(id)).toEqual(["payout_hold"]);
    expect(await m.available()).toBeLessThan(before);
    const audit = await (await prisma()).auditLog.findMany({ where: { merchantId: m.merchant.id, action: "order.cancel_held_requested" } });
    expect(audit.map((a) => [a.actor, a.details])).toEqual([
      ["ops:awa", expect.objectContaining({ orderId: id, direction: "payout", answer: "processing", operatorStatus: "ACCEPTED", evidence: "merchant asked: provider down since 08:00, ticket 4411" })],
    ]);

    // pawaPay confirms: its signed FAILED (MANUALLY_CANCELLED) callback releases the funds, once.
    pawapay.admin.setCallbacks({ reorder: false });
    pawapay.admin.flushCallbacks();
    expect(await pawapayCallbackAnswers(pawapay, reference)).toEqual([200]);
    await pollOrder(id, { now: clock.now() });
    await recheckOrder(id, { now: clock.now() });
    expect(await payout(id)).toMatchObject({ status: "failed" });
    expect(await ledgerEntriesOf(id)).toEqual(["payout_hold", "payout_release"]);
    expect(await payoutEventTypes(m.merchant.id, id)).toEqual(["payout.pending", "payout.processing", "payout.failed"]);
    expect(await m.available()).toBe(before);
    expect(await truthOf(r, id)).toMatchObject({ state: "failed" });
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
    // Nothing left to cancel.
    await expect(ops("orders:cancel-held", "--id", id, "--evidence", "merchant asked again, ticket 4412")).rejects.toThrow(/is failed/);
  });
});

describe("Orange Money web payment in production", () => {
  it("has no payout API: no payout can be routed to it, so none can be held", async () => {
    await expect(ops("route:set", "--country", "SN", "--provider", "orange", "--direction", "payout", "--account", "orange-sn")).rejects.toThrow(/payout/);
  });
});

describe("Wave in production: a paid payout Wave reverses", () => {
  it("→ reversed: the amount credited back once (fees kept), one payout.reversed event, shown by GET status; balance and ledger reconcile", async () => {
    const r = row("Wave");
    const m = await fundedMerchant(r);
    const before = await m.available();
    const { payout: res } = await quoteAndInitiate(m.headers, { amount: 5_000, currency: "XOF", destinationCountry: "SN", method: "wave" }, { recipient: { phone: "+221770000793", name: "Awa Diop" } });
    const id = res.json.transactionId as string;
    const fees = BigInt(res.json.fees); // XOF has no minor digits: the amount is in minor units
    wave.scenario({ reference: id }, [{ kind: "reverse_after", ms: HOUR }]);
    const t0 = clock.now();
    await submitOrder(id, { now: t0 });
    await askFor(r, id, new Date(t0.getTime() + 10 * 60_000), 60_000);
    expect(await payout(id)).toMatchObject({ status: "success" });
    expect(await m.available()).toBe(before - 5_000n - fees);

    // An hour later Wave has returned the money; operations re-check the payout (connector:recheck).
    clock.advance(2 * HOUR);
    const recheck = await ops("connector:recheck", "--id", id);
    expect(recheck.code, recheck.output).toBe(0);
    await ops("connector:recheck", "--id", id); // again: nothing more
    const shown = (await payoutStatus(m.headers, id)).json;
    expect(shown).toMatchObject({ status: "reversed", reversal: { credited: { amount: 5_000, currency: "XOF" }, reversedAt: expect.any(String) } });
    expect(await m.available()).toBe(before - fees);
    expect(await ledgerEntriesOf(id)).toEqual(["payout_hold", "payout_finalise", "payout_reversal"]);
    expect(await payoutEventTypes(m.merchant.id, id)).toEqual(["payout.pending", "payout.processing", "payout.success", "payout.reversed"]);
    expect(await truthOf(r, id)).toMatchObject({ state: "reversed" });
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);

    // A payout whose first news after the submit is its reversal: paid, then reversed, in one change.
    const { payout: second } = await quoteAndInitiate(m.headers, { amount: 5_000, currency: "XOF", destinationCountry: "SN", method: "wave" }, { recipient: { phone: "+221770000794", name: "Awa Diop" } });
    const id2 = second.json.transactionId as string;
    const t1 = clock.now();
    wave.scenario({ reference: id2 }, [
      { kind: "hold", until: new Date(t1.getTime() + 10 * 60_000), then: "succeeded" },
      { kind: "reverse_after", ms: 60_000 },
    ]);
    await submitOrder(id2, { now: t1 });
    expect(await payout(id2)).toMatchObject({ status: "processing" });
    clock.advance(HOUR);
    await pollOrder(id2, { now: clock.now() });
    expect(await payout(id2)).toMatchObject({ status: "reversed" });
    expect(await ledgerEntriesOf(id2)).toEqual(["payout_hold", "payout_finalise", "payout_reversal"]);
    expect(await payoutEventTypes(m.merchant.id, id2)).toEqual(["payout.pending", "payout.processing", "payout.success", "payout.reversed"]);
    expect(await m.available()).toBe(before - 2n * fees);
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });
});
