import type { AppEnvironment } from "@/lib/config";
import type { Direction, OrderRef } from "@/lib/connectors/connector";
import type { Db } from "@/lib/db/client";
import type { OrderKind, OrderRow, OrderSnapshot } from "@/lib/orders/order-kind";
import { orderKinds } from "@/lib/orders/order-kinds";
import { type OurState, ourState } from "./compare";
import { attemptsSentTo, duplicateChargesById } from "@/lib/orders/attempt-records";
import { refundedCollectsOf } from "@/lib/refunds/refund-records";

/**
 * Our side of a reconciliation: the payments, payouts and refunds sent to one connector account,
 * as the order engine's kinds describe them (lib/orders/order-kind.ts), each with what it means
 * for the money. An order is matched by the reference it was sent under (`providerRequestRef`,
 * the order's current reference) or by the operator's own id for it (`providerReference`).
 */
export type OurOrder = OrderSnapshot & {
  direction: Direction;
  reference: string;
  state: OurState;
  /** For a refund: the collect it refunds, as it was sent (the status check of some operators reads it). */
  collect?: OrderRef["collect"];
};

type Rows = { findMany(args: unknown): Promise<OrderRow[]>; findFirst(args: unknown): Promise<OrderRow | null> };

const isDuplicateRefund = (kind: OrderKind<OrderRow>) => kind.idPrefix === "dup_";

/**
 * The table of a kind (the kinds load one row by id; reconciliation reads them by account and
 * window). By kind, not direction: the refunds of duplicate charges (dup_…) are refunds kept in
 * duplicate_charges, not in refunds.
 */
function rowsOf(db: Db, kind: OrderKind<OrderRow>): Rows {
  if (isDuplicateRefund(kind)) return db.duplicateCharge as unknown as Rows;
  return (kind.direction === "collect" ? db.payment : kind.direction === "payout" ? db.payout : db.refund) as unknown as Rows;
}

/** A duplicate charge's refund: refunded (the money went back), released to the merchant or failed (it did not), else open (pending, processing, held in review). */
function duplicateRefundState(status: string): OurState {
  return status === "refunded" ? "moved" : status === "released" || status === "failed" ? "not_moved" : "open";
}

const stateOf = (kind: OrderKind<OrderRow>, status: string): OurState => (isDuplicateRefund(kind) ? duplicateRefundState(status) : ourState(kind.direction, status));

function toOurs(kind: OrderKind<OrderRow>, row: OrderRow): OurOrder | null {
  const o = kind.snapshot(row);
  if (!o.requestRef) return null;
  return { ...o, direction: kind.direction, reference: o.requestRef, state: stateOf(kind, o.status) };
}

/** Our orders sent to `accountId` with their current reference in [from, to), oldest first. */
export async function ordersSentIn(db: Db, accountId: string, environment: AppEnvironment, from: Date, to: Date): Promise<OurOrder[]> {
  const out: OurOrder[] = [];
  for (const kind of orderKinds) {
    const rows = await rowsOf(db, kind).findMany({
      where: { connectorAccountId: accountId, environment, submittedAt: { gte: from, lt: to }, providerRequestRef: { not: null } },
      orderBy: [{ submittedAt: "asc" }, { id: "asc" }],
    });
    for (const row of rows) {
      const ours = toOurs(kind, row);
      if (ours) out.push(ours);
    }
  }
  await addRefundedCollects(db, out);
  return out;
}

/** Our order sent to `accountId` under `reference` or known to the operator as `operatorReference`, in one direction or any. */
export async function findOurOrder(
  db: Db,
  accountId: string,
  environment: AppEnvironment,
  match: { reference: string | null; operatorReference: string | null; direction: Direction | null },
  /** How far back an order is looked for by the operator's id (not indexed: a range of the account's orders). */
  since: Date,
): Promise<OurOrder | null> {
  for (const kind of orderKinds) {
    if (match.direction && kind.direction !== match.direction) continue;
    const table = rowsOf(db, kind);
    const byReference = match.reference ? await table.findFirst({ where: { providerRequestRef: match.reference, connectorAccountId: accountId, environment } }) : null;
    // By the operator's id: a refund of a whole checkout shares it with the collect (Wave's
    // session id), hence per direction; of several, the one whose money moved, else the latest.
    const byOperator = byReference ?? (match.operatorReference ? pick(kind, await table.findMany({ where: { providerReference: match.operatorReference, connectorAccountId: accountId, environment, submittedAt: { gte: since }, providerRequestRef: { not: null } }, take: 20 })) : null);
    const ours = byOperator ? toOurs(kind, byOperator) : null;
    if (ours) {
      await addRefundedCollects(db, [ours]);
      return ours;
    }
  }
  return null;
}

