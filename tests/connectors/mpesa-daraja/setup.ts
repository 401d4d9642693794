import http from "node:http";
import type { AddressInfo } from "node:net";
import type { CallbackResult, IncomingCallback, OrderRef, PayoutOrder, CollectOrder } from "@/lib/connectors/connector";
import { connectorOrders } from "@/tests/helpers/connector-orders";
import { mpesaDarajaConnector, mpesaDarajaSettingsSchema, type MpesaDarajaSettings } from "@/lib/connectors/mpesa-daraja";
import { MPESA_SIM_SETTINGS, mpesaSimulatorSecrets, startMpesaSimulator, type MpesaSimulatorOptions } from "@/simulators/mpesa-daraja";
import { testConnectorContext } from "../../helpers/connector-context";

/**
 * The Daraja simulator, a local receiver its callbacks land on (handed to parseCallback as the
 * platform's callback route would), and a connector context over real HTTP. The account id has
 * no "mpesa" in it: Daraja is reported to refuse such callback URLs (README.md).
 */
export async function startDaraja(simOptions: MpesaSimulatorOptions = {}, secrets: Record<string, string> = {}) {
  const received: IncomingCallback[] = [];
  let receiverUrl = "";
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      received.push({ method: req.method!, url: `${receiverUrl}${req.url}`, headers, rawBody: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200).end("{}");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const sim = await startMpesaSimulator({ allowHttpCallbacks: true, settleAfterSeconds: 2, ...simOptions });
  const context = testConnectorContext<MpesaDarajaSettings>({
    type: "mpesa-daraja",
    accountId: "safaricom-ke",
    baseUrl: sim.url,
    settings: mpesaDarajaSettingsSchema.parse(MPESA_SIM_SETTINGS),
    secrets: { ...mpesaSimulatorSecrets(sim), ...secrets },
    callbackUrl: `${receiverUrl}/api/v1/connectors/safaricom-ke/callback`,
  });
  const ofKind = (kind: string) => received.filter((c) => new URL(c.url).searchParams.get("kind") === kind);
  return {
    sim,
    context,
    received,
    ofKind,
    parse: (cb: IncomingCallback): Promise<CallbackResult> => mpesaDarajaConnector.parseCallback(context, cb),
    /** Lets the simulator's clock run `seconds` and waits for the callbacks that fall due. */
    async advance(seconds: number) {
      sim.admin.advanceClock(seconds);
      await sim.admin.idle();
    },
    async close() {
      await sim.close();
      await new Promise<void>((r) => receiver.close(() => r()));
    },
  };
}

let n = 0;
/** M-Pesa's orders (Kenya, KES): short ids, unique across files (Daraja keeps the reference in its own fields). */
export const { collectOrder, payoutOrder } = connectorOrders({
  provider: "mpesa",
  country: "KE",
  currency: "KES",
  phone: null,
  collectAmount: 150_00n,
  payoutAmount: 500_00n,
  id: (prefix) => `${prefix}_ke${++n}${Date.now().toString(36)}`,
});
/** The OrderRef the core hands `status`: amount and destination as stored, and the hinted operator id when a callback gave one. */
export const refOf = (order: CollectOrder | PayoutOrder, extra: Partial<OrderRef> = {}): OrderRef =>
  "payoutId" in order
    ? { direction: "payout", id: order.payoutId, reference: order.reference, operatorReference: null, provider: "mpesa", country: "KE", currency: "KES", submittedAt: new Date(), destination: order.destination, amountMinor: order.amountMinor, ...extra }
    : { direction: "collect", id: order.transactionId, reference: order.reference, operatorReference: null, provider: "mpesa", country: "KE", currency: "KES", submittedAt: new Date(), destination: order.phone, amountMinor: order.amountMinor, ...extra };
