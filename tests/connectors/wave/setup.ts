import { randomBytes } from "node:crypto";
import type { CollectOrder, IncomingCallback, OrderRef, PayoutOrder, RefundOrder } from "@/lib/connectors/connector";
import { type WaveSettings, waveSettingsSchema } from "@/lib/connectors/wave/settings";
import { startWaveSimulator, type WaveSimulatorOptions } from "@/simulators/wave";
import { testConnectorContext } from "@/tests/helpers/connector-context";
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

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString("hex")}`;

export function collectOrder(overrides: Partial<CollectOrder> = {}): CollectOrder {
  const transactionId = id("txn");
  return {
    transactionId,
    reference: transactionId,
    provider: "wave",
    country: "SN",
    currency: "XOF",
    amountMinor: 1500n,
    phone: "+221770000012",
    returnUrl: "https://pay.example.test/checkout/tok?return=success",
    cancelUrl: "https://pay.example.test/checkout/tok?return=cancel",
    ...overrides,
  };
}

export function payoutOrder(destination: string, overrides: Partial<PayoutOrder> = {}): PayoutOrder {
  const payoutId = id("po");
  return { payoutId, reference: payoutId, method: "mobile_money", provider: "wave", country: "SN", currency: "XOF", amountMinor: 5000n, destination, recipientName: "Awa Diop", ...overrides };
}

export function refundOrder(sessionId: string, amountMinor: bigint): RefundOrder {
  const refundId = id("rf");
  return { refundId, reference: refundId, transactionId: id("txn"), collectReference: "x", collectOperatorReference: sessionId, provider: "wave", country: "SN", currency: "XOF", amountMinor, collectAmountMinor: amountMinor, phone: "+221770000012" };
}

export function ref(direction: OrderRef["direction"], reference: string, operatorReference: string | null = null): OrderRef {
  return { direction, id: reference, reference, operatorReference, provider: "wave", country: "SN", currency: "XOF", submittedAt: new Date(), destination: null };
}
