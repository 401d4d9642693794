import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { pawapayConnector } from "@/lib/connectors/pawapay";
import { availability } from "@/lib/connectors/pawapay/client";
import { pawapaySettingsSchema } from "@/lib/connectors/pawapay/settings";
import { testConnectorContext } from "@/tests/helpers/connector-context";

/**
 * Remote tests against pawaPay's real sandbox (ActiveMerchant's "remote" set): skipped unless
 * PAWAPAY_API_TOKEN is set. PAWAPAY_BASE_URL defaults to the sandbox host. They move no money:
 * health, availability and a status check for an id pawaPay cannot know.
 */
const token = process.env.PAWAPAY_API_TOKEN;
const baseUrl = process.env.PAWAPAY_BASE_URL ?? "https://api.sandbox.pawapay.io";

describe.skipIf(!token)("pawaPay sandbox (remote)", () => {
  const context = () =>
    testConnectorContext({ type: "pawapay", baseUrl, settings: pawapaySettingsSchema.parse({}), secrets: { API_TOKEN: token! }, totalTimeoutMs: 30_000 });

  it("authenticates and reads availability", async () => {
    expect(await pawapayConnector.checkHealth(context())).toMatchObject({ ok: true });
    expect((await availability(context())).length).toBeGreaterThan(0);
  });

  it("answers NOT_FOUND for a deposit id it never received", async () => {
    const reference = randomUUID();
    const outcome = await pawapayConnector.status(context(), {
      direction: "collect", id: "txn_remote", reference, operatorReference: null, provider: "mtn", country: "CI", currency: "XOF", submittedAt: null, destination: null,
    });
    expect(outcome.status).toBe("not_found");
  });
});
