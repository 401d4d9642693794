import { paymentOrders } from "@/lib/payments/payment-orders";
import { payoutOrders } from "@/lib/payouts/payout-orders";
import { refundOrders } from "@/lib/refunds/refund-orders";
import { duplicateChargeRefunds } from "./duplicate-charges";
import type { OrderKind, OrderRow } from "./order-kind";

/**
 * The order kinds the engine drives: one per domain, each given by its domain, and the engine's
 * own refunds of duplicate charges (duplicate-charges.ts).
 */
export const orderKinds: readonly OrderKind<OrderRow>[] = [paymentOrders, payoutOrders, refundOrders, duplicateChargeRefunds] as unknown as readonly OrderKind<OrderRow>[];

/** The kind of one of our ids (`txn_…`, `po_…`, `rf_…`, `dup_…`); null for any other id. */
export function kindOf(id: string): OrderKind<OrderRow> | null {
  return orderKinds.find((k) => id.startsWith(k.idPrefix)) ?? null;
}

export function kindOfOrThrow(id: string): OrderKind<OrderRow> {
  const kind = kindOf(id);
  if (!kind) throw new Error(`Not a payment, payout, refund or duplicate charge id: ${id}`);
  return kind;
}
