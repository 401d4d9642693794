import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CollectOrder, OrderRef } from "@/lib/connectors/connector";
import { orangeWebpayConnector } from "@/lib/connectors/orange-webpay";
import { mapInit, mapStatus, ORANGE_MAPPING } from "@/lib/connectors/orange-webpay/mapping";
import { type OrangeWebpaySettings, orangeWebpaySettingsSchema } from "@/lib/connectors/orange-webpay/settings";
import { startOrangeWebpaySimulator, type OrangeSimulator } from "@/simulators/orange-webpay";
import { testConnectorContext, type TestConnectorContext } from "@/tests/helpers/connector-context";
import { connectorOrders } from "@/tests/helpers/connector-orders";
import { startOrange } from "./setup";

// Orange's WebPay guide (README "Status mapping"), row by row: the expected column is written out here, not read from the table.
const STATUS_ROWS: [string, string, string?][] = [
  ["INITIATED", "processing"],
  ["PENDING", "processing"],
  ["SUCCESS", "success"],
  ["FAILED", "failed", "provider_error"],
  ["EXPIRED", "failed", "expired"],
  ["SOMETHING_NEW", "processing"],
];
const INIT_ROWS: [number, string, string?][] = [
  [400, "failed", "invalid_request"],
  [401, "failed", "configuration_error"],
  [403, "failed", "provider_error"],
  [404, "failed", "configuration_error"],
  [409, "failed", "invalid_request"],
  [429, "pending"],
  [500, "pending"],
  [503, "pending"],
  [302, "pending"],
];

describe("Orange WebPay mapping (one table, row by row)", () => {
  it.each(STATUS_ROWS)("status %s → %s %s", (status, expected, reason) => {
    const outcome = mapStatus(201, JSON.stringify({ status, order_id: "o", txnid: "MP1" }), "pt");
    expect(outcome.status).toBe(expected);
    if (reason) expect(outcome).toMatchObject({ reason });
    if (status === "SOMETHING_NEW") expect(outcome).toMatchObject({ ambiguous: true });
  });
  it("every status in the table has a row", () => {
    for (const s of Object.keys(ORANGE_MAPPING.statuses)) expect(STATUS_ROWS.some((r) => r[0] === s), s).toBe(true);
  });
  it.each(INIT_ROWS)("init HTTP %i → %s %s", (http, expected, reason) => {
    const outcome = mapInit(http, "{}");
    expect(outcome.status).toBe(expected);
    if (reason) expect(outcome).toMatchObject({ reason });
  });
  it("init 201 with the tokens → processing + redirect; without them → pending", () => {
    expect(mapInit(201, JSON.stringify({ status: 201, pay_token: "pt", payment_url: "https://pay/x", notif_token: "n" }))).toMatchObject({ status: "processing", operatorReference: "pt", nextAction: { type: "redirect", url: "https://pay/x" } });
    expect(mapInit(201, "{}")).toMatchObject({ status: "pending" });
    expect(mapStatus(404, "", "pt")).toMatchObject({ status: "not_found" });
    expect(mapStatus(503, "", "pt")).toMatchObject({ status: "pending" });
  });
});

let sim: OrangeSimulator;
let receiver: Awaited<ReturnType<typeof startOrange>>["receiver"];
let context: TestConnectorContext<OrangeWebpaySettings>;
let orange: Awaited<ReturnType<typeof startOrange>>;

beforeAll(async () => {
  orange = await startOrange();
  ({ sim, receiver, context } = orange);
});
afterAll(() => orange.close());

/** Orange WebPay's collects (Senegal, XOF): the customer pays on Orange's page and comes back to ours. */
const { collectOrder: order } = connectorOrders({
  provider: "orange",
  country: "SN",
  currency: "XOF",
  phone: "+221770000012",
  collectAmount: 2500n,
  id: (prefix) => `${prefix}_${randomBytes(13).toString("hex").slice(0, 26)}`,
  collect: { returnUrl: "https://pay.example.test/c/t?r=ok", cancelUrl: "https://pay.example.test/c/t?r=no" },
});
const ref = (o: CollectOrder, payToken: string | null): OrderRef => ({ direction: "collect", id: o.transactionId, reference: o.reference, operatorReference: payToken, provider: "orange", country: "SN", currency: "XOF", submittedAt: new Date(), destination: o.phone, amountMinor: o.amountMinor });
const incoming = () => receiver.requests.map((r) => ({ method: r.method, url: new URL(r.path, receiver.url).href, headers: new Headers(r.headers), rawBody: r.body }));

