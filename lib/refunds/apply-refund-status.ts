import { applyOrderStatus, type OrderTransitions } from "@/lib/connectors/apply-order-status";
import type { ConnectorOutcome } from "@/lib/connectors/connector";
import { getPrisma } from "@/lib/db/client";
import type { Refund } from "@/lib/db/generated/client";
import { transitionRefund } from "./transition-refund";

const refundTransitions: OrderTransitions<Refund> = {
  direction: "refund",
  reload: async (id) => (await getPrisma()).refund.findUnique({ where: { id } }),
  transition: (tx, refund, to, changes, note) => transitionRefund(tx, refund, to, changes, note),
};

/**
 * The one place an operator's answer changes a refund (DESIGN §13): the poll job, the callback
 * route and `ops connector:recheck` all come here (the shared rules: applyOrderStatus). Failure
 * codes are the payouts' (platform-error-code.ts, refund column = payout column).
 */
export function applyRefundStatus(refund: Refund, outcome: ConnectorOutcome, options: { note?: string; now?: Date } = {}): Promise<Refund | null> {
  return applyOrderStatus(refundTransitions, refund, outcome, options);
}
