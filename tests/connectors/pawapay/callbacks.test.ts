import { generateKeyPairSync } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { pawapayConnector } from "@/lib/connectors/pawapay";
import { contentDigest, signMessage } from "@/lib/connectors/pawapay/signatures";
import { collectOrder, eventually, startPawapay } from "./setup";

// Callbacks the simulator sends to a real receiver, read by the connector as the callback route would.
let env: Awaited<ReturnType<typeof startPawapay>> | null = null;
afterEach(async () => {
  await env?.close();
  env = null;
});

async function oneCallback(options: Parameters<typeof startPawapay>[0] = {}, suffix = "789") {
  env = await startPawapay(options);
  const order = collectOrder({ phone: `+2250503456${suffix}` });
  await pawapayConnector.collect(env.context, order);
  await eventually(() => expect(env!.receiver.requests.length).toBeGreaterThan(0));
  return { order, callback: env.incoming()[0]! };
}

describe("signed callbacks (RFC 9421)", () => {
  it("a signed callback is verified and carries the final outcome", async () => {
    const { order, callback } = await oneCallback({ settings: { requireSignedCallbacks: true } });
    expect(callback.headers.get("signature-input")).toMatch(/^sig-pp=\(/);
    expect(callback.headers.get("content-digest")).toMatch(/^sha-512=:/);
    const result = await pawapayConnector.parseCallback(env!.context, callback);
    expect(result).toMatchObject({ kind: "verified", direction: "collect", reference: order.reference, outcome: { status: "success" } });
    // Keys come from GET /v2/public-key/http with our token, once.
    expect(env!.context.calls.filter((c) => c.request.url === "/v2/public-key/http")).toHaveLength(1);
    await pawapayConnector.parseCallback(env!.context, callback);
    expect(env!.context.calls.filter((c) => c.request.url === "/v2/public-key/http")).toHaveLength(1);
  });

  it("a failed deposit's signed callback maps its failure code", async () => {
    const { callback } = await oneCallback({}, "049");
    expect(await pawapayConnector.parseCallback(env!.context, callback)).toMatchObject({ kind: "verified", outcome: { status: "failed", reason: "insufficient_funds" } });
  });

  it("sha-256 Content-Digest works as well", async () => {
    const { callback } = await oneCallback({ sim: { callbacks: { digest: "sha-256" } } });
    expect(callback.headers.get("content-digest")).toMatch(/^sha-256=:/);
    expect((await pawapayConnector.parseCallback(env!.context, callback)).kind).toBe("verified");
  });

  it.each([
    ["tampered", /Content-Digest/],
    ["wrong-key", /bad signature/],
    ["stale", /stale/],
  ] as const)("a %s callback is rejected", async (mode, why) => {
    const { callback } = await oneCallback({ sim: { callbacks: { mode } } });
    const result = await pawapayConnector.parseCallback(env!.context, callback);
    expect(result).toMatchObject({ kind: "rejected" });
    expect(result.kind === "rejected" && result.why).toMatch(why);
  });

  it("a body re-digested after tampering still fails the signature", async () => {
    const { callback } = await oneCallback();
    const forgedBody = callback.rawBody.replace('"COMPLETED"', '"FAILED"');
    const headers = new Headers(callback.headers);
    headers.set("content-digest", contentDigest(forgedBody, "sha-512"));
    headers.set("content-length", String(Buffer.byteLength(forgedBody)));
    expect(await pawapayConnector.parseCallback(env!.context, { ...callback, headers, rawBody: forgedBody })).toMatchObject({ kind: "rejected", why: "bad signature" });
  });

  it("a callback forged with our own key under pawaPay's keyid, or under an unknown keyid, is rejected", async () => {
    const { callback } = await oneCallback();
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
    const sign = (keyId: string) => {
      const headers = new Headers(callback.headers);
      const signed = signMessage(
        { method: "POST", url: callback.url, headers },
        { label: "sig-pp", components: ["@method", "@authority", "@path", "signature-date", "content-digest", "content-type", "content-length"], privateKey, keyId, created: Math.floor(Date.now() / 1000) },
      );
      headers.set("signature-input", signed.signatureInput);
      headers.set("signature", signed.signature);
      return { ...callback, headers };
    };
    expect(await pawapayConnector.parseCallback(env!.context, sign(env!.sim.admin.currentKeyId()))).toMatchObject({ kind: "rejected", why: "bad signature" });
    const before = env!.context.calls.length;
    expect(await pawapayConnector.parseCallback(env!.context, sign("not-a-pawapay-key"))).toMatchObject({ kind: "rejected", why: "unknown keyid" });
    // An unknown keyid costs one refetch, and not another one right after.
    expect(await pawapayConnector.parseCallback(env!.context, sign("not-a-pawapay-key"))).toMatchObject({ kind: "rejected" });
    expect(env!.context.calls.slice(before).filter((c) => c.request.url === "/v2/public-key/http")).toHaveLength(1);
  });

  it("a signature that does not cover content-digest is rejected (the body would be unsigned)", async () => {
    const { callback } = await oneCallback();
    const headers = new Headers(callback.headers);
    headers.set("signature-input", headers.get("signature-input")!.replace(' "content-digest"', ""));
    expect(await pawapayConnector.parseCallback(env!.context, { ...callback, headers })).toMatchObject({ kind: "rejected", why: expect.stringContaining("content-digest") });
  });

  it("key rotation: a callback under a new keyid makes the connector fetch the keys again, once", async () => {
    env = await startPawapay();
    const first = collectOrder({ phone: "+2250503456789" });
    await pawapayConnector.collect(env.context, first);
    await eventually(() => expect(env!.receiver.requests).toHaveLength(1));
    expect((await pawapayConnector.parseCallback(env.context, env.incoming()[0]!)).kind).toBe("verified");
    const newId = env.sim.admin.rotateKey();
    const second = collectOrder({ phone: "+2250503456789" });
    await pawapayConnector.collect(env.context, second);
    await eventually(() => expect(env!.receiver.requests).toHaveLength(2));
    const callback = env.incoming()[1]!;
    expect(callback.headers.get("signature-input")).toContain(`keyid="${newId}"`);
    expect(await pawapayConnector.parseCallback(env.context, callback)).toMatchObject({ kind: "verified", reference: second.reference });
    expect(env.context.calls.filter((c) => c.request.url === "/v2/public-key/http")).toHaveLength(2);
    // The retired key is no longer published: a callback still signed with it fails.
    expect(await pawapayConnector.parseCallback(env.context, env.incoming()[0]!)).toMatchObject({ kind: "rejected" });
  });

  it("pinned CALLBACK_PUBLIC_KEYS are used instead of fetching", async () => {
    env = await startPawapay();
    env.context.secrets.CALLBACK_PUBLIC_KEYS = JSON.stringify(env.sim.admin.publicKeys());
    await pawapayConnector.collect(env.context, collectOrder({ phone: "+2250503456789" }));
    await eventually(() => expect(env!.receiver.requests).toHaveLength(1));
    expect((await pawapayConnector.parseCallback(env.context, env.incoming()[0]!)).kind).toBe("verified");
    expect(env.context.calls.some((c) => c.request.url === "/v2/public-key/http")).toBe(false);
  });
});

describe("unsigned callbacks", () => {
  it("are hints when the account does not require signatures (the body decides nothing)", async () => {
    const { order, callback } = await oneCallback({ sim: { callbacks: { mode: "unsigned" } } });
    expect(callback.headers.has("signature")).toBe(false);
    expect(await pawapayConnector.parseCallback(env!.context, callback)).toEqual({ kind: "hint", direction: "collect", reference: order.reference });
  });

  it("are rejected when the account requires signatures", async () => {
    const { callback } = await oneCallback({ sim: { callbacks: { mode: "unsigned" } }, settings: { requireSignedCallbacks: "true" } });
    expect(await pawapayConnector.parseCallback(env!.context, callback)).toMatchObject({ kind: "rejected" });
  });

  it("without any id are ignored; garbage never throws", async () => {
    env = await startPawapay();
    const result = await pawapayConnector.parseCallback(env.context, { method: "POST", url: env.receiver.url, headers: new Headers(), rawBody: "not json" });
    expect(result.kind).toBe("ignored");
    const garbage = await pawapayConnector.parseCallback(env.context, {
      method: "POST",
      url: env.receiver.url,
      headers: new Headers({ signature: "%%%", "signature-input": "(((" }),
      rawBody: "{}",
    });
    expect(garbage.kind).toBe("rejected");
  });
});

describe("callback delivery faults (simulator)", () => {
  it("duplicated and reordered callbacks arrive as configured; a dropped one never arrives (polling finds it)", async () => {
    env = await startPawapay({ sim: { callbacks: { duplicates: 1, reorder: true } } });
    const a = collectOrder({ phone: "+2250503456789" });
    const b = collectOrder({ phone: "+2250503456789" });
    await pawapayConnector.collect(env.context, a);
    await pawapayConnector.collect(env.context, b);
    await eventually(() => expect(env!.sim.admin.payments().every((p) => p.status === "COMPLETED")).toBe(true));
    expect(env.receiver.requests).toHaveLength(0);
    env.sim.admin.flushCallbacks();
    await eventually(() => expect(env!.receiver.requests).toHaveLength(4));
    const refs = await Promise.all(env.incoming().map(async (c) => ((r) => (r.kind === "verified" ? r.reference : r.kind))(await pawapayConnector.parseCallback(env!.context, c))));
    expect(refs).toEqual([b.reference, b.reference, a.reference, a.reference]);

    env.sim.admin.setCallbacks({ drop: true, duplicates: 0, reorder: false });
    const c = collectOrder({ phone: "+2250503456789" });
    await pawapayConnector.collect(env.context, c);
    await eventually(async () => expect(await pawapayConnector.status(env!.context, { direction: "collect", id: c.transactionId, reference: c.reference, operatorReference: null, provider: "mtn", country: "CI", currency: "XOF", submittedAt: null, destination: c.phone })).toMatchObject({ status: "success" }));
    expect(env.sim.admin.droppedCallbacks).toEqual([{ kind: "deposit", id: c.reference }]);
    expect(env.receiver.requests).toHaveLength(4);
  });

  it("a delayed callback waits for the virtual clock; resend-callback sends it again", async () => {
    env = await startPawapay({ sim: { callbacks: { delayMs: 60_000 } } });
    const order = collectOrder({ phone: "+2250503456789" });
    await pawapayConnector.collect(env.context, order);
    await eventually(() => expect(env!.sim.admin.payment("deposit", order.reference)?.status).toBe("COMPLETED"));
    await new Promise((r) => setTimeout(r, 50));
    expect(env.receiver.requests).toHaveLength(0);
    env.sim.admin.advance(60_000);
    await eventually(() => expect(env!.receiver.requests).toHaveLength(1));
    const res = await fetch(`${env.sim.url}/v2/deposits/resend-callback/${order.reference}`, { method: "POST", headers: { authorization: `Bearer ${env.sim.token()}` } });
    expect(await res.json()).toEqual({ depositId: order.reference, status: "ACCEPTED" });
    await eventually(() => expect(env!.receiver.requests).toHaveLength(2));
    expect(env.receiver.requests[1]!.body).toBe(env.receiver.requests[0]!.body);
  });
});

describe("replayed and early callbacks", () => {
  it("a callback signed for another host (replayed to us) is rejected", async () => {
    const { callback } = await oneCallback({ sim: { callbacks: { mode: "wrong-host" } } });
    expect(await pawapayConnector.parseCallback(env!.context, callback)).toMatchObject({ kind: "rejected", why: "bad signature" });
  });

  it("a callback that arrives before the submit's answer is verified on its own", async () => {
    env = await startPawapay();
    env.sim.admin.failNext({ resource: "deposits", when: "after-commit", kind: "slow", delayMs: 400 });
    const order = collectOrder({ phone: "+2250503456789" });
    const submitting = pawapayConnector.collect(env.context, order);
    await eventually(() => expect(env!.receiver.requests).toHaveLength(1));
    let answered = false;
    void submitting.then(() => (answered = true));
    expect(answered).toBe(false);
    expect(await pawapayConnector.parseCallback(env.context, env.incoming()[0]!)).toMatchObject({ kind: "verified", reference: order.reference, outcome: { status: "success" } });
    expect(await submitting).toMatchObject({ status: "processing" });
  });
});
