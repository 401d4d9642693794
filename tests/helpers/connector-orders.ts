import { randomBytes } from "node:crypto";
import type { CollectOrder, PayoutOrder, RefundOrder } from "@/lib/connectors/connector";

/**
 * The orders a connector test hands its connector, as the order engine builds them: one builder
 * per kind, bound once per operator to its market and defaults (`connectorOrders(market)`), each
 * taking the fields a test sets (`collectOrder({ phone, amountMinor })`,
 * `payoutOrder({ destination })`, `refundOrder(collect, { amountMinor })`). A new order gets a
 * fresh id, and the operator-facing reference the operator wants (`reference`).
 */
export type OrderMarket = {
  provider: string;
  country: string;
  currency: string;
  /** The customer's number of a collect, unless a test sets `phone`. */
  phone: string | null;
  /** The payee of a payout, unless a test sets `destination`. */
  destination?: string;
  collectAmount: bigint;
  /** A payout's amount; the collect's where the operator only collects. */
  payoutAmount?: bigint;
  /** A new order id with this prefix (`txn`, `po`, `rf`); by default the prefix and 20 random hex digits. */
  id?: (prefix: "txn" | "po" | "rf") => string;
  /** The reference the operator is sent for an order id: the id itself unless the operator wants its own form (a UUID). */
  reference?: (id: string) => string;
  /** Further fields of every collect (return URLs, a description) or payout (the payee's name). */
  collect?: Partial<CollectOrder>;
  payout?: Partial<PayoutOrder>;
};

export function connectorOrders(market: OrderMarket) {
  const id = market.id ?? ((prefix: string) => `${prefix}_${randomBytes(10).toString("hex")}`);
  const reference = market.reference ?? ((orderId: string) => orderId);
  const { provider, country, currency } = market;
  return {
    collectOrder(fields: Partial<CollectOrder> = {}): CollectOrder {
      const transactionId = id("txn");
      return { transactionId, reference: reference(transactionId), provider, country, currency, amountMinor: market.collectAmount, phone: market.phone, ...market.collect, ...fields };
    },
    payoutOrder(fields: Partial<PayoutOrder> = {}): PayoutOrder {
      const payoutId = id("po");
      return {
        payoutId,
        reference: reference(payoutId),
        method: "mobile_money",
        provider,
        country,
        currency,
        amountMinor: market.payoutAmount ?? market.collectAmount,
        destination: market.destination ?? "",
        ...market.payout,
        ...fields,
      };
    },
    /** A refund of `collect`, in full unless `amountMinor` is set. */
    refundOrder(collect: CollectOrder, fields: Partial<RefundOrder> = {}): RefundOrder {
      const refundId = id("rf");
      return {
        refundId,
        reference: reference(refundId),
        transactionId: collect.transactionId,
        collectReference: collect.reference,
        collectOperatorReference: null,
        provider: collect.provider,
        country: collect.country,
        currency: collect.currency,
        amountMinor: collect.amountMinor,
        collectAmountMinor: collect.amountMinor,
        phone: collect.phone,
        ...fields,
      };
    },
  };
}
