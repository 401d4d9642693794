import { AppError } from "@/lib/errors";
import { convertMinor, convertMinorToWholeUnits, type CurrencyCode, fromMinor, minorToDecimalString, smallestSourceCovering, type SpreadDirection } from "@/lib/money";

/**
 * The quote engine (spec POST /payouts/quote rules 1–7, docs/design/quotes-and-payouts.md) as a pure function: no
 * database, no clock. Everything it needs — the merchant's wallets, the FX look-up and the fee
 * tariff — is passed in, so unit tests reproduce the worked examples exactly.
 *
 * Definitions (docs/design/quotes-and-payouts.md):
 * - input = what the merchant asked; source = what goes to the provider, in the payout currency
 *   (= input); destination = what the beneficiary receives (fx applies when its currency differs);
 * - fees from the XOF tariff, converted XOF→debited currency (rate × (1 + s), half-up);
 * - the source converted into the debited currency when it differs (debit.conversionRate,
 *   × (1 + s), half-up); totalDebit = source + fees, in the debited currency;
 * - fxTopUp converts only the shortfall of the debited wallet; sourceAmount is the smallest
 *   amount whose conversion (rate × (1 − s)) covers it.
 */
export type QuoteFxRate = { rate: string; midRate: string; spreadPercent: string; parity: boolean };
export type QuoteFx = (from: CurrencyCode, to: CurrencyCode, direction: SpreadDirection) => QuoteFxRate;

export type ComputeQuoteInput = {
  amount: bigint;
  currency: CurrencyCode;
  destinationCurrency: CurrencyCode;
  destinationCountry: string;
  settlementCurrency: CurrencyCode;
  balanceCategory: "collect" | "payout";
  /** The `available` of the balance category, one entry per currency the merchant holds. */
  wallets: { currency: CurrencyCode; available: bigint }[];
  allowFxFrom?: CurrencyCode;
  /**
   * The destination channel takes whole units only (catalogue `wholeUnits`): a converted
   * destination amount is rounded down to a whole unit, once, from the exact product.
   */
  destinationWholeUnits?: boolean;
  /** The tariff: fee in XOF minor units for an amount in XOF minor units. */
  feeXof: (amountXof: bigint) => bigint;
  fx: QuoteFx;
};

export type QuoteTopUp = {
  fromCurrency: CurrencyCode;
  toCurrency: CurrencyCode;
  sourceAmount: bigint;
  targetAmount: bigint;
  rate: string;
  spreadPercent: string;
  parity: boolean;
};

export type ComputedQuote = {
  input: { amount: bigint; currency: CurrencyCode };
  source: { amount: bigint; currency: CurrencyCode };
  destination: { amount: bigint; currency: CurrencyCode; country: string };
  fees: { amount: bigint; currency: CurrencyCode; billed: { amount: bigint; currency: "XOF"; rate: string } };
  /** Source in the debited currency (totalDebit − fees). */
  principalDebit: bigint;
  totalDebit: { amount: bigint; currency: CurrencyCode };
  /** Payout currency → debited currency; "1" when they are the same. */
  debitConversionRate: string;
  /** The payout's value in XOF at the mid rate: the tariff's base. */
  amountXof: bigint;
  fx: { rate: string; spreadPercent: string; sourceCurrency: CurrencyCode; destinationCurrency: CurrencyCode } | null;
  fxTopUp: QuoteTopUp | null;
};

type DebitPlan = { currency: CurrencyCode; principal: bigint; fee: bigint; feeRate: string; conversionRate: string; total: bigint };

