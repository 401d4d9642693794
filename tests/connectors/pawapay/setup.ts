import { randomUUID } from "node:crypto";
import type { CollectOrder, IncomingCallback, OrderRef, PayoutOrder, RefundOrder } from "@/lib/connectors/connector";
import { clearCallbackKeyCache } from "@/lib/connectors/pawapay/callbacks";
import { clearActiveConfCache } from "@/lib/connectors/pawapay/client";
import { type PawapaySettings, pawapaySettingsSchema } from "@/lib/connectors/pawapay/settings";
import { type PawapaySimulatorOptions, startPawapaySimulator } from "@/simulators/pawapay";
import { testConnectorContext } from "@/tests/helpers/connector-context";
import { connectorOrders } from "@/tests/helpers/connector-orders";
import { type ReceivedRequest, startReceiver } from "@/tests/helpers/webhook-receiver";

/** A simulator, a callback receiver it posts to, and a connector context over real HTTP. */
export async function startPawapay(
  options: { sim?: PawapaySimulatorOptions; settings?: Record<string, unknown>; secrets?: Record<string, string>; totalTimeoutMs?: number } = {},
) {
  clearActiveConfCache();
  clearCallbackKeyCache();
  const receiver = await startReceiver();
  const sim = await startPawapaySimulator({ callbackUrl: receiver.url, ...options.sim });
  const settings: PawapaySettings = pawapaySettingsSchema.parse(options.settings ?? {});
  const context = testConnectorContext<PawapaySettings>({
    type: "pawapay",
    baseUrl: sim.url,
    settings,
    secrets: { API_TOKEN: sim.token(), ...options.secrets },
    callbackUrl: receiver.url,
    totalTimeoutMs: options.totalTimeoutMs ?? 2_000,
  });
  return {
    sim,
    receiver,
    context,
    /** Callbacks that reached the receiver, as the platform's callback route would hand them over. */
    incoming(): IncomingCallback[] {
      return receiver.requests.map((r) => toIncoming(r, receiver.url));
    },
    async close() {
      await sim.close();
      await receiver.close();
    },
  };
}

export function toIncoming(r: ReceivedRequest, url: string): IncomingCallback {
  return { method: r.method, url: new URL(r.path, url).href, headers: new Headers(r.headers), rawBody: r.body };
}

/** pawaPay's orders (Côte d'Ivoire, MTN, XOF): pawaPay takes a UUID as the deposit, payout or refund id. */
export const { collectOrder, payoutOrder, refundOrder } = connectorOrders({
  provider: "mtn",
  country: "CI",
  currency: "XOF",
  phone: null,
  collectAmount: 1500n,
  payoutAmount: 5000n,
  id: (prefix) => `${prefix}_${randomUUID().replace(/-/g, "").slice(0, 20)}`,
  reference: () => randomUUID(),
  collect: { description: "Order 42" },
});

export function refOf(order: CollectOrder | PayoutOrder | RefundOrder): OrderRef {
  if ("transactionId" in order && "phone" in order && !("refundId" in order)) {
    return { direction: "collect", id: order.transactionId, reference: order.reference, operatorReference: null, provider: order.provider, country: order.country, currency: order.currency, submittedAt: null, destination: order.phone };
  }
  if ("payoutId" in order) {
    return { direction: "payout", id: order.payoutId, reference: order.reference, operatorReference: null, provider: order.provider, country: order.country, currency: order.currency, submittedAt: null, destination: order.destination };
  }
  return { direction: "refund", id: order.refundId, reference: order.reference, operatorReference: null, provider: order.provider, country: order.country, currency: order.currency, submittedAt: null, destination: order.phone };
}

/** Waits until `check` passes (real time; the simulator's lifecycle runs on its scheduler). */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 15_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() - start > timeoutMs) throw err;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}
