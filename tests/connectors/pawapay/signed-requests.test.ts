import { generateKeyPairSync } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { pawapayConnector } from "@/lib/connectors/pawapay";
import { collectOrder, payoutOrder, startPawapay } from "./setup";

// pawaPay's signing guide: an account can require our deposit/payout/refund requests to be signed (ECDSA P-256, sig-pp).
let env: Awaited<ReturnType<typeof startPawapay>> | null = null;
afterEach(async () => {
  await env?.close();
  env = null;
});

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  return { privatePem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(), publicPem: publicKey.export({ type: "spki", format: "pem" }).toString() };
}

describe("signed requests enforced by the account", () => {
  it("unsigned requests get 403 HTTP_SIGNATURE_ERROR → configuration_error; nothing recorded", async () => {
    const ours = keyPair();
    env = await startPawapay({ sim: { requireSignedRequests: true, requestPublicKeys: [{ id: "ours", key: ours.publicPem }] } });
    const outcome = await pawapayConnector.collect(env.context, collectOrder({ phone: "+2250503456789" }));
    expect(outcome).toMatchObject({ status: "failed", reason: "configuration_error", raw: { status: "HTTP 403", code: "HTTP_SIGNATURE_ERROR" } });
    expect(env.sim.admin.payments()).toHaveLength(0);
  });

  it("with signRequests and our key, deposits and payouts carry sig-pp and are accepted", async () => {
    const ours = keyPair();
    env = await startPawapay({
      sim: { requireSignedRequests: true, requestPublicKeys: [{ id: "ours", key: ours.publicPem }] },
      settings: { signRequests: true, requestKeyId: "ours" },
      secrets: { REQUEST_SIGNING_KEY: ours.privatePem },
    });
    expect(await pawapayConnector.collect(env.context, collectOrder({ phone: "+2250503456789" }))).toMatchObject({ status: "processing" });
    expect(await pawapayConnector.payout(env.context, payoutOrder({ destination: "+2250503456789" }))).toMatchObject({ status: "processing" });
    const sent = env.sim.admin.requests.find((r) => r.path === "/v2/deposits")!;
    expect(sent.headers["signature-input"]).toMatch(
      /^sig-pp=\("@method" "@authority" "@path" "signature-date" "content-digest" "content-type" "content-length"\);created=\d+;expires=\d+;keyid="ours";alg="ecdsa-p256-sha256"$/,
    );
    expect(sent.headers["content-length"]).toBe(String(Buffer.byteLength(sent.body)));
    // Read-only calls are not signed.
    expect(env.sim.admin.requests.find((r) => r.path === "/v2/active-conf")!.headers.signature).toBeUndefined();
  });

  it("a request signed with a key pawaPay does not know is refused", async () => {
    const registered = keyPair();
    const other = keyPair();
    env = await startPawapay({
      sim: { requireSignedRequests: true, requestPublicKeys: [{ id: "ours", key: registered.publicPem }] },
      settings: { signRequests: true, requestKeyId: "ours" },
      secrets: { REQUEST_SIGNING_KEY: other.privatePem },
    });
    expect(await pawapayConnector.collect(env.context, collectOrder({ phone: "+2250503456789" }))).toMatchObject({ status: "failed", reason: "configuration_error", raw: { code: "HTTP_SIGNATURE_ERROR" } });
  });

  it("signRequests without REQUEST_SIGNING_KEY is a configuration error before any money call", async () => {
    env = await startPawapay({ settings: { signRequests: true } });
    expect(await pawapayConnector.collect(env.context, collectOrder({ phone: "+2250503456789" }))).toMatchObject({ status: "failed", reason: "configuration_error", message: expect.stringContaining("REQUEST_SIGNING_KEY") });
    expect(env.sim.admin.requests.filter((r) => r.method === "POST")).toHaveLength(0);
  });
});

describe("settings", () => {
  it("reads CLI strings, refuses unknown keys and malformed provider codes", () => {
    const schema = pawapayConnector.settingsSchema;
    expect(schema.parse({ requireSignedCallbacks: "true", signRequests: "false", callbackMaxAgeSeconds: "600", providerCodes: "CI:mtn=MTN_MOMO_CIV, SN:orange=ORANGE_SEN" })).toEqual({
      requireSignedCallbacks: true,
      signRequests: false,
      requestSignatureEncoding: "der",
      requestKeyId: "default",
      callbackMaxAgeSeconds: 600,
      providerCodes: { "CI:mtn": "MTN_MOMO_CIV", "SN:orange": "ORANGE_SEN" },
    });
    expect(schema.safeParse({ surprise: 1 }).success).toBe(false);
    expect(schema.safeParse({ providerCodes: "mtn=MTN" }).success).toBe(false);
    expect(schema.safeParse({ requireSignedCallbacks: "yes" }).success).toBe(false);
  });

  it("declares the contract the seam relies on", () => {
    expect(pawapayConnector).toMatchObject({
      type: "pawapay",
      capabilities: { collect: "push", payout: true, refund: true, signedCallbacks: true, uuidReference: true },
      defaultBaseUrl: "https://api.pawapay.io",
    });
    expect(pawapayConnector.secretNames).toContain("API_TOKEN");
    expect(pawapayConnector.optionalSecrets).toEqual(["CALLBACK_PUBLIC_KEYS", "REQUEST_SIGNING_KEY"]);
  });
});
