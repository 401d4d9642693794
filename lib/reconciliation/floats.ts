import type { AppEnvironment } from "@/lib/config";
import type { Direction, FloatBalance } from "@/lib/connectors/connector";
import type { ServingAccount } from "@/lib/connectors/get-route";
import type { Db } from "@/lib/db/client";
import type { MismatchInput } from "./store-mismatch";
import { sideView } from "./store-mismatch";
import { collectedThroughAccount } from "@/lib/payments/payment-records";
import { paidOutThroughAccount } from "@/lib/payouts/payout-records";
import { refundedThroughAccount } from "@/lib/refunds/refund-records";
import { countOpenAttempts } from "@/lib/orders/attempt-records";

/**
 * Our float at the operator against what our orders moved through it (docs/design/reconciliation.md,
 * "Float"). The operator publishes what each wallet of the account holds (MTN's account balance per
 * product, pawaPay's wallet balances); we know what our final orders moved in and out of each
 * wallet since the account's first use, but not what it held before that or what the business
 * moved itself (top-ups, sweeps to a bank). So two readings are compared by their changes: from a
 * baseline reading to this one, the operator's balance must have moved by exactly what our orders
 * moved, less the fees the operator says it took (where it publishes them). A reading is judged only when nothing on the account is in flight (an attempt whose
 * outcome is open: the operator may already have moved its money) before and after the operator
 * is read, and our side did not change meanwhile; otherwise it is kept, not judged.
 *
 * The baseline is the latest reading that was one: the first judged one, one that agreed, or the
 * first after the mismatch measured from the baseline before it was resolved with evidence (a
 * top-up explained re-bases the wallet). A disagreeing reading is no baseline: the difference stays until someone
 * answers for it. Its mismatch names the baseline it was measured from, so a later difference,
 * after a resolution, is a mismatch of its own.
 */
export type FloatCheck = { mismatches: MismatchInput[]; notes: string[]; judged: number; agreed: number };

export async function checkFloats(db: Db, serving: ServingAccount, scope: { environment: AppEnvironment; accountId: string; runId: string; now: Date }): Promise<FloatCheck> {
  const hooks = serving.connector.reconciliation?.floats;
  const out: FloatCheck = { mismatches: [], notes: [], judged: 0, agreed: 0 };
  if (!hooks) return out;
  const before = await ourSide(db, serving, scope);
  let balances: FloatBalance[];
  try {
    balances = await hooks.read(serving.context);
  } catch (err) {
    out.notes.push(`the operator's float could not be read (${(err as Error).message}): not compared`);
    return out;
  }
  const after = await ourSide(db, serving, scope);
  const settled = before.inFlight === 0 && after.inFlight === 0 && sameSums(before.sums, after.sums);
  for (const balance of balances) {
    const key = `${balance.wallet}|${balance.currency}`;
    const ours = after.sums.get(key) ?? 0n;
    const where = { environment: scope.environment, accountId: scope.accountId, wallet: balance.wallet, currency: balance.currency };
    const reading = { ...where, operatorMinor: balance.balanceMinor, oursMinor: ours, inFlight: Math.max(before.inFlight, after.inFlight), runId: scope.runId, at: scope.now };
    const label = `${balance.wallet} ${balance.currency}`;
    if (!settled) {
      await db.reconciliationFloatReading.create({ data: reading });
      out.notes.push(`float ${label}: read, not judged (${reading.inFlight} order attempts in flight on the account)`);
      continue;
    }
    const base = await db.reconciliationFloatReading.findFirst({ where: { ...where, baseline: true }, orderBy: [{ at: "desc" }, { id: "desc" }] });
    const prefix = `float:${balance.wallet}:${balance.currency}:`;
    // The difference measured from this baseline answered for with evidence: this reading is the next baseline.
    const rebased = base
      ? await db.reconciliationMismatch.findFirst({ where: { environment: scope.environment, accountId: scope.accountId, kind: "float_differs", reference: `${prefix}${base.at.toISOString()}`, resolvedAt: { not: null } }, select: { id: true } })
      : null;
    if (!base || rebased) {
      await db.reconciliationFloatReading.create({ data: { ...reading, baseline: true } });
      out.notes.push(`float ${label}: ${base ? "re-based after a resolved difference" : "first reading with nothing in flight"} (${balance.balanceMinor} minor units): later runs are compared with it`);
      continue;
    }
    // Fees the operator took from the wallet since the baseline, where it publishes them (Wave).
    let fees = 0n;
    if (hooks.fees) {
      try {
        const taken = await hooks.fees(serving.context, { from: new Date(base.at.getTime() + 1), to: new Date(scope.now.getTime() + 1) });
        for (const f of taken) if (f.wallet === balance.wallet && f.currency === balance.currency) fees += f.feeMinor;
      } catch (err) {
        await db.reconciliationFloatReading.create({ data: reading });
        out.notes.push(`float ${label}: read, not judged (the operator's fees could not be read: ${(err as Error).message})`);
        continue;
      }
    }
    out.judged++;
    const expected = base.operatorMinor + (ours - base.oursMinor) - fees;
    const agrees = expected === balance.balanceMinor;
    await db.reconciliationFloatReading.create({ data: { ...reading, baseline: agrees } });
    if (agrees) {
      out.agreed++;
      continue;
    }
    out.mismatches.push({
      kind: "float_differs",
      reference: `${prefix}${base.at.toISOString()}`,
      operatorReference: null,
      orderId: null,
      direction: null,
      merchantId: null,
      ours: sideView("expected", expected, balance.currency, { wallet: balance.wallet, since: base.at.toISOString(), balanceThen: base.operatorMinor.toString(), ordersMoved: (ours - base.oursMinor).toString(), ...(hooks.fees ? { feesTaken: fees.toString() } : {}) }),
      theirs: sideView("balance", balance.balanceMinor, balance.currency, { wallet: balance.wallet }),
      source: "balance",
      occurredAt: scope.now,
    });
  }
  return out;
}

/** What our final orders on the account moved through each wallet (in − out, minor units), and how many of its attempts are open. */
async function ourSide(db: Db, serving: ServingAccount, scope: { environment: AppEnvironment; accountId: string }): Promise<{ sums: Map<string, bigint>; inFlight: number }> {
  const walletOf = serving.connector.reconciliation!.floats!.walletOf;
  const sums = new Map<string, bigint>();
  const add = (direction: Direction, country: string | null, currency: string, amount: bigint | null, sign: 1n | -1n) => {
    const key = `${walletOf({ direction, country: country ?? "", currency })}|${currency}`;
    sums.set(key, (sums.get(key) ?? 0n) + sign * (amount ?? 0n));
  };
  const [payments, payouts, refunds, inFlight] = await Promise.all([
    collectedThroughAccount(db, scope.environment, scope.accountId),
    paidOutThroughAccount(db, scope.environment, scope.accountId),
    refundedThroughAccount(db, scope.environment, scope.accountId),
    countOpenAttempts(db, scope.environment, scope.accountId),
  ]);
  for (const p of payments) add("collect", p.country, p.currency, p.amount, 1n);
  for (const p of payouts) add("payout", p.country, p.currency, p.amount, -1n);
  for (const r of refunds) add("refund", r.country, r.currency, r.amount, -1n);
  return { sums, inFlight };
}

function sameSums(a: Map<string, bigint>, b: Map<string, bigint>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}
