import type { Tx } from "@/lib/db/client";
import { insertRows } from "@/lib/db/insert-rows";
import { type Environment, Prisma } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { type CurrencyCode, minorToDecimalString } from "@/lib/money";
import { accountRow, merchantAccount, platformAccount } from "./accounts";
import { LedgerError } from "./ledger-error";

export type BatchHold = {
  /** The payout (po_…): one hold and one entry per payout, exactly as holdPayout writes them. */
  payoutId: string;
  /** The debited wallet's currency. */
  currency: CurrencyCode;
  /** Principal and fees in that currency (minor units, ≥ 0, positive total). */
  amount: bigint;
  fee: bigint;
};

/**
 * Many payout holds of one merchant in a bounded number of statements (bulk payouts, docs/design/bulk-payouts.md):
 * the same entries, postings and ledger_holds rows holdPayout writes one by one (three
 * statements whatever the count, lib/db/insert-rows) (so finalise,
 * release, reconciliation and the balance history see ordinary holds), but the balance guard
 * runs once for the batch: the merchant's wallets are locked (FOR UPDATE, id order), the total
 * per wallet is checked against `available`, and one UPDATE applies it. A wallet that cannot
 * cover its total refuses the whole batch (AppError insufficient_balance) before anything is
 * written; the caller has already decided, under the same locks, which items fit.
 */
export async function holdPayouts(tx: Tx, input: { environment: Environment; merchantId: string; category: "collect" | "payout"; holds: BatchHold[] }): Promise<void> {
  if ("$connect" in tx) throw new LedgerError("holdPayouts must run inside a transaction.");
  const { environment, merchantId, category, holds } = input;
  if (holds.length === 0) return;
  const totals = new Map<CurrencyCode, bigint>();
  for (const h of holds) {
    if (h.amount < 0n || h.fee < 0n || h.amount + h.fee <= 0n) throw new LedgerError(`A hold needs amount ≥ 0, fee ≥ 0 and a positive total, got ${h.amount} + ${h.fee}.`);
    totals.set(h.currency, (totals.get(h.currency) ?? 0n) + h.amount + h.fee);
  }
  const currencies = [...totals.keys()].sort();
  const wallet = (c: CurrencyCode) => accountRow(merchantAccount(merchantId, c, category), environment);
  const inFlight = (c: CurrencyCode) => accountRow(platformAccount("payouts_in_flight", c), environment);
  const at = new Date();

  const rows = currencies.flatMap((c) => [wallet(c), inFlight(c)]);
  await tx.$executeRaw`
    INSERT INTO ledger_accounts (id, environment, currency, type, merchant_id, provider, created_at, updated_at)
    VALUES ${Prisma.join(
      rows.map((r) => Prisma.sql`(${r.id}, ${r.environment}::"Environment", ${r.currency}, ${r.type}::"LedgerAccountType", ${r.merchantId}, ${r.provider}, ${at}, ${at})`),
    )}
    ON CONFLICT (id) DO NOTHING`;

  const locked = await tx.$queryRaw<{ id: string; available: bigint }[]>`
    SELECT id, available FROM ledger_accounts WHERE id IN (${Prisma.join(currencies.map((c) => wallet(c).id))}) ORDER BY id FOR UPDATE`;
  const available = new Map(locked.map((a) => [a.id, BigInt(a.available)]));
  for (const c of currencies) {
    const have = available.get(wallet(c).id) ?? 0n;
    const need = totals.get(c)!;
    if (have < need) {
      throw new AppError(
        "insufficient_balance",
        `Insufficient balance: the ${c} ${category} wallet has ${minorToDecimalString(have, c)} ${c} available, ${minorToDecimalString(need, c)} ${c} is needed.`,
      );
    }
  }

  const batch = holds.map((h) => ({ ...h, entryId: newId("je", at.getTime()) }));
  await insertRows(
    tx,
    "ledger_entries",
    batch.map((h) => ({
      id: h.entryId,
      idempotencyKey: `payout:${h.payoutId}:hold`,
      type: "payout_hold",
      environment,
      merchantId,
      metadata: { payoutId: h.payoutId, amount: String(h.amount), fee: String(h.fee) },
      createdAt: at,
    })),
  );
  // In entry order: the wallet's postings keep the order of the payouts (the balance history's running balance).
  await insertRows(
    tx,
    "ledger_postings",
    batch.flatMap((h) => [
      { entryId: h.entryId, accountId: wallet(h.currency).id, currency: h.currency, bucket: "available", amount: -(h.amount + h.fee) },
      { entryId: h.entryId, accountId: inFlight(h.currency).id, currency: h.currency, bucket: "available", amount: h.amount + h.fee },
    ]),
  );
  await insertRows(
    tx,
    "ledger_holds",
    batch.map((h) => ({ id: h.payoutId, accountId: wallet(h.currency).id, amount: h.amount, fee: h.fee, status: "held", holdEntryId: h.entryId, createdAt: at })),
  );

  await tx.$executeRaw`
    UPDATE ledger_accounts AS a SET available = a.available - d.total, updated_at = ${at}
    FROM (VALUES ${Prisma.join(currencies.map((c) => Prisma.sql`(${wallet(c).id}::text, ${totals.get(c)!}::bigint)`))}) AS d(id, total)
    WHERE a.id = d.id`;
}
