import type { Tx } from "@/lib/db/client";
import { assertClosableAs, type LockedHold, lockHold } from "./lock-hold";
import { type PostEntryInput, postEntry } from "./post-entry";

/**
 * Closes a hold at most once (docs/design/ledger.md): locks it, posts the entry `entryOf` gives
 * for it (in the hold's environment, for its merchant) and marks the hold `as`, naming that entry.
 * Closing it again the same way returns the first entry (`created: false`); closing it the other
 * way is invalid_state. Every finalise and release of a payout, refund or duplicate charge.
 */
export async function closeHold(
  tx: Tx,
  holdId: string,
  as: "finalised" | "released",
  entryOf: (hold: LockedHold) => Omit<PostEntryInput, "environment" | "merchantId" | "hold">,
): Promise<{ entryId: string; created: boolean }> {
  const hold = await lockHold(tx, holdId);
  if (assertClosableAs(hold, as) === "already") return { entryId: hold.closeEntryId!, created: false };
  const entry = await postEntry(tx, { ...entryOf(hold), environment: hold.environment, merchantId: hold.merchantId });
  await tx.ledgerHold.update({ where: { id: hold.id }, data: { status: as, closeEntryId: entry.id, closedAt: entry.createdAt } });
  return { entryId: entry.id, created: entry.created };
}
