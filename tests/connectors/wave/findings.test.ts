import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderRef } from "@/lib/connectors/connector";
import { waveConnector } from "@/lib/connectors/wave";
import { parseWaveCallback } from "@/lib/connectors/wave/callbacks";
import { ManualClock } from "@/simulators/kit/truth";
import { collectOrder, payoutOrder, ref, refundOfSession, startWave } from "./setup";

/**
 * What a review against Wave's published docs found (README "Refunds", "Payout reversals"),
 * each against the contract simulator over real HTTP, in every shape the docs leave open:
 * the refund answers with no body or with the session (`refundAnswer`), and a repeated refund
 * is answered 200 again or refused (`refundRepeat`).
 */
const shapes = [
  { refundAnswer: "empty", refundRepeat: "ok" },
  { refundAnswer: "session", refundRepeat: "ok" },
  { refundAnswer: "empty", refundRepeat: "refused" },
  { refundAnswer: "session", refundRepeat: "refused" },
] as const;

describe.each(shapes)("Wave refund status (refund answers $refundAnswer, a repeat is $refundRepeat)", (shape) => {
  let w: Awaited<ReturnType<typeof startWave>>;
  beforeAll(async () => {
    w = await startWave({ sim: shape });
  });
  afterAll(() => w.close());

  async function paidSession(amountMinor: bigint) {
    const order = collectOrder({ amountMinor });
    const sessionId = ((await waveConnector.collect(w.context, order)) as { operatorReference: string }).operatorReference;
    w.sim.admin.pay(sessionId);
    return { order, sessionId };
  }

  /** The refund's status as the core asks it after a lost answer: no operator reference of its own, the collect beside it. */
  const refundRef = (refund: ReturnType<typeof refundOfSession>, collect: { reference: string; sessionId: string; amountMinor: bigint }): OrderRef => ({
    ...ref("refund", refund.reference, null),
    id: refund.refundId,
    amountMinor: refund.amountMinor,
    collect: { id: collect.reference, reference: collect.reference, operatorReference: collect.sessionId, amountMinor: collect.amountMinor },
  });

  it("the refund answer is lost after Wave refunded: the status check asks by the COLLECT's session id (never an empty one) → success", async () => {
    const { order, sessionId } = await paidSession(3_000n);
    const refund = refundOfSession(sessionId, 3_000n);
    w.sim.scenario({ reference: order.reference }, [{ kind: "lose_answer", how: "reset" }]);
    expect(await waveConnector.refund(w.context, refund)).toMatchObject({ status: "pending" });
    expect(w.sim.truth()).toContainEqual(expect.objectContaining({ direction: "refund", refundOf: order.reference, state: "succeeded" }));

    const status = await waveConnector.status(w.context, refundRef(refund, { reference: order.reference, sessionId, amountMinor: 3_000n }));
    expect(w.sim.admin.requests({ method: "POST" }).map((r) => r.path)).not.toContain("/v1/checkout/sessions//refund");
    if (shape.refundRepeat === "ok") expect(status).toMatchObject({ status: "success", operatorReference: sessionId });
    // A refused repeat cannot tell "already refunded" from "refused": held for review, never failed.
    else expect(status).toMatchObject({ status: "processing", ambiguous: true, raw: { code: "checkout-refund-failed" } });
    expect(status.status).not.toBe("failed");
    expect(w.sim.truth().filter((t) => t.direction === "refund" && t.refundOf === order.reference)).toHaveLength(1);
  });

  it("the refund never reached Wave (503 before anything): the status check sends it for the collect's session → success, refunded once", async () => {
    const { order, sessionId } = await paidSession(2_500n);
    const refund = refundOfSession(sessionId, 2_500n);
    w.sim.scenario({ reference: order.reference }, [{ kind: "fail_before_commit" }]);
    expect(await waveConnector.refund(w.context, refund)).toMatchObject({ status: "pending" });
    expect(w.sim.truth().filter((t) => t.direction === "refund" && t.refundOf === order.reference)).toHaveLength(0);
    expect(await waveConnector.status(w.context, refundRef(refund, { reference: order.reference, sessionId, amountMinor: 2_500n }))).toMatchObject({ status: "success" });
    expect(w.sim.truth().filter((t) => t.direction === "refund" && t.refundOf === order.reference)).toHaveLength(1);
  });

  it("a partial refund asked for by status is never sent (it would refund the whole session)", async () => {
    const { order, sessionId } = await paidSession(4_000n);
    const partial = refundOfSession(sessionId, 1_000n);
    expect(await waveConnector.status(w.context, refundRef(partial, { reference: order.reference, sessionId, amountMinor: 4_000n }))).toMatchObject({ status: "failed", reason: "not_allowed" });
    expect(w.sim.admin.requests({ method: "POST", path: `/v1/checkout/sessions/${sessionId}/refund` })).toHaveLength(0);
  });

  it("without the collect's session id the status check asks nothing and stays pending", async () => {
    const refund = refundOfSession("unused", 1_000n);
    const before = w.sim.admin.requests().length;
    expect(await waveConnector.status(w.context, { ...ref("refund", refund.reference, null), id: refund.refundId })).toMatchObject({ status: "pending" });
    expect(w.sim.admin.requests()).toHaveLength(before);
  });

  it("a refund that succeeds states what moved: the session's amount, exactly", async () => {
    const { sessionId } = await paidSession(7_000n);
    expect(await waveConnector.refund(w.context, refundOfSession(sessionId, 7_000n))).toMatchObject({ status: "success", amount: { minor: 7_000n, currency: "XOF" } });
  });
});

