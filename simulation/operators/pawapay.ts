import { clearCallbackKeyCache } from "@/lib/connectors/pawapay/callbacks";
import { clearActiveConfCache } from "@/lib/connectors/pawapay/client";
import type { ScenarioStep } from "@/simulators/kit/truth";
import { type PawapaySimulator, startPawapaySimulator } from "@/simulators/pawapay";
import type { CapturedCallback, OperatorStart, OperatorUnderTest, RouteSpec } from "./operator";

/**
 * pawaPay (Merchant API v2) for Orange Senegal, XOF: signed callbacks (RFC 9421, required),
 * UUID references, deposits, payouts and refunds (partial allowed), ENQUEUED holds and
 * IN_RECONCILIATION. The simulator's own test numbers are off: the harness decides outcomes.
 */
export function pawapayOperator(accountId: string): OperatorUnderTest {
  let sim: PawapaySimulator | null = null;
  const simulator = () => {
    if (!sim) throw new Error("pawaPay simulator not started");
    return sim;
  };
  return {
    name: "pawapay",
    accountId,
    honours: ["hold", "reconcile", "lose_answer", "fail_before_commit", "duplicate_callbacks", "out_of_order_callbacks"] satisfies ScenarioStep["kind"][],
    routes: [
      { country: "SN", provider: "orange", currency: "XOF", directions: ["collect", "payout", "refund"] },
      // MTN Côte d'Ivoire through pawaPay, when the MTN account's breaker is open.
      { country: "CI", provider: "mtn", currency: "XOF", directions: ["collect", "payout"], fallbackFor: true },
    ],
    partialRefunds: true,
    connectorType: "pawapay",
    async start(options: OperatorStart) {
      // A new simulator signs with new keys and has another active-conf: forget the cached ones.
      clearActiveConfCache();
      clearCallbackKeyCache();
      sim = await startPawapaySimulator({
        clock: options.clock,
        callbackUrl: options.callbackUrl,
        testNumbers: false,
        delays: { processingMs: 0, finalMs: 0, reconciliationMs: 60_000 },
        // The scheduler is stepped by the harness (settle): no background tick needed.
        tickMs: 60_000,
        wallets: [
          { country: "SEN", currency: "XOF", balance: "1000000000" },
          { country: "CIV", currency: "XOF", balance: "1000000000" },
        ],
      });
    },
    secrets: () => ({ API_TOKEN: simulator().token() }),
    baseUrl: () => simulator().url,
    settings: () => ({ requireSignedCallbacks: "true" }),
    phone: (route: RouteSpec, n: number) => (route.country === "CI" ? `+22505${String(10_000_000 + n).slice(-8)}` : `+22177${String(1_000_000 + n).slice(-7)}`),
    scenario: (match, steps) => simulator().scenario(match, steps),
    truth() {
      const byId = new Map(simulator().admin.payments().map((p) => [p.id, p]));
      return simulator()
        .truth()
        .map((t) => ({ ...t, destination: byId.get(t.reference) ? `+${byId.get(t.reference)!.phoneNumber}` : undefined }));
    },
    async settle() {
      simulator().admin.advance(0);
      await simulator().admin.idle();
    },
    forge(callback: CapturedCallback) {
      const body = parse(callback.body);
      if (!body) return null;
      // A success the operator never signed: the signature stays, the body does not match it.
      return { ...callback, body: JSON.stringify({ ...body, status: "COMPLETED", providerTransactionId: "FORGED1" }) };
    },
    outage(calls) {
      simulator().admin.failNext({ resource: "any", when: "before-commit", kind: "500", times: calls });
      simulator().admin.failNext({ resource: "status", when: "before-commit", kind: "500", times: calls });
    },
    async close() {
      await sim?.close();
      sim = null;
    },
  };
}

function parse(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
