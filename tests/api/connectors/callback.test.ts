import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST, PUT } from "@/app/api/v1/connectors/[accountId]/callback/route";
import { getPrisma } from "@/lib/db/client";
import { registerConnectorForTests } from "@/lib/connectors/registry";
import { type FakeOperator, fakeOperatorConnector, registerFakeOperator, signFakeCallback, startFakeOperator } from "../../helpers/fake-operator";
import { streamedPost } from "../../helpers/endless-body";
import { call } from "../../helpers/http";
import { directBody, eventTypes, initiatePayment } from "../../helpers/payments";
import { createLiveMerchant, enterProduction, ops, restoreEnv } from "../../helpers/production-instance";
import { ensureReferenceData } from "../../helpers/reference";
import { submitOrder } from "@/lib/orders/orders";

/** POST|PUT /api/v1/connectors/{accountId}/callback, production mode, a signed and an unsigned account. */
const SECRET = "cb-secret-5e1d";
let operator: FakeOperator;
let unregister: () => void;
let unregisterCrashy: () => void;
let m: Awaited<ReturnType<typeof createLiveMerchant>>;

beforeAll(async () => {
  enterProduction({ CB_SIGNED_API_KEY: "cb-key", CB_SIGNED_CALLBACK_SECRET: SECRET, CB_PLAIN_API_KEY: "cb-key" });
  unregister = registerFakeOperator();
  await ensureReferenceData();
  operator = await startFakeOperator("cb-key");
  await ops("connector:add", "--id", "cb-signed", "--type", "fake-operator", "--base-url", operator.baseUrl, "--secrets-env", "CB_SIGNED");
  await ops("connector:add", "--id", "cb-plain", "--type", "fake-operator", "--base-url", operator.baseUrl, "--secrets-env", "CB_PLAIN");
  await ops("route:set", "--country", "BJ", "--provider", "mtn", "--direction", "collect", "--account", "cb-signed");
  await ops("route:set", "--country", "BJ", "--provider", "moov", "--direction", "collect", "--account", "cb-plain");
  // A connector with a bug in its callback reader: the operator must still not see a 500.
  unregisterCrashy = registerConnectorForTests({
    ...fakeOperatorConnector,
    type: "crashy-operator",
    parseCallback: async () => {
      throw new Error("connector bug");
    },
  });
  await ops("connector:add", "--id", "cb-crashy", "--type", "crashy-operator", "--base-url", operator.baseUrl, "--secrets-env", "CB_PLAIN");
  m = await createLiveMerchant();
});

afterAll(async () => {
  await operator?.close();
  unregister?.();
  unregisterCrashy?.();
  restoreEnv();
});

async function sentPayment(provider: "mtn" | "moov") {
  const res = await initiatePayment(m.headers, directBody({ country: "BJ", provider, customerPhone: provider === "mtn" ? "+2290196123412" : "+2290195123412", amount: 5000 }));
  expect(res.status).toBe(201);
  const id = res.json.data.transactionId as string;
  await submitOrder(id);
  const payment = await (await getPrisma()).payment.findUniqueOrThrow({ where: { id } });
  expect(payment.status).toBe("processing");
  return payment;
}

const post = (accountId: string, rawBody: string, headers: Record<string, string> = {}, handler = POST) =>
  call(handler, { method: handler === PUT ? "PUT" : "POST", path: `/connectors/${accountId}/callback`, params: { accountId }, rawBody, headers: { "content-type": "application/json", ...headers } });

