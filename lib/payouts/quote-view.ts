import type { PayoutQuote } from "@/lib/db/generated/client";
import { fromMinor } from "@/lib/money";
import { initiateRequirements } from "./initiate-requirements";

/** Rates and percentages are decimal strings inside; the wire carries them as JSON numbers. */
export const rateNumber = (rate: string) => Number(rate);

/** A replayed quote answer (idempotency) with `expiresIn` counted from now, not from its creation. */
export function refreshQuoteExpiry(body: unknown, now = new Date()): unknown {
  const quote = body as { expiresAt?: unknown };
  if (typeof quote?.expiresAt !== "string") return body;
  const expiresIn = Math.max(0, Math.round((Date.parse(quote.expiresAt) - now.getTime()) / 1000));
  return { ...(body as object), expiresIn };
}

/** The spec's Quote resource from its stored row. `now` fixes expiresIn (300 at creation). */
export function quoteView(q: PayoutQuote, now = q.createdAt) {
  const expiresIn = Math.max(0, Math.round((q.expiresAt.getTime() - now.getTime()) / 1000));
  return {
    quoteId: q.id,
    expiresAt: q.expiresAt.toISOString(),
    expiresIn,
    input: { amount: fromMinor(q.inputAmount, q.inputCurrency), currency: q.inputCurrency },
    source: { amount: fromMinor(q.sourceAmount, q.sourceCurrency), currency: q.sourceCurrency },
    destination: { amount: fromMinor(q.destinationAmount, q.destinationCurrency), currency: q.destinationCurrency, country: q.destinationCountry },
    fees: {
      amount: fromMinor(q.feeAmount, q.feeCurrency),
      currency: q.feeCurrency,
      billed: { amount: fromMinor(q.feeBilledXof, "XOF"), currency: "XOF" as const, rate: rateNumber(q.feeBilledRate) },
    },
    totalDebit: { amount: fromMinor(q.totalDebitAmount, q.totalDebitCurrency), currency: q.totalDebitCurrency },
    fxTopUp:
      q.topUpFromCurrency && q.topUpSourceAmount !== null && q.topUpTargetAmount !== null
        ? {
            fromCurrency: q.topUpFromCurrency,
            toCurrency: q.totalDebitCurrency,
            sourceAmount: fromMinor(q.topUpSourceAmount, q.topUpFromCurrency),
            targetAmount: fromMinor(q.topUpTargetAmount, q.totalDebitCurrency),
            rate: rateNumber(q.topUpRate ?? "1"),
            spreadPercent: rateNumber(q.topUpSpreadPercent ?? "0"),
            parity: q.topUpParity ?? false,
          }
        : null,
    fx:
      q.fxRate !== null
        ? { rate: rateNumber(q.fxRate), spreadPercent: rateNumber(q.fxSpreadPercent ?? "0"), sourceCurrency: q.sourceCurrency, destinationCurrency: q.destinationCurrency }
        : null,
    method: q.method,
    requirements: initiateRequirements({ family: q.method === "bank_transfer" ? "bank_transfer" : "mobile_money", international: q.international, type: q.type }),
  };
}

export type QuoteView = ReturnType<typeof quoteView>;
