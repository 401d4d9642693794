import { applyOrderStatus, type OrderTransitions } from "@/lib/connectors/apply-order-status";
import type { ConnectorOutcome } from "@/lib/connectors/connector";
import { getPrisma } from "@/lib/db/client";
import type { Payout } from "@/lib/db/generated/client";
import { transitionPayout } from "./transition-payout";

/**
 * How an operator's answer moves a payout (the shared rules: applyOrderStatus): accepted →
 * processing (processedAt, no longer queued); success finalises the hold, failure releases it in
 * full (transitionPayout).
 */
const payoutTransitions: OrderTransitions<Payout> = {
  direction: "payout",
  reload: async (id) => (await getPrisma()).payout.findUnique({ where: { id } }),
  transition: (tx, payout, to, changes, note) => transitionPayout(tx, payout, to, to === "processing" ? { ...changes, queuedReason: null } : changes, note),
};

/** The one place an operator's answer changes a payout (DESIGN §13): poll, callback, ops re-check. */
export function applyPayoutStatus(payout: Payout, outcome: ConnectorOutcome, options: { note?: string; now?: Date } = {}): Promise<Payout | null> {
  return applyOrderStatus(payoutTransitions, payout, outcome, options);
}
