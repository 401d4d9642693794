import { config, type AppEnvironment } from "@/lib/config";
import type { NeutralReason } from "@/lib/connectors/connector";
import { platformErrorCode } from "@/lib/connectors/platform-error-code";
import { NO_ANSWER, OUTCOMES, simulatorDelayMs } from "@/lib/connectors/simulator/simulator-connector";

/**
 * What the dashboard's empty states show a new merchant (issue 18): the requests of a first
 * payment and payout, ready to copy with this deployment's real API base URL, and the sandbox
 * test numbers, read from the simulator's own table (never restated here). The key itself is
 * never in a command: it is shown once at sign-up or rotation, so commands say $API_KEY.
 */

/** The API base URL merchants call for `environment`: this deployment's, or the other's when configured. */
export function apiBaseUrl(environment: AppEnvironment): string {
  return config.apiServers().find((s) => s.environment === environment)?.url ?? `${config.publicUrl()}/api/v1`;
}

/** A Senegal Orange Money number whose last two digits (12) are in no failure row: the simulator says success. */
export const EXAMPLE_PHONE = "+221770000012";

export type ApiExample = { method: "POST"; url: string; body: Record<string, unknown>; curl: string };

function example(url: string, body: Record<string, unknown>): ApiExample {
  const curl = [`curl -X POST ${url}`, `-H "X-API-Key: $API_KEY"`, `-H "Content-Type: application/json"`, `-d '${JSON.stringify(body)}'`].join(" \\\n  ");
  return { method: "POST", url, body, curl };
}

/** POST /payments/initiate, direct: the prompt goes to the example phone, which the sandbox approves. */
export function firstPaymentExample(environment: AppEnvironment): ApiExample {
  return example(`${apiBaseUrl(environment)}/payments/initiate`, {
    type: "direct",
    amount: 5000,
    currency: "XOF",
    country: "SN",
    provider: "orange",
    customerPhone: EXAMPLE_PHONE,
    externalReference: "first-payment-1",
  });
}

/** The payout in two requests: a quote (fees, what arrives), then the payout of that quote. */
export function firstPayoutExamples(environment: AppEnvironment, quoteId = "QUOTE_ID"): { quote: ApiExample; initiate: ApiExample } {
  const base = apiBaseUrl(environment);
  return {
    quote: example(`${base}/payouts/quote`, { amount: 10000, currency: "XOF", destinationCountry: "SN", method: "orange" }),
    initiate: example(`${base}/payouts/initiate`, { quoteId, recipient: { phone: EXAMPLE_PHONE, name: "Awa Diop" }, externalReference: "first-payout-1" }),
  };
}

/** What the simulator does with a number ending in `digits`, per direction. */
export type SandboxOutcome = { kind: "fails"; direction: "collect" | "payout"; reason: NeutralReason; code: string; message: string } | { kind: "no_answer" };
export type TestNumberRow = { digits: string; collect: SandboxOutcome | null; payout: SandboxOutcome | null };

/**
 * The simulator's table as rows (last two digits → collect and payout outcome, with the failure
 * code the API and webhooks carry), the never-answering digits last. Any other ending succeeds
 * after `answerSeconds`. Refunds take the payout column by the refunded amount's last two digits
 * (in minor units).
 */
export function sandboxTestNumbers(): { rows: TestNumberRow[]; answerSeconds: number; noAnswerDigits: string } {
  const outcome = (direction: "collect" | "payout", digits: string): SandboxOutcome | null => {
    const failure = OUTCOMES[direction][digits];
    return failure ? { kind: "fails", direction, reason: failure.reason, code: platformErrorCode(direction, failure.reason), message: failure.message } : null;
  };
  const digits = [...new Set([...Object.keys(OUTCOMES.collect), ...Object.keys(OUTCOMES.payout)])].sort();
  const rows = digits.map((d) => ({ digits: d, collect: outcome("collect", d), payout: outcome("payout", d) }));
  rows.push({ digits: NO_ANSWER, collect: { kind: "no_answer" }, payout: { kind: "no_answer" } });
  return { rows, answerSeconds: Math.round(simulatorDelayMs() / 100) / 10, noAnswerDigits: NO_ANSWER };
}
