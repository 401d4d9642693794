import type { ScenarioStep } from "@/simulators/kit/truth";
import { MPESA_SIM_SETTINGS, type MpesaSimulator, mpesaSimulatorSecrets, startMpesaSimulator } from "@/simulators/mpesa-daraja";
import { parseObject, plainDigits } from "./json";
import type { CapturedCallback, OperatorStart, OperatorUnderTest } from "./operator";

/** Payer numbers whose last four digits pick an STK result at the simulator: never handed out. */
const MAGIC = ["0001", "1032", "2001", "1037", "1019", "1001", "0017", "0026", "1025", "9999", "7777"];

/**
 * M-Pesa Daraja (Kenya, KES): STK pushes confirmed by the STK query, B2C payouts confirmed by
 * Transaction Status, unsigned callbacks (hints). No refunds (Daraja's reversal is not built).
 */
export function mpesaOperator(accountId: string): OperatorUnderTest {
  let sim: MpesaSimulator | null = null;
  const simulator = () => {
    if (!sim) throw new Error("M-Pesa simulator not started");
    return sim;
  };
  return {
    name: "mpesa",
    accountId,
    honours: ["hold", "lose_answer", "fail_before_commit", "duplicate_callbacks", "out_of_order_callbacks"] satisfies ScenarioStep["kind"][],
    routes: [{ country: "KE", provider: "mpesa", currency: "KES", directions: ["collect", "payout"] }],
    partialRefunds: false,
    connectorType: "mpesa-daraja",
    async start(options: OperatorStart) {
      sim = await startMpesaSimulator({ clock: options.clock, allowHttpCallbacks: true, settleAfterSeconds: 0, resultAfterSeconds: 0, floats: { [MPESA_SIM_SETTINGS.b2cShortcode]: 1_000_000_000 } });
    },
    secrets: () => mpesaSimulatorSecrets(simulator()),
    baseUrl: () => simulator().url,
    settings: () => ({ ...MPESA_SIM_SETTINGS }),
    phone: (_route, n) => `+2547${plainDigits(n, 8, MAGIC)}`,
    scenario: (match, steps) => simulator().scenario(match, steps),
    // Daraja keeps STK prompts under its own CheckoutRequestID: the payer's number says whose it is.
    truth() {
      const s = simulator();
      const phoneOf = new Map<string, string>([
        ...s.admin.stkPushes().map((k) => [k.checkoutRequestId, `+${k.phone}`] as [string, string]),
        ...s.admin.payments().map((p) => [p.originatorConversationId, `+${p.partyB}`] as [string, string]),
      ]);
      return s.truth().map((t) => ({ ...t, destination: phoneOf.get(t.reference) }));
    },
    async settle() {
      simulator().admin.advanceClock(0);
      await simulator().admin.idle();
    },
    forge(callback: CapturedCallback) {
      const body = parseObject(callback.body);
      const stk = (body?.Body as { stkCallback?: Record<string, unknown> } | undefined)?.stkCallback;
      if (!body || !stk) return null;
      return { ...callback, body: JSON.stringify({ Body: { stkCallback: { ...stk, ResultCode: 0, ResultDesc: "The service request is processed successfully." } } }) };
    },
    outage: (calls) => simulator().admin.fault("unavailable", "any", calls),
    async close() {
      await sim?.close();
      sim = null;
    },
  };
}
