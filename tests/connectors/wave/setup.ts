import type { IncomingCallback, OrderRef, RefundOrder } from "@/lib/connectors/connector";
import { type WaveSettings, waveSettingsSchema } from "@/lib/connectors/wave/settings";
import { startWaveSimulator, type WaveSimulatorOptions } from "@/simulators/wave";
import { testConnectorContext } from "@/tests/helpers/connector-context";
import { connectorOrders } from "@/tests/helpers/connector-orders";
import { startReceiver } from "@/tests/helpers/webhook-receiver";

/** A Wave simulator posting its webhooks to a receiver, and a connector context over real HTTP. */
export async function startWave(options: { sim?: WaveSimulatorOptions; settings?: Record<string, unknown>; secrets?: Record<string, string>; now?: () => Date } = {}) {
  const receiver = await startReceiver();
  const sim = await startWaveSimulator({ webhookUrl: receiver.url, ...options.sim });
  const settings: WaveSettings = waveSettingsSchema.parse(options.settings ?? {});
  const context = testConnectorContext<WaveSettings>({
    type: "wave",
    baseUrl: sim.url,
    settings,
    secrets: { API_KEY: sim.admin.apiKey(), WEBHOOK_SECRET: sim.admin.config.webhookSecrets[0]!, ...options.secrets },
    callbackUrl: receiver.url,
    totalTimeoutMs: 2_000,
    // The platform and Wave share the simulated time: webhooks are signed with the simulator's clock.
    now: options.now ?? (() => sim.clock.now()),
  });
  return {
    sim,
    receiver,
    context,
    incoming(): IncomingCallback[] {
      return receiver.requests.map((r) => ({ method: r.method, url: new URL(r.path, receiver.url).href, headers: new Headers(r.headers), rawBody: r.body }));
    },
    async close() {
      await sim.close();
      await receiver.close();
    },
  };
}

/** Wave's orders (Senegal, XOF): a collect is a checkout session, which sends the customer back to our page. */
export const { collectOrder, payoutOrder, refundOrder } = connectorOrders({
  provider: "wave",
  country: "SN",
  currency: "XOF",
  phone: "+221770000012",
  collectAmount: 1500n,
  payoutAmount: 5000n,
  collect: { returnUrl: "https://pay.example.test/checkout/tok?return=success", cancelUrl: "https://pay.example.test/checkout/tok?return=cancel" },
  payout: { recipientName: "Awa Diop" },
});

/** A refund of `amountMinor` of the checkout session `sessionId` (Wave refunds a session by its id), of that whole amount. */
export const refundOfSession = (sessionId: string, amountMinor: bigint): RefundOrder =>
  refundOrder(collectOrder({ amountMinor }), { collectReference: "x", collectOperatorReference: sessionId });

export function ref(direction: OrderRef["direction"], reference: string, operatorReference: string | null = null): OrderRef {
  return { direction, id: reference, reference, operatorReference, provider: "wave", country: "SN", currency: "XOF", submittedAt: new Date(), destination: null };
}
