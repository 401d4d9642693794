import type { ApiAuth } from "@/lib/auth/authenticate";
import { type Db, getPrisma } from "@/lib/db/client";
import type { Environment, PayoutQuote } from "@/lib/db/generated/client";
import { newId } from "@/lib/ids";
import { buildQuote, type PlannedQuote, type QuoteRequest } from "./build-quote";

/** Quote validity (spec rule 6). */
export const QUOTE_TTL_SECONDS = 300;

/** POST /payouts/quote: prices the payout and stores every number, valid 300 s. */
export async function createQuote(auth: Pick<ApiAuth, "merchant" | "environment">, request: QuoteRequest): Promise<PayoutQuote> {
  const prisma = await getPrisma();
  const planned = await buildQuote(auth.merchant, auth.environment, request, prisma);
  return saveQuote(prisma, auth.merchant.id, auth.environment, planned, { internal: false });
}

export function quoteRow(merchantId: string, environment: Environment, q: PlannedQuote, options: { internal: boolean; now?: Date; payoutId?: string }) {
  const now = options.now ?? new Date();
  return {
    id: newId("qt", now.getTime()),
    merchantId,
    environment,
    type: q.type,
    method: q.method,
    inputAmount: q.input.amount,
    inputCurrency: q.input.currency,
    sourceAmount: q.source.amount,
    sourceCurrency: q.source.currency,
    sourceCountry: q.corridor.sourceCountry,
    destinationAmount: q.destination.amount,
    destinationCurrency: q.destination.currency,
    destinationCountry: q.destination.country,
    international: q.international,
    feeAmount: q.fees.amount,
    feeCurrency: q.fees.currency,
    feeBilledXof: q.fees.billed.amount,
    feeBilledRate: q.fees.billed.rate,
    totalDebitAmount: q.totalDebit.amount,
    totalDebitCurrency: q.totalDebit.currency,
    debitConversionRate: q.debitConversionRate,
    balanceCategory: q.balanceCategory,
    fxRate: q.fx?.rate ?? null,
    fxSpreadPercent: q.fx?.spreadPercent ?? null,
    topUpFromCurrency: q.fxTopUp?.fromCurrency ?? null,
    topUpSourceAmount: q.fxTopUp?.sourceAmount ?? null,
    topUpTargetAmount: q.fxTopUp?.targetAmount ?? null,
    topUpRate: q.fxTopUp?.rate ?? null,
    topUpSpreadPercent: q.fxTopUp?.spreadPercent ?? null,
    topUpParity: q.fxTopUp?.parity ?? null,
    allowFxFrom: q.allowFxFrom ?? null,
    limitAmount: q.limitAmount,
    limitCurrency: q.limitCurrency,
    internal: options.internal,
    expiresAt: new Date(now.getTime() + QUOTE_TTL_SECONDS * 1000),
    createdAt: now,
    usedAt: options.payoutId ? now : null,
    payoutId: options.payoutId ?? null,
  };
}

export function saveQuote(db: Db, merchantId: string, environment: Environment, q: PlannedQuote, options: { internal: boolean; payoutId?: string }) {
  return db.payoutQuote.create({ data: quoteRow(merchantId, environment, q, options) });
}

export type { QuoteRequest };
