import { getPrisma, type Db } from "@/lib/db/client";
import type { BalanceMode, Environment } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
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
 * it never moved), first, then the others alphabetically.
 */
export async function readBalances(
  input: { merchantId: string; environment: Environment; currency?: CurrencyCode },
  db?: Db,
): Promise<MerchantBalances> {
  const prisma = db ?? (await getPrisma());
  const merchant = await prisma.merchant.findUnique({
    where: { id: input.merchantId },
    select: { balanceMode: true, settlementCurrency: true },
  });
  if (!merchant) throw new AppError("not_found", "Merchant not found.");
  const accounts = await prisma.ledgerAccount.findMany({
    where: { merchantId: input.merchantId, environment: input.environment, ...(input.currency ? { currency: input.currency } : {}) },
    select: { currency: true, type: true, available: true, pending: true, updatedAt: true },
  });

  const byCurrency = new Map<CurrencyCode, CurrencyBalance>();
  const entryFor = (currency: CurrencyCode): CurrencyBalance => {
    let entry = byCurrency.get(currency);
    if (!entry) {
      const zero = () => ({ available: 0n, pending: 0n });
      entry = { currency, categories: { collect: zero(), payout: zero(), credit: zero() }, totals: zero(), updatedAt: null };
      byCurrency.set(currency, entry);
    }
    return entry;
  };
  const home = merchant.settlementCurrency;
  const shown = input.currency ?? home;
  if (isCurrency(shown)) entryFor(shown);

  for (const a of accounts) {
    if (!isCurrency(a.currency) || !(MERCHANT_CATEGORIES as readonly string[]).includes(a.type)) continue;
    const entry = entryFor(a.currency);
    const category = entry.categories[a.type as MerchantCategory];
    category.available += a.available;
    category.pending += a.pending;
    entry.totals.available += a.available;
    entry.totals.pending += a.pending;
    if (entry.updatedAt === null || a.updatedAt > entry.updatedAt) entry.updatedAt = a.updatedAt;
  }

  const balances = [...byCurrency.values()].sort((x, y) =>
    x.currency === home ? -1 : y.currency === home ? 1 : x.currency < y.currency ? -1 : 1,
  );
  return { balanceMode: merchant.balanceMode, payoutSourceCategory: payoutSourceCategory(merchant.balanceMode), balances };
}
