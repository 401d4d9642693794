import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { creditCollectPending } from "@/lib/ledger";
import { runSettlement } from "@/lib/ledger/settle-due-pending";
import { pollOrder, submitOrder } from "@/lib/orders/orders";
import { reconcileAccount } from "@/lib/reconciliation";
import { type AirtelSimulator, airtelSimulatorSecrets, startAirtelSimulator } from "@/simulators/airtel";
import { ManualClock } from "@/simulators/kit/truth";
import { runMtnMomoSimulator, SIMULATOR_CREDENTIALS, type MtnSimulator } from "@/simulators/mtn-momo";
import { startWaveSimulator, type WaveSimulator } from "@/simulators/wave";
import { directBody, initiatePayment } from "../helpers/payments";
import { quoteAndInitiate } from "../helpers/payouts";
import { createLiveMerchant, enterProduction, ops, restoreEnv } from "../helpers/production-instance";
import { ensureReferenceData } from "../helpers/reference";

/**
 * Reconciliation of our float (docs/design/reconciliation.md, "Float"): each run of an account
 * whose operator publishes its balances reads them (MTN: `GET /{collection|disbursement}/v1_0/
 * account/balance`, answered by MTN's contract simulator from its own truth), and compares how
 * each wallet moved since the last reading that agreed with how our orders on the account moved
 * it. A difference is a `float_differs` mismatch; a run with an order in flight judges nothing.
 * Wave (`GET /v1/balance`, fees from `GET /v1/transactions`) and Airtel (`GET /standard/v1/users/
 * balance`) the same way, each balance shape their simulators can answer read alike.
 */
const ACCOUNT = "mtn-float-ci";
const clock = new ManualClock();
let mtn: MtnSimulator;
let wave: WaveSimulator;
let airtel: AirtelSimulator;
let m: Awaited<ReturnType<typeof createLiveMerchant>>;
const WAVE = "wave-float-sn";
const AIRTEL = "airtel-float-ga";

beforeAll(async () => {
  mtn = await runMtnMomoSimulator({ port: 0, callbackHost: "pay.example.test", callbackMode: "none", settleAfterSeconds: 2, log: () => {}, clock, balances: { collection: "0", disbursement: "500000" } });
  wave = await startWaveSimulator({ clock, balance: 1_000_000, payoutSettleAfterSeconds: 0 });
  airtel = await startAirtelSimulator({ clock, callbackMode: "none", settleAfterSeconds: 2 });
  enterProduction({
    WAVE_FLT_API_KEY: wave.admin.apiKey(),
    WAVE_FLT_WEBHOOK_SECRET: wave.admin.config.webhookSecrets[0]!,
    ...Object.fromEntries(Object.entries(airtelSimulatorSecrets(airtel)).map(([k, v]) => [`AIRTEL_FLT_${k}`, v])),
    PUBLIC_BASE_URL: "https://pay.example.test",
    SETTLEMENT_DELAY_SECONDS: "0",
    CONNECTOR_TOTAL_TIMEOUT_MS: "6000",
    ...Object.fromEntries(Object.entries(SIMULATOR_CREDENTIALS).map(([k, v]) => [`MTN_FLT_${k}`, v])),
  });
  await ensureReferenceData();
  const { targetEnvironment, currency } = mtn.admin.config;
  const added = await ops("connector:add", "--id", ACCOUNT, "--type", "mtn-momo", "--base-url", mtn.url, "--setting", `targetEnvironment=${targetEnvironment}`, "--setting", `currency=${currency}`, "--setting", "callbackHost=pay.example.test", "--secrets-env", "MTN_FLT");
  expect(added.code, added.output).toBe(0);
  expect((await ops("route:set", "--country", "CI", "--provider", "mtn", "--direction", "collect", "--account", ACCOUNT)).code).toBe(0);
  m = await createLiveMerchant({ country: "CI" });
  expect((await ops("connector:add", "--id", WAVE, "--type", "wave", "--base-url", wave.url, "--secrets-env", "WAVE_FLT")).code).toBe(0);
  expect((await ops("route:set", "--country", "SN", "--provider", "wave", "--direction", "payout", "--account", WAVE)).code).toBe(0);
  const airtelAdded = await ops("connector:add", "--id", AIRTEL, "--type", "airtel", "--base-url", airtel.url, "--setting", "country=GA", "--setting", "currency=XAF", "--secrets-env", "AIRTEL_FLT");
  expect(airtelAdded.code, airtelAdded.output).toBe(0);
  expect((await ops("route:set", "--country", "GA", "--provider", "airtel", "--direction", "collect", "--account", AIRTEL)).code).toBe(0);
});

afterAll(async () => {
  await Promise.all([mtn?.close(), wave?.close(), airtel?.close()]);
  restoreEnv();
});

const DAY = 24 * 3600_000;
const run = async (accountId = ACCOUNT) => {
  clock.advance(60_000);
  const now = clock.now();
  const result = await reconcileAccount(await getPrisma(), { accountId, from: new Date(now.getTime() - DAY), to: new Date(now.getTime() + 60_000), now, trigger: "test" });
  // Time passes after a reading: what moves next is stamped after it (Wave's fees are read by their time).
  clock.advance(1_000);
  return result;
};
const floats = (r: Awaited<ReturnType<typeof run>>) => r.mismatches.filter((x) => x.kind === "float_differs");