function pick(kind: OrderKind<OrderRow>, rows: OrderRow[]): OrderRow | null {
  const latest = (a: OrderRow, b: OrderRow) => (kind.snapshot(b).submittedAt?.getTime() ?? 0) - (kind.snapshot(a).submittedAt?.getTime() ?? 0);
  const moved = rows.filter((r) => stateOf(kind, kind.snapshot(r).status) === "moved").sort(latest);
  return moved[0] ?? [...rows].sort(latest)[0] ?? null;
}

/** A refund's collect, as it was sent: Airtel reads a refund's state from it (a duplicate charge's: the attempt that charged). */
async function addRefundedCollects(db: Db, orders: OurOrder[]): Promise<void> {
  const duplicates = orders.filter((o) => o.direction === "refund" && o.id.startsWith("dup_"));
  if (duplicates.length > 0) {
    const charges = await duplicateChargesById(db, duplicates.map((d) => d.id));
    const byId = new Map(charges.map((c) => [c.id, c]));
    for (const d of duplicates) {
      const c = byId.get(d.id);
      if (c) d.collect = { id: c.paymentId, reference: c.chargedReference, operatorReference: c.chargedOperatorReference, amountMinor: c.amount };
    }
  }
  const refunds = orders.filter((o) => o.direction === "refund" && !o.id.startsWith("dup_"));
  if (refunds.length === 0) return;
  const rows = await refundedCollectsOf(db, refunds.map((r) => r.id));
  const byId = new Map(rows.map((r) => [r.id, r.payment]));
  for (const refund of refunds) {
    const p = byId.get(refund.id);
    if (p?.providerRequestRef) refund.collect = { id: p.id, reference: p.providerRequestRef, operatorReference: p.providerReference, amountMinor: p.amount };
  }
}

/** What a status check is asked about (as the order engine asks it, plus a refund's collect). */
export function orderRefOf(o: OurOrder): OrderRef {
  return {
    direction: o.direction,
    id: o.id,
    reference: o.reference,
    operatorReference: o.operatorReference,
    provider: o.provider ?? "",
    country: o.country ?? "",
    currency: o.currency,
    submittedAt: o.acceptedAt ?? o.submittedAt,
    destination: o.destination,
    amountMinor: o.amountMinor,
    collect: o.collect ?? null,
  };
}

/**
 * An earlier attempt of one of our orders (order_attempts): a reference the order was sent under
 * before its current one, to this account. The engine makes the attempt that paid an order its
 * current one (lib/orders/apply-order-status.ts, applyAttemptAnswer), and records a duplicate
 * charge for any other that took money; so an earlier attempt without a duplicate charge must
 * not have moved money. Judged as such, under its own reference, for its order.
 */
export type EarlierAttempt = { order: OurOrder; reference: string; operatorReference: string | null; sentAt: Date; duplicate: boolean };

/**
 * Every attempt sent to `accountId` in [from, to) (or under one of `references`) that is not its
 * order's current reference, with its order as we hold it now.
 */
export async function earlierAttempts(
  db: Db,
  accountId: string,
  environment: AppEnvironment,
  where: { from: Date; to: Date } | { references: string[] },
): Promise<EarlierAttempt[]> {
  const attempts = await attemptsSentTo(db, accountId, environment, where);
  if (attempts.length === 0) return [];
  const orders = new Map<string, OurOrder>();
  for (const kind of orderKinds) {
    const ids = [...new Set(attempts.filter((a) => a.direction === kind.direction && a.orderId.startsWith(kind.idPrefix)).map((a) => a.orderId))];
    if (ids.length === 0) continue;
    for (const row of await rowsOf(db, kind).findMany({ where: { id: { in: ids } } })) {
      const ours = toOurs(kind, row);
      if (ours) orders.set(ours.id, ours);
    }
  }
  const out: EarlierAttempt[] = [];
  for (const a of attempts) {
    const order = orders.get(a.orderId);
    if (!order || order.reference === a.reference) continue;
    out.push({ order, reference: a.reference, operatorReference: a.operatorReference, sentAt: a.sentAt, duplicate: a.duplicateCharge !== null });
  }
  return out;
}

/** An earlier attempt as the side of a comparison: its order's money did not move through it (unless the order is still open). */
export function earlierAttemptAsOrder(a: EarlierAttempt): OurOrder {
  return { ...a.order, reference: a.reference, operatorReference: a.operatorReference, state: a.order.state === "open" ? "open" : "not_moved" };
}
