import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CollectOrder, OrderRef } from "@/lib/connectors/connector";
import { mintReference } from "@/lib/orders/drive-order";
import { orangeWebpayConnector } from "@/lib/connectors/orange-webpay";
import { MAX_NOTIF_URL_LENGTH, orderIdOf } from "@/lib/connectors/orange-webpay/client";
import { type OrangeWebpaySettings, orangeWebpaySettingsSchema } from "@/lib/connectors/orange-webpay/settings";
import { getPrisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import type { OrangeSimulator } from "@/simulators/orange-webpay";
import type { TestConnectorContext } from "@/tests/helpers/connector-context";
import { enterProduction, ops, restoreEnv } from "@/tests/helpers/production-instance";
import { ensureReferenceData } from "@/tests/helpers/reference";
import { startOrange } from "./setup";

/**
 * What a review against Orange WebPay's dev guide copies and community clients found (README
 * "order_id", "notif_url"): an order_id is never usable twice, not even after an init whose answer
 * was lost, so a re-initiation goes out under the core's next attempt reference; and notif_url is
 * limited to about 120 characters, checked at connector:add and before each init.
 */
let sim: OrangeSimulator;
let receiver: Awaited<ReturnType<typeof startOrange>>["receiver"];
let context: TestConnectorContext<OrangeWebpaySettings>;
let orange: Awaited<ReturnType<typeof startOrange>>;

beforeAll(async () => {
  orange = await startOrange();
  ({ sim, receiver, context } = orange);
});
afterAll(() => orange.close());

const txn = () => newId("txn");
function attempt(id: string, n: number): CollectOrder {
  return { transactionId: id, reference: mintReference(orangeWebpayConnector, id, n), provider: "orange", country: "SN", currency: "XOF", amountMinor: 2500n, phone: "+221770000012", returnUrl: "https://pay.example.test/c/t?r=ok", cancelUrl: "https://pay.example.test/c/t?r=no" };
}
const ref = (o: CollectOrder, payToken: string | null): OrderRef => ({ direction: "collect", id: o.transactionId, reference: o.reference, operatorReference: payToken, provider: "orange", country: "SN", currency: "XOF", submittedAt: new Date(), destination: o.phone, amountMinor: o.amountMinor });

describe("Orange WebPay: a new order_id per re-initiation", () => {
  it("the connector says an order_id is single-use, so the core re-initiates under a new attempt reference", () => {
    expect(orangeWebpayConnector.capabilities.singleUseReference).toBe(true);
  });

  it("the order_id is the attempt reference the core passes (without txn_), within Orange's 30 characters for any attempt", () => {
    const id = txn();
    expect(orderIdOf(mintReference(orangeWebpayConnector, id, 1))).toBe(id.slice(4));
    for (const n of [2, 9, 10, 999]) {
      const orderId = orderIdOf(mintReference(orangeWebpayConnector, id, n));
      expect(orderId).toBe(`${id.slice(4)}-${n}`);
      expect(orderId.length).toBeLessThanOrEqual(30);
    }
  });

  it("the init answer is lost after Orange recorded it: not_found (no pay_token, nothing payable); the same order_id is refused, the next attempt's goes through and is paid", async () => {
    const id = txn();
    const first = attempt(id, 1);
    sim.scenario({ reference: orderIdOf(first.reference) }, [{ kind: "lose_answer", how: "reset" }]);
    expect(await orangeWebpayConnector.collect(context, first)).toMatchObject({ status: "pending" });
    expect(sim.admin.payment(orderIdOf(first.reference))).not.toBeNull(); // Orange did record it
    expect(await orangeWebpayConnector.status(context, ref(first, null))).toEqual({ status: "not_found" });
    // What a core that resent the same reference would get: the payment fails although nothing was paid.
    expect(await orangeWebpayConnector.collect(context, first)).toMatchObject({ status: "failed", raw: { status: "403" } });

    const second = attempt(id, 2);
    const outcome = await orangeWebpayConnector.collect(context, second);
    expect(outcome).toMatchObject({ status: "processing", nextAction: { type: "redirect" } });
    const sent = JSON.parse(sim.admin.requests("/orange-money-webpay/sn/v1/webpayment").at(-1)!.body);
    expect(sent.order_id).toBe(`${id.slice(4)}-2`);
    const payToken = (outcome as { operatorReference: string }).operatorReference;
    sim.admin.pay(payToken);
    await sim.admin.idle();
    const note = receiver.requests.find((r) => r.path.includes(`o=${id.slice(4)}-2`))!;
    expect(await orangeWebpayConnector.parseCallback(context, { method: note.method, url: new URL(note.path, receiver.url).href, headers: new Headers(note.headers), rawBody: note.body })).toEqual({ kind: "hint", direction: "collect", reference: second.reference });
    expect(await orangeWebpayConnector.status(context, ref(second, payToken))).toMatchObject({ status: "success" });
    const truth = sim.truth().filter((t) => t.reference.startsWith(id.slice(4)));
    expect(truth.map((t) => [t.reference, t.state])).toEqual([[id.slice(4), "pending"], [`${id.slice(4)}-2`, "succeeded"]]);
  });

  it("a customer paying after our window: held by Orange (PENDING), then SUCCESS", async () => {
    const o = attempt(txn(), 1);
    const until = new Date(sim.clock.now().getTime() + 20 * 60_000);
    sim.scenario({ reference: orderIdOf(o.reference) }, [{ kind: "hold", until, then: "succeeded" }]);
    const payToken = ((await orangeWebpayConnector.collect(context, o)) as { operatorReference: string }).operatorReference;
    sim.admin.pay(payToken);
    expect(await orangeWebpayConnector.status(context, ref(o, payToken))).toMatchObject({ status: "processing", raw: { status: "PENDING" } });
    sim.admin.advanceClock(20 * 60 + 1);
    expect(await orangeWebpayConnector.status(context, ref(o, payToken))).toMatchObject({ status: "success" });
  });
});

describe("Orange WebPay: notif_url within 120 characters", () => {
  const account = (callbackUrl: string) => ({ id: "orange-sn", environment: "production" as const, settings: orangeWebpaySettingsSchema.parse({ countryPath: "sn" }), callbackUrl });

  it("a typical callback URL leaves room for the longest order id and tag; a long one is refused with the figures", () => {
    expect(orangeWebpayConnector.accountProblems!(account("https://api.example.com/api/v1/connectors/orange-sn/callback"))).toEqual([]);
    const long = `https://payments.${"a".repeat(30)}.example.com/api/v1/connectors/orange-senegal-production/callback`;
    expect(orangeWebpayConnector.accountProblems!(account(long)).join("; ")).toMatch(new RegExp(`notif_url would be up to \\d+ characters.*Orange takes ${MAX_NOTIF_URL_LENGTH}`));
  });

  it("an init whose notif_url would be too long is refused before any call (configuration_error)", async () => {
    const long = { ...context, callbackUrl: `https://payments.${"a".repeat(40)}.example.com/api/v1/connectors/orange-sn/callback` };
    const before = sim.admin.requests().length;
    expect(await orangeWebpayConnector.collect(long, attempt(txn(), 1))).toMatchObject({ status: "failed", reason: "configuration_error", message: expect.stringMatching(/notif_url/) });
    expect(sim.admin.requests()).toHaveLength(before);
  });

  it("every notif_url the connector sends is within the limit, the longest attempt reference included", async () => {
    await orangeWebpayConnector.collect(context, attempt(txn(), 999));
    const sent = JSON.parse(sim.admin.requests("/orange-money-webpay/sn/v1/webpayment").at(-1)!.body);
    expect(sent.notif_url.length).toBeLessThanOrEqual(MAX_NOTIF_URL_LENGTH);
  });
});

describe("connector:add refuses an Orange account whose notif_url would be too long", () => {
  beforeAll(async () => {
    enterProduction({ PUBLIC_BASE_URL: `https://payments.${"a".repeat(40)}.example.com`, ORANGE_LONG_CLIENT_ID: "c", ORANGE_LONG_CLIENT_SECRET: "s", ORANGE_LONG_MERCHANT_KEY: "m" });
    await ensureReferenceData();
  }, 240_000); // the production instance's first boot, slow on a loaded machine
  afterAll(() => restoreEnv());

  it("with the figures and what to do; nothing stored", async () => {
    await expect(ops("connector:add", "--id", "orange-sn-long", "--type", "orange-webpay", "--setting", "countryPath=sn", "--secrets-env", "ORANGE_LONG")).rejects.toThrow(/cannot be added: its notif_url would be up to \d+ characters.*shorter account id or PUBLIC_BASE_URL/);
    expect(await (await getPrisma()).connectorAccount.count({ where: { id: "orange-sn-long" } })).toBe(0);
  });
});