describe("Wave payout reversed and amounts", () => {
  let w: Awaited<ReturnType<typeof startWave>>;
  const clock = new ManualClock();
  beforeAll(async () => {
    w = await startWave({ sim: { clock }, now: () => clock.now() });
  });
  afterAll(() => w.close());

  it("a paid payout that Wave reverses is `reversed` (money back in our wallet), never a success", async () => {
    const order = payoutOrder({ destination: "+221770000071" });
    w.sim.scenario({ reference: order.reference }, [{ kind: "reverse_after", ms: 60 * 60_000 }]);
    const paid = await waveConnector.payout(w.context, order);
    expect(paid).toMatchObject({ status: "success", amount: { minor: 5_000n, currency: "XOF" } });
    const payoutId = (paid as { operatorReference: string }).operatorReference;
    clock.advance(2 * 60 * 60_000);
    expect(await waveConnector.status(w.context, ref("payout", order.reference, payoutId))).toMatchObject({ status: "reversed", operatorReference: payoutId });
    expect(await waveConnector.status(w.context, ref("payout", order.reference))).toMatchObject({ status: "reversed" }); // found by the search too
    expect(w.sim.truth()).toContainEqual(expect.objectContaining({ reference: order.reference, direction: "payout", state: "reversed", amountMinor: 5_000n }));
  });

  it("a payout held for 3 hours of simulated time stays processing, then settles as the operator says", async () => {
    const held = payoutOrder({ destination: "+221770000072" });
    w.sim.scenario({ reference: held.reference }, [{ kind: "hold", until: new Date(clock.now().getTime() + 3 * 3600_000), then: "succeeded" }]);
    const first = await waveConnector.payout(w.context, held);
    expect(first).toMatchObject({ status: "processing" });
    clock.advance(3 * 3600_000 - 1_000);
    expect(await waveConnector.status(w.context, ref("payout", held.reference))).toMatchObject({ status: "processing" });
    clock.advance(2_000);
    expect(await waveConnector.status(w.context, ref("payout", held.reference))).toMatchObject({ status: "success", amount: { minor: 5_000n, currency: "XOF" } });

    const refused = payoutOrder({ destination: "+221770000073" });
    w.sim.scenario({ reference: refused.reference }, [{ kind: "hold", until: new Date(clock.now().getTime() + 3 * 3600_000), then: "failed" }]);
    await waveConnector.payout(w.context, refused);
    clock.advance(3 * 3600_000 + 1_000);
    expect(await waveConnector.status(w.context, ref("payout", refused.reference))).toMatchObject({ status: "failed" });
    expect(w.sim.truth().find((t) => t.reference === refused.reference)).toMatchObject({ state: "failed" });
  });

  it("a collect's success states the session's amount, from the status check and from the signed webhook", async () => {
    const order = collectOrder({ amountMinor: 12_345n });
    const sessionId = ((await waveConnector.collect(w.context, order)) as { operatorReference: string }).operatorReference;
    w.sim.admin.pay(sessionId);
    expect(await waveConnector.status(w.context, ref("collect", order.reference, sessionId))).toMatchObject({ status: "success", amount: { minor: 12_345n, currency: "XOF" } });
    await w.sim.admin.idle();
    const hook = w.incoming().find((c) => c.rawBody.includes(order.reference))!;
    expect(parseWaveCallback(w.context, hook)).toMatchObject({ kind: "verified", outcome: { status: "success", amount: { minor: 12_345n, currency: "XOF" } } });
  });

  it("out-of-order webhooks: the older `payment_failed` arrives after `completed`; each is verified and maps to its own state", async () => {
    const order = collectOrder();
    w.sim.scenario({ reference: order.reference }, [{ kind: "out_of_order_callbacks" }]);
    const sessionId = ((await waveConnector.collect(w.context, order)) as { operatorReference: string }).operatorReference;
    w.sim.admin.pay(sessionId, "insufficient-funds");
    w.sim.admin.pay(sessionId);
    await w.sim.admin.idle();
    const hooks = w.incoming().filter((c) => c.rawBody.includes(order.reference)).map((c) => parseWaveCallback(w.context, c));
    expect(hooks.map((h) => (h.kind === "verified" ? h.outcome.status : h.kind))).toEqual(["success", "processing"]);
  });
});
