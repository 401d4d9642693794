import { type AirtelSimulator, airtelSimulatorSecrets, startAirtelSimulator } from "@/simulators/airtel";
import type { ScenarioStep } from "@/simulators/kit/truth";
import { parseObject, plainDigits } from "./json";
import type { CapturedCallback, OperatorStart, OperatorUnderTest } from "./operator";

/** Numbers whose last four digits pick an outcome at the simulator: never handed out. */
const MAGIC = ["1002", "1003", "1007", "1008", "1010", "1024", "0777", "9999"];

/**
 * Airtel Money (Gabon, XAF): pushes and disbursements (encrypted PIN), enquiries, whole refunds,
 * callbacks authenticated by a hash (and still only hints: the platform asks Airtel).
 */
export function airtelOperator(accountId: string): OperatorUnderTest {
  let sim: AirtelSimulator | null = null;
  const simulator = () => {
    if (!sim) throw new Error("Airtel simulator not started");
    return sim;
  };
  return {
    name: "airtel",
    accountId,
    honours: ["hold", "lose_answer", "fail_before_commit", "duplicate_callbacks"] satisfies ScenarioStep["kind"][],
    routes: [{ country: "GA", provider: "airtel", currency: "XAF", directions: ["collect", "payout", "refund"] }],
    partialRefunds: false,
    connectorType: "airtel",
    async start(options: OperatorStart) {
      sim = await startAirtelSimulator({ clock: options.clock, callbackUrl: options.callbackUrl, callbackSecret: "sim-airtel-callback-secret", settleAfterSeconds: 0, float: 1_000_000_000 });
    },
    secrets: () => airtelSimulatorSecrets(simulator()),
    baseUrl: () => simulator().url,
    settings: () => ({ country: "GA", currency: "XAF", callbackAuth: "true" }),
    phone: (_route, n) => `+24174${plainDigits(n, 6, MAGIC)}`,
    scenario: (match, steps) => simulator().scenario(match, steps),
    truth: () => simulator().truth(),
    async settle() {
      simulator().admin.advanceClock(0);
      await simulator().admin.idle();
    },
    forge(callback: CapturedCallback) {
      const body = parseObject(callback.body);
      if (!body) return null;
      const transaction = (body.transaction ?? {}) as Record<string, unknown>;
      return { ...callback, body: JSON.stringify({ ...body, transaction: { ...transaction, status_code: "TS", message: "Paid successfully" } }) };
    },
    outage: (calls) => simulator().admin.fault("unavailable", "any", calls),
    async close() {
      await sim?.close();
      sim = null;
    },
  };
}
