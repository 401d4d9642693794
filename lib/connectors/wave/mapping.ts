import type { ConnectorOutcome, NeutralReason, RawOperatorStatus } from "../connector";
import { isCurrency, toMinor } from "@/lib/money";
import { parseJsonObject } from "../parse-json-object";

/**
 * Everything Wave can answer (README "Status mapping"), mapped into the neutral model in ONE table:
 * the error codes of an HTTP answer, a checkout session's (checkout_status, payment_status,
 * last_payment_error), a payout's status and payout_error. Pure; client.ts calls it.
 */
type ErrorRule = { outcome: "failed"; reason: NeutralReason; destinationRelated?: true } | { outcome: "pending" } | { outcome: "duplicate" };

export const WAVE_MAPPING = {
  /** `code` of an error body `{code, message, details?}` answering a submit (session or payout). */
  errorCodes: {
    "missing-auth-header": { outcome: "failed", reason: "configuration_error" },
    "invalid-auth": { outcome: "failed", reason: "configuration_error" },
    "no-matching-api-key": { outcome: "failed", reason: "configuration_error" },
    "api-key-revoked": { outcome: "failed", reason: "configuration_error" },
    "unauthorized-wallet": { outcome: "failed", reason: "configuration_error" },
    "disabled-wallet": { outcome: "failed", reason: "configuration_error" },
    "ip-not-allowed": { outcome: "failed", reason: "configuration_error" },
    "invalid-signature": { outcome: "failed", reason: "configuration_error" },
    "request-validation-error": { outcome: "failed", reason: "invalid_request" },
    "request-not-json": { outcome: "failed", reason: "invalid_request" },
    "country-mismatch": { outcome: "failed", reason: "invalid_request", destinationRelated: true },
    "currency-mismatch": { outcome: "failed", reason: "invalid_request" },
    "aggregated-merchant-required": { outcome: "failed", reason: "configuration_error" },
    "invalid-aggregated-merchant-id": { outcome: "failed", reason: "configuration_error" },
    "insufficient-funds": { outcome: "failed", reason: "merchant_balance_insufficient" }, // payout 422: amount + fee above our wallet
    "recipient-account-blocked": { outcome: "failed", reason: "account_blocked" },
    "recipient-account-inactive": { outcome: "failed", reason: "account_blocked" },
    "recipient-minor": { outcome: "failed", reason: "account_blocked" },
    "recipient-limit-exceeded": { outcome: "failed", reason: "limit_exceeded" },
    "kyb-limits-exceeded": { outcome: "failed", reason: "limit_exceeded" },
    "idempotency-mismatch": { outcome: "duplicate" }, // same key, other body: a bug of ours; look the original up
    "too-many-requests": { outcome: "pending" }, // transient: the same key later
    "service-unavailable": { outcome: "pending" },
    "internal-server-error": { outcome: "pending" },
    "not-found": { outcome: "failed", reason: "configuration_error" }, // on a submit: wrong path or base URL
  } satisfies Record<string, ErrorRule>,
  /** An HTTP status without a code we know. */
  httpFallback: { "401": "configuration_error", "403": "configuration_error", "4xx": "invalid_request" } as Record<string, NeutralReason>,
  /** `last_payment_error.code` of a session (the customer's attempt failed; the session may stay open). */
  paymentErrors: {
    "insufficient-funds": "insufficient_funds",
    "blocked-account": "account_blocked",
    "customer-age-restricted": "account_blocked",
    "payer-mobile-mismatch": "declined",
    "kyb-limits-exceeded": "limit_exceeded",
    "cross-border-payment-not-allowed": "not_allowed",
    "payment-failure": "provider_error",
  } satisfies Record<string, NeutralReason>,
  /** A final session without a known error: expired (the customer never paid in time). */
  expiredWithoutError: "expired" as NeutralReason,
  /**
   * `status` of a payout. `reversed`: the recipient was paid, then the money came back to our
   * wallet (README "Payout reversals"): final, never a success, the merchant is re-credited.
   */
  payoutStatuses: {
    processing: "processing",
    succeeded: "success",
    reversed: "reversed",
    failed: "failed",
  } as Record<string, "processing" | "success" | "reversed" | "failed">,
  /** `payout_error.error_code` of a failed payout. */
  payoutErrors: {
    "insufficient-funds": "merchant_balance_insufficient",
    "recipient-account-blocked": "account_blocked",
    "recipient-account-inactive": "account_blocked",
    "recipient-minor": "account_blocked",
    "recipient-limit-exceeded": "limit_exceeded",
    "country-mismatch": "invalid_request",
    "currency-mismatch": "invalid_request",
    "request-validation-error": "invalid_request",
    "aggregated-merchant-required": "configuration_error",
    "invalid-aggregated-merchant-id": "configuration_error",
    "payout-reversal-time-limit-exceeded": "not_allowed",
    "payout-reversal-account-terminated": "account_blocked",
  } satisfies Record<string, NeutralReason>,
  unknownCode: "other" as NeutralReason,
} as const;

export type WaveSession = {
  id?: unknown;
  amount?: unknown;
  currency?: unknown;
  checkout_status?: unknown;
  payment_status?: unknown;
  client_reference?: unknown;
  last_payment_error?: unknown;
  wave_launch_url?: unknown;
  transaction_id?: unknown;
  when_completed?: unknown;
};

export type WavePayout = { id?: unknown; status?: unknown; payout_error?: unknown; client_reference?: unknown; timestamp?: unknown; receive_amount?: unknown; currency?: unknown };

