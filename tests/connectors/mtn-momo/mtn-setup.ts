import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { CollectOrder, IncomingCallback, OrderRef, PayoutOrder, RefundOrder } from "@/lib/connectors/connector";
import { mtnMomoSettingsSchema, type MtnMomoSettings } from "@/lib/connectors/mtn-momo";
import { startMtnMomoSimulator, type MtnSimulator, type MtnSimulatorOptions } from "@/simulators/mtn-momo";
import { testConnectorContext, type TestConnectorContext } from "@/tests/helpers/connector-context";
import { connectorOrders } from "@/tests/helpers/connector-orders";

/**
 * An MTN MoMo simulator with one API user per product, and a connector context pointed at it
 * over real HTTP. Production mode (mtnivorycoast, XOF) unless `mode: "sandbox"`.
 */
export type MtnSetup = { sim: MtnSimulator; context: TestConnectorContext<MtnMomoSettings>; secrets: Record<string, string> };

export async function startMtnSetup(
  options: MtnSimulatorOptions & { settings?: Record<string, unknown>; secrets?: Record<string, string>; callbackUrl?: string; totalTimeoutMs?: number } = {},
): Promise<MtnSetup> {
  const { settings: settingsPatch, secrets: secretsPatch, callbackUrl, totalTimeoutMs, ...simOptions } = options;
  const sim = await startMtnMomoSimulator({ mode: "production", ...simOptions });
  const collection = sim.admin.provisionUser({ product: "collection", callbackHost: "127.0.0.1" });
  const disbursement = sim.admin.provisionUser({ product: "disbursement", callbackHost: "127.0.0.1" });
  const secrets: Record<string, string> = {
    COLLECTION_SUBSCRIPTION_KEY: sim.admin.subscriptionKey("collection"),
    COLLECTION_API_USER: collection.userId,
    COLLECTION_API_KEY: collection.apiKey,
    DISBURSEMENT_SUBSCRIPTION_KEY: sim.admin.subscriptionKey("disbursement"),
    DISBURSEMENT_API_USER: disbursement.userId,
    DISBURSEMENT_API_KEY: disbursement.apiKey,
    ...secretsPatch,
  };
  for (const [k, v] of Object.entries(secrets)) if (v === "") delete secrets[k];
  const settings = mtnMomoSettingsSchema.parse({ targetEnvironment: sim.admin.config.targetEnvironment, currency: sim.admin.config.currency, ...settingsPatch });
  const context = testConnectorContext<MtnMomoSettings>({ type: "mtn-momo", baseUrl: sim.url, settings, secrets, callbackUrl, totalTimeoutMs });
  return { sim, context, secrets };
}

/** MTN MoMo's orders (Côte d'Ivoire, XOF): MTN takes a UUID as the request's reference (X-Reference-Id). */
export const { collectOrder, payoutOrder, refundOrder } = connectorOrders({
  provider: "mtn",
  country: "CI",
  currency: "XOF",
  phone: null,
  collectAmount: 1500n,
  payoutAmount: 2500n,
  id: (prefix) => `${prefix}_${randomUUID().slice(0, 8)}`,
  reference: () => randomUUID(),
});

export function refOf(order: CollectOrder | PayoutOrder | RefundOrder): OrderRef {
  const direction = "transactionId" in order && !("refundId" in order) ? "collect" : "payoutId" in order ? "payout" : "refund";
  const id = "refundId" in order ? order.refundId : "payoutId" in order ? order.payoutId : order.transactionId;
  const destination = "destination" in order ? order.destination : order.phone;
  return { direction, id, reference: order.reference, operatorReference: null, provider: order.provider, country: order.country, currency: order.currency, submittedAt: new Date(), destination };
}

/** A loopback receiver standing in for our callback route: keeps what arrives, answers 200 (500 to the first `failFirst`). */
export async function startCallbackReceiver(options: { failFirst?: number } = {}): Promise<{ url: string; received: IncomingCallback[]; close(): Promise<void> }> {
  const received: IncomingCallback[] = [];
  let failures = options.failFirst ?? 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      received.push({ method: req.method ?? "", url: req.url ?? "", headers, rawBody: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(failures-- > 0 ? 500 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/v1/connectors/mtn-test/callback`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
