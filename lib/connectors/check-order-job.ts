import { z } from "zod";
import { defineJob } from "@/lib/jobs/define-job";
import { recheckPayment } from "@/lib/payments/payment-jobs";
import { recheckPayout } from "@/lib/payouts/payout-jobs";
import { recheckRefund } from "@/lib/refunds/refund-jobs";

/**
 * `connector.check`: ask the operator at once where one order stands and apply the answer, the
 * same way the poll does. Enqueued by a callback that is only a hint (unsigned: MTN, Orange,
 * Daraja) and usable by anything else that learns an order may have moved.
 */
export const CHECK_ORDER_JOB = "connector.check";

export async function recheckOrderById(id: string): Promise<void> {
  if (id.startsWith("txn_")) return recheckPayment(id);
  if (id.startsWith("po_")) return recheckPayout(id);
  if (id.startsWith("rf_")) return recheckRefund(id);
  throw new Error(`Not a payment, payout or refund id: ${id}`);
}

export const checkConnectorOrderJob = defineJob({
  type: CHECK_ORDER_JOB,
  payload: z.object({ id: z.string().regex(/^(txn|po|rf)_/) }),
  handler: ({ id }) => recheckOrderById(id),
});