const str = (v: unknown): string | undefined => (typeof v === "string" && v ? v : undefined);

/** A checkout session → outcome. Open (also after a failed attempt) = processing; the customer may retry. */
export function mapSession(session: WaveSession): ConnectorOutcome {
  const checkout = str(session.checkout_status) ?? "";
  const payment = str(session.payment_status) ?? "";
  const error = readError(session.last_payment_error);
  const raw: RawOperatorStatus = { status: `${checkout}/${payment}`, code: error.code, message: error.message };
  const operatorReference = str(session.id);
  const url = str(session.wave_launch_url);
  if (checkout === "complete" && payment === "succeeded") {
    const when = str(session.when_completed);
    // The session id stays our operator reference (a refund names the session); Wave's
    // transaction id is kept with the raw status.
    const transaction = str(session.transaction_id);
    const amount = waveAmount(session.amount, session.currency);
    return { status: "success", operatorReference, completedAt: when ? new Date(when) : undefined, raw: { ...raw, ...(transaction ? { message: `transaction ${transaction}` } : {}) }, ...(amount ? { amount } : {}) };
  }
  if (checkout === "expired" || payment === "cancelled") {
    const reason = error.code ? (WAVE_MAPPING.paymentErrors as Record<string, NeutralReason>)[error.code] ?? WAVE_MAPPING.unknownCode : WAVE_MAPPING.expiredWithoutError;
    return { status: "failed", reason, message: `Wave: session ${checkout || "?"}, payment ${payment || "?"}${error.code ? ` (${error.code})` : ""}`, operatorReference, raw };
  }
  if (checkout === "open" || (checkout === "complete" && payment === "processing")) {
    return { status: "processing", operatorReference, ...(url ? { nextAction: { type: "redirect" as const, url } } : {}), raw };
  }
  // A combination the reference does not name: never final on a word we do not know.
  return { status: "processing", ambiguous: true, operatorReference, raw };
}

export function mapPayout(payout: WavePayout): ConnectorOutcome {
  const status = str(payout.status) ?? "";
  const error = readError(payout.payout_error);
  const raw: RawOperatorStatus = { status, code: error.code, message: error.message };
  const operatorReference = str(payout.id);
  const rule = WAVE_MAPPING.payoutStatuses[status];
  if (!rule) return { status: "processing", ambiguous: true, operatorReference, raw };
  if (rule === "processing") return { status: "processing", operatorReference, raw };
  if (rule === "success") {
    const amount = waveAmount(payout.receive_amount, payout.currency);
    return { status: "success", operatorReference, raw, ...(amount ? { amount } : {}) };
  }
  if (rule === "reversed") return { status: "reversed", operatorReference, message: "Wave: the payout was reversed, the money is back in our wallet", raw };
  const reason = error.code ? (WAVE_MAPPING.payoutErrors as Record<string, NeutralReason>)[error.code] ?? WAVE_MAPPING.unknownCode : "provider_error";
  return { status: "failed", reason, message: `Wave: payout failed${error.code ? ` (${error.code})` : ""}`, operatorReference, raw, ...(reason === "invalid_request" ? { destinationRelated: error.code === "country-mismatch" } : {}) };
}

/** A non-2xx answer to a submit: by its `code` first, then by the HTTP status. 5xx, 408, 429: unknown. */
export function mapSubmitError(httpStatus: number, body: string): ConnectorOutcome {
  const parsed = parseJsonObject(body);
  const code = str(parsed?.code);
  const message = str(parsed?.message)?.slice(0, 200);
  const raw: RawOperatorStatus = { status: String(httpStatus), code, message };
  const text = `Wave answered HTTP ${httpStatus}${code ? ` ${code}` : ""}`;
  if (httpStatus >= 500 || httpStatus === 408 || httpStatus === 429) return { status: "pending", message: text, raw };
  const rule: ErrorRule | undefined = code ? (WAVE_MAPPING.errorCodes as Record<string, ErrorRule>)[code] : undefined;
  if (rule?.outcome === "pending") return { status: "pending", message: text, raw };
  if (rule?.outcome === "duplicate") return { status: "duplicate", raw };
  if (rule?.outcome === "failed") return { status: "failed", reason: rule.reason, message: text, raw, ...(rule.destinationRelated ? { destinationRelated: true } : {}) };
  const reason = WAVE_MAPPING.httpFallback[String(httpStatus)] ?? (code ? WAVE_MAPPING.unknownCode : WAVE_MAPPING.httpFallback["4xx"]!);
  return { status: "failed", reason, message: text, raw };
}

/**
 * What Wave says moved: its amounts are decimal strings in major units ("1500" XOF), read
 * exactly through lib/money. Anything unreadable states nothing (the core then has no amount to
 * compare), never a guess.
 */
export function waveAmount(amount: unknown, currency: unknown): { minor: bigint; currency: string } | undefined {
  if (typeof amount !== "string" || typeof currency !== "string" || !isCurrency(currency)) return undefined;
  try {
    return { minor: toMinor(amount, currency), currency };
  } catch {
    return undefined;
  }
}

function readError(value: unknown): { code?: string; message?: string } {
  if (!value || typeof value !== "object") return {};
  const v = value as Record<string, unknown>;
  return { code: str(v.code) ?? str(v.error_code), message: (str(v.message) ?? str(v.error_message))?.slice(0, 200) };
}
