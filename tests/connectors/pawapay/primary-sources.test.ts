import { generateKeyPairSync } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { pawapayConnector as pawapay } from "@/lib/connectors/pawapay";
import { ManualClock } from "@/simulators/kit/truth";
import { collectOrder, eventually, payoutOrder, refOf, startPawapay } from "./setup";

/**
 * What pawaPay's own docs and examples say, where our first reading differed (README.md,
 * "unconfirmed until a sandbox run"); each plausible shape is a simulator setting and the
 * connector is run against every one.
 */
let env: Awaited<ReturnType<typeof startPawapay>> | null = null;
afterEach(async () => {
  await env?.close();
  env = null;
});

const PHONE = "+2250503456789";

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  return { privatePem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(), publicPem: publicKey.export({ type: "spki", format: "pem" }).toString() };
}

describe("request signatures: the ECDSA byte layout is a setting, DER by default", () => {
  for (const verifier of ["der", "raw"] as const) {
    for (const ours of ["der", "raw"] as const) {
      it(`pawaPay verifying ${verifier}, we signing ${ours}: ${verifier === ours ? "accepted" : "403 HTTP_SIGNATURE_ERROR, nothing recorded"}`, async () => {
        const key = keyPair();
        env = await startPawapay({
          sim: { requireSignedRequests: true, requestPublicKeys: [{ id: "ours", key: key.publicPem }], requestSignatureEncoding: verifier },
          settings: { signRequests: true, requestKeyId: "ours", requestSignatureEncoding: ours },
          secrets: { REQUEST_SIGNING_KEY: key.privatePem },
        });
        const outcome = await pawapay.collect(env.context, collectOrder({ phone: PHONE }));
        if (verifier === ours) expect(outcome).toMatchObject({ status: "processing" });
        else expect(outcome).toMatchObject({ status: "failed", reason: "configuration_error", raw: { code: "HTTP_SIGNATURE_ERROR" } });
        const signature = env.sim.admin.requests.find((r) => r.path === "/v2/deposits")!.headers.signature!;
        const bytes = Buffer.from(/sig-pp=:([^:]+):/.exec(signature)![1]!, "base64");
        expect(bytes.length === 64 ? "raw" : "der").toBe(ours);
      });
    }
  }

  it("the default is DER, as pawaPay's own Node example signs (crypto.createSign)", () => {
    expect(pawapay.settingsSchema.parse({}).requestSignatureEncoding).toBe("der");
  });

  for (const layout of ["der", "raw"] as const) {
    it(`callbacks signed ${layout} are verified`, async () => {
      env = await startPawapay({ sim: { callbackSignatureEncoding: layout } });
      const order = collectOrder({ phone: PHONE });
      await pawapay.collect(env.context, order);
      await eventually(() => expect(env!.incoming()).toHaveLength(1), 20_000);
      expect(await pawapay.parseCallback(env.context, env.incoming()[0]!)).toMatchObject({ kind: "verified", outcome: { status: "success" } });
    });
  }
});

