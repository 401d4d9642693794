import type { ApiAuth } from "@/lib/auth/authenticate";
import { type AuditBy, writeAudit } from "@/lib/audit/write-audit";
import { getPrisma } from "@/lib/db/client";
import { Prisma, type Payout, type PayoutQuote } from "@/lib/db/generated/client";
import { AppError, isAppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { convertFunds, holdPayout, readBalances } from "@/lib/ledger";
import { type CurrencyCode, fromMinor, minorToDecimalString } from "@/lib/money";
import { assertWebhookUrlAllowed, recordWebhookEvent } from "@/lib/webhooks";
import { buildQuote } from "./build-quote";
import { quoteRow } from "./create-quote";
import { assertPerTransaction, getPayoutLimits, reserveLimitWindows } from "./payout-limits";
import type { InitiatePayoutBody } from "./payout-request-schemas";
import { payoutView } from "./payout-views";
import { type ValidBeneficiary, validateBeneficiary } from "./validate-beneficiary";

export const SUBMIT_PAYOUT_JOB = "payout.submit";
/** The five operators that pay out to wallets (legacy mobileWallet.provider). */
export const PAYOUT_OPERATORS = ["orange", "mtn", "moov", "wave", "airtel"] as const;

type Auth = Pick<ApiAuth, "merchant" | "environment">;
export type QuoteData = Omit<PayoutQuote, "id" | "usedAt" | "payoutId" | "createdAt"> & { id?: string };

/**
 * POST /payouts/initiate (spec, DESIGN §7–§8). With `quoteId` the amounts, rates, fees and
 * method come from the stored quote; without it (legacy) the same engine prices an internal
 * quote. Everything the merchant can get wrong is checked first; then ONE short transaction
 * that takes no merchant-wide lock (issue 17: payouts of one merchant used to queue on one):
 *   1. claims the quote (conditional UPDATE: a quote is used at most once),
 *   2. writes the payout, its timeline row, the payout.pending event and the submit job — rows
 *      nobody else touches, so no waiting;
 *   3. last, the two hot rows: takes the amount from the day and month limit windows (one
 *      conditional upsert, refused past a limit) and holds the total debit on the wallet after
 *      the quote's fxTopUp (the ledger refuses an overdraft under the account's row lock).
 *      Putting them last keeps each hot row locked for the fewest round trips before commit.
 * Any refusal rolls everything back: the quote stays unused, no money moves, no limit is used.
 */
export async function initiatePayout(auth: Auth, body: InitiatePayoutBody, options: { audit?: AuditBy } = {}): Promise<Payout> {
  const { merchant, environment } = auth;
  const prisma = await getPrisma();
  const now = new Date();
  if (body.callbackUrl) assertWebhookUrlAllowed(body.callbackUrl, { field: "callbackUrl" });

  let stored: PayoutQuote | null = null;
  let quote: QuoteData;
  if (body.quoteId) {
    stored = await prisma.payoutQuote.findFirst({ where: { id: body.quoteId, merchantId: merchant.id, environment, internal: false } });
    if (!stored) throw new AppError("not_found", `Quote ${body.quoteId} not found.`);
    if (stored.payoutId) throw quoteUsed(stored.id, stored.payoutId);
    if (stored.expiresAt.getTime() <= now.getTime()) {
      throw new AppError("quote_expired", `Quote ${stored.id} expired at ${stored.expiresAt.toISOString()}: request a new quote (POST /payouts/quote).`);
    }
    quote = stored;
  } else {
    const method = legacyMethod(body);
    const planned = await buildQuote(
      merchant,
      environment,
      { amount: body.amount!, currency: body.currency ?? "XOF", destinationCountry: body.country ?? "SN", method, type: body.type ?? "c2c" },
      prisma,
    );
    quote = quoteRow(merchant.id, environment, planned, { internal: true, now });
  }

  const beneficiary = await validateBeneficiary(body, beneficiaryContext(quote), now);

  const limits = await getPayoutLimits(prisma, merchant, environment);
  assertPerTransaction(limits, quote.limitAmount);

  const payoutId = newId("po", now.getTime());
  try {
    return await prisma.$transaction(async (tx) => {
      if (stored) {
        const { count } = await tx.payoutQuote.updateMany({ where: { id: stored.id, payoutId: null }, data: { payoutId, usedAt: now } });
        if (count === 0) {
          const winner = await tx.payoutQuote.findUnique({ where: { id: stored.id }, select: { payoutId: true } });
          throw quoteUsed(stored.id, winner?.payoutId ?? "another payout");
        }
      } else {
        await tx.payoutQuote.create({ data: { ...(quote as ReturnType<typeof quoteRow>), payoutId, usedAt: now } });
      }
      const payout = await tx.payout.create({
        data: payoutData({ merchantId: merchant.id, environment, payoutId, quoteId: stored?.id ?? (quote as ReturnType<typeof quoteRow>).id, quote, beneficiary, body, now }),
      });
      await tx.payoutStatusChange.create({ data: { payoutId, fromStatus: null, toStatus: "pending", reason: stored ? `initiated with ${stored.id}` : "initiated (legacy)" } });
      await recordWebhookEvent(tx, { merchantId: merchant.id, environment, type: "payout.pending", data: payoutView(payout), callbackUrl: payout.callbackUrl });
      await enqueueJob(tx, SUBMIT_PAYOUT_JOB, { payoutId }, { dedupeKey: `${SUBMIT_PAYOUT_JOB}:${payoutId}` });
      // Money leaving: in the owners' audit log with who asked (an API key), in this transaction.
      if (options.audit) {
        const details = { payoutId, amount: minorToDecimalString(quote.sourceAmount, quote.sourceCurrency), currency: quote.sourceCurrency, method: quote.method };
        await writeAudit(tx, { merchantId: merchant.id, environment, actor: options.audit.actor, action: "payout.created", details });
      }

      // The hot rows, last (see above).
      await reserveLimitWindows(tx, merchant.id, environment, limits, quote.limitAmount, now);
      const category = quote.balanceCategory as "collect" | "payout";
      const debitCurrency = quote.totalDebitCurrency as CurrencyCode;
      if (quote.topUpFromCurrency && quote.topUpSourceAmount && quote.topUpTargetAmount) {
        await convertFunds(tx, {
          environment,
          merchantId: merchant.id,
          category,
          from: { currency: quote.topUpFromCurrency as CurrencyCode, amount: quote.topUpSourceAmount },
          to: { currency: debitCurrency, amount: quote.topUpTargetAmount },
          idempotencyKey: `payout:${payoutId}:fx_top_up`,
          metadata: { payoutId, rate: quote.topUpRate, parity: quote.topUpParity },
        });
      }
      await holdPayout(tx, {
        environment,
        merchantId: merchant.id,
        payoutId,
        currency: debitCurrency,
        category,
        amount: quote.totalDebitAmount - quote.feeAmount,
        fee: quote.feeAmount,
      });
      return payout;
    });
  } catch (err) {
    if (isAppError(err) && err.code === "insufficient_balance") throw await insufficientAtInitiate(auth, quote);
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      // Which unique rule: the reference (used before, or by a request that won a race), else the quote.
      if (body.externalReference) {
        const holder = await payoutWithReference(auth, body.externalReference);
        if (holder) throw duplicatePayoutReference(body.externalReference, holder);
      }
      if (stored) throw quoteUsed(stored.id, "another payout");
    }
    throw err;
  }
}

