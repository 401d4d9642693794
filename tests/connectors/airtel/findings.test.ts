import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { OrderRef, RefundOrder } from "@/lib/connectors/connector";
import { airtelConnector, airtelSettingsSchema, type AirtelSettings } from "@/lib/connectors/airtel";
import { mapSubmit } from "@/lib/connectors/airtel/mapping";
import { ManualClock } from "@/simulators/kit/truth";
import { airtelSimulatorSecrets, startAirtelSimulator, type AirtelSimulator, type AirtelSimulatorOptions } from "@/simulators/airtel";
import { testConnectorContext } from "../../helpers/connector-context";
import { connectorOrders } from "../../helpers/connector-orders";
import { startReceiver } from "../../helpers/webhook-receiver";

/**
 * What a review against Airtel's published docs found (README "Refunds"), each against the
 * contract simulator over real HTTP, in every shape the docs leave open: the refund answer's
 * `success` flag (published `false`, maybe a typo), the refund path an OpCo serves (v1 / v2),
 * how a refused refund reads, and what an enquiry of a refunded collection shows.
 */
let sim: AirtelSimulator;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());
afterEach(() => sim?.close());

async function setup(options: AirtelSimulatorOptions = {}, settings: Record<string, unknown> = {}, clock?: ManualClock) {
  sim = await startAirtelSimulator({ callbackUrl: receiver.url, clock, ...options });
  return testConnectorContext<AirtelSettings>({
    type: "airtel",
    baseUrl: sim.url,
    settings: airtelSettingsSchema.parse({ country: "GA", currency: "XAF", ...settings }),
    secrets: airtelSimulatorSecrets(sim),
    now: () => sim.clock.now(),
  });
}

let n = 0;
const { collectOrder, payoutOrder } = connectorOrders({
  provider: "airtel",
  country: "GA",
  currency: "XAF",
  phone: "+24174000001",
  destination: "+24177000001",
  collectAmount: 5_000n,
  payoutAmount: 2_000n,
  id: (prefix) => `${prefix}_airtelf${++n}`,
});
const ref = (direction: OrderRef["direction"], reference: string, extra: Partial<OrderRef> = {}): OrderRef => ({ direction, id: reference, reference, operatorReference: null, provider: "airtel", country: "GA", currency: "XAF", submittedAt: new Date(), destination: null, ...extra });

async function paidCollect(ctx: Awaited<ReturnType<typeof setup>>) {
  const order = collectOrder();
  await airtelConnector.collect(ctx, order);
  sim.admin.advanceClock(3);
  const paid = (await airtelConnector.status(ctx, ref("collect", order.reference))) as { status: string; operatorReference: string };
  expect(paid.status).toBe("success");
  const refund: RefundOrder = { refundId: `rf_${order.reference}`, reference: `rf_${order.reference}`, transactionId: order.transactionId, collectReference: order.reference, collectOperatorReference: paid.operatorReference, provider: "airtel", country: "GA", currency: "XAF", amountMinor: order.amountMinor, collectAmountMinor: order.amountMinor, phone: order.phone };
  const refundRef = ref("refund", refund.reference, { id: refund.refundId, amountMinor: refund.amountMinor, collect: { id: order.transactionId, reference: order.reference, operatorReference: paid.operatorReference, amountMinor: order.amountMinor } });
  return { order, paid, refund, refundRef };
}

const shapes = [
  { sim: { refundSuccessFlag: false, refundPaths: ["v2"], refundInEnquiry: "status", refundRefusal: "status_failed" }, refundApiVersion: "v2" },
  { sim: { refundSuccessFlag: true, refundPaths: ["v1"], refundInEnquiry: "message", refundRefusal: "http_400" }, refundApiVersion: "v1" },
  { sim: { refundSuccessFlag: false, refundPaths: ["v1"], refundInEnquiry: "none", refundRefusal: "status_failed" }, refundApiVersion: "v1" },
  { sim: { refundSuccessFlag: true, refundPaths: ["v2"], refundInEnquiry: "status", refundRefusal: "http_400" }, refundApiVersion: "v2" },
] as const satisfies { sim: AirtelSimulatorOptions; refundApiVersion: "v1" | "v2" }[];

