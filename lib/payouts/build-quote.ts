import type { Db } from "@/lib/db/client";
import { type Environment, type Merchant, Prisma } from "@/lib/db/generated/client";
import { runSql } from "@/lib/db/run-sql";
import { AppError } from "@/lib/errors";
import { type BalanceColumns, balanceColumnsSql, balancesFromRow } from "@/lib/ledger/read-balances";
import { MERCHANTS_TABLE_SQL } from "@/lib/merchants/merchant-records";
import { convertMinor, type CurrencyCode, currencyExponent, isCurrency, minorToDecimalString, toMinor } from "@/lib/money";
import { checkChannelAmount, checkWholeUnits, getCatalogue } from "@/lib/reference";
import type { Catalogue, Corridor } from "@/lib/reference";
import { channelFrom } from "@/lib/reference/get-channel";
import { corridorFrom } from "@/lib/reference/find-corridor";
import { fxRateFrom } from "@/lib/reference/get-fx-rate";
import { payoutFeeFrom } from "@/lib/reference/payout-fee-xof";
import { PAYOUT_METHODS } from "@/lib/reference/provider-codes";
import { type ComputedQuote, computeQuote } from "./compute-quote";
import { assertLimitWindows, assertPerTransaction, LIMIT_COLUMNS, type LimitColumns, limitsFromRow, type PayoutLimits, usageColumnsSql } from "./payout-limits";

export type QuoteRequest = {
  amount: number | string;
  currency: string;
  destinationCountry: string;
  destinationCurrency?: string;
  /** Provider code or `bank_transfer`. */
  method: string;
  type?: "c2c" | "b2b";
  allowFxFrom?: string;
};

export type PlannedQuote = ComputedQuote & {
  method: string;
  type: "c2c" | "b2b";
  corridor: Corridor;
  international: boolean;
  balanceCategory: "collect" | "payout";
  /** The payout's value in the settlement currency (mid rate, half-up): what limits count. */
  limitAmount: bigint;
  limitCurrency: CurrencyCode;
  allowFxFrom?: CurrencyCode;
};

/** What pricing needs from the database, read once (a bulk request prices every item from one snapshot). */
export type QuoteSnapshot = {
  catalogue: Catalogue;
  limits: PayoutLimits;
  /** Used so far in the limit windows; omitted where the caller checks the windows itself (bulk). */
  used?: { daily: bigint; monthly: bigint };
  balanceCategory: "collect" | "payout";
  /** Available balance per currency in the payout source category. */
  wallets: { currency: CurrencyCode; available: bigint }[];
};

/**
 * Prices a payout for a merchant: corridor, method and amount bounds, per-transaction and
 * window limits (advisory here; initiate re-checks them atomically), current balances, then the
 * pure engine (compute-quote.ts). Every refusal is a 400 the merchant can act on.
 */
export async function buildQuote(merchant: Merchant, environment: Environment, request: QuoteRequest, db?: Db): Promise<PlannedQuote> {
  return planQuote(merchant, request, await readQuoteSnapshot(merchant, environment, db));
}

/**
 * buildQuote's reads. `windows: false` leaves out what the limit windows already hold, for a
 * caller that takes the amount from them atomically anyway (a legacy initiate: its refusal then
 * comes from reserveLimitWindows, with the same message and exact figures).
 */
export async function readQuoteSnapshot(merchant: Merchant, environment: Environment, db?: Db, options: { windows?: boolean } = {}): Promise<QuoteSnapshot> {
  const catalogue = await getCatalogue(db);
  // The limits, what the windows hold and the balances: one statement (docs/performance.md).
  const usage = options.windows === false ? Prisma.empty : Prisma.sql`, ${usageColumnsSql(merchant.id, environment, new Date())}`;
  const [row] = await runSql<BalanceColumns & LimitColumns & { used_day: string | null; used_month: string | null }>(Prisma.sql`
    SELECT ${balanceColumnsSql(Prisma.raw("m"), environment)}, ${LIMIT_COLUMNS}${usage}
    FROM ${MERCHANTS_TABLE_SQL} m LEFT JOIN merchant_payout_limits limits ON limits.merchant_id = m.id AND limits.environment = ${environment}::"Environment"
    WHERE m.id = ${merchant.id}`);
  if (!row) throw new AppError("not_found", "Merchant not found.");
  const limits = limitsFromRow(merchant.settlementCurrency, row);
  const used = options.windows === false ? undefined : { daily: BigInt(row.used_day ?? 0), monthly: BigInt(row.used_month ?? 0) };
  const balances = balancesFromRow(row);
  const category = balances.payoutSourceCategory;
  return {
    catalogue,
    limits,
    ...(used ? { used } : {}),
    balanceCategory: category,
    wallets: balances.balances.map((b) => ({ currency: b.currency, available: b.categories[category].available })),
  };
}