/** The payout row of an accepted request: the quote's numbers, the checked beneficiary, the body's own fields. */
export function payoutData(input: {
  merchantId: string;
  environment: Auth["environment"];
  payoutId: string;
  quoteId: string;
  quote: QuoteData;
  beneficiary: ValidBeneficiary;
  body: InitiatePayoutBody;
  now: Date;
  bulk?: { id: string; index: number };
}): Prisma.PayoutCreateManyInput {
  const { quote, beneficiary, body } = input;
  return {
    id: input.payoutId,
    merchantId: input.merchantId,
    environment: input.environment,
    quoteId: input.quoteId,
    type: quote.type,
    method: quote.method === "bank_transfer" ? "bank_transfer" : "mobile_money",
    provider: quote.method,
    amount: quote.sourceAmount,
    currency: quote.sourceCurrency,
    country: quote.destinationCountry,
    fees: quote.feeAmount,
    feeCurrency: quote.feeCurrency,
    netAmount: quote.sourceAmount,
    debitAmount: quote.totalDebitAmount,
    debitCurrency: quote.totalDebitCurrency,
    debitConversionRate: quote.debitConversionRate,
    limitAmount: quote.limitAmount,
    limitCurrency: quote.limitCurrency,
    destinationAmount: quote.destinationAmount,
    destinationCurrency: quote.destinationCurrency,
    destinationCountry: quote.destinationCountry,
    international: quote.international,
    fxRate: quote.fxRate,
    purpose: beneficiary.purpose,
    sender: (body.sender as Prisma.InputJsonObject | undefined) ?? Prisma.DbNull,
    recipient: beneficiary.recipient as Prisma.InputJsonObject,
    mobileWallet: quote.method === "bank_transfer" ? Prisma.DbNull : { provider: quote.method },
    bankAccount: (beneficiary.bankAccount as Prisma.InputJsonObject | null) ?? Prisma.DbNull,
    correspondentBank: (body.correspondentBank as Prisma.InputJsonObject | undefined) ?? Prisma.DbNull,
    destination: beneficiary.destination,
    description: body.description ?? null,
    externalReference: body.externalReference ?? null,
    callbackUrl: body.callbackUrl ?? null,
    metadata: (body.metadata as Prisma.InputJsonObject | undefined) ?? Prisma.DbNull,
    bulkId: input.bulk?.id ?? null,
    bulkIndex: input.bulk?.index ?? null,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/** The beneficiary rules' context, fixed by the quote (method, corridor, type). */
export function beneficiaryContext(quote: QuoteData) {
  return {
    family: quote.method === "bank_transfer" ? ("bank_transfer" as const) : ("mobile_money" as const),
    international: quote.international,
    type: quote.type,
    sourceCountry: quote.sourceCountry,
    destinationCountry: quote.destinationCountry,
    destinationCurrency: quote.destinationCurrency,
  };
}

export function legacyMethod(body: InitiatePayoutBody): string {
  if (body.method === "BANK_TRANSFER") return "bank_transfer";
  const provider = body.mobileWallet?.provider?.trim().toLowerCase();
  if (!provider) {
    throw new AppError("validation_error", "mobileWallet.provider is required for MOBILE_MONEY payouts.", {
      details: [{ path: "mobileWallet.provider", message: `is required: one of ${PAYOUT_OPERATORS.join(", ")}` }],
    });
  }
  if (!(PAYOUT_OPERATORS as readonly string[]).includes(provider)) {
    throw new AppError("provider_unavailable", `Provider "${provider}" does not pay out. Payout operators: ${PAYOUT_OPERATORS.join(", ")}.`, {
      details: [{ path: "mobileWallet.provider", message: `must be one of ${PAYOUT_OPERATORS.join(", ")}` }],
    });
  }
  return provider;
}

/** The payout that already carries this externalReference (merchant and environment), if any. */
export async function payoutWithReference(auth: Auth, externalReference: string): Promise<string | null> {
  const prisma = await getPrisma();
  const row = await prisma.payout.findUnique({
    where: { merchantId_environment_externalReference: { merchantId: auth.merchant.id, environment: auth.environment, externalReference } },
    select: { id: true },
  });
  return row?.id ?? null;
}

/** 422, like a collect's: the reference names one payout only, so a retry without a key cannot pay twice. */
export function duplicatePayoutReference(reference: string, payoutId: string) {
  return new AppError("duplicate_reference", `externalReference "${reference}" was already used for payout ${payoutId}.`, {
    details: [{ path: "externalReference", message: `already used by ${payoutId}` }],
    extra: { transactionId: payoutId },
  });
}

export function quoteUsed(quoteId: string, payoutId: string) {
  return new AppError("quote_already_used", `Quote ${quoteId} was already used by ${payoutId}: request a new quote.`, { extra: { payoutId } });
}

/** The ledger refused the hold (or the top-up): the spec's INSUFFICIENT_BALANCE body, from fresh balances. */
async function insufficientAtInitiate(auth: Auth, quote: QuoteData): Promise<AppError> {
  const balances = await readBalances({ merchantId: auth.merchant.id, environment: auth.environment });
  const category = quote.balanceCategory as "collect" | "payout";
  const availableIn = (c: string) => balances.balances.find((b) => b.currency === c)?.categories[category].available ?? 0n;
  const attempts = [{ currency: quote.totalDebitCurrency, required: quote.totalDebitAmount }];
  if (quote.topUpFromCurrency && quote.topUpSourceAmount) attempts.push({ currency: quote.topUpFromCurrency, required: quote.topUpSourceAmount });
  const show = (m: bigint, c: string) => `${minorToDecimalString(m, c)} ${c}`;
  return new AppError(
    "INSUFFICIENT_BALANCE",
    `Insufficient balance: ${attempts.map((a) => `${show(availableIn(a.currency), a.currency)} available in the ${a.currency} ${category} wallet, ${show(a.required, a.currency)} required`).join("; ")}. Fund the account or request a new quote.`,
    {
      extra: {
        balanceCategory: category,
        attempts: attempts.map((a) => ({ currency: a.currency, required: fromMinor(a.required, a.currency), available: fromMinor(availableIn(a.currency), a.currency) })),
        convertibleFrom: [],
      },
    },
  );
}
