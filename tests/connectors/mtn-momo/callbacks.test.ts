import { randomBytes, randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { IncomingCallback } from "@/lib/connectors/connector";
import { mtnMomoConnector as mtn } from "@/lib/connectors/mtn-momo";
import type { CallbackMode } from "@/simulators/mtn-momo";
import { collectOrder, type MtnSetup, payoutOrder, refOf, startCallbackReceiver, startMtnSetup } from "./mtn-setup";

// MTN calls back unsigned (lib/connectors/mtn-momo/README.md): the simulator delivers to a real receiver, the
// connector turns what arrived into a hint naming our reference, and never trusts its status.
let setup: MtnSetup | null = null;
let receiver: Awaited<ReturnType<typeof startCallbackReceiver>> | null = null;
afterEach(async () => {
  await setup?.sim.close();
  await receiver?.close();
  setup = null;
  receiver = null;
});

async function start(options: Parameters<typeof startMtnSetup>[0] & { failFirst?: number } = {}) {
  receiver = await startCallbackReceiver({ failFirst: options.failFirst });
  setup = await startMtnSetup({ callbackUrl: receiver.url, ...options });
  return { ...setup, receiver };
}

function callback(rawBody: string, method = "PUT"): IncomingCallback {
  return { method, url: "/api/v1/connectors/mtn/callback", headers: new Headers({ "content-type": "application/json" }), rawBody };
}

describe("callbacks from the simulator", () => {
  it("a final collect calls back once (PUT, unsigned, the status body) and parses into a hint naming our reference", async () => {
    const { sim, context, receiver } = await start();
    const order = collectOrder({ phone: "+2250512345678" });
    await mtn.collect(context, order);
    await sim.admin.idle();
    expect(receiver.received).toHaveLength(1);
    const [arrived] = receiver.received;
    expect(arrived!.method).toBe("PUT");
    expect(arrived!.headers.get("authorization")).toBeNull();
    expect(JSON.parse(arrived!.rawBody)).toMatchObject({ externalId: order.reference, status: "SUCCESSFUL", amount: "1500", currency: "XOF", payer: { partyIdType: "MSISDN", partyId: "2250512345678" } });
    expect(await mtn.parseCallback(context, arrived!)).toEqual({ kind: "hint", direction: "collect", reference: order.reference });
  });

  it("a payout's callback (POST) is a hint without a direction (payee: a payout or a refund); the core finds it by reference", async () => {
    const { sim, context, receiver } = await start({ callbackMethod: "POST" });
    const order = payoutOrder({ destination: "+2250512345678" });
    await mtn.payout(context, order);
    await sim.admin.idle();
    expect(receiver.received.map((r) => r.method)).toEqual(["POST"]);
    expect(await mtn.parseCallback(context, receiver.received[0]!)).toEqual({ kind: "hint", direction: null, reference: order.reference });
  });

  it("a FAILED callback is still only a hint: its status is never read as an outcome", async () => {
    const { sim, context, receiver } = await start();
    sim.admin.setScenario("2250500000009", { status: "FAILED", reason: "APPROVAL_REJECTED" });
    const order = collectOrder({ phone: "+2250500000009" });
    await mtn.collect(context, order);
    await sim.admin.idle();
    const parsed = await mtn.parseCallback(context, receiver.received[0]!);
    expect(parsed).toEqual({ kind: "hint", direction: "collect", reference: order.reference });
    expect(await mtn.status(context, refOf(order))).toMatchObject({ status: "failed", reason: "declined" });
  });

  it.each<[CallbackMode, number]>([["none", 0], ["once", 1], ["duplicated", 2], ["burst", 5], ["delayed", 1]])("mode %s delivers %i callbacks", async (mode, count) => {
    const { sim, context, receiver } = await start({ callbackMode: mode, callbackDelayMs: 50 });
    const order = collectOrder({ phone: "+2250512345678" });
    await mtn.collect(context, order);
    await sim.admin.idle();
    expect(receiver.received).toHaveLength(count);
    for (const arrived of receiver.received) expect(await mtn.parseCallback(context, arrived)).toMatchObject({ kind: "hint", reference: order.reference });
  });

  it("retry mode (the other version of MTN's page): resent until our route answers 2xx, then no more", async () => {
    const { sim, context, receiver } = await start({ callbackMode: "retry", callbackRetryDelayMs: 20, failFirst: 2 });
    await mtn.collect(context, collectOrder({ phone: "+2250512345678" }));
    await sim.admin.idle();
    expect(receiver.received).toHaveLength(3);
    expect(sim.admin.callbacks().map((c) => [c.attempt, c.httpStatus])).toEqual([[1, 500], [2, 500], [3, 200]]);
  });

  it("retry mode gives up after callbackRetries", async () => {
    const { sim, context, receiver } = await start({ callbackMode: "retry", callbackRetries: 3, callbackRetryDelayMs: 10, failFirst: 100 });
    await mtn.collect(context, collectOrder({ phone: "+2250512345678" }));
    await sim.admin.idle();
    expect(receiver.received).toHaveLength(4);
  });

  it("closing the simulator drops callbacks still waiting (a lost callback: polling resolves it)", async () => {
    const { sim, context, receiver } = await start({ callbackMode: "delayed", callbackDelayMs: 10_000 });
    const order = collectOrder({ phone: "+2250512345678" });
    await mtn.collect(context, order);
    expect((await mtn.status(context, refOf(order))).status).toBe("success");
    await sim.close();
    expect(receiver.received).toHaveLength(0);
  });

  it("no callback while PENDING; one when the payer finally approves", async () => {
    const { sim, context, receiver } = await start({ settleAfterSeconds: 30 });
    const order = collectOrder({ phone: "+2250512345678" });
    await mtn.collect(context, order);
    await sim.admin.idle();
    expect(receiver.received).toHaveLength(0);
    sim.admin.advanceClock(31);
    await sim.admin.idle();
    expect(receiver.received).toHaveLength(1);
  });

  it("a callback can arrive before the submit's 202 (callbackBeforeAnswer)", async () => {
    const { sim, context, receiver } = await start({ callbackBeforeAnswer: true });
    const order = collectOrder({ phone: "+2250512345678" });
    const submit = mtn.collect(context, order);
    expect((await submit).status).toBe("processing");
    expect(receiver.received).toHaveLength(1); // already there when the 202 came back
    await sim.admin.idle();
  });

  it("MTN refuses a callback URL on another host than the API user's providerCallbackHost (500 INVALID_CALLBACK_URL_HOST → pending)", async () => {
    const { sim, context } = await start({ callbackUrl: "http://elsewhere.example.com/cb" });
    const outcome = await mtn.collect(context, collectOrder({ phone: "+2250512345678" }));
    expect(outcome).toMatchObject({ status: "pending", raw: { status: "500", code: "INVALID_CALLBACK_URL_HOST" } });
    expect(sim.admin.callbacks()).toHaveLength(0);
  });
});

describe("forged and garbage callbacks", () => {
  const REF = randomUUID();
  const cases: [string, IncomingCallback, "rejected" | "ignored" | "hint"][] = [
    ["not JSON", callback("status=SUCCESSFUL"), "rejected"],
    ["a JSON array", callback(`[{"externalId":"${REF}"}]`), "rejected"],
    ["a JSON string", callback(`"${REF}"`), "rejected"],
    ["empty body", callback(""), "rejected"],
    ["a GET", callback(`{"externalId":"${REF}"}`, "GET"), "rejected"],
    ["a huge body", callback(`{"externalId":"${REF}","x":"${"a".repeat(70_000)}"}`), "rejected"],
    ["no externalId", callback(`{"status":"SUCCESSFUL","amount":"100"}`), "ignored"],
    ["externalId not a UUID v4 (our txn id, SQL…)", callback(`{"externalId":"txn_123' OR 1=1","status":"SUCCESSFUL"}`), "ignored"],
    ["externalId a number", callback(`{"externalId":42}`), "ignored"],
    ["a forged SUCCESSFUL for one of our references: only a hint to re-check", callback(`{"externalId":"${REF}","status":"SUCCESSFUL","financialTransactionId":"1"}`, "POST"), "hint"],
  ];

  it.each(cases)("%s → %s", async (_name, incoming, kind) => {
    const result = await mtn.parseCallback({} as never, incoming);
    expect(result.kind).toBe(kind);
    if (result.kind === "hint") expect(result).toEqual({ kind: "hint", direction: null, reference: REF });
  });

  it("never throws, whatever the bytes", async () => {
    for (let i = 0; i < 300; i++) {
      const raw = randomBytes(i % 50).toString(i % 2 ? "latin1" : "utf8");
      const result = await mtn.parseCallback({} as never, { method: i % 3 ? "PUT" : "POST", url: "/", headers: new Headers(), rawBody: i % 7 === 0 ? (null as never) : raw });
      expect(["rejected", "ignored"]).toContain(result.kind);
    }
  });

  it("a forged callback changes nothing at MTN: the status check still says what MTN knows", async () => {
    const { context } = await start({ settleAfterSeconds: null });
    const order = collectOrder({ phone: "+2250512345678" });
    await mtn.collect(context, order);
    const forged = await mtn.parseCallback(context, callback(JSON.stringify({ externalId: order.reference, status: "SUCCESSFUL" })));
    expect(forged).toMatchObject({ kind: "hint", reference: order.reference });
    expect((await mtn.status(context, refOf(order))).status).toBe("processing");
  });
});
