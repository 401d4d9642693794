import { afterEach, describe, expect, it } from "vitest";
import { mtnMomoConnector as mtn, mtnMomoSettingsSchema } from "@/lib/connectors/mtn-momo";
import { ManualClock } from "@/simulators/kit/truth";
import { collectOrder, type MtnSetup, payoutOrder, refOf, refundOrder, startCallbackReceiver, startMtnSetup } from "./mtn-setup";

/**
 * What MTN's own SDKs and reported behaviour say, where our first reading differed (README.md,
 * "unconfirmed until a sandbox run"); each plausible shape is a simulator setting and the
 * connector is run against every one.
 */
const PHONE = "+2250512345678";
let setup: MtnSetup | undefined;
afterEach(async () => {
  await setup?.sim.close();
  setup = undefined;
});

async function paidCollect(s: MtnSetup, amountMinor = 5000n) {
  const collect = collectOrder({ phone: PHONE, amountMinor });
  expect((await mtn.collect(s.context, collect)).status).toBe("processing");
  expect((await mtn.status(s.context, refOf(collect))).status).toBe("success");
  return collect;
}

describe("refunds: MTN's refund schema has no payee", () => {
  for (const strictBodies of [true, false]) {
    it(`${strictBodies ? "strict" : "lenient"} MTN: the refund body is {amount, currency, externalId, payerMessage, payeeNote, referenceIdToRefund}; it succeeds`, async () => {
      setup = await startMtnSetup({ strictBodies });
      const collect = await paidCollect(setup);
      const refund = refundOrder(collect, { amountMinor: 2000n });
      expect(await mtn.refund(setup.context, refund)).toMatchObject({ status: "processing" });
      const [post] = setup.sim.admin.requests({ method: "POST", path: "/disbursement/v1_0/refund" });
      expect(Object.keys(JSON.parse(post!.body)).sort()).toEqual(["amount", "currency", "externalId", "payeeNote", "payerMessage", "referenceIdToRefund"]);
      expect(await mtn.status(setup.context, refOf(refund))).toMatchObject({ status: "success", amount: { minor: 2000n, currency: "XOF" } });
      expect(setup.sim.truth().find((t) => t.reference === refund.reference)).toMatchObject({ direction: "refund", state: "succeeded", amountMinor: 2000n, refundOf: collect.reference });
    });
  }

  it("the strict simulator refuses what MTN's schema does not have (a refund's payee, an unknown field) with 400", async () => {
    setup = await startMtnSetup();
    const collect = await paidCollect(setup);
    const token = await (
      await fetch(`${setup.sim.url}/disbursement/token/`, {
        method: "POST",
        headers: { Authorization: `Basic ${Buffer.from(`${setup.secrets.DISBURSEMENT_API_USER}:${setup.secrets.DISBURSEMENT_API_KEY}`).toString("base64")}`, "Ocp-Apim-Subscription-Key": setup.secrets.DISBURSEMENT_SUBSCRIPTION_KEY! },
      })
    ).json();
    const refund = (body: Record<string, unknown>) =>
      fetch(`${setup!.sim.url}/disbursement/v1_0/refund`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${token.access_token}`,
          "X-Reference-Id": crypto.randomUUID(),
          "X-Target-Environment": "mtnivorycoast",
          "Ocp-Apim-Subscription-Key": setup!.secrets.DISBURSEMENT_SUBSCRIPTION_KEY!,
          "Content-Type": "application/json",
        },
        body: JSON.stringify(body),
      });
    const good = { amount: "100", currency: "XOF", externalId: "x", payerMessage: "Refund", payeeNote: "note", referenceIdToRefund: collect.reference };
    expect((await refund(good)).status).toBe(202);
    const withPayee = await refund({ ...good, payee: { partyIdType: "MSISDN", partyId: "2250512345678" } });
    expect(withPayee.status).toBe(400);
    expect(await withPayee.json()).toMatchObject({ message: expect.stringMatching(/payee/) });
    expect((await refund({ ...good, referenceIdToRefund: undefined })).status).toBe(400);
  });
});

describe("callbackHost is required configuration in production", () => {
  const settings = mtnMomoSettingsSchema.parse({ targetEnvironment: "mtnivorycoast", currency: "XOF" });
  const problems = (environment: "sandbox" | "production", s: typeof settings, callbackUrl = "https://pay.example.com/api/v1/connectors/mtn-ci/callback") =>
    mtn.accountProblems!({ id: "mtn-ci", environment, settings: s, callbackUrl });

  it("connector:add refuses a production account without it, or with a host our callback URL is not on", () => {
    expect(problems("production", settings)).toEqual([expect.stringMatching(/callbackHost/)]);
    expect(problems("production", { ...settings, callbackHost: "other.example.com" })).toEqual([expect.stringMatching(/INVALID_CALLBACK_URL_HOST/)]);
    expect(problems("production", { ...settings, callbackHost: "pay.example.com" })).toEqual([]);
    expect(problems("sandbox", settings)).toEqual([]);
  });

  it("MTN answers INVALID_CALLBACK_URL_HOST for another host (outcome unknown: pending, never failed); with callbackHost set, no X-Callback-Url is sent and it is accepted", async () => {
    setup = await startMtnSetup();
    for (const product of ["collection", "disbursement"] as const) {
      const user = setup.sim.admin.provisionUser({ product, callbackHost: "pay.example.com" });
      setup.secrets[`${product.toUpperCase()}_API_USER`] = user.userId;
      setup.secrets[`${product.toUpperCase()}_API_KEY`] = user.apiKey;
    }
    const refused = await mtn.payout(setup.context, payoutOrder({ destination: PHONE }));
    expect(refused).toMatchObject({ status: "pending", raw: { status: "500", code: "INVALID_CALLBACK_URL_HOST" } });
    const configured = { ...setup.context, account: { ...setup.context.account, settings: { ...setup.context.account.settings, callbackHost: "pay.example.com" } } };
    expect(await mtn.payout(configured, payoutOrder({ destination: PHONE }))).toMatchObject({ status: "processing" });
    expect(setup.sim.admin.requests({ method: "POST", path: "/disbursement/v1_0/transfer" }).at(-1)!.headers).not.toHaveProperty("x-callback-url");
  });
});

describe("a disbursement MTN leaves PENDING for hours is processing, never failed", () => {
  for (const then of ["succeeded", "failed"] as const) {
    it(`held 3 h on MTN's clock, then ${then}: processing at every check until MTN says it`, async () => {
      const clock = new ManualClock(new Date("2026-11-30T08:00:00Z"));
      setup = await startMtnSetup({ clock });
      const order = payoutOrder({ destination: PHONE, amountMinor: 7000n });
      setup.sim.scenario({ reference: order.reference }, [{ kind: "hold", until: new Date(clock.now().getTime() + 3 * 3600_000), then }]);
      expect(await mtn.payout(setup.context, order)).toMatchObject({ status: "processing" });
      for (let hour = 0; hour < 3; hour++) {
        expect(await mtn.status(setup.context, refOf(order))).toMatchObject({ status: "processing", raw: { status: "PENDING" } });
        expect(setup.sim.truth()[0]).toMatchObject({ state: "pending" });
        setup.sim.admin.advanceClock(3599);
      }
      setup.sim.admin.advanceClock(10);
      const final = await mtn.status(setup.context, refOf(order));
      if (then === "succeeded") expect(final).toMatchObject({ status: "success", amount: { minor: 7000n, currency: "XOF" } });
      else expect(final).toMatchObject({ status: "failed" });
      expect(setup.sim.truth()[0]).toMatchObject({ reference: order.reference, direction: "payout", state: then, amountMinor: 7000n });
    });
  }
});

