import type { NeutralReason } from "./connector";

/**
 * docs/design/connectors.md in one table: a connector's neutral reason → the platform failure code the
 * merchant sees (the spec's lists: collect `insufficient_funds`, `user_cancelled`, `timeout`,
 * `provider_error`, `invalid_phone`; payout `invalid_recipient`, `insufficient_balance`,
 * `provider_error`, `limit_exceeded`, `account_blocked`). Where the reference has no payout code
 * ("-"), or proposes one outside the spec's list (`cancelled`), the payout gets `provider_error`.
 * Refunds use the payout column: a refund is money sent to a wallet.
 */
export type CollectFailureCode = "insufficient_funds" | "user_cancelled" | "timeout" | "provider_error" | "invalid_phone";
export type PayoutFailureCode = "invalid_recipient" | "insufficient_balance" | "provider_error" | "limit_exceeded" | "account_blocked";

export const REASON_TABLE: Record<NeutralReason, { collect: CollectFailureCode; payout: PayoutFailureCode }> = {
  insufficient_funds: { collect: "insufficient_funds", payout: "provider_error" },
  merchant_balance_insufficient: { collect: "provider_error", payout: "insufficient_balance" },
  account_not_found: { collect: "invalid_phone", payout: "invalid_recipient" },
  account_blocked: { collect: "provider_error", payout: "account_blocked" },
  limit_exceeded: { collect: "provider_error", payout: "limit_exceeded" },
  declined: { collect: "user_cancelled", payout: "provider_error" },
  expired: { collect: "timeout", payout: "provider_error" },
  payer_busy: { collect: "provider_error", payout: "provider_error" },
  invalid_amount: { collect: "provider_error", payout: "provider_error" },
  invalid_request: { collect: "provider_error", payout: "provider_error" },
  not_allowed: { collect: "provider_error", payout: "provider_error" },
  cancelled: { collect: "user_cancelled", payout: "provider_error" },
  provider_unavailable: { collect: "provider_error", payout: "provider_error" },
  provider_error: { collect: "provider_error", payout: "provider_error" },
  configuration_error: { collect: "provider_error", payout: "provider_error" },
  other: { collect: "provider_error", payout: "provider_error" },
};

/** `invalid_request` about the phone number or account itself is the merchant's input, not ours. */
const DESTINATION_INVALID = { collect: "invalid_phone", payout: "invalid_recipient" } as const;

export function platformErrorCode(direction: "collect", reason: NeutralReason, destinationRelated?: boolean): CollectFailureCode;
export function platformErrorCode(direction: "payout" | "refund", reason: NeutralReason, destinationRelated?: boolean): PayoutFailureCode;
export function platformErrorCode(direction: "collect" | "payout" | "refund", reason: NeutralReason, destinationRelated?: boolean): CollectFailureCode | PayoutFailureCode;
export function platformErrorCode(direction: "collect" | "payout" | "refund", reason: NeutralReason, destinationRelated = false): CollectFailureCode | PayoutFailureCode {
  const column = direction === "collect" ? "collect" : "payout";
  if (reason === "invalid_request" && destinationRelated) return DESTINATION_INVALID[column];
  return (REASON_TABLE[reason] ?? REASON_TABLE.other)[column];
}

/** Reasons that mean our side is misconfigured: worth an ops alert, not only a failed order. */
export const needsOpsAttention = (reason: NeutralReason) => reason === "configuration_error" || reason === "other";