describe("connector callbacks", () => {
  it("unknown account → 404 in the error body", async () => {
    const res = await post("no-such-account", "{}");
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ statusCode: 404, error: "Not Found", code: "not_found" });
  });

  it("signed and verified → applied at once (200); repeated and out-of-order deliveries change nothing", async () => {
    const p = await sentPayment("mtn");
    const body = JSON.stringify({ reference: p.providerRequestRef, direction: "collect", status: "SUCCESSFUL" });
    const res = await post("cb-signed", body, { "x-signature": signFakeCallback(SECRET, body) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ received: true });
    expect((await (await getPrisma()).payment.findUniqueOrThrow({ where: { id: p.id } })).status).toBe("success");
    // Again, then an older "FAILED" arriving late: nothing moves.
    expect((await post("cb-signed", body, { "x-signature": signFakeCallback(SECRET, body) })).status).toBe(200);
    const late = JSON.stringify({ reference: p.providerRequestRef, direction: "collect", status: "FAILED", reason: "declined" });
    expect((await post("cb-signed", late, { "x-signature": signFakeCallback(SECRET, late) })).status).toBe(200);
    expect(await (await getPrisma()).payment.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({ status: "success", errorCode: null });
    expect(await eventTypes(m.merchant.id, p.id)).toEqual(["payment.pending", "payment.processing", "payment.success"]);
  });

  it("forged or tampered → 401, nothing changed", async () => {
    const p = await sentPayment("mtn");
    const body = JSON.stringify({ reference: p.providerRequestRef, direction: "collect", status: "SUCCESSFUL" });
    const forged = await post("cb-signed", body, { "x-signature": signFakeCallback("wrong-secret", body) });
    expect(forged.status).toBe(401);
    expect(forged.json).toMatchObject({ statusCode: 401, code: "unauthenticated" });
    const tampered = await post("cb-signed", body.replace("SUCCESSFUL", "FAILED"), { "x-signature": signFakeCallback(SECRET, body) });
    expect(tampered.status).toBe(401);
    expect((await post("cb-signed", body)).status).toBe(401); // unsigned on a signing account
    expect((await (await getPrisma()).payment.findUniqueOrThrow({ where: { id: p.id } })).status).toBe("processing");
    expect(await (await getPrisma()).job.count({ where: { type: "connector.check", payload: { path: ["id"], equals: p.id } } })).toBe(0);
  });

  it("unsigned → a hint: 202 and an immediate status-check job, the body changes nothing; PUT is accepted too", async () => {
    const p = await sentPayment("moov");
    const body = JSON.stringify({ reference: p.providerRequestRef, direction: "collect", status: "SUCCESSFUL" });
    const res = await post("cb-plain", body, {}, PUT);
    expect(res.status).toBe(202);
    expect((await (await getPrisma()).payment.findUniqueOrThrow({ where: { id: p.id } })).status).toBe("processing");
    const job = await (await getPrisma()).job.findFirstOrThrow({ where: { type: "connector.check", payload: { path: ["id"], equals: p.id } } });
    expect(job.runAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it("another account's reference, an unknown one, or a body the connector cannot read: nothing applied, never a 500", async () => {
    const p = await sentPayment("mtn");
    const body = JSON.stringify({ reference: p.providerRequestRef, direction: "collect", status: "SUCCESSFUL" });
    // cb-plain did not send it: not found under that account.
    expect((await post("cb-plain", body)).status).toBe(200);
    expect((await post("cb-plain", JSON.stringify({ reference: "00000000-0000-4000-8000-000000000000" }))).status).toBe(200);
    expect((await post("cb-plain", "not json")).status).toBe(401);
    const crashed = await post("cb-crashy", body);
    expect(crashed.status).toBe(202);
    expect(crashed.json).toEqual({ received: true });
    expect((await (await getPrisma()).payment.findUniqueOrThrow({ where: { id: p.id } })).status).toBe("processing");
  });
});

describe("an oversized callback body", () => {
  it("is refused with 413 while it streams in, before it is buffered or read by the connector", async () => {
    for (const accountId of ["cb-signed", "no-such-account"]) {
      const { request, state } = streamedPost(`http://localhost:3000/api/v1/connectors/${accountId}/callback`, 100 * 1024 * 1024, { "content-type": "application/json" });
      const res = await POST(request, { params: Promise.resolve({ accountId }) });
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ statusCode: 413, error: "Payload Too Large", code: "payload_too_large" });
      // Stopped at the 64 KB cap, not after 100 MB.
      expect(state.pulled).toBeLessThanOrEqual(256 * 1024);
    }
  });
});
