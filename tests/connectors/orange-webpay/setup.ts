import { type OrangeWebpaySettings, orangeWebpaySettingsSchema } from "@/lib/connectors/orange-webpay/settings";
import { startOrangeWebpaySimulator, type OrangeSimulatorOptions } from "@/simulators/orange-webpay";
import { testConnectorContext } from "@/tests/helpers/connector-context";
import { startReceiver } from "@/tests/helpers/webhook-receiver";

/** An Orange WebPay simulator (production paths, http notif_url allowed) notifying a receiver, and a connector context over real HTTP. */
export async function startOrange(options: OrangeSimulatorOptions = {}) {
  const receiver = await startReceiver();
  const sim = await startOrangeWebpaySimulator({ requireHttpsNotifUrl: false, ...options });
  const { clientId, clientSecret, merchantKey } = sim.admin.credentials;
  const context = testConnectorContext<OrangeWebpaySettings>({
    type: "orange-webpay",
    baseUrl: sim.url,
    settings: orangeWebpaySettingsSchema.parse({ countryPath: "sn" }),
    secrets: { CLIENT_ID: clientId, CLIENT_SECRET: clientSecret, MERCHANT_KEY: merchantKey },
    callbackUrl: `${receiver.url.replace("/hooks", "")}/api/v1/connectors/orange-sn/callback`,
    totalTimeoutMs: 2000,
  });
  return {
    sim,
    receiver,
    context,
    async close() {
      await sim.close();
      await receiver.close();
    },
  };
}
