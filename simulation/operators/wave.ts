import type { ScenarioStep } from "@/simulators/kit/truth";
import { startWaveSimulator, type WaveSimulator } from "@/simulators/wave";
import { parseObject } from "./json";
import type { CapturedCallback, OperatorStart, OperatorUnderTest } from "./operator";

/**
 * Wave (Senegal, XOF): checkout sessions the customer pays on Wave's page (the harness plays the
 * customer), signed webhooks, payouts under an Idempotency-Key, whole refunds of a session, and
 * payouts Wave reverses after paying.
 */
export function waveOperator(accountId: string): OperatorUnderTest {
  let sim: WaveSimulator | null = null;
  const visited = new Set<string>();
  const simulator = () => {
    if (!sim) throw new Error("Wave simulator not started");
    return sim;
  };
  return {
    name: "wave",
    accountId,
    honours: ["hold", "lose_answer", "fail_before_commit", "duplicate_callbacks", "out_of_order_callbacks", "reverse_after"] satisfies ScenarioStep["kind"][],
    routes: [{ country: "SN", provider: "wave", currency: "XOF", directions: ["collect", "payout", "refund"] }],
    partialRefunds: false,
    connectorType: "wave",
    async start(options: OperatorStart) {
      visited.clear();
      sim = await startWaveSimulator({ clock: options.clock, webhookUrl: options.callbackUrl, balance: 1_000_000_000, payoutSettleAfterSeconds: 0 });
    },
    secrets: () => ({ API_KEY: simulator().admin.apiKey(), WEBHOOK_SECRET: simulator().admin.config.webhookSecrets[0]! }),
    baseUrl: () => simulator().url,
    settings: () => ({}),
    phone: (_route, n) => `+22170${String(1_000_000 + (n % 9_000_000)).slice(-7)}`,
    scenario: (match, steps) => simulator().scenario(match, steps),
    truth: () => simulator().truth(),
    async settle() {
      const s = simulator();
      s.admin.advanceClock(0);
      // The customer: on Wave's page as soon as the session exists, confirming the payment (the
      // order's scenario says when Wave lands it, and how).
      for (const session of s.admin.sessions()) {
        const id = session.id as string;
        if (visited.has(id) || session.checkout_status !== "open") continue;
        visited.add(id);
        try {
          s.admin.pay(id, undefined, (session.restrict_payer_mobile as string | undefined) ?? undefined);
        } catch {
          // closed meanwhile
        }
      }
      await s.admin.idle();
    },
    forge(callback: CapturedCallback) {
      const body = parseObject(callback.body);
      if (!body) return null;
      const data = (body.data ?? {}) as Record<string, unknown>;
      return { ...callback, body: JSON.stringify({ ...body, type: "checkout.session.completed", data: { ...data, checkout_status: "complete", payment_status: "succeeded" } }) };
    },
    outage: (calls) => simulator().admin.fault("unavailable", { on: "any", times: calls }),
    async close() {
      await sim?.close();
      sim = null;
    },
  };
}
