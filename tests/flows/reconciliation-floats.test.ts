import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { pollOrder, submitOrder } from "@/lib/orders/orders";
import { reconcileAccount } from "@/lib/reconciliation";
import { ManualClock } from "@/simulators/kit/truth";
import { runMtnMomoSimulator, SIMULATOR_CREDENTIALS, type MtnSimulator } from "@/simulators/mtn-momo";
import { directBody, initiatePayment } from "../helpers/payments";
import { createLiveMerchant, enterProduction, ops, restoreEnv } from "../helpers/production-instance";
import { ensureReferenceData } from "../helpers/reference";

/**
 * Reconciliation of our float (docs/design/reconciliation.md, "Float"): each run of an account
 * whose operator publishes its balances reads them (MTN: `GET /{collection|disbursement}/v1_0/
 * account/balance`, answered by MTN's contract simulator from its own truth), and compares how
 * each wallet moved since the last reading that agreed with how our orders on the account moved
 * it. A difference is a `float_differs` mismatch; a run with an order in flight judges nothing.
 */
const ACCOUNT = "mtn-float-ci";
const clock = new ManualClock();
let mtn: MtnSimulator;
let m: Awaited<ReturnType<typeof createLiveMerchant>>;

beforeAll(async () => {
  mtn = await runMtnMomoSimulator({ port: 0, callbackHost: "pay.example.test", callbackMode: "none", settleAfterSeconds: 2, log: () => {}, clock, balances: { collection: "0", disbursement: "500000" } });
  enterProduction({
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
});

afterAll(async () => {
  await mtn?.close();
  restoreEnv();
});

const DAY = 24 * 3600_000;
const run = async () => {
  clock.advance(60_000);
  const now = clock.now();
  return reconcileAccount(await getPrisma(), { accountId: ACCOUNT, from: new Date(now.getTime() - DAY), to: new Date(now.getTime() + 60_000), now, trigger: "test" });
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