describe("Orange WebPay connector against its contract simulator", () => {
  it("token, init (201: processing, redirect to payment_url), the customer pays → notification is a hint → status query → success", async () => {
    const o = order();
    const outcome = await orangeWebpayConnector.collect(context, o);
    expect(outcome).toMatchObject({ status: "processing", operatorReference: expect.stringMatching(/^v1/), nextAction: { type: "redirect", url: expect.stringContaining("/pay/") } });
    const payToken = (outcome as { operatorReference: string }).operatorReference;
    const sent = JSON.parse(sim.admin.requests("/orange-money-webpay/sn/v1/webpayment").at(-1)!.body);
    expect(sent).toMatchObject({ currency: "XOF", amount: 2500, order_id: o.reference.slice(4), lang: "fr", reference: "Payment" });
    expect(sent.order_id.length).toBeLessThanOrEqual(30);
    expect(sent.notif_url.length).toBeLessThanOrEqual(120);
    expect(await orangeWebpayConnector.status(context, ref(o, payToken))).toMatchObject({ status: "processing", raw: { status: "INITIATED" } });
    sim.admin.pay(payToken);
    await sim.admin.idle();
    const note = incoming().find((c) => c.url.includes(o.reference.slice(4)))!;
    expect(note).toBeDefined();
    expect(await orangeWebpayConnector.parseCallback(context, note)).toEqual({ kind: "hint", direction: "collect", reference: o.reference });
    expect(await orangeWebpayConnector.status(context, ref(o, payToken))).toMatchObject({ status: "success", raw: { status: "SUCCESS", message: expect.stringMatching(/^txnid MP/) } });
  });

  it("FAILED and EXPIRED (link lifetime) by status query", async () => {
    const failed = order();
    const a = (await orangeWebpayConnector.collect(context, failed)) as { operatorReference: string };
    sim.admin.pay(a.operatorReference, "FAILED");
    expect(await orangeWebpayConnector.status(context, ref(failed, a.operatorReference))).toMatchObject({ status: "failed", reason: "provider_error" });
    const late = order();
    const b = (await orangeWebpayConnector.collect(context, late)) as { operatorReference: string };
    sim.admin.advanceClock(sim.admin.config.linkLifetimeSeconds + 1);
    expect(await orangeWebpayConnector.status(context, ref(late, b.operatorReference))).toMatchObject({ status: "failed", reason: "expired" });
  });

  it("a forged notification (no tag, wrong tag) is rejected; a forged notif_token with our URL is only a hint", async () => {
    const o = order();
    const a = (await orangeWebpayConnector.collect(context, o)) as { operatorReference: string };
    sim.admin.configure({ notificationMode: "forged_token" });
    sim.admin.pay(a.operatorReference);
    await sim.admin.idle();
    sim.admin.configure({ notificationMode: "once" });
    const note = incoming().find((c) => c.url.includes(o.reference.slice(4)))!;
    expect(await orangeWebpayConnector.parseCallback(context, note)).toMatchObject({ kind: "hint" });
    const url = new URL(note.url);
    url.searchParams.set("t", "AAAAAAAAAAAAAAAA");
    expect(await orangeWebpayConnector.parseCallback(context, { ...note, url: url.href })).toMatchObject({ kind: "rejected" });
    url.searchParams.delete("t");
    expect(await orangeWebpayConnector.parseCallback(context, { ...note, url: url.href })).toMatchObject({ kind: "rejected" });
    expect(await orangeWebpayConnector.parseCallback(context, { ...note, rawBody: "nope" })).toMatchObject({ kind: "rejected" });
    expect(await orangeWebpayConnector.parseCallback(context, { ...note, method: "GET" })).toMatchObject({ kind: "rejected" });
  });

  it("an unclear init: no pay_token → not_found; sent again under the same order_id: Orange refuses the reuse → failed, nothing paid", async () => {
    sim.admin.fault("error_after_create");
    const o = order();
    expect(await orangeWebpayConnector.collect(context, o)).toMatchObject({ status: "pending" });
    expect(await orangeWebpayConnector.status(context, ref(o, null))).toEqual({ status: "not_found" });
    expect(await orangeWebpayConnector.collect(context, o)).toMatchObject({ status: "failed", reason: "provider_error", raw: { status: "403" } });
    sim.admin.fault("unavailable");
    const p = order();
    expect(await orangeWebpayConnector.collect(context, p)).toMatchObject({ status: "pending" });
    expect(await orangeWebpayConnector.collect(context, p)).toMatchObject({ status: "processing" });
  });

  it("the token expires: a 401 fetches a new one once; wrong credentials → configuration_error; dev mode sends OUV", async () => {
    const o = order();
    await orangeWebpayConnector.collect(context, o);
    sim.admin.advanceClock(sim.admin.config.tokenTtlSeconds + 5);
    const tokensBefore = sim.admin.requests("/oauth/v3/token").length;
    expect(await orangeWebpayConnector.collect(context, order())).toMatchObject({ status: "processing" });
    expect(sim.admin.requests("/oauth/v3/token").length).toBe(tokensBefore + 1);
    const bad = testConnectorContext<OrangeWebpaySettings>({ type: "orange-webpay", baseUrl: sim.url, settings: context.account.settings, secrets: { ...context.secrets, CLIENT_SECRET: "wrong" }, accountId: "orange-bad" });
    expect(await orangeWebpayConnector.collect(bad, order())).toMatchObject({ status: "failed", reason: "configuration_error" });
    expect(await orangeWebpayConnector.checkHealth(bad)).toMatchObject({ ok: false });
    expect(await orangeWebpayConnector.checkHealth(context)).toMatchObject({ ok: true });
    const dev = await startOrangeWebpaySimulator({ mode: "dev", requireHttpsNotifUrl: false, ...sim.admin.credentials });
    try {
      const devContext = testConnectorContext<OrangeWebpaySettings>({ type: "orange-webpay", baseUrl: dev.url, settings: orangeWebpaySettingsSchema.parse({ countryPath: "dev" }), secrets: context.secrets, accountId: "orange-dev" });
      expect(await orangeWebpayConnector.collect(devContext, order())).toMatchObject({ status: "processing" });
      expect(JSON.parse(dev.admin.requests("/orange-money-webpay/dev/v1/webpayment")[0]!.body).currency).toBe("OUV");
    } finally {
      await dev.close();
    }
  });

  it("no payouts, no refunds: capabilities say so and the calls refuse", async () => {
    expect(orangeWebpayConnector.capabilities).toMatchObject({ collect: "redirect", payout: false, refund: false });
    await expect(orangeWebpayConnector.payout(context, {} as never)).rejects.toThrow(/no payout API/);
  });
});