/** A direct MTN collect of `amount` XOF, paid by the customer; returns once we show it paid. */
async function paidCollect(phone: string, amount: number) {
  const res = await initiatePayment(m.headers, directBody({ provider: "mtn", country: "CI", customerPhone: phone, amount }));
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  const id = res.json.data.transactionId as string;
  await submitOrder(id, { now: clock.now() });
  clock.advance(5_000);
  await mtn.admin.idle();
  await pollOrder(id, { now: clock.now() });
  expect((await (await getPrisma()).payment.findUniqueOrThrow({ where: { id } })).status).toBe("success");
  return id;
}

describe("reconciliation of our float at MTN MoMo", () => {
  it("the first reading is the baseline; our collects explain the float's change; money moved outside our orders is a float_differs mismatch until resolved", async () => {
    const first = await run();
    expect(floats(first)).toEqual([]);
    expect(first.notes.join("\n")).toMatch(/float collection XOF: first reading with nothing in flight/);

    await paidCollect("+2250500000771", 12_500);
    expect(mtn.admin.balance("collection")).toMatch(/^12500(\.0+)?$/);
    const agreeing = await run();
    expect(floats(agreeing)).toEqual([]);
    expect(agreeing.notes.join("\n")).not.toMatch(/float collection XOF/); // judged and agreed: nothing to say

    // 3,000 XOF enter the collection wallet under no order of ours (a transfer we never sent, a stray credit).
    mtn.admin.setBalance("collection", "15500");
    const differing = await run();
    expect(floats(differing)).toEqual([
      expect.objectContaining({
        kind: "float_differs",
        state: "new",
        ours: expect.objectContaining({ status: "expected", amountMinor: "12500", currency: "XOF", wallet: "collection" }),
        theirs: expect.objectContaining({ status: "balance", amountMinor: "15500", currency: "XOF" }),
      }),
    ]);
    // Disbursement did not move, nor did our orders through it: it agrees.
    expect(floats(differing).some((x) => x.reference.startsWith("float:disbursement:"))).toBe(false);
    // Our next collect does not hide it: still measured from the last reading that agreed.
    await paidCollect("+2250500000772", 1_000);
    const still = await run();
    expect(floats(still)).toEqual([expect.objectContaining({ id: floats(differing)[0]!.id, state: "open", ours: expect.objectContaining({ amountMinor: "13500" }), theirs: expect.objectContaining({ amountMinor: "16500" }) })]);
    const report = await ops("recon:report", "--account", ACCOUNT, "--kind", "float_differs");
    expect(report.output).toContain(floats(differing)[0]!.id);

    // Answered for with evidence (a top-up by the business, say): the wallet is re-based, later runs agree.
    const resolved = await ops("recon:resolve", "--id", floats(differing)[0]!.id, "--evidence", "MTN statement: 3,000 XOF top-up by the finance team on 2026-11-28");
    expect(resolved.code, resolved.output).toBe(0);
    clock.advance(1_000);
    const rebased = await run();
    expect(floats(rebased)).toEqual([]);
    expect(rebased.notes.join("\n")).toMatch(/float collection XOF: re-based after a resolved difference/);
    await paidCollect("+2250500000773", 2_000);
    expect(floats(await run())).toEqual([]);
  });

  it("a run with an order in flight on the account reads the float but judges nothing", async () => {
    const res = await initiatePayment(m.headers, directBody({ provider: "mtn", country: "CI", customerPhone: "+2250500000774", amount: 4_000 }));
    const id = res.json.data.transactionId as string;
    await submitOrder(id, { now: clock.now() }); // MTN holds the prompt: processing
    mtn.admin.setBalance("collection", "99999"); // whatever the float says meanwhile
    const r = await run();
    expect(floats(r)).toEqual([]);
    expect(r.notes.join("\n")).toMatch(/float collection XOF: read, not judged \(1 order attempts in flight/);
  });
});

describe("reconciliation of our float at Wave", () => {
  it("reads GET /v1/balance in every shape; a paid payout and Wave's fee on it explain the change; money moved outside our orders is float_differs", async () => {
    const first = await run(WAVE);
    expect(first.notes.join("\n")).toMatch(/float wallet XOF: first reading with nothing in flight \(1000000 minor units\)/);

    // A live SN merchant, funded as by a settled collect, pays 5,000 XOF out through Wave.
    const merchant = await createLiveMerchant({ country: "SN" });
    await (await getPrisma()).$transaction((tx) =>
      creditCollectPending(tx, { environment: "production", merchantId: merchant.merchant.id, reference: `txn_funding_${merchant.merchant.id}`, provider: "wave", currency: "XOF", gross: 1_000_000n, fee: 0n }),
    );
    await runSettlement({ merchantId: merchant.merchant.id });
    const { payout } = await quoteAndInitiate(merchant.headers, { amount: 5_000, currency: "XOF", destinationCountry: "SN", method: "wave" }, { recipient: { phone: "+221770000881", name: "Awa Diop" } });
    expect(payout.status, JSON.stringify(payout.json)).toBe(201);
    const id = payout.json.transactionId as string;
    await submitOrder(id, { now: clock.now() });
    clock.advance(5_000);
    await wave.admin.idle();
    await pollOrder(id, { now: clock.now() });
    expect((await (await getPrisma()).payout.findUniqueOrThrow({ where: { id } })).status).toBe("success");
    // Wave took its fee on top: the wallet moved by more than our payout did.
    expect(wave.admin.balance()).toBe(1_000_000n - 5_000n - 50n);

    for (const shape of ["amount", "amount_decimal", "balance_field", "number"] as const) {
      wave.admin.configure({ balanceAnswer: shape });
      const r = await run(WAVE);
      expect(floats(r), shape).toEqual([]);
      expect(r.floats, shape).toEqual({ judged: 1, agreed: 1 });
    }

    // 2,000 XOF land in the wallet under no order of ours.
    wave.admin.setBalance(Number(wave.admin.balance()) + 2_000);
    const differing = await run(WAVE);
    expect(floats(differing)).toEqual([
      expect.objectContaining({
        kind: "float_differs",
        // Measured from the last agreeing reading, after the payout and its fee.
        ours: expect.objectContaining({ status: "expected", amountMinor: "994950", currency: "XOF", wallet: "wallet", balanceThen: "994950", ordersMoved: "0", feesTaken: "0" }),
        theirs: expect.objectContaining({ status: "balance", amountMinor: "996950", currency: "XOF" }),
      }),
    ]);
  });
});

describe("reconciliation of our float at Airtel", () => {
  /** A direct Airtel collect of `amount` XAF, paid by the customer; returns once we show it paid. */
  async function paidAirtelCollect(merchant: Awaited<ReturnType<typeof createLiveMerchant>>, phone: string, amount: number) {
    const res = await initiatePayment(merchant.headers, directBody({ provider: "airtel", country: "GA", customerPhone: phone, amount, currency: "XAF" }));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    const id = res.json.data.transactionId as string;
    await submitOrder(id, { now: clock.now() });
    clock.advance(5_000);
    await airtel.admin.idle();
    await pollOrder(id, { now: clock.now() });
    expect((await (await getPrisma()).payment.findUniqueOrThrow({ where: { id } })).status).toBe("success");
  }

  it("reads GET /standard/v1/users/balance (collection wallet) in every shape; our collects explain it; money moved outside our orders is float_differs", async () => {
    const first = await run(AIRTEL);
    expect(first.notes.join("\n")).toMatch(/float collection XAF: first reading with nothing in flight \(0 minor units\)/);
    const merchant = await createLiveMerchant({ country: "GA" });
    await paidAirtelCollect(merchant, "+24174001881", 37_600);
    expect(airtel.admin.collected()).toBe(37_600);

    for (const shape of ["grouped", "plain", "number"] as const) {
      airtel.admin.configure({ balanceFormat: shape });
      const r = await run(AIRTEL);
      expect(floats(r), shape).toEqual([]);
      expect(r.floats, shape).toEqual({ judged: 1, agreed: 1 });
    }

    // 1,500 XAF leave the collection wallet under no order of ours (a sweep we did not make).
    airtel.admin.setCollected(36_100);
    const differing = await run(AIRTEL);
    expect(floats(differing)).toEqual([
      expect.objectContaining({
        kind: "float_differs",
        ours: expect.objectContaining({ status: "expected", amountMinor: "37600", currency: "XAF", wallet: "collection", balanceThen: "37600", ordersMoved: "0" }),
        theirs: expect.objectContaining({ status: "balance", amountMinor: "36100", currency: "XAF" }),
      }),
    ]);
  });

  it("the simulator refuses a balance read without a valid bearer, and without X-Country / X-Currency", async () => {
    const none = await fetch(`${airtel.url}/standard/v1/users/balance`, { headers: { "X-Country": "GA", "X-Currency": "XAF" } });
    expect(none.status).toBe(401);
    const wrong = await fetch(`${airtel.url}/standard/v1/users/balance`, { headers: { Authorization: "Bearer not-a-token", "X-Country": "GA", "X-Currency": "XAF" } });
    expect(wrong.status).toBe(401);
    const tokenRes = await fetch(`${airtel.url}/auth/oauth2/token`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ client_id: airtel.config.clientId, client_secret: airtel.config.clientSecret, grant_type: "client_credentials" }) });
    const token = ((await tokenRes.json()) as { access_token: string }).access_token;
    expect((await fetch(`${airtel.url}/standard/v1/users/balance`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(400);
    const wave401 = await fetch(`${wave.url}/v1/balance`, { headers: { Authorization: "Bearer wave_sn_prod_wrong" } });
    expect(wave401.status).toBe(401);
    expect((await fetch(`${wave.url}/v1/balance`)).status).toBe(401);
  });
});