/** buildQuote's rules on a snapshot, with no I/O: the single quote and every item of a bulk go through it. */
export function planQuote(merchant: Merchant, request: QuoteRequest, snapshot: QuoteSnapshot): PlannedQuote {
  const currency = upper(request.currency);
  if (!isCurrency(currency)) throw new AppError("invalid_currency", `Unsupported currency: ${request.currency}.`);
  const amount = toMinor(request.amount, currency);
  const method = request.method.trim().toLowerCase();
  if (!(PAYOUT_METHODS as readonly string[]).includes(method)) {
    throw new AppError("provider_unavailable", `Unknown payout method "${request.method}". Valid methods: ${PAYOUT_METHODS.join(", ")}.`, {
      details: [{ path: "method", message: `must be one of ${PAYOUT_METHODS.join(", ")}` }],
    });
  }
  const destinationCountry = upper(request.destinationCountry);
  const wantedCurrency = request.destinationCurrency ? upper(request.destinationCurrency) : undefined;
  if (wantedCurrency && !isCurrency(wantedCurrency)) throw new AppError("invalid_currency", `Unsupported currency: ${request.destinationCurrency}.`);
  let allowFxFrom: CurrencyCode | undefined;
  if (request.allowFxFrom) {
    const code = upper(request.allowFxFrom);
    if (!isCurrency(code)) throw new AppError("invalid_currency", `Unsupported currency in allowFxFrom: ${request.allowFxFrom}.`);
    allowFxFrom = code;
  }
  const type = request.type ?? "c2c";

  const { catalogue } = snapshot;
  const source = merchant.country;
  // Without destinationCurrency: the payout currency when the corridor offers it, else the
  // destination country's main currency.
  const corridor =
    (wantedCurrency
      ? corridorFrom(catalogue, source, destinationCountry, method, wantedCurrency)
      : (corridorFrom(catalogue, source, destinationCountry, method, currency) ?? corridorFrom(catalogue, source, destinationCountry, method))) ?? null;
  if (!corridor) {
    throw new AppError(
      "corridor_unsupported",
      `No payout corridor from ${source} to ${destinationCountry}${wantedCurrency ? ` in ${wantedCurrency}` : ""} by ${method}. See GET /payouts/reference/corridors?sourceCountry=${source}.`,
    );
  }
  const fx = (from: CurrencyCode, to: CurrencyCode, direction: Parameters<typeof fxRateFrom>[3]) => fxRateFrom(catalogue, from, to, direction);
  const atMid = (minor: bigint, to: CurrencyCode) => (to === currency ? minor : convertMinor(minor, currency, to, fx(currency, to, "against-merchant-paying").midRate, "half-up"));

  const inCorridorCurrency = atMid(amount, corridor.sourceCurrency);
  const showC = (m: bigint) => `${minorToDecimalString(m, corridor.sourceCurrency)} ${corridor.sourceCurrency}`;
  if (inCorridorCurrency < corridor.minAmount || inCorridorCurrency > corridor.maxAmount) {
    throw new AppError(
      "invalid_amount",
      `Amount ${showC(inCorridorCurrency)} is outside the ${source}→${destinationCountry} corridor's bounds (${showC(corridor.minAmount)} to ${showC(corridor.maxAmount)}).`,
    );
  }

  // The operator's channel: its bounds apply to what it pays out, in its own currency (below);
  // an amount with cents for an operator that takes whole units only is refused first, before
  // limits and balances (the merchant's request cannot succeed whatever they are).
  const channel = channelFrom(catalogue, method, destinationCountry, corridor.destinationCurrency, "payout");
  if (corridor.destinationCurrency === currency) checkWholeUnits(channel, amount);

  const limitCurrency = merchant.settlementCurrency as CurrencyCode;
  const limitAmount = atMid(amount, limitCurrency);
  assertPerTransaction(snapshot.limits, limitAmount);
  if (snapshot.used) assertLimitWindows(snapshot.limits, snapshot.used, limitAmount);

  const computed = computeQuote({
    amount,
    currency,
    destinationCurrency: corridor.destinationCurrency,
    destinationCountry,
    settlementCurrency: limitCurrency,
    balanceCategory: snapshot.balanceCategory,
    wallets: snapshot.wallets,
    allowFxFrom,
    // A currency without cents (XOF, UGX) keeps its usual half-up conversion: only an operator
    // that drops the cents of a currency that has them changes the rounding.
    destinationWholeUnits: channel.wholeUnits && currencyExponent(corridor.destinationCurrency) > 0,
    feeXof: (amountXof) => payoutFeeFrom(catalogue, { amountXof, method, type, international: corridor.isInternational, merchantId: merchant.id }).feeXof,
    fx,
  });
  checkChannelAmount(channel, computed.destination.amount);

  return {
    ...computed,
    method,
    type,
    corridor,
    international: corridor.isInternational,
    balanceCategory: snapshot.balanceCategory,
    limitAmount,
    limitCurrency,
    allowFxFrom,
  };
}

const upper = (s: string) => s.trim().toUpperCase();
