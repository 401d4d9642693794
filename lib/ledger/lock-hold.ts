import type { Tx } from "@/lib/db/client";
import type { Environment, LedgerHoldStatus } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import type { CurrencyCode } from "@/lib/money";
import type { MerchantCategory } from "./accounts";

export type LockedHold = {
  id: string;
  amount: bigint;
  fee: bigint;
  status: LedgerHoldStatus;
  closeEntryId: string | null;
  merchantId: string;
  environment: Environment;
  currency: CurrencyCode;
  category: MerchantCategory;
};

/** What a hold is for, named by its id's prefix (docs/design/money-and-identifiers.md): a payout (po_…), a refund (rf_…) or a duplicate charge (dup_…). */
const holdSubject = (id: string) => (id.startsWith("rf_") ? "refund" : id.startsWith("dup_") ? "duplicate charge" : "payout");

/** Locks a hold row (FOR UPDATE) so that only one close — finalise or release — ever wins. */
export async function lockHold(tx: Tx, holdId: string): Promise<LockedHold> {
  const rows = await tx.$queryRaw<
    { id: string; amount: bigint; fee: bigint; status: LedgerHoldStatus; close_entry_id: string | null; merchant_id: string; environment: Environment; currency: string; type: MerchantCategory }[]
  >`
    SELECT h.id, h.amount, h.fee, h.status::text AS status, h.close_entry_id, a.merchant_id, a.environment::text AS environment, a.currency, a.type::text AS type
    FROM ledger_holds h JOIN ledger_accounts a ON a.id = h.account_id
    WHERE h.id = ${holdId}
    FOR UPDATE OF h`;
  const row = rows[0];
  if (!row) throw new AppError("not_found", `No funds are held for ${holdSubject(holdId)} ${holdId}.`);
  return {
    id: row.id,
    amount: BigInt(row.amount),
    fee: BigInt(row.fee),
    status: row.status,
    closeEntryId: row.close_entry_id,
    merchantId: row.merchant_id,
    environment: row.environment,
    currency: row.currency as CurrencyCode,
    category: row.type,
  };
}

/** The hold is open, or already closed the same way (a replay: the caller returns as is). */
export function assertClosableAs(hold: LockedHold, target: "finalised" | "released"): "open" | "already" {
  if (hold.status === "held") return "open";
  if (hold.status === target) return "already";
  throw new AppError("invalid_state", `The funds of ${holdSubject(hold.id)} ${hold.id} were already ${hold.status}; they cannot be ${target}.`);
}