describe("held payouts: ENQUEUED and IN_RECONCILIATION are processing, never failed; cancelHeld is fail-enqueued", () => {
  for (const then of ["succeeded", "failed"] as const) {
    it(`ENQUEUED for 3 h on pawaPay's clock, then ${then}`, async () => {
      const clock = new ManualClock(new Date("2026-11-30T08:00:00Z"));
      env = await startPawapay({ sim: { clock } });
      const order = payoutOrder({ destination: PHONE });
      env.sim.scenario({ reference: order.reference }, [{ kind: "hold", until: new Date(clock.now().getTime() + 3 * 3600_000), then }]);
      expect(await pawapay.payout(env.context, order)).toMatchObject({ status: "processing" });
      for (let hour = 0; hour < 3; hour++) {
        expect(await pawapay.status(env.context, refOf(order))).toMatchObject({ status: "processing", raw: { status: "ENQUEUED" } });
        clock.advance(3599_000);
      }
      clock.advance(10_000);
      await eventually(async () => expect((await pawapay.status(env!.context, refOf(order))).status).toBe(then === "succeeded" ? "success" : "failed"));
      if (then === "succeeded") expect(await pawapay.status(env.context, refOf(order))).toMatchObject({ amount: { minor: 5000n, currency: "XOF" } });
      expect(env.sim.truth()).toEqual([expect.objectContaining({ reference: order.reference, direction: "payout", state: then, amountMinor: 5000n })]);
    });
  }

  it("IN_RECONCILIATION until pawaPay resolves it: processing and ambiguous, then success", async () => {
    const clock = new ManualClock();
    env = await startPawapay({ sim: { clock } });
    const order = payoutOrder({ destination: PHONE });
    env.sim.scenario({ reference: order.reference }, [{ kind: "reconcile", until: new Date(clock.now().getTime() + 6 * 3600_000), then: "succeeded" }]);
    await pawapay.payout(env.context, order);
    clock.advance(60_000); // past pawaPay's processing delays, on its clock
    await eventually(async () => expect(await pawapay.status(env!.context, refOf(order))).toMatchObject({ status: "processing", ambiguous: true, raw: { status: "IN_RECONCILIATION" } }));
    clock.advance(3 * 3600_000);
    expect(await pawapay.status(env.context, refOf(order))).toMatchObject({ status: "processing", ambiguous: true });
    clock.advance(3 * 3600_000);
    await eventually(async () => expect(await pawapay.status(env!.context, refOf(order))).toMatchObject({ status: "success" }));
  });

  it("cancelHeld on an ENQUEUED payout: fail-enqueued ACCEPTED → processing; then FAILED MANUALLY_CANCELLED (cancelled) by status and callback", async () => {
    env = await startPawapay();
    env.sim.admin.setProviderStatus("MTN_MOMO_CIV", "PAYOUT", "CLOSED");
    const order = payoutOrder({ destination: PHONE });
    await pawapay.payout(env.context, order);
    expect(await pawapay.status(env.context, refOf(order))).toMatchObject({ status: "processing", raw: { status: "ENQUEUED" } });
    expect(await pawapay.cancelHeld!(env.context, refOf(order))).toMatchObject({ status: "processing", raw: { status: "ACCEPTED" } });
    expect(env.sim.admin.requests.at(-1)).toMatchObject({ method: "POST", path: `/v2/payouts/fail-enqueued/${order.reference}` });
    expect(await pawapay.status(env.context, refOf(order))).toMatchObject({ status: "failed", reason: "cancelled", raw: { code: "MANUALLY_CANCELLED" } });
    await eventually(() => expect(env!.incoming()).toHaveLength(1), 20_000);
    expect(await pawapay.parseCallback(env.context, env.incoming()[0]!)).toMatchObject({ kind: "verified", outcome: { status: "failed", reason: "cancelled" } });
    expect(env.sim.truth()[0]).toMatchObject({ state: "failed" });
  });

  it("cancelHeld on a payout that is not enqueued any more: REJECTED → failed, nothing changes at pawaPay", async () => {
    env = await startPawapay();
    const order = payoutOrder({ destination: PHONE });
    await pawapay.payout(env.context, order);
    await eventually(async () => expect((await pawapay.status(env!.context, refOf(order))).status).toBe("success"));
    expect(await pawapay.cancelHeld!(env.context, refOf(order))).toMatchObject({ status: "failed" });
    expect(env.sim.truth()[0]).toMatchObject({ state: "succeeded" });
    expect(await pawapay.cancelHeld!(env.context, { ...refOf(order), direction: "refund" })).toMatchObject({ status: "failed", reason: "not_allowed" });
  });
});