describe.each(shapes)("Airtel refunds (success flag $sim.refundSuccessFlag, path $refundApiVersion, enquiry shows $sim.refundInEnquiry, refusal $sim.refundRefusal)", (shape) => {
  const settings = { refundApiVersion: shape.refundApiVersion };

  it("the published answer (data.transaction.status SUCCESS, whatever status.success says) → success, on the configured path", async () => {
    const ctx = await setup(shape.sim, settings);
    const { refund, paid } = await paidCollect(ctx);
    expect(await airtelConnector.refund(ctx, refund)).toMatchObject({ status: "success", operatorReference: paid.operatorReference });
    expect(sim.admin.requests({ path: `/standard/${shape.refundApiVersion}/payments/refund` })).toHaveLength(1);
    expect(sim.truth()).toContainEqual(expect.objectContaining({ direction: "refund", refundOf: refund.collectReference, state: "succeeded" }));
  });

  it("a refused refund (already refunded) → failed, nothing moved twice", async () => {
    const ctx = await setup(shape.sim, settings);
    const { refund } = await paidCollect(ctx);
    await airtelConnector.refund(ctx, refund);
    expect(await airtelConnector.refund(ctx, refund)).toMatchObject({ status: "failed" });
    expect(sim.truth().filter((t) => t.direction === "refund")).toHaveLength(1);
  });

  it("the refund answer is lost after Airtel refunded: the status is read by an enquiry of the collection, and never says failed", async () => {
    const ctx = await setup(shape.sim, settings);
    const { refund, refundRef, order } = await paidCollect(ctx);
    sim.scenario({ reference: order.reference }, [{ kind: "lose_answer", how: "reset" }]);
    expect(await airtelConnector.refund(ctx, refund)).toMatchObject({ status: "pending" });
    const status = await airtelConnector.status(ctx, refundRef);
    expect(sim.admin.requests({ path: `/standard/v1/payments/${order.reference}` }).length).toBeGreaterThan(0);
    // Only an explicit refund word confirms it; a message, or no trace at all, is held for review.
    if (shape.sim.refundInEnquiry === "status") expect(status).toMatchObject({ status: "success" });
    else expect(status).toMatchObject({ status: "processing", ambiguous: true });
    expect(sim.admin.requests({ path: `/standard/${shape.refundApiVersion}/payments/refund` })).toHaveLength(1); // never sent again
  });

  it("the refund never reached Airtel: the enquiry shows the collection paid, not refunded → processing (review), never failed", async () => {
    const ctx = await setup(shape.sim, settings);
    const { refund, refundRef, order } = await paidCollect(ctx);
    sim.scenario({ reference: order.reference }, [{ kind: "fail_before_commit" }]);
    expect(await airtelConnector.refund(ctx, refund)).toMatchObject({ status: "pending" });
    expect(await airtelConnector.status(ctx, refundRef)).toMatchObject({ status: "processing", ambiguous: true });
  });

  it("the path this OpCo does not serve → 404 before anything moved → failed configuration_error", async () => {
    const ctx = await setup(shape.sim, { refundApiVersion: shape.refundApiVersion === "v1" ? "v2" : "v1" });
    const { refund } = await paidCollect(ctx);
    expect(await airtelConnector.refund(ctx, refund)).toMatchObject({ status: "failed", reason: "configuration_error" });
    expect(sim.truth().filter((t) => t.direction === "refund")).toHaveLength(0);
  });
});

describe("Airtel refund status without the collection", () => {
  it("the core passed no collect: nothing to enquire, pending (never a guess)", async () => {
    const ctx = await setup();
    const before = sim.admin.requests().length;
    expect(await airtelConnector.status(ctx, ref("refund", "rf_x"))).toMatchObject({ status: "pending" });
    expect(sim.admin.requests()).toHaveLength(before);
  });
});

