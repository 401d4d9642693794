import { afterEach, describe, expect, it } from "vitest";
import { mpesaDarajaConnector as daraja, mpesaDarajaSettingsSchema } from "@/lib/connectors/mpesa-daraja";
import { MPESA_SIM_SETTINGS } from "@/simulators/mpesa-daraja";
import { ManualClock } from "@/simulators/kit/truth";
import { collectOrder, payoutOrder, refOf, startDaraja } from "./setup";

/**
 * What the primary sources say Daraja does, where our first reading differed (README.md,
 * "unconfirmed until a sandbox run"). Each plausible shape the sources leave open is a simulator
 * setting, and the connector is run against every one.
 */
let env: Awaited<ReturnType<typeof startDaraja>> | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

const lastStatusQuery = () => JSON.parse(env!.sim.admin.requests({ path: "/mpesa/transactionstatus/v1/query" }).at(-1)!.body);

describe("B2C payouts reach success through Transaction Status, in each key shape", () => {
  for (const lookup of ["original", "originator", "receipt_only"] as const) {
    it(`${lookup}: the B2C result's receipt (a hint) is sent as TransactionID; the answer is applied with the amount moved`, async () => {
      env = await startDaraja({ transactionStatusLookup: lookup });
      const order = payoutOrder({ destination: "+254708374149" });
      const submitted = await daraja.payout(env.context, order);
      expect(submitted).toMatchObject({ status: "processing" });
      await env.advance(1);
      const hint = await env.parse(env.ofKind("b2c")[0]!);
      expect(hint).toMatchObject({ kind: "hint", direction: "payout", reference: order.reference, operatorReference: expect.stringMatching(/^S[A-Z0-9]{9}$/) });
      const receipt = (hint as { operatorReference: string }).operatorReference;

      const ref = refOf(order, { operatorReference: (submitted as { operatorReference: string }).operatorReference, hintedOperatorReference: receipt });
      expect(await daraja.status(env.context, ref)).toMatchObject({ status: "processing" });
      expect(lastStatusQuery()).toMatchObject({ TransactionID: receipt, OriginalConversationID: order.reference, OriginatorConversationID: order.reference, CommandID: "TransactionStatusQuery" });
      await env.advance(1);
      expect(await env.parse(env.ofKind("status")[0]!)).toMatchObject({
        kind: "verified",
        reference: order.reference,
        outcome: { status: "success", operatorReference: receipt, amount: { minor: 500_00n, currency: "KES" } },
      });
    });
  }

  for (const lookup of ["original", "originator"] as const) {
    it(`${lookup}: without a receipt (the B2C result was lost), both conversation-id spellings find the payout`, async () => {
      env = await startDaraja({ transactionStatusLookup: lookup, callbackMode: "none" });
      const order = payoutOrder({ destination: "+254708374149" });
      await daraja.payout(env.context, order);
      env.sim.admin.advanceClock(1);
      env.sim.admin.configure({ callbackMode: "once" });
      await daraja.status(env.context, refOf(order));
      expect(lastStatusQuery()).not.toHaveProperty("TransactionID");
      await env.advance(1);
      expect(await env.parse(env.ofKind("status")[0]!)).toMatchObject({ kind: "verified", outcome: { status: "success" } });
    });
  }

  it("receipt_only: without a receipt Daraja refuses the query; the payout stays where it was, never failed", async () => {
    env = await startDaraja({ transactionStatusLookup: "receipt_only", callbackMode: "none" });
    const order = payoutOrder({ destination: "+254708374149" });
    const submitted = (await daraja.payout(env.context, order)) as { operatorReference: string };
    env.sim.admin.advanceClock(1);
    const outcome = await daraja.status(env.context, refOf(order, { operatorReference: submitted.operatorReference }));
    expect(outcome).toMatchObject({ status: "processing", operatorReference: submitted.operatorReference });
    expect(env.sim.admin.requests({ path: "/mpesa/transactionstatus/v1/query" }).at(-1)!.answer).toBe(400);
  });
});

