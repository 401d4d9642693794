import type { AppEnvironment } from "@/lib/config";
import type { Direction } from "@/lib/connectors/connector";
import type { Db } from "@/lib/db/client";
import type { Prisma, ReconciliationMismatch } from "@/lib/db/generated/client";
import { isUniqueViolation } from "@/lib/db/is-unique-violation";
import { newId } from "@/lib/ids";
import type { MismatchKind } from "./mismatch-kinds";

/**
 * Keeps every difference reconciliation finds: one row per account, kind and reference. Found
 * again, the row is seen again (lastSeenAt, seenCount) and keeps its state: an open one stays
 * open, a resolved one stays resolved (someone answered for it with evidence).
 */
export type MismatchSource = "status" | "list" | "statement" | "callback" | "balance";

/** One side as stored: amounts as decimal strings of minor units (JSON has no bigint). */
export type SideView = { status: string; amountMinor?: string | null; currency?: string | null; [extra: string]: unknown };

export type MismatchInput = {
  kind: MismatchKind;
  reference: string;
  operatorReference: string | null;
  orderId: string | null;
  direction: Direction | null;
  merchantId: string | null;
  ours: SideView | null;
  theirs: SideView | null;
  source: MismatchSource;
  occurredAt: Date;
};

/** A mismatch as a run reports it: `new` (first seen now), `open` (seen before, still open), `resolved` (answered for earlier, still differing). */
export type FoundMismatch = MismatchInput & { id: string; accountId: string; state: "new" | "open" | "resolved"; firstSeenAt: Date };

export async function storeMismatch(db: Db, scope: { environment: AppEnvironment; accountId: string; runId: string | null; now: Date }, input: MismatchInput): Promise<FoundMismatch> {
  const key = { environment: scope.environment, accountId: scope.accountId, kind: input.kind, reference: input.reference };
  const sides = { ours: (input.ours ?? undefined) as Prisma.InputJsonValue | undefined, theirs: (input.theirs ?? undefined) as Prisma.InputJsonValue | undefined };
  const seenAgain = async (): Promise<ReconciliationMismatch> =>
    db.reconciliationMismatch.update({
      where: { environment_accountId_kind_reference: key },
      data: { lastSeenAt: scope.now, seenCount: { increment: 1 }, lastRunId: scope.runId, ...sides, ...(input.orderId ? { orderId: input.orderId, direction: input.direction, merchantId: input.merchantId } : {}) },
    });
  const existing = await db.reconciliationMismatch.findUnique({ where: { environment_accountId_kind_reference: key }, select: { id: true } });
  let row: ReconciliationMismatch;
  let created = false;
  if (existing) row = await seenAgain();
  else {
    try {
      row = await db.reconciliationMismatch.create({
        data: {
          id: newId("rcm", scope.now.getTime()),
          ...key,
          operatorReference: input.operatorReference,
          orderId: input.orderId,
          direction: input.direction,
          merchantId: input.merchantId,
          ...sides,
          source: input.source,
          occurredAt: input.occurredAt,
          firstSeenAt: scope.now,
          lastSeenAt: scope.now,
          lastRunId: scope.runId,
        },
      });
      created = true;
    } catch (err) {
      // Another run (another process) recorded it first.
      if (!isUniqueViolation(err)) throw err;
      row = await seenAgain();
    }
  }
  return { ...input, id: row.id, accountId: scope.accountId, state: created ? "new" : row.resolvedAt ? "resolved" : "open", firstSeenAt: row.firstSeenAt };
}

/** Bigint-free view of one side, for the row's JSON. */
export function sideView(status: string, amountMinor: bigint | null | undefined, currency: string | null | undefined, extra: Record<string, unknown> = {}): SideView {
  return { status, amountMinor: amountMinor === null || amountMinor === undefined ? null : amountMinor.toString(), currency: currency ?? null, ...extra };
}
