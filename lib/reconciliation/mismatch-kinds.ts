/**
 * The differences reconciliation records (docs/design/reconciliation.md, "What a mismatch is"),
 * each with the sentence `ops recon:report` shows next to it.
 */
export const MISMATCH_KINDS = {
  missing_on_our_side: "the operator's records show a transaction under a reference we hold no order for on this account",
  missing_at_operator: "we hold an order as sent to this account that the operator says it never had, or that its records do not show",
  status_differs: "the operator and we disagree on where the order stands (one says the money moved, the other not, or one is not final)",
  amount_differs: "both say the money moved, for different amounts or currencies",
  unknown_callback_reference: "the operator called back about a reference we hold no order for on this account",
  float_differs: "our float at the operator moved by another amount than our orders on the account moved through it since the last reading that agreed",
} as const;

export type MismatchKind = keyof typeof MISMATCH_KINDS;

export const isMismatchKind = (value: string): value is MismatchKind => Object.hasOwn(MISMATCH_KINDS, value);

/** Kinds about one of our orders: a later run that finds the order and the operator agreeing ends them. */
export const ORDER_KINDS: readonly MismatchKind[] = ["missing_at_operator", "status_differs", "amount_differs"];
