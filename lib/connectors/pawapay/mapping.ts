import { isCurrency, toMinorAllowZero } from "@/lib/money";
import type { ConnectorOutcome, NeutralReason, RawOperatorStatus } from "../connector";

/**
 * pawaPay's words → ours, in one table (README.md). Every row
 * is tested (tests/connectors/pawapay/mapping.test.ts); a status or code not listed here becomes
 * `other` with its raw value kept, so a new pawaPay code is visible to ops rather than guessed.
 *
 * Statuses: what pawaPay says of one payment, at initiation (`ACCEPTED`, `REJECTED`,
 * `DUPLICATE_IGNORED`), in a status check (`FOUND` wraps the payment, `NOT_FOUND`) or in its
 * lifecycle (`PROCESSING`, `ENQUEUED`, `IN_RECONCILIATION`, `COMPLETED`, `FAILED`).
 *
 * Failure codes: `failureReason.failureCode` of a REJECTED or FAILED payment, and of the error
 * bodies of 400/401/403 answers. `DEPOSIT_ALREADY_REFUNDED` and `REFUND_IN_PROGRESS` are "already
 * done" answers to a refund (README.md calls them duplicate); they carry another refund's
 * state, not ours, so for our refund they are a final no (`not_allowed`), never `duplicate` —
 * `duplicate` would make the core ask for our refundId, get NOT_FOUND and resubmit forever.
 */
export type StatusRow =
  | { outcome: "processing"; ambiguous?: true }
  | { outcome: "success" }
  | { outcome: "failed" }
  | { outcome: "duplicate" }
  | { outcome: "not_found" };

export const PAWAPAY_MAPPING = {
  statuses: {
    // initiation answers
    ACCEPTED: { outcome: "processing" },
    REJECTED: { outcome: "failed" },
    DUPLICATE_IGNORED: { outcome: "duplicate" },
    // lifecycle
    PROCESSING: { outcome: "processing" },
    SUBMITTED: { outcome: "processing" }, // v1's name for PROCESSING
    ENQUEUED: { outcome: "processing" }, // payouts/refunds held while the provider is down
    IN_RECONCILIATION: { outcome: "processing", ambiguous: true }, // pawaPay resolves it
    COMPLETED: { outcome: "success" },
    FAILED: { outcome: "failed" },
    // status check
    NOT_FOUND: { outcome: "not_found" },
  } satisfies Record<string, StatusRow>,

  failureCodes: {
    PAYER_NOT_FOUND: "account_not_found",
    RECIPIENT_NOT_FOUND: "account_not_found",
    PAYMENT_NOT_APPROVED: "declined",
    INSUFFICIENT_BALANCE: "insufficient_funds",
    PAYER_LIMIT_REACHED: "limit_exceeded",
    WALLET_LIMIT_REACHED: "limit_exceeded",
    PAYMENT_IN_PROGRESS: "payer_busy",
    PAWAPAY_WALLET_OUT_OF_FUNDS: "merchant_balance_insufficient",
    MANUALLY_CANCELLED: "cancelled",
    DEPOSIT_ALREADY_REFUNDED: "not_allowed",
    REFUND_IN_PROGRESS: "not_allowed",
    AMOUNT_OUT_OF_BOUNDS: "invalid_amount",
    AMOUNT_TOO_LARGE: "invalid_amount",
    INVALID_AMOUNT: "invalid_amount",
    INVALID_PHONE_NUMBER: "invalid_request",
    INVALID_CURRENCY: "invalid_request",
    INVALID_PROVIDER: "invalid_request",
    INVALID_INPUT: "invalid_request",
    MISSING_PARAMETER: "invalid_request",
    UNSUPPORTED_PARAMETER: "invalid_request",
    INVALID_PARAMETER: "invalid_request",
    DUPLICATE_METADATA_FIELD: "invalid_request",
    INVALID_COUNTRY: "invalid_request",
    DEPOSITS_NOT_ALLOWED: "not_allowed",
    PAYOUTS_NOT_ALLOWED: "not_allowed",
    REFUNDS_NOT_ALLOWED: "not_allowed",
    PROVIDER_TEMPORARILY_UNAVAILABLE: "provider_unavailable",
    NO_AUTHENTICATION: "configuration_error",
    AUTHENTICATION_ERROR: "configuration_error",
    AUTHORISATION_ERROR: "configuration_error",
    HTTP_SIGNATURE_ERROR: "configuration_error",
    UNSPECIFIED_FAILURE: "provider_error",
    UNKNOWN_ERROR: "provider_error",
    OTHER_ERROR: "provider_error", // v1
  } satisfies Record<string, NeutralReason>,
} as const;