describe("a Transaction Status answer found by a hinted receipt must be this payout", () => {
  for (const shape of ["full", "no_originator", "no_party"] as const) {
    it(`${shape}: another payout's receipt (a forged or mistaken hint) answers for that payout: ignored, never applied`, async () => {
      env = await startDaraja({ statusResultShape: shape });
      const mine = payoutOrder({ destination: "+254708374149", amountMinor: 500_00n });
      const theirs = payoutOrder({ destination: "+254708371111", amountMinor: 700_00n });
      await daraja.payout(env.context, mine);
      await daraja.payout(env.context, theirs);
      await env.advance(1);
      const results = await Promise.all(env.ofKind("b2c").map((c) => env!.parse(c)));
      const theirReceipt = (results.find((r) => r.kind === "hint" && r.reference === theirs.reference) as { operatorReference: string }).operatorReference;

      await daraja.status(env.context, refOf(mine, { hintedOperatorReference: theirReceipt }));
      await env.advance(1);
      const answer = await env.parse(env.ofKind("status")[0]!);
      expect(answer).toMatchObject({ kind: "ignored", why: expect.stringMatching(/not this payout/) });

      // Its own receipt is applied in the same shape.
      const ownReceipt = (results.find((r) => r.kind === "hint" && r.reference === mine.reference) as { operatorReference: string }).operatorReference;
      await daraja.status(env.context, refOf(mine, { hintedOperatorReference: ownReceipt }));
      await env.advance(1);
      expect(await env.parse(env.ofKind("status")[1]!)).toMatchObject({ kind: "verified", outcome: { status: "success", operatorReference: ownReceipt } });
    });
  }

  it("no_originator and nothing known of the order's amount or recipient: the answer proves nothing and is ignored", async () => {
    env = await startDaraja({ statusResultShape: "no_originator" });
    const order = payoutOrder({ destination: "+254708374149" });
    await daraja.payout(env.context, order);
    await env.advance(1);
    const receipt = ((await env.parse(env.ofKind("b2c")[0]!)) as { operatorReference: string }).operatorReference;
    await daraja.status(env.context, refOf(order, { hintedOperatorReference: receipt, destination: null, amountMinor: null }));
    await env.advance(1);
    expect(await env.parse(env.ofKind("status")[0]!)).toMatchObject({ kind: "ignored" });
  });
});

describe("a lost STK acknowledgement is recovered from the callback's CheckoutRequestID", () => {
  it("submit answer lost → pending; the STK callback names the CheckoutRequestID; stkpushquery by it → success; never a second prompt", async () => {
    env = await startDaraja();
    env.sim.admin.fault("drop_after_accept", "stk");
    const order = collectOrder({ phone: "+254708374149" });
    expect(await daraja.collect(env.context, order)).toMatchObject({ status: "pending" });
    expect(await daraja.status(env.context, refOf(order))).toMatchObject({ status: "pending" });
    await env.advance(3);
    const hint = await env.parse(env.ofKind("stk")[0]!);
    const checkout = env.sim.admin.stkPushes()[0]!.checkoutRequestId;
    expect(hint).toEqual({ kind: "hint", direction: "collect", reference: order.reference, operatorReference: checkout });
    expect(await daraja.status(env.context, refOf(order, { hintedOperatorReference: checkout }))).toMatchObject({ status: "success" });
    expect(JSON.parse(env.sim.admin.requests({ path: "/mpesa/stkpushquery/v1/query" }).at(-1)!.body)).toMatchObject({ CheckoutRequestID: checkout });
    expect(env.sim.admin.stkPushes()).toHaveLength(1);
  });

  it("a prompt still open when learnt from a callback is processing under its CheckoutRequestID", async () => {
    env = await startDaraja();
    env.sim.admin.fault("drop_after_accept", "stk");
    const order = collectOrder({ phone: "+254708377777" }); // never answers until the window closes
    await daraja.collect(env.context, order);
    const checkout = env.sim.admin.stkPushes()[0]!.checkoutRequestId;
    expect(await daraja.status(env.context, refOf(order, { hintedOperatorReference: checkout }))).toEqual(expect.objectContaining({ status: "processing", operatorReference: checkout }));
  });
});

describe("callback URLs without \"mpesa\"", () => {
  it("connector:add refuses an account id or a callback URL containing mpesa", () => {
    const settings = mpesaDarajaSettingsSchema.parse(MPESA_SIM_SETTINGS);
    const problems = (id: string, callbackUrl: string) => daraja.accountProblems!({ id, environment: "production", settings, callbackUrl });
    expect(problems("mpesa-ke", "https://pay.example.com/api/v1/connectors/mpesa-ke/callback")).toEqual([expect.stringMatching(/contains "mpesa"/)]);
    expect(problems("safaricom-ke", "https://mpesa.example.com/api/v1/connectors/safaricom-ke/callback")).toEqual([expect.stringMatching(/PUBLIC_BASE_URL/)]);
    expect(problems("safaricom-ke", "https://pay.example.com/api/v1/connectors/safaricom-ke/callback")).toEqual([]);
  });

  for (const reject of [true, false]) {
    it(`the simulator ${reject ? "refuses" : "accepts"} such URLs; the connector never sends one (configuration_error before any call)`, async () => {
      env = await startDaraja({ rejectMpesaInCallbackUrl: reject });
      const context = { ...env.context, callbackUrl: env.context.callbackUrl.replace("safaricom-ke", "mpesa-ke") };
      expect(await daraja.collect(context, collectOrder({ phone: "+254708374149" }))).toMatchObject({ status: "failed", reason: "configuration_error" });
      expect(await daraja.payout(context, payoutOrder({ destination: "+254708374149" }))).toMatchObject({ status: "failed", reason: "configuration_error" });
      expect(env.sim.admin.requests().filter((r) => r.path !== "/oauth/v1/generate")).toHaveLength(0);
    });
  }
});

