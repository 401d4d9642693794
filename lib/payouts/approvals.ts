import type { MerchantScope } from "@/lib/config";
import { auditRow, writeAudit } from "@/lib/audit/write-audit";
import type { Db, Tx } from "@/lib/db/client";
import type { Environment, Payout, PayoutApproval } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { enqueueJobs } from "@/lib/jobs/enqueue-job";
import { submitPayoutJob } from "./payout-jobs";
import { transitionPayout } from "./transition-payout";

/**
 * Maker–checker for money leaving from the dashboard (docs/decisions/payout-approvals.md).
 *
 * - The rule: per currency, a threshold; a payout made by a person in the dashboard whose amount
 *   is above it (a bulk: whose accepted payouts' total in that currency is), needs a second member.
 * - Held at creation: the payouts are created as any other (quote used, funds held, limits taken,
 *   `pending`, payout.pending) with `awaiting_approval` and no submit job; the order engine never
 *   submits one that awaits approval (payoutOrders.isSubmittable).
 * - Decided once, by someone else: approving clears the flag and enqueues the submit jobs;
 *   rejecting cancels the payouts through transitionPayout (holds and limits released, in full).
 *   The decision, its effect and its audit row commit together.
 */

/** Who asked: the dashboard member (the maker), never a form value. */
export type ApprovalMaker = { userId: string; email: string };
export type ApprovalTotal = { currency: string; amount: bigint; count: number };

type Owner = MerchantScope;

/** The team's thresholds, minor units by currency (no entry: no approval in that currency). */
export async function readApprovalThresholds(db: Db, owner: Owner): Promise<Map<string, bigint>> {
  const rows = await db.payoutApprovalThreshold.findMany({ where: { merchantId: owner.merchantId, environment: owner.environment } });
  return new Map(rows.map((r) => [r.currency, r.amount]));
}

/** The rule: some currency's total is above that currency's threshold. */
export function approvalNeeded(thresholds: Map<string, bigint>, totals: readonly ApprovalTotal[]): boolean {
  return totals.some((t) => {
    const limit = thresholds.get(t.currency);
    return limit !== undefined && t.amount > limit;
  });
}