describe("Airtel answers, row by row", () => {
  const published = (success: boolean) => JSON.stringify({ data: { transaction: { airtel_money_id: "CI2****29", status: "SUCCESS" } }, status: { code: "200", message: "SUCCESS", result_code: "ESB000010", success } });
  it.each([false, true])("the published refund answer with success %s → success (from data.transaction.status)", (success) => {
    expect(mapSubmit(200, published(success), "refund")).toMatchObject({ status: "success", operatorReference: "CI2****29" });
  });
  it("a refund answered FAILED → failed; anything unreadable → pending", () => {
    expect(mapSubmit(200, JSON.stringify({ data: { transaction: { status: "FAILED" } }, status: { code: "200", success: false, result_code: "ESB000010" } }), "refund")).toMatchObject({ status: "failed" });
    expect(mapSubmit(200, "{}", "refund")).toMatchObject({ status: "pending" });
  });
});

describe("Airtel payouts held by the operator, and the PIN's padding", () => {
  it("a disbursement held 3 hours of simulated time stays processing (TIP), then settles as Airtel says", async () => {
    const clock = new ManualClock();
    const ctx = await setup({}, {}, clock);
    const held = payoutOrder();
    sim.scenario({ reference: held.reference }, [{ kind: "hold", until: new Date(clock.now().getTime() + 3 * 3600_000), then: "succeeded" }]);
    expect(await airtelConnector.payout(ctx, held)).toMatchObject({ status: "processing" });
    clock.advance(3 * 3600_000 - 1_000);
    expect(await airtelConnector.status(ctx, ref("payout", held.reference))).toMatchObject({ status: "processing" });
    clock.advance(2_000);
    expect(await airtelConnector.status(ctx, ref("payout", held.reference))).toMatchObject({ status: "success" });

    const refused = payoutOrder();
    sim.scenario({ reference: refused.reference }, [{ kind: "hold", until: new Date(clock.now().getTime() + 3 * 3600_000), then: "failed" }]);
    await airtelConnector.payout(ctx, refused);
    clock.advance(3 * 3600_000 + 1_000);
    expect(await airtelConnector.status(ctx, ref("payout", refused.reference))).toMatchObject({ status: "failed" });
    expect(sim.truth().find((t) => t.reference === refused.reference)).toMatchObject({ state: "failed" });
  });

  it.each([["pkcs1"], ["oaep-sha256"]] as const)("the PIN encrypted with %s padding, as the account is set, is accepted; the other is refused (ROUTER115)", async (padding) => {
    const ctx = await setup({ pinPadding: padding }, { pinEncryption: padding });
    expect(await airtelConnector.payout(ctx, payoutOrder())).toMatchObject({ status: "processing" });
    await sim.close();
    const other = await setup({ pinPadding: padding }, { pinEncryption: padding === "pkcs1" ? "oaep-sha256" : "pkcs1" });
    expect(await airtelConnector.payout(other, payoutOrder())).toMatchObject({ status: "failed", reason: "configuration_error", raw: { code: "ROUTER115" } });
  });

  it.each([["body"], ["header"]] as const)("a callback whose hash travels in the %s is verified (a hint)", async (where) => {
    const ctx = await setup({ callbackSecret: "cb-secret", callbackHashIn: where }, { callbackAuth: "true" });
    const order = collectOrder();
    await airtelConnector.collect(ctx, order);
    sim.admin.advanceClock(3);
    await sim.admin.idle();
    const arrived = receiver.requests.filter((r) => r.body.includes(order.reference)).at(-1)!;
    const callback = { method: arrived.method, url: new URL(arrived.path, receiver.url).href, headers: new Headers(arrived.headers), rawBody: arrived.body };
    expect(await airtelConnector.parseCallback(ctx, callback)).toEqual({ kind: "hint", direction: null, reference: order.reference });
    const forged = { ...callback, headers: new Headers({ hash: "AAAA" }), rawBody: JSON.stringify({ transaction: JSON.parse(arrived.body).transaction }) };
    expect((await airtelConnector.parseCallback(ctx, forged)).kind).toBe("rejected");
  });
});
