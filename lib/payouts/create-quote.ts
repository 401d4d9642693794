import type { ApiAuth } from "@/lib/auth/authenticate";
import { getPrisma } from "@/lib/db/client";
import { type Environment, type PayoutQuote, Prisma } from "@/lib/db/generated/client";
import { insertRowsSql } from "@/lib/db/insert-rows";
import { runSql } from "@/lib/db/run-sql";
import { KEY_HELD, KEY_WRITTEN } from "@/lib/http/idempotency";
import { newId } from "@/lib/ids";
import { buildQuote, type PlannedQuote, type QuoteRequest } from "./build-quote";

/** Quote validity (spec rule 6). */
export const QUOTE_TTL_SECONDS = 300;

/**
 * POST /payouts/quote: prices the payout and stores every number, valid 300 s. Two round trips,
 * the floor: one read (balances, limits, windows: readQuoteSnapshot), then the insert, whose every
 * number is priced in between from that read (fees, FX, the wallet drawn on), so the two cannot
 * be one statement. The insert goes through the driver, prepared (lib/db/run-sql.ts); the quote
 * returned is the row as written (every column is text, int8 or a timestamp given here), as the
 * payout initiate returns its payout (docs/performance.md).
 *
 * `record`: the request's idempotency record (lib/http/idempotency.ts, KeyInStatement), written by
 * the insert's statement with the quote as its answer; a key already held writes no quote and
 * refuses with KEY_HELD.
 */
export async function createQuote(
  auth: Pick<ApiAuth, "merchant" | "environment">,
  request: QuoteRequest,
  options: { record?: ((quote: PayoutQuote) => Prisma.Sql) | null } = {},
): Promise<PayoutQuote> {
  const prisma = await getPrisma();
  const planned = await buildQuote(auth.merchant, auth.environment, request, prisma);
  const row = quoteRow(auth.merchant.id, auth.environment, planned, { internal: false });
  if (!options.record) {
    await runSql(await insertRowsSql(prisma, "payout_quotes", [row]));
    return row;
  }
  await runSql(Prisma.sql`
    WITH ${options.record(row)}, quote AS (${await insertRowsSql(prisma, "payout_quotes", [row], { when: KEY_WRITTEN })})
    SELECT CASE WHEN NOT ${KEY_WRITTEN} THEN refuse_statement(${KEY_HELD}) END AS refused`);
  return row;
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

export type { QuoteRequest };
