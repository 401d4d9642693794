import type { PaymentLink } from "@/lib/db/generated/client";
import type { LinkStatus } from "./payment-link-schemas";

/**
 * A link's state at a moment, strongest reason first: deactivated by the merchant, past its
 * expiry, or every place taken by a successful payment (`maxPayments`). Derived, never stored:
 * an expiry passes and a cap fills without any write.
 */
export type LinkTotals = {
  /** Successful payments (refunded ones included: they were paid). */
  paidCount: number;
  /** Their amounts less what was refunded, minor units. */
  collected: bigint;
  /**
   * Payments that succeeded or can still succeed: paid, processing, or pending / failed before
   * their expiry (a failed checkout may be retried until then). These hold the places of `maxPayments`.
   */
  holding: number;
};

export const NO_TOTALS: LinkTotals = { paidCount: 0, collected: 0n, holding: 0 };

type StatusInput = Pick<PaymentLink, "deactivatedAt" | "expiresAt" | "maxPayments">;

export function linkStatus(link: StatusInput, totals: Pick<LinkTotals, "paidCount">, now = new Date()): LinkStatus {
  if (link.deactivatedAt) return "deactivated";
  if (link.expiresAt && link.expiresAt.getTime() <= now.getTime()) return "expired";
  if (link.maxPayments !== null && totals.paidCount >= link.maxPayments) return "completed";
  return "active";
}
