import type { ScenarioStep } from "@/simulators/kit/truth";
import { type MtnSimulator, SIMULATOR_CREDENTIALS, startMtnMomoSimulator } from "@/simulators/mtn-momo";
import { parseObject, plainDigits } from "./json";
import type { CapturedCallback, OperatorStart, OperatorUnderTest } from "./operator";

/**
 * MTN MoMo (Open API, production mode, Côte d'Ivoire, XOF): UUID X-Reference-Ids, 202 then
 * status checks, unsigned callbacks (hints: the platform asks MTN), per-product tokens that MTN
 * may forget before they expire.
 */
export function mtnOperator(accountId: string): OperatorUnderTest {
  let sim: MtnSimulator | null = null;
  const simulator = () => {
    if (!sim) throw new Error("MTN simulator not started");
    return sim;
  };
  return {
    name: "mtn",
    accountId,
    honours: ["hold", "lose_answer", "fail_before_commit", "duplicate_callbacks", "out_of_order_callbacks"] satisfies ScenarioStep["kind"][],
    routes: [{ country: "CI", provider: "mtn", currency: "XOF", directions: ["collect", "payout", "refund"] }],
    partialRefunds: true,
    connectorType: "mtn-momo",
    async start(options: OperatorStart) {
      const c = SIMULATOR_CREDENTIALS;
      sim = await startMtnMomoSimulator({
        mode: "production",
        clock: options.clock,
        settleAfterSeconds: 0,
        balances: { disbursement: "1000000000" },
        subscriptionKeys: { collection: c.COLLECTION_SUBSCRIPTION_KEY, disbursement: c.DISBURSEMENT_SUBSCRIPTION_KEY },
        users: [
          { userId: c.COLLECTION_API_USER, apiKey: c.COLLECTION_API_KEY, product: "collection", callbackHost: options.callbackHost },
          { userId: c.DISBURSEMENT_API_USER, apiKey: c.DISBURSEMENT_API_KEY, product: "disbursement", callbackHost: options.callbackHost },
        ],
      });
    },
    secrets: () => ({ ...SIMULATOR_CREDENTIALS }),
    baseUrl: () => simulator().url,
    settings: () => ({ targetEnvironment: simulator().admin.config.targetEnvironment, currency: "XOF", callbackHost: "127.0.0.1" }),
    phone: (_route, n) => `+22505${plainDigits(n, 8, [])}`,
    scenario: (match, steps) => simulator().scenario(match, steps),
    truth: () => simulator().truth(),
    async settle() {
      simulator().admin.advanceClock(0);
      await simulator().admin.idle();
    },
    forge(callback: CapturedCallback) {
      const body = parseObject(callback.body);
      return body ? { ...callback, body: JSON.stringify({ ...body, status: "SUCCESSFUL", financialTransactionId: "999999999" }) } : null;
    },
    expireTokens() {
      // MTN forgets every token a minute after issuing it, whatever expires_in said.
      simulator().admin.configure({ tokenRevokedAfterSeconds: 60 });
    },
    outage: (calls) => simulator().admin.fault("unavailable", { on: "any", times: calls }),
    async close() {
      await sim?.close();
      sim = null;
    },
  };
}