export type PawapayStatus = keyof typeof PAWAPAY_MAPPING.statuses;
export type PawapayFailureCode = keyof typeof PAWAPAY_MAPPING.failureCodes;

/** `failureCode` → neutral reason; an unknown code is `other` (raw code kept by the caller). */
export function reasonFor(failureCode: string | undefined): NeutralReason {
  if (!failureCode) return "provider_error";
  return Object.hasOwn(PAWAPAY_MAPPING.failureCodes, failureCode) ? PAWAPAY_MAPPING.failureCodes[failureCode as PawapayFailureCode] : "other";
}

/** The part of a pawaPay payment (or initiation answer) the mapping reads. */
export type PawapayPaymentView = {
  status?: unknown;
  failureReason?: { failureCode?: unknown; failureMessage?: unknown } | null;
  providerTransactionId?: unknown;
  created?: unknown;
  /** The payment's amount (a decimal string) and currency, as pawaPay states them. */
  amount?: unknown;
  currency?: unknown;
};

/** What pawaPay says moved, in minor units, when its answer states it readably. */
function movedAmount(payment: PawapayPaymentView): { amount?: { minor: bigint; currency: string } } {
  if (typeof payment.currency !== "string" || !isCurrency(payment.currency) || typeof payment.amount !== "string") return {};
  try {
    return { amount: { minor: toMinorAllowZero(payment.amount, payment.currency), currency: payment.currency } };
  } catch {
    return {};
  }
}

/** One pawaPay payment object or initiation answer → our outcome, through the table above. */
export function toOutcome(payment: PawapayPaymentView): ConnectorOutcome {
  const status = typeof payment.status === "string" ? payment.status : "";
  const code = typeof payment.failureReason?.failureCode === "string" ? payment.failureReason.failureCode : undefined;
  const failureMessage = typeof payment.failureReason?.failureMessage === "string" ? payment.failureReason.failureMessage : undefined;
  const raw: RawOperatorStatus = { status, ...(code ? { code } : {}), ...(failureMessage ? { message: failureMessage } : {}) };
  const operatorReference = typeof payment.providerTransactionId === "string" && payment.providerTransactionId ? payment.providerTransactionId : undefined;
  const row: StatusRow | undefined = Object.hasOwn(PAWAPAY_MAPPING.statuses, status) ? PAWAPAY_MAPPING.statuses[status as PawapayStatus] : undefined;
  if (!row) {
    // An unknown status is not a final answer: keep asking rather than fail money that may move.
    return { status: "processing", ambiguous: true, raw, operatorReference };
  }
  switch (row.outcome) {
    case "processing":
      return { status: "processing", ...(row.ambiguous ? { ambiguous: true } : {}), operatorReference, raw };
    case "success":
      return { status: "success", operatorReference, raw, ...movedAmount(payment) };
    case "failed": {
      const reason = reasonFor(code);
      return { status: "failed", reason, message: failureMessage ?? `pawaPay: ${status}${code ? ` ${code}` : ""}`, operatorReference, raw };
    }
    case "duplicate":
      return { status: "duplicate", raw };
    case "not_found":
      return { status: "not_found", raw };
  }
}