describe("deposit authorisation types this connector does not carry through", () => {
  const pair = (country: string, provider: string, direction: "collect" | "payout" | "refund") => ({ country, provider, direction });

  it("route:set's question: Wave (REDIRECT_AUTH) and Orange Burkina (PREAUTH) collects are refused; payouts and PIN-prompt providers are not", async () => {
    env = await startPawapay();
    expect(await pawapay.routeProblem!(env.context, pair("CI", "wave", "collect"))).toMatch(/WAVE_CIV.*REDIRECT_AUTH/);
    expect(await pawapay.routeProblem!(env.context, pair("SN", "wave", "collect"))).toMatch(/WAVE_SEN.*REDIRECT_AUTH/);
    expect(await pawapay.routeProblem!(env.context, pair("BF", "orange", "collect"))).toMatch(/ORANGE_BFA.*PREAUTH/);
    expect(await pawapay.routeProblem!(env.context, pair("CI", "wave", "payout"))).toBeNull();
    expect(await pawapay.routeProblem!(env.context, pair("CI", "mtn", "collect"))).toBeNull();
  });

  it("active-conf unreadable: the fallback table still refuses them", async () => {
    env = await startPawapay();
    env.sim.admin.failNext({ resource: "active-conf", when: "before-commit", kind: "500", times: 10 });
    expect(await pawapay.routeProblem!(env.context, pair("CI", "wave", "collect"))).toMatch(/REDIRECT_AUTH/);
    expect(await pawapay.routeProblem!(env.context, pair("BF", "orange", "collect"))).toMatch(/PREAUTH/);
  });

  it("a deposit to such a provider (a route set before) fails not_allowed before anything is sent", async () => {
    env = await startPawapay();
    const outcome = await pawapay.collect(env.context, collectOrder({ phone: "+2250503456789", provider: "wave" }));
    expect(outcome).toMatchObject({ status: "failed", reason: "not_allowed", message: expect.stringMatching(/REDIRECT_AUTH/) });
    expect(env.sim.admin.requests.filter((r) => r.path === "/v2/deposits")).toHaveLength(0);
  });
});

describe("the simulator as an operator at its worst (kit surface)", () => {
  it("lose the answer after committing (reset, 500): pending; the status check finds it; a resend is DUPLICATE_IGNORED", async () => {
    env = await startPawapay();
    for (const how of ["reset", "server_error"] as const) {
      const order = payoutOrder({ destination: PHONE });
      env.sim.scenario({ reference: order.reference }, [{ kind: "lose_answer", how }]);
      expect(await pawapay.payout(env.context, order)).toMatchObject({ status: "pending" });
      await eventually(async () => expect((await pawapay.status(env!.context, refOf(order))).status).toBe("success"));
      expect(await pawapay.payout(env.context, order)).toMatchObject({ status: "duplicate" });
    }
    expect(env.sim.truth()).toHaveLength(2);
  });

  it("fail before commit: 500, nothing recorded, NOT_FOUND on the status check", async () => {
    env = await startPawapay();
    const order = payoutOrder({ destination: PHONE });
    env.sim.scenario({ destination: PHONE }, [{ kind: "fail_before_commit" }]);
    expect(await pawapay.payout(env.context, order)).toMatchObject({ status: "pending" });
    expect(await pawapay.status(env.context, refOf(order))).toMatchObject({ status: "not_found" });
    expect(env.sim.truth()).toHaveLength(0);
  });

  it("duplicate and out-of-order callbacks: the final state twice; a stale PROCESSING after it is only processing", async () => {
    env = await startPawapay();
    const twice = payoutOrder({ destination: PHONE });
    env.sim.scenario({ reference: twice.reference }, [{ kind: "duplicate_callbacks" }]);
    await pawapay.payout(env.context, twice);
    const late = payoutOrder({ destination: PHONE });
    env.sim.scenario({ reference: late.reference }, [{ kind: "out_of_order_callbacks" }]);
    await pawapay.payout(env.context, late);
    await eventually(() => expect(env!.incoming()).toHaveLength(4), 20_000);
    const results = await Promise.all(env.incoming().map((c) => pawapay.parseCallback(env!.context, c)));
    const of = (reference: string) => results.filter((r) => r.kind === "verified" && r.reference === reference).map((r) => (r as { outcome: { status: string } }).outcome.status);
    expect(of(twice.reference)).toEqual(["success", "success"]);
    expect(of(late.reference)).toEqual(["success", "processing"]);
  });
});
