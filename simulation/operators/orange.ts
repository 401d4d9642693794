import type { ScenarioStep } from "@/simulators/kit/truth";
import { type OrangeSimulator, startOrangeWebpaySimulator } from "@/simulators/orange-webpay";
import { parseObject } from "./json";
import type { CapturedCallback, OperatorStart, OperatorUnderTest } from "./operator";

/**
 * Orange Money WebPay (Côte d'Ivoire, XOF): collects only, the customer pays on Orange's page
 * (the harness plays the customer), unsigned notifications (hints) carrying a notif_token.
 */
export function orangeOperator(accountId: string): OperatorUnderTest {
  let sim: OrangeSimulator | null = null;
  const visited = new Set<string>();
  const simulator = () => {
    if (!sim) throw new Error("Orange simulator not started");
    return sim;
  };
  return {
    name: "orange",
    accountId,
    honours: ["hold", "lose_answer", "fail_before_commit", "duplicate_callbacks"] satisfies ScenarioStep["kind"][],
    routes: [{ country: "CI", provider: "orange", currency: "XOF", directions: ["collect"] }],
    partialRefunds: false,
    connectorType: "orange-webpay",
    async start(options: OperatorStart) {
      visited.clear();
      sim = await startOrangeWebpaySimulator({ clock: options.clock, requireHttpsNotifUrl: false });
    },
    secrets: () => {
      const c = simulator().admin.credentials;
      return { CLIENT_ID: c.clientId, CLIENT_SECRET: c.clientSecret, MERCHANT_KEY: c.merchantKey };
    },
    baseUrl: () => simulator().url,
    settings: () => ({ countryPath: "ci" }),
    // WebPay never sees the customer's number; scenarios match the order's reference instead.
    phone: (_route, n) => `+225070${String(1_000_000 + (n % 9_000_000)).slice(-7)}`,
    scenario: (match, steps) => simulator().scenario(match, steps),
    // The order_id Orange knows is our reference without its `txn_` prefix.
    truth: () => simulator().truth().map((t) => ({ ...t, reference: `txn_${t.reference}` })),
    async settle() {
      const s = simulator();
      s.admin.advanceClock(0);
      for (const request of s.admin.requests()) {
        const orderId = (parseObject(request.body)?.order_id as string | undefined) ?? null;
        if (!orderId || visited.has(orderId)) continue;
        const payment = s.admin.payment(orderId);
        if (!payment) continue;
        visited.add(orderId);
        try {
          s.admin.pay(payment.payToken, "SUCCESS");
        } catch {
          // final already
        }
      }
      await s.admin.idle();
    },
    forge(callback: CapturedCallback) {
      const body = parseObject(callback.body);
      return body ? { ...callback, body: JSON.stringify({ ...body, status: "SUCCESS", txnid: "MP000000.FORGED" }) } : null;
    },
    outage: () => simulator().admin.fault("unavailable"),
    async close() {
      await sim?.close();
      sim = null;
    },
  };
}
