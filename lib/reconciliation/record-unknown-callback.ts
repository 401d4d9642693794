import type { AppEnvironment } from "@/lib/config";
import type { Direction } from "@/lib/connectors/connector";
import type { Db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { storeMismatch } from "./store-mismatch";

/**
 * A callback about a reference we hold no order for on that account (handle-callback.ts): kept
 * as a mismatch instead of dropped, since it may be money we do not know of (an order sent
 * under a reference we lost, another system using our credentials). The operator's answer to
 * the callback does not change. An unsigned callback (a hint) is anyone's claim: it is kept as
 * such (`verified: false`), and at most UNKNOWN_CALLBACKS_PER_DAY distinct references a day
 * per account are kept, so that a flood of forged hints cannot fill the table.
 */
export const UNKNOWN_CALLBACKS_PER_DAY = 1000;

export type UnknownCallback = {
  environment: AppEnvironment;
  accountId: string;
  reference: string;
  direction: Direction | null;
  /** Signed and checked (the operator's word), or an unsigned hint. */
  verified: boolean;
  /** What a verified callback said (success, failed…), and the operator's id it named. */
  status?: string;
  operatorReference?: string | null;
  now: Date;
  /** The day's cap (default UNKNOWN_CALLBACKS_PER_DAY). */
  cap?: number;
};

export async function recordUnknownCallbackReference(db: Db, input: UnknownCallback): Promise<boolean> {
  const known = await db.reconciliationMismatch.findUnique({
    where: { environment_accountId_kind_reference: { environment: input.environment, accountId: input.accountId, kind: "unknown_callback_reference", reference: input.reference } },
    select: { id: true },
  });
  if (!known) {
    const today = await db.reconciliationMismatch.count({ where: { environment: input.environment, accountId: input.accountId, kind: "unknown_callback_reference", firstSeenAt: { gte: new Date(input.now.getTime() - 24 * 3600_000) } } });
    if (today >= (input.cap ?? UNKNOWN_CALLBACKS_PER_DAY)) {
      log.warn("callback for an unknown reference not kept: the day's cap for this account is reached", { accountId: input.accountId, verified: input.verified });
      return false;
    }
  }
  await storeMismatch(db, { environment: input.environment, accountId: input.accountId, runId: null, now: input.now }, {
    kind: "unknown_callback_reference",
    reference: input.reference,
    operatorReference: input.operatorReference ?? null,
    orderId: null,
    direction: input.direction,
    merchantId: null,
    ours: null,
    theirs: { status: input.status ?? (input.verified ? "unknown" : "hint"), verified: input.verified, at: input.now.toISOString() },
    source: "callback",
    occurredAt: input.now,
  });
  return true;
}