export function computeQuote(input: ComputeQuoteInput): ComputedQuote {
  const { amount, currency, fx } = input;
  const available = new Map(input.wallets.map((w) => [w.currency, w.available]));
  const held = (c: CurrencyCode) => available.has(c);
  const availableIn = (c: CurrencyCode) => available.get(c) ?? 0n;

  const amountXof = currency === "XOF" ? amount : convertMinor(amount, currency, "XOF", fx(currency, "XOF", "against-merchant-paying").midRate, "half-up");
  const feeXof = input.feeXof(amountXof);

  const planFor = (debited: CurrencyCode): DebitPlan => {
    const conversionRate = debited === currency ? "1" : fx(currency, debited, "against-merchant-paying").rate;
    const principal = debited === currency ? amount : convertMinor(amount, currency, debited, conversionRate, "half-up");
    const feeRate = debited === "XOF" ? "1" : fx("XOF", debited, "against-merchant-paying").rate;
    const fee = debited === "XOF" ? feeXof : convertMinor(feeXof, "XOF", debited, feeRate, "half-up");
    return { currency: debited, principal, fee, feeRate, conversionRate, total: principal + fee };
  };

  // Rule 1: the payout currency's wallet if held and covering; otherwise the settlement wallet.
  const own = planFor(currency);
  const plan = held(currency) && availableIn(currency) >= own.total ? own : currency === input.settlementCurrency ? own : planFor(input.settlementCurrency);

  // Rule 3: only the shortfall is converted; parity automatically, floating only when allowed.
  let fxTopUp: QuoteTopUp | null = null;
  const shortfall = plan.total - availableIn(plan.currency);
  if (shortfall > 0n) {
    const options = input.wallets
      .filter((w) => w.currency !== plan.currency && w.available > 0n)
      .map((w) => {
        const rate = fx(w.currency, plan.currency, "against-merchant-selling");
        const sourceAmount = smallestSourceCovering(shortfall, w.currency, plan.currency, rate.rate);
        return { wallet: w, rate, sourceAmount, covers: sourceAmount <= w.available };
      })
      .filter((o) => o.covers);
    // Rule 5: parity first.
    const chosen = options.find((o) => o.rate.parity) ?? options.find((o) => !o.rate.parity && o.wallet.currency === input.allowFxFrom);
    if (!chosen) {
      const convertibleFrom = options.filter((o) => !o.rate.parity).map((o) => o.wallet);
      throw insufficientBalance(input, plan, own, held(currency), availableIn, convertibleFrom, shortfall);
    }
    fxTopUp = {
      fromCurrency: chosen.wallet.currency,
      toCurrency: plan.currency,
      sourceAmount: chosen.sourceAmount,
      targetAmount: shortfall,
      rate: chosen.rate.rate,
      spreadPercent: chosen.rate.spreadPercent,
      parity: chosen.rate.parity,
    };
  }

  let destination = amount;
  let fxView: ComputedQuote["fx"] = null;
  if (input.destinationCurrency !== currency) {
    const rate = fx(currency, input.destinationCurrency, "against-merchant-selling");
    // Into a whole-unit channel: down, so the beneficiary never receives more than the debited
    // amount buys at the quoted rate (half-up could pay up to half a unit that nobody paid for);
    // the quote shows the whole amount before the merchant commits to it.
    destination = input.destinationWholeUnits
      ? convertMinorToWholeUnits(amount, currency, input.destinationCurrency, rate.rate, "down")
      : convertMinor(amount, currency, input.destinationCurrency, rate.rate, "half-up");
    fxView = { rate: rate.rate, spreadPercent: rate.spreadPercent, sourceCurrency: currency, destinationCurrency: input.destinationCurrency };
  }

  return {
    input: { amount, currency },
    source: { amount, currency },
    destination: { amount: destination, currency: input.destinationCurrency, country: input.destinationCountry },
    fees: { amount: plan.fee, currency: plan.currency, billed: { amount: feeXof, currency: "XOF", rate: plan.feeRate } },
    principalDebit: plan.principal,
    totalDebit: { amount: plan.total, currency: plan.currency },
    debitConversionRate: plan.conversionRate,
    amountXof,
    fx: fxView,
    fxTopUp,
  };
}

function insufficientBalance(
  input: ComputeQuoteInput,
  plan: DebitPlan,
  own: DebitPlan,
  holdsPayoutCurrency: boolean,
  availableIn: (c: CurrencyCode) => bigint,
  convertibleFrom: { currency: CurrencyCode; available: bigint }[],
  shortfall: bigint,
): AppError {
  const attempts: DebitPlan[] = [];
  if (holdsPayoutCurrency && own.currency !== plan.currency) attempts.push(own);
  attempts.push(plan);
  const show = (minor: bigint, c: CurrencyCode) => `${minorToDecimalString(minor, c)} ${c}`;
  const tried = attempts.map((a) => `${show(availableIn(a.currency), a.currency)} available in the ${a.currency} ${input.balanceCategory} wallet, ${show(a.total, a.currency)} required`);
  const next =
    convertibleFrom.length > 0
      ? `The shortfall of ${show(shortfall, plan.currency)} can be converted from ${convertibleFrom.map((w) => `${w.currency} (${show(w.available, w.currency)} available)`).join(", ")}: pass allowFxFrom with one of these currencies.`
      : `No other wallet can cover the shortfall of ${show(shortfall, plan.currency)}: fund the account.`;
  return new AppError("INSUFFICIENT_BALANCE", `Insufficient balance: ${tried.join("; ")}. ${next}`, {
    extra: {
      code: "INSUFFICIENT_BALANCE",
      balanceCategory: input.balanceCategory,
      attempts: attempts.map((a) => ({ currency: a.currency, required: fromMinor(a.total, a.currency), available: fromMinor(availableIn(a.currency), a.currency) })),
      convertibleFrom: convertibleFrom.map((w) => ({ currency: w.currency, available: fromMinor(w.available, w.currency) })),
    },
  });
}