/** Totals per currency of payouts' amounts (what is sent, before fees), currencies in order. */
export function approvalTotals(payouts: readonly { amount: bigint; currency: string }[]): ApprovalTotal[] {
  const by = new Map<string, ApprovalTotal>();
  for (const p of payouts) {
    const t = by.get(p.currency) ?? { currency: p.currency, amount: 0n, count: 0 };
    t.amount += p.amount;
    t.count += 1;
    by.set(p.currency, t);
  }
  return [...by.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** The approval row of a new payout or bulk (written by its creator, in the creation's statement or transaction). */
export function approvalRow(owner: Owner, target: { payoutId: string } | { bulkId: string }, totals: readonly ApprovalTotal[], maker: ApprovalMaker, now: Date) {
  return {
    id: newId("apr", now.getTime()),
    merchantId: owner.merchantId,
    environment: owner.environment,
    payoutId: "payoutId" in target ? target.payoutId : null,
    bulkId: "bulkId" in target ? target.bulkId : null,
    totals: totals.map((t) => ({ currency: t.currency, amount: t.amount.toString(), count: t.count })),
    status: "pending" as const,
    requestedBy: maker.userId,
    requestedEmail: maker.email,
    createdAt: now,
  };
}

/** The audit row that records the request, with the payout's or bulk's creation. */
export function approvalRequestedAudit(owner: Owner, row: ReturnType<typeof approvalRow>) {
  return auditRow({
    merchantId: owner.merchantId,
    environment: owner.environment,
    actor: `dashboard:${row.requestedEmail}`,
    action: "payout.approval_requested",
    details: { approvalId: row.id, ...(row.payoutId ? { payoutId: row.payoutId } : { bulkId: row.bulkId }), totals: row.totals.map((t) => `${t.amount} ${t.currency}`).join(", ") },
  });
}

export type Decision = "approve" | "reject";

/**
 * Approves or rejects a waiting approval, in the caller's transaction (the dashboard checks the
 * approver's step-up code in the same one). Refused: not pending any more (`invalid_state`, also
 * when all its payouts were cancelled meanwhile), the maker deciding their own (`forbidden`).
 */
export async function decideApproval(
  tx: Tx,
  input: Owner & { approvalId: string; decision: Decision; decider: ApprovalMaker; note?: string | null; now?: Date },
): Promise<{ approval: PayoutApproval; payoutIds: string[] }> {
  const now = input.now ?? new Date();
  // The row locked: of two deciders at once, the second sees the first one's decision.
  const [locked] = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM payout_approvals WHERE id = ${input.approvalId} AND merchant_id = ${input.merchantId} AND environment = ${input.environment}::"Environment" FOR UPDATE`;
  if (!locked) throw new AppError("not_found", "Approval not found.");
  const approval = await tx.payoutApproval.findUniqueOrThrow({ where: { id: locked.id } });
  if (approval.status !== "pending") throw new AppError("invalid_state", `This approval was already ${approval.status}.`);
  if (approval.requestedBy === input.decider.userId) {
    throw new AppError("forbidden", "You asked for this payout: another member of the team must approve or reject it.");
  }
  const waiting = await tx.payout.findMany({
    where: { merchantId: input.merchantId, environment: input.environment, status: "pending", awaitingApproval: true, ...(approval.payoutId ? { id: approval.payoutId } : { bulkId: approval.bulkId }) },
    orderBy: [{ bulkIndex: "asc" }, { id: "asc" }],
  });
  if (waiting.length === 0) {
    await tx.payoutApproval.update({ where: { id: approval.id }, data: { status: "cancelled", decidedAt: now } });
    throw new AppError("invalid_state", "Nothing is left to approve: its payouts were cancelled.");
  }
  if (input.decision === "approve") {
    await tx.payout.updateMany({ where: { id: { in: waiting.map((p) => p.id) }, status: "pending", awaitingApproval: true }, data: { awaitingApproval: false } });
    await enqueueJobs(
      tx,
      submitPayoutJob,
      waiting.map((p) => ({ payload: { payoutId: p.id }, options: { dedupeKey: `${submitPayoutJob.type}:${p.id}` } })),
    );
  } else {
    for (const p of waiting) await rejectPayout(tx, p, input.decider, now);
  }
  const decided = await tx.payoutApproval.update({
    where: { id: approval.id },
    data: { status: input.decision === "approve" ? "approved" : "rejected", decidedBy: input.decider.userId, decidedEmail: input.decider.email, decidedAt: now, note: input.note?.slice(0, 500) || null },
  });
  await writeAudit(tx, {
    merchantId: input.merchantId,
    environment: input.environment,
    actor: `dashboard:${input.decider.email}`,
    action: input.decision === "approve" ? "payout.approved" : "payout.rejected",
    details: { approvalId: approval.id, ...(approval.payoutId ? { payoutId: approval.payoutId } : { bulkId: approval.bulkId }), payouts: waiting.length, requestedBy: approval.requestedEmail },
  });
  return { approval: decided, payoutIds: waiting.map((p) => p.id) };
}

async function rejectPayout(tx: Tx, payout: Payout, decider: ApprovalMaker, now: Date): Promise<void> {
  const done = await transitionPayout(tx, payout, "cancelled", { completedAt: now }, `rejected by ${decider.email}`);
  // The payouts were read in this transaction under the approval's lock: a concurrent cancel
  // (the API's, the maker's) would have closed the approval first.
  if (!done) throw new AppError("invalid_state", `Payout ${payout.id} changed meanwhile: reload and decide again.`);
}

/**
 * A payout awaiting approval was cancelled (the API's or the dashboard's cancel): its approval,
 * when it was for this payout alone, is closed with it. Part of the cancel's transaction.
 */
export async function closeApprovalOfCancelledPayout(tx: Tx, payout: Pick<Payout, "id" | "awaitingApproval">, now = new Date()): Promise<void> {
  if (!payout.awaitingApproval) return;
  await tx.payoutApproval.updateMany({ where: { payoutId: payout.id, status: "pending" }, data: { status: "cancelled", decidedAt: now } });
}

/** Sets (or with null removes) the threshold of one currency, audited. */
export async function setApprovalThreshold(tx: Tx, input: Owner & { currency: string; amount: bigint | null; actor: string }): Promise<void> {
  const key = { merchantId: input.merchantId, environment: input.environment, currency: input.currency };
  if (input.amount === null) await tx.payoutApprovalThreshold.deleteMany({ where: key });
  else {
    await tx.payoutApprovalThreshold.upsert({
      where: { merchantId_environment_currency: key },
      create: { ...key, amount: input.amount, updatedBy: input.actor },
      update: { amount: input.amount, updatedBy: input.actor },
    });
  }
  await writeAudit(tx, {
    merchantId: input.merchantId,
    environment: input.environment,
    actor: input.actor,
    action: "payout.approval_threshold_set",
    details: { currency: input.currency, amount: input.amount === null ? null : input.amount.toString() },
  });
}

export type ApprovalListItem = PayoutApproval & {
  /** The single payout (recipient, provider), or the bulk's first payouts. */
  payouts: Pick<Payout, "id" | "amount" | "currency" | "provider" | "destination" | "recipient" | "fees" | "debitAmount" | "debitCurrency" | "description">[];
  payoutCount: number;
};

/** Approvals waiting, oldest first (the next to decide on top), with what they would send. */
export async function listPendingApprovals(db: Db, owner: Owner, options: { limit?: number } = {}): Promise<ApprovalListItem[]> {
  const approvals = await db.payoutApproval.findMany({
    where: { merchantId: owner.merchantId, environment: owner.environment, status: "pending" },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: options.limit ?? 50,
  });
  if (approvals.length === 0) return [];
  const select = { id: true, amount: true, currency: true, provider: true, destination: true, recipient: true, fees: true, debitAmount: true, debitCurrency: true, description: true, bulkId: true } as const;
  const payouts = await db.payout.findMany({
    where: {
      merchantId: owner.merchantId,
      environment: owner.environment,
      OR: [{ id: { in: approvals.flatMap((a) => (a.payoutId ? [a.payoutId] : [])) } }, { bulkId: { in: approvals.flatMap((a) => (a.bulkId ? [a.bulkId] : [])) } }],
    },
    select,
    orderBy: [{ bulkIndex: "asc" }, { id: "asc" }],
  });
  return approvals.map((a) => {
    const mine = payouts.filter((p) => (a.payoutId ? p.id === a.payoutId : p.bulkId === a.bulkId));
    return { ...a, payouts: mine.slice(0, 3), payoutCount: mine.length };
  });
}

/** How many approvals wait (the overview's figure). */
export function countPendingApprovals(db: Db, owner: Owner): Promise<number> {
  return db.payoutApproval.count({ where: { merchantId: owner.merchantId, environment: owner.environment, status: "pending" } });
}

/** The approval of a payout or bulk, if it had one. */
export function approvalFor(db: Db, owner: Owner, target: { payoutId: string } | { bulkId: string }): Promise<PayoutApproval | null> {
  return db.payoutApproval.findFirst({ where: { merchantId: owner.merchantId, environment: owner.environment, ...target } });
}
