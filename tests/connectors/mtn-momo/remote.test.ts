import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MTN_SECRET_NAMES, MTN_SANDBOX_BASE_URL } from "@/lib/connectors/mtn-momo/settings";
import { mtnMomoConnector as mtn, mtnMomoSettingsSchema, type MtnMomoSettings } from "@/lib/connectors/mtn-momo";
import { testConnectorContext } from "@/tests/helpers/connector-context";
import { collectOrder, refOf, refundOrder } from "./mtn-setup";

/**
 * Remote tests against MTN's real sandbox (ActiveMerchant style): skipped unless credentials are
 * in the environment as MTN_MOMO_<NAME> (at least the three COLLECTION_* ones; sandbox API users
 * are self-provisioned, see the README). Never run in CI.
 */
const secrets = Object.fromEntries(MTN_SECRET_NAMES.flatMap((name) => (process.env[`MTN_MOMO_${name}`] ? [[name, process.env[`MTN_MOMO_${name}`]!]] : [])));
const hasCollection = ["COLLECTION_SUBSCRIPTION_KEY", "COLLECTION_API_USER", "COLLECTION_API_KEY"].every((n) => secrets[n]);
const hasDisbursement = ["DISBURSEMENT_SUBSCRIPTION_KEY", "DISBURSEMENT_API_USER", "DISBURSEMENT_API_KEY"].every((n) => secrets[n]);

describe.skipIf(!hasCollection)("MTN MoMo real sandbox (remote)", () => {
  const settings = mtnMomoSettingsSchema.parse({
    targetEnvironment: "sandbox",
    currency: "EUR",
    products: hasDisbursement ? "collection,disbursement" : "collection",
    callbackHost: process.env.MTN_MOMO_CALLBACK_HOST,
  });
  const context = () =>
    testConnectorContext<MtnMomoSettings>({ type: "mtn-momo", baseUrl: process.env.MTN_MOMO_BASE_URL ?? MTN_SANDBOX_BASE_URL, settings, secrets, callbackUrl: process.env.MTN_MOMO_CALLBACK_URL ?? "http://example.com/callback" });

  it("health: tokens for the configured products", async () => {
    expect(await mtn.checkHealth(context())).toMatchObject({ ok: true });
  });

  it("a request-to-pay is accepted, a reused reference is a duplicate, the status is readable", async () => {
    const ctx = context();
    const order = collectOrder({ phone: "+46733123453", amountMinor: 100n, currency: "EUR", reference: randomUUID() }); // PayerOngoing
    expect((await mtn.collect(ctx, order)).status).toBe("processing");
    expect((await mtn.collect(ctx, order)).status).toBe("duplicate");
    expect((await mtn.status(ctx, refOf(order))).status).toBe("processing");
    expect((await mtn.status(ctx, refOf(collectOrder({ phone: "+46700000000", amountMinor: 100n, currency: "EUR" })))).status).toBe("not_found");
  });

  it.skipIf(!hasDisbursement)("unconfirmed 1: a refund without payee is accepted and ends final (MTN's refund schema)", async () => {
    const ctx = context();
    const collect = collectOrder({ phone: "+46733123400", amountMinor: 100n, currency: "EUR", reference: randomUUID() }); // any other number succeeds
    expect((await mtn.collect(ctx, collect)).status).toBe("processing");
    let paid = await mtn.status(ctx, refOf(collect));
    for (let i = 0; i < 10 && paid.status === "processing"; i++) {
      await new Promise((r) => setTimeout(r, 2000));
      paid = await mtn.status(ctx, refOf(collect));
    }
    expect(paid.status).toBe("success");
    const refund = refundOrder(collect, { amountMinor: 100n, reference: randomUUID() });
    const submitted = await mtn.refund(ctx, refund);
    console.info(`refund without payee: ${JSON.stringify(submitted)}`);
    expect(submitted.status).toBe("processing");
    let final = await mtn.status(ctx, refOf(refund));
    for (let i = 0; i < 10 && final.status === "processing"; i++) {
      await new Promise((r) => setTimeout(r, 2000));
      final = await mtn.status(ctx, refOf(refund));
    }
    console.info(`refund status: ${JSON.stringify(final)}`);
    expect(["success", "failed"]).toContain(final.status);
  }, 300_000);

  it("unconfirmed 2: an X-Callback-Url off the registered host — MTN's answer (reported: INVALID_CALLBACK_URL_HOST)", async () => {
    const offHost = testConnectorContext<MtnMomoSettings>({
      type: "mtn-momo",
      baseUrl: process.env.MTN_MOMO_BASE_URL ?? MTN_SANDBOX_BASE_URL,
      settings: { ...settings, callbackHost: undefined },
      secrets,
      callbackUrl: "https://not-the-registered-host.example.org/api/v1/connectors/mtn-ci/callback",
    });
    const order = collectOrder({ phone: "+46733123400", amountMinor: 100n, currency: "EUR", reference: randomUUID() });
    const outcome = await mtn.collect(offHost, order);
    console.info(`off-host X-Callback-Url: ${JSON.stringify(outcome)}; then status ${JSON.stringify(await mtn.status(offHost, refOf(order)))}`);
    // Sandbox users may not be held to their host; production ones are (README.md).
    expect(["processing", "pending"]).toContain(outcome.status);
  });

  it("PayerRejected (46733123451) ends FAILED", async () => {
    const ctx = context();
    const order = collectOrder({ phone: "+46733123451", amountMinor: 100n, currency: "EUR" });
    await mtn.collect(ctx, order);
    let outcome = await mtn.status(ctx, refOf(order));
    for (let i = 0; i < 10 && outcome.status === "processing"; i++) {
      await new Promise((r) => setTimeout(r, 2000));
      outcome = await mtn.status(ctx, refOf(order));
    }
    expect(outcome.status).toBe("failed");
  }, 300_000);
});
