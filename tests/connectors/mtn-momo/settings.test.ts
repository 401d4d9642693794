import { describe, expect, it } from "vitest";
import { mtnMomoConnector, mtnMomoRequiredSecrets, mtnMomoSettingsSchema } from "@/lib/connectors/mtn-momo";

describe("mtn-momo settings and secrets", () => {
  it("accepts what connector:add passes as strings, with defaults", () => {
    expect(mtnMomoSettingsSchema.parse({ targetEnvironment: "mtnivorycoast", currency: "XOF" })).toEqual({
      targetEnvironment: "mtnivorycoast",
      currency: "XOF",
      payoutVariant: "transfer",
      products: ["collection", "disbursement"],
    });
    expect(mtnMomoSettingsSchema.parse({ targetEnvironment: "sandbox", currency: "EUR", payoutVariant: "deposit", products: "disbursement", callbackHost: "pay.example.com" })).toMatchObject({
      payoutVariant: "deposit",
      products: ["disbursement"],
      callbackHost: "pay.example.com",
    });
  });

  it.each([
    [{ targetEnvironment: "sandbox", currency: "XOF" }, "currency"], // MTN's sandbox is EUR only
    [{ targetEnvironment: "ivorycoast", currency: "XOF" }, "targetEnvironment"],
    [{ targetEnvironment: "mtnivorycoast", currency: "BRL" }, "currency"], // unknown to lib/money
    [{ targetEnvironment: "mtnivorycoast", currency: "XOF", payoutVariant: "cash" }, "payoutVariant"],
    [{ targetEnvironment: "mtnivorycoast", currency: "XOF", products: "" }, "products"],
    [{ targetEnvironment: "mtnivorycoast", currency: "XOF", products: "collection,wallet" }, "products"],
  ])("refuses %j (%s)", (settings, path) => {
    const result = mtnMomoSettingsSchema.safeParse(settings);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path[0])).toContain(path);
  });

  it("names six secrets; which are required follows the products setting", () => {
    expect(mtnMomoConnector.secretNames).toHaveLength(6);
    expect(mtnMomoRequiredSecrets({ products: ["collection"] })).toEqual(["COLLECTION_SUBSCRIPTION_KEY", "COLLECTION_API_USER", "COLLECTION_API_KEY"]);
    expect(mtnMomoRequiredSecrets({ products: ["collection", "disbursement"] })).toHaveLength(6);
    expect(mtnMomoConnector.defaultBaseUrl).toBe("https://proxy.momoapi.mtn.com");
    expect(mtnMomoConnector.capabilities).toEqual({ collect: "push", payout: true, refund: true, signedCallbacks: false, uuidReference: true, partialRefund: true });
  });
});