describe("the simulator as an operator at its worst (kit surface)", () => {
  it("a B2C held 3 h on the simulator's clock: Transaction Status says Pending (never a failure), then Completed; truth follows", async () => {
    const clock = new ManualClock(new Date("2026-11-30T08:00:00Z"));
    env = await startDaraja({ clock });
    const order = payoutOrder({ destination: "+254708374149" });
    env.sim.scenario({ reference: order.reference }, [{ kind: "hold", until: new Date(clock.now().getTime() + 3 * 3600_000), then: "succeeded" }]);
    const submitted = (await daraja.payout(env.context, order)) as { operatorReference: string };
    expect(env.sim.truth()).toEqual([expect.objectContaining({ reference: order.reference, direction: "payout", state: "pending", amountMinor: 500_00n, currency: "KES" })]);
    await env.advance(2 * 3600);
    expect(env.ofKind("b2c")).toHaveLength(0);
    await daraja.status(env.context, refOf(order, { operatorReference: submitted.operatorReference }));
    await env.advance(1);
    expect(await env.parse(env.ofKind("status")[0]!)).toMatchObject({ kind: "ignored", why: expect.stringMatching(/not final/) });
    await env.advance(3600);
    expect(env.sim.truth()[0]).toMatchObject({ state: "succeeded", operatorReference: expect.stringMatching(/^S/) });
    await daraja.status(env.context, refOf(order, { operatorReference: submitted.operatorReference }));
    await env.advance(1);
    expect(await env.parse(env.ofKind("status")[1]!)).toMatchObject({ kind: "verified", outcome: { status: "success" } });
  });

  it("a B2C told failed after the hold: Transaction Status says Failed; nothing left the float", async () => {
    const clock = new ManualClock();
    env = await startDaraja({ clock });
    const order = payoutOrder({ destination: "+254708374149" });
    env.sim.scenario({ destination: "+254708374149" }, [{ kind: "hold", until: new Date(clock.now().getTime() + 3 * 3600_000), then: "failed" }]);
    await daraja.payout(env.context, order);
    await env.advance(3 * 3600 + 1);
    expect(env.sim.truth()[0]).toMatchObject({ state: "failed" });
    await daraja.status(env.context, refOf(order));
    await env.advance(1);
    expect(await env.parse(env.ofKind("status")[0]!)).toMatchObject({ kind: "verified", outcome: { status: "failed" } });
    expect(env.sim.admin.float("600999")).toBe(1_000_000);
  });

  it("lose the answer after committing (reset, then a 500): pending, and Transaction Status finds the one payment", async () => {
    env = await startDaraja();
    for (const how of ["reset", "server_error"] as const) {
      const order = payoutOrder({ destination: "+254708374149" });
      env.sim.scenario({ reference: order.reference }, [{ kind: "lose_answer", how }]);
      expect(await daraja.payout(env.context, order)).toMatchObject({ status: "pending" });
    }
    expect(env.sim.truth()).toHaveLength(2);
  });

  it("fail before commit: 503 and nothing recorded", async () => {
    env = await startDaraja();
    const order = payoutOrder({ destination: "+254708374149" });
    env.sim.scenario({ reference: order.reference }, [{ kind: "fail_before_commit" }]);
    expect(await daraja.payout(env.context, order)).toMatchObject({ status: "pending" });
    expect(env.sim.truth()).toHaveLength(0);
  });

  it("duplicate and out-of-order callbacks: the B2C result twice, or only after the Transaction Status result", async () => {
    env = await startDaraja();
    const twice = payoutOrder({ destination: "+254708374149" });
    env.sim.scenario({ reference: twice.reference }, [{ kind: "duplicate_callbacks" }]);
    await daraja.payout(env.context, twice);
    await env.advance(1);
    expect(env.ofKind("b2c")).toHaveLength(2);

    const late = payoutOrder({ destination: "+254708374149" });
    env.sim.scenario({ reference: late.reference }, [{ kind: "out_of_order_callbacks" }]);
    await daraja.payout(env.context, late);
    await env.advance(1);
    expect(env.ofKind("b2c")).toHaveLength(2);
    await daraja.status(env.context, refOf(late));
    await env.advance(1);
    const kinds = env.received.map((c) => new URL(c.url).searchParams.get("kind"));
    expect(kinds.slice(-2)).toEqual(["status", "b2c"]);
  });
});
