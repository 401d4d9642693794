import { getPrisma, type Tx } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";
import { log } from "@/lib/log";
import type { ConnectorOutcome, Direction } from "./connector";
import { needsOpsAttention, platformErrorCode } from "./platform-error-code";

/** What an operator's answer may change on an order; each domain keeps the fields it has. */
export type AnsweredChanges = {
  providerReference?: string;
  providerRawStatus?: Prisma.InputJsonObject;
  /** Where the customer approves it (a redirect operator: Wave, Orange), from an accepted answer. */
  providerRedirectUrl?: string;
  /** When the operator accepted it (processing). */
  processedAt?: Date;
  completedAt?: Date;
  errorCode?: string;
  errorMessage?: string;
};

type Answered = "processing" | "success" | "failed";

/** How one domain (payment, payout, refund) moves its row on an operator's answer. */
export interface OrderTransitions<Row extends { id: string; status: string; updatedAt: Date }> {
  direction: Direction;
  reload(id: string): Promise<Row | null>;
  /** The domain's transition (conditional UPDATE + timeline + ledger + event), in `tx`; null when it does not apply. */
  transition(tx: Tx, row: Row, to: Answered, changes: AnsweredChanges, note: string): Promise<Row | null>;
}

/**
 * The one way an operator's answer changes a payment, payout or refund (DESIGN §13): the poll
 * job, the callback route and `ops connector:recheck` all come here through the domain's
 * apply-…-status. In one transaction, through the domain's transition (conditional: a repeated
 * or out-of-order answer changes nothing):
 * - processing: pending → processing;
 * - success: → success, through processing when the answer overtook the submit's;
 * - failed: → failed (straight from pending when the submit itself was refused) with the
 *   platform code of the connector's neutral reason (one table, platform-error-code.ts).
 * The operator's raw status is kept next to ours. Returns the row as changed, or null when
 * nothing applied (already there, or the answer does not move it).
 *
 * A row read before a concurrent change (the submit's own answer landing while a callback is
 * applied) is read again and the answer tried on where the order stands now: a final callback
 * that loses that race must not be dropped.
 */
export async function applyOrderStatus<Row extends { id: string; status: string; updatedAt: Date }>(
  kind: OrderTransitions<Row>,
  row: Row,
  outcome: ConnectorOutcome,
  options: { note?: string; now?: Date } = {},
): Promise<Row | null> {
  let seen = row;
  for (let attempt = 1; ; attempt++) {
    const applied = await applyTo(kind, seen, outcome, options);
    if (applied || attempt === 3) return applied;
    const now = await kind.reload(seen.id);
    if (!now || now.updatedAt.getTime() === seen.updatedAt.getTime()) return null; // not stale: the answer does not apply
    seen = now;
  }
}

async function applyTo<Row extends { id: string; status: string; updatedAt: Date }>(
  kind: OrderTransitions<Row>,
  row: Row,
  outcome: ConnectorOutcome,
  options: { note?: string; now?: Date },
): Promise<Row | null> {
  if (outcome.status !== "processing" && outcome.status !== "success" && outcome.status !== "failed") return null;
  const note = options.note ?? "provider answered";
  const now = options.now ?? new Date();
  const reported: AnsweredChanges = {
    ...(outcome.operatorReference ? { providerReference: outcome.operatorReference } : {}),
    ...(outcome.raw ? { providerRawStatus: outcome.raw as Prisma.InputJsonObject } : {}),
    ...(outcome.status === "processing" && outcome.nextAction ? { providerRedirectUrl: outcome.nextAction.url } : {}),
  };
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx) => {
    let current: Row | null = row;
    if (current.status === "pending" && outcome.status !== "failed") {
      current = await kind.transition(tx, current, "processing", { ...reported, processedAt: now }, note);
      if (!current || outcome.status === "processing") return current;
    } else if (outcome.status === "processing") return null;

    if (outcome.status === "success") {
      return kind.transition(tx, current, "success", { ...reported, completedAt: outcome.completedAt ?? now }, note);
    }
    const errorCode = platformErrorCode(kind.direction, outcome.reason, outcome.destinationRelated);
    if (needsOpsAttention(outcome.reason)) log.error("connector reports a problem on our side", { id: row.id, direction: kind.direction, reason: outcome.reason, raw: outcome.raw });
    return kind.transition(tx, current, "failed", { ...reported, errorCode, errorMessage: outcome.message, completedAt: now }, `${note}: ${outcome.reason}`);
  });
}
