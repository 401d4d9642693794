import { config, type AppEnvironment } from "@/lib/config";
import { fromMinor, type CurrencyCode } from "@/lib/money";
import { defaultPayoutLimit } from "@/lib/payouts/payout-limit-defaults";
import { SEED_CHANNELS, SEED_COUNTRIES } from "@/lib/reference/catalogue-seed";
import { SEED_NUMBERING_PLANS } from "@/lib/reference/numbering-seed";
import { sampleNumber } from "@/lib/reference/sample-numbers";
import type { NeutralReason } from "@/lib/connectors/connector";
import { platformErrorCode } from "@/lib/connectors/platform-error-code";
import { NO_ANSWER, OUTCOMES, REVERSED, simulatorDelayMs } from "@/lib/connectors/sandbox/sandbox-connector";
import { merchantCountry as readMerchantCountry } from "@/lib/merchants/merchant-records";

/**
 * What the dashboard's empty states show a new merchant: the requests of a first
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

/**
 * What the examples use in the merchant's country: its currency, the operator of the first block
 * of its numbering plan that has a method here (Orange in SN, M-Pesa in KE, MTN in UG), a sandbox
 * number of that operator (ending …12: success) and amounts inside the channels' bounds and the
 * default per-payout minimum. Senegal keeps the numbers the docs have always shown.
 */
export type CountryExample = { country: string; currency: CurrencyCode; provider: string; phone: string; collectAmount: number; payoutAmount: number };

export function countryExample(code: string): CountryExample {
  const country = SEED_COUNTRIES.find((c) => c.code === code && c.active) ?? SEED_COUNTRIES.find((c) => c.code === "SN")!;
  const plan = SEED_NUMBERING_PLANS.find((p) => p.country === country.code);
  const channel = (provider: string, direction: "collect" | "payout") =>
    SEED_CHANNELS.find((c) => c.providerCode === provider && c.countryCode === country.code && c.currency === country.currency && c.direction === direction);
  const provider = plan?.operators.find((o) => o.provider && channel(o.provider, "collect") && channel(o.provider, "payout"))?.provider;
  if (!provider) return countryExample("SN");
  const currency = country.currency;
  const collect = channel(provider, "collect")!;
  const payout = channel(provider, "payout")!;
  const payoutMinimum = defaultPayoutLimit("perTxMin", currency);
  const payoutAmount = payout.minAmount * 20n > payoutMinimum ? payout.minAmount * 20n : payoutMinimum;
  return {
    country: country.code,
    currency,
    provider,
    phone: country.code === "SN" ? EXAMPLE_PHONE : sampleNumber(country.code, provider),
    collectAmount: fromMinor(collect.minAmount * 50n, currency),
    payoutAmount: fromMinor(payoutAmount, currency),
  };
}

/** The merchant's country, for its examples. */
export async function merchantCountry(merchantId: string): Promise<string> {
  return (await readMerchantCountry(merchantId)) ?? "SN";
}

export type ApiExample = { method: "POST"; url: string; body: Record<string, unknown>; curl: string };

function example(url: string, body: Record<string, unknown>): ApiExample {
  const curl = [`curl -X POST ${url}`, `-H "X-API-Key: $API_KEY"`, `-H "Content-Type: application/json"`, `-d '${JSON.stringify(body)}'`].join(" \\\n  ");
  return { method: "POST", url, body, curl };
}

/** POST /payments/initiate, direct: the prompt goes to the example phone, which the sandbox approves. */
export function firstPaymentExample(environment: AppEnvironment, country = "SN"): ApiExample {
  const e = countryExample(country);
  return example(`${apiBaseUrl(environment)}/payments/initiate`, {
    type: "direct",
    amount: e.collectAmount,
    currency: e.currency,
    country: e.country,
    provider: e.provider,
    customerPhone: e.phone,
    externalReference: "first-payment-1",
  });
}

/** The payout in two requests: a quote (fees, what arrives), then the payout of that quote. */
export function firstPayoutExamples(environment: AppEnvironment, quoteId = "QUOTE_ID", country = "SN"): { quote: ApiExample; initiate: ApiExample } {
  const base = apiBaseUrl(environment);
  const e = countryExample(country);
  return {
    quote: example(`${base}/payouts/quote`, { amount: e.payoutAmount, currency: e.currency, destinationCountry: e.country, method: e.provider }),
    initiate: example(`${base}/payouts/initiate`, { quoteId, recipient: { phone: e.phone, name: "Awa Diop" }, externalReference: "first-payout-1" }),
  };
}

/** What the simulator does with a number ending in `digits`, per direction. */
export type SandboxOutcome = { kind: "fails"; direction: "collect" | "payout"; reason: NeutralReason; code: string; message: string } | { kind: "no_answer" } | { kind: "reversed" };
export type TestNumberRow = { digits: string; collect: SandboxOutcome | null; payout: SandboxOutcome | null };

/**
 * The simulator's table as rows (last two digits → collect and payout outcome, with the failure
 * code the API and webhooks carry), then the reversed payout's, the never-answering digits last.
 * Any other ending succeeds after `answerSeconds`. Refunds take the payout column by the refunded amount's last two digits
 * (in minor units).
 */
export function sandboxTestNumbers(): { rows: TestNumberRow[]; answerSeconds: number; noAnswerDigits: string } {
  const outcome = (direction: "collect" | "payout", digits: string): SandboxOutcome | null => {
    const failure = OUTCOMES[direction][digits];
    return failure ? { kind: "fails", direction, reason: failure.reason, code: platformErrorCode(direction, failure.reason), message: failure.message } : null;
  };
  const digits = [...new Set([...Object.keys(OUTCOMES.collect), ...Object.keys(OUTCOMES.payout)])].sort();
  const rows = digits.map((d) => ({ digits: d, collect: outcome("collect", d), payout: outcome("payout", d) }));
  // Paid, then returned by the operator: payouts only (a payment ending so succeeds).
  rows.push({ digits: REVERSED, collect: null, payout: { kind: "reversed" } });
  rows.push({ digits: NO_ANSWER, collect: { kind: "no_answer" }, payout: { kind: "no_answer" } });
  return { rows, answerSeconds: Math.round(simulatorDelayMs() / 100) / 10, noAnswerDigits: NO_ANSWER };
}