describe("the simulator as an operator at its worst (kit surface)", () => {
  it("lose the answer after committing: pending; a resend under the same reference gets 409 (duplicate); the status is readable", async () => {
    setup = await startMtnSetup();
    for (const how of ["reset", "server_error"] as const) {
      const order = payoutOrder({ destination: PHONE });
      setup.sim.scenario({ reference: order.reference }, [{ kind: "lose_answer", how }]);
      expect(await mtn.payout(setup.context, order)).toMatchObject({ status: "pending" });
      expect(await mtn.payout(setup.context, order)).toMatchObject({ status: "duplicate" });
      expect(await mtn.status(setup.context, refOf(order))).toMatchObject({ status: "success" });
    }
    expect(setup.sim.admin.ledger().filter((e) => e.kind === "transfer")).toHaveLength(2);
  });

  it("fail before commit: 503, nothing recorded; not_found on the status check", async () => {
    setup = await startMtnSetup();
    const order = payoutOrder({ destination: PHONE });
    setup.sim.scenario({ destination: PHONE }, [{ kind: "fail_before_commit" }]);
    expect(await mtn.payout(setup.context, order)).toMatchObject({ status: "pending" });
    expect(setup.sim.truth()).toHaveLength(0);
    expect(await mtn.status(setup.context, refOf(order))).toMatchObject({ status: "not_found" });
  });

  it("duplicate and out-of-order callbacks are hints only: a stale PENDING after the final state changes nothing", async () => {
    const receiver = await startCallbackReceiver();
    try {
      setup = await startMtnSetup({ callbackUrl: receiver.url, callbackDelayMs: 0 });
      const twice = payoutOrder({ destination: PHONE });
      setup.sim.scenario({ reference: twice.reference }, [{ kind: "duplicate_callbacks" }]);
      await mtn.payout(setup.context, twice);
      const late = payoutOrder({ destination: PHONE });
      setup.sim.scenario({ reference: late.reference }, [{ kind: "out_of_order_callbacks" }]);
      await mtn.payout(setup.context, late);
      await setup.sim.admin.idle();
      const bodies = receiver.received.map((c) => JSON.parse(c.rawBody) as { externalId: string; status: string });
      expect(bodies.filter((b) => b.externalId === twice.reference).map((b) => b.status)).toEqual(["SUCCESSFUL", "SUCCESSFUL"]);
      expect(bodies.filter((b) => b.externalId === late.reference).map((b) => b.status)).toEqual(["SUCCESSFUL", "PENDING"]);
      for (const cb of receiver.received) expect(await mtn.parseCallback(setup.context, cb)).toMatchObject({ kind: "hint" });
      expect(await mtn.status(setup.context, refOf(late))).toMatchObject({ status: "success" });
    } finally {
      await receiver.close();
    }
  });
});
