import type { Db } from "@/lib/db/client";
import { type BalanceMode, type Environment, Prisma } from "@/lib/db/generated/client";
import { runSql } from "@/lib/db/run-sql";
import { AppError } from "@/lib/errors";
import { MERCHANTS_TABLE_SQL } from "@/lib/merchants/merchant-records";
import { type CurrencyCode, isCurrency } from "@/lib/money";
import { MERCHANT_CATEGORIES, type MerchantCategory, payoutSourceCategory } from "./accounts";

export type BucketBalance = { available: bigint; pending: bigint };

export type CurrencyBalance = {
  currency: CurrencyCode;
  /** collect, payout and credit, always present (zeros when unused). */
  categories: Record<MerchantCategory, BucketBalance>;
  /** Sum of the categories of this currency (never across currencies). */
  totals: BucketBalance;
  /** Last movement on any account of this currency; null when none ever moved. */
  updatedAt: Date | null;
};

export type MerchantBalances = {
  balanceMode: BalanceMode;
  payoutSourceCategory: "collect" | "payout";
  balances: CurrencyBalance[];
};

/**
 * A merchant's wallets in one environment, in minor units. Every currency the merchant holds an
 * account in appears; the settlement currency always does (with zeros and updatedAt null when
 * it never moved), first, then the others alphabetically. One statement (the merchant and its
 * accounts), through the driver on the hot read paths (lib/db/run-sql.ts), through `db` when a
 * transaction is given.
 */
export async function readBalances(
  input: { merchantId: string; environment: Environment; currency?: CurrencyCode },
  db?: Db,
): Promise<MerchantBalances> {
  const statement = Prisma.sql`SELECT ${balanceColumnsSql(Prisma.raw("m"), input.environment, input.currency)} FROM ${MERCHANTS_TABLE_SQL} m WHERE m.id = ${input.merchantId}`;
  const [row] = db ? await db.$queryRaw<BalanceColumns[]>(statement) : await runSql<BalanceColumns>(statement);
  if (!row) throw new AppError("not_found", "Merchant not found.");
  return balancesFromRow(row, input.currency);
}

/** What balanceColumnsSql selects (money as text inside the json: exact in any driver). */
export type BalanceColumns = {
  balance_mode: BalanceMode;
  settlement_currency: string;
  accounts: { currency: string; type: string; available: string; pending: string; updatedAt: string }[] | string;
};

/**
 * The columns readBalances needs, for a statement over `merchants` aliased `merchant` (the
 * payout pricing reads them with its limits in one statement: lib/payouts/build-quote.ts).
 */
export function balanceColumnsSql(merchant: Prisma.Sql, environment: Environment, currency?: CurrencyCode): Prisma.Sql {
  const only = currency ? Prisma.sql` AND a.currency = ${currency}` : Prisma.empty;
  return Prisma.sql`${merchant}.balance_mode, ${merchant}.settlement_currency,
    coalesce((SELECT json_agg(json_build_object('currency', a.currency, 'type', a.type, 'available', a.available::text, 'pending', a.pending::text, 'updatedAt', a.updated_at))
              FROM ledger_accounts a WHERE a.merchant_id = ${merchant}.id AND a.environment = ${environment}::"Environment"${only}), '[]'::json) AS accounts`;
}

/** readBalances' view of balanceColumnsSql's columns. */
export function balancesFromRow(row: BalanceColumns, currency?: CurrencyCode): MerchantBalances {
  const accounts = typeof row.accounts === "string" ? (JSON.parse(row.accounts) as Exclude<BalanceColumns["accounts"], string>) : row.accounts;
  const byCurrency = new Map<CurrencyCode, CurrencyBalance>();
  const entryFor = (code: CurrencyCode): CurrencyBalance => {
    let entry = byCurrency.get(code);
    if (!entry) {
      const zero = () => ({ available: 0n, pending: 0n });
      entry = { currency: code, categories: { collect: zero(), payout: zero(), credit: zero() }, totals: zero(), updatedAt: null };
      byCurrency.set(code, entry);
    }
    return entry;
  };
  const home = row.settlement_currency;
  const shown = currency ?? home;
  if (isCurrency(shown)) entryFor(shown);

  for (const a of accounts) {
    if (!isCurrency(a.currency) || !(MERCHANT_CATEGORIES as readonly string[]).includes(a.type)) continue;
    const entry = entryFor(a.currency);
    const category = entry.categories[a.type as MerchantCategory];
    const available = BigInt(a.available);
    const pending = BigInt(a.pending);
    category.available += available;
    category.pending += pending;
    entry.totals.available += available;
    entry.totals.pending += pending;
    const updatedAt = new Date(a.updatedAt);
    if (entry.updatedAt === null || updatedAt > entry.updatedAt) entry.updatedAt = updatedAt;
  }

  const balances = [...byCurrency.values()].sort((x, y) =>
    x.currency === home ? -1 : y.currency === home ? 1 : x.currency < y.currency ? -1 : 1,
  );
  return { balanceMode: row.balance_mode, payoutSourceCategory: payoutSourceCategory(row.balance_mode), balances };
}
