import { config } from "@/lib/config";
import type { Db } from "@/lib/db/client";

/**
 * One circuit breaker per connector account (docs/design/connectors.md), kept on the account's row so that
 * every instance agrees. CONNECTOR_BREAKER_FAILURES consecutive failed calls (no answer, a
 * timeout, a 5xx or a 429) open it for CONNECTOR_BREAKER_COOLDOWN_SECONDS; while open the
 * account is unavailable (its routes fall back, collects are refused, payouts queue). Once the
 * cool-down has passed the account is half-open: the next call, or a health probe
 * (connector:check, the queued-payout sweep), goes through; an answer closes the breaker, one
 * more failure opens it for another cool-down.
 */
export type BreakerView = { breakerState: "closed" | "open"; openUntil: Date | null };

export function isBreakerOpen(account: BreakerView, now = new Date()): boolean {
  return account.breakerState === "open" && account.openUntil !== null && account.openUntil > now;
}

/** A call the operator answered (any status but 5xx/429): the breaker closes. */
export async function recordCallSuccess(db: Db, accountId: string): Promise<void> {
  // Conditional: a healthy account (the usual case) costs no write.
  await db.connectorAccount.updateMany({
    where: { id: accountId, OR: [{ consecutiveFailures: { gt: 0 } }, { breakerState: "open" }] },
    data: { consecutiveFailures: 0, breakerState: "closed", openedAt: null, openUntil: null },
  });
}

/** A call with no usable answer: counted; at the threshold the breaker opens (again). */
export async function recordCallFailure(db: Db, accountId: string, now = new Date()): Promise<{ opened: boolean }> {
  const threshold = Math.max(1, config.breakerFailures());
  const openUntil = new Date(now.getTime() + config.breakerCooldownSeconds() * 1000);
  // One statement, so concurrent failures on several instances count exactly.
  const rows = await db.$queryRaw<{ breaker_state: string; consecutive_failures: number }[]>`
    UPDATE connector_accounts
       SET consecutive_failures = consecutive_failures + 1,
           breaker_state = CASE WHEN consecutive_failures + 1 >= ${threshold} THEN 'open'::"BreakerState" ELSE breaker_state END,
           opened_at = CASE WHEN consecutive_failures + 1 >= ${threshold} AND breaker_state = 'closed' THEN ${now} ELSE opened_at END,
           open_until = CASE WHEN consecutive_failures + 1 >= ${threshold} THEN ${openUntil} ELSE open_until END,
           updated_at = ${now}
     WHERE id = ${accountId}
     RETURNING breaker_state::text, consecutive_failures`;
  return { opened: rows[0]?.breaker_state === "open" };
}
