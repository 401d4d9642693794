import type { ApiAuth } from "@/lib/auth/authenticate";
import { type AuditBy, type AuditEntry, auditRow } from "@/lib/audit/write-audit";
import { asJsonb } from "@/lib/db/as-jsonb";
import { getPrisma, type Tx } from "@/lib/db/client";
import { insertRowsSql } from "@/lib/db/insert-rows";
import { isUniqueViolation } from "@/lib/db/is-unique-violation";
import { Prisma, type Payout, type PayoutQuote } from "@/lib/db/generated/client";
import { AppError, isAppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { enqueueJobSql, wakeAfterCommit } from "@/lib/jobs/enqueue-job";
import { convertFunds, holdPayout, readBalances } from "@/lib/ledger";
import { type CurrencyCode, fromMinor, minorToDecimalString } from "@/lib/money";
import { assertWebhookUrlAllowed, webhookEventRows, webhookEventsSql } from "@/lib/webhooks";
import { planQuote, type QuoteSnapshot, readQuoteSnapshot } from "./build-quote";
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
  let snapshot: QuoteSnapshot | null = null;
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
    // The windows are left to reserveLimitWindows (one read fewer), the limits read once for both.
    snapshot = await readQuoteSnapshot(merchant, environment, prisma, { windows: false });
    const request = { amount: body.amount!, currency: body.currency ?? "XOF", destinationCountry: body.country ?? "SN", method, type: body.type ?? "c2c" };
    quote = quoteRow(merchant.id, environment, planQuote(merchant, request, snapshot), { internal: true, now });
  }

  const beneficiary = await validateBeneficiary(body, beneficiaryContext(quote), now);

  const limits = snapshot?.limits ?? (await getPayoutLimits(prisma, merchant, environment));
  assertPerTransaction(limits, quote.limitAmount);

  const payoutId = newId("po", now.getTime());
  const internal = stored ? null : { ...(quote as ReturnType<typeof quoteRow>), payoutId, usedAt: now };
  const data = payoutData({ merchantId: merchant.id, environment, payoutId, quoteId: stored?.id ?? internal!.id, quote, beneficiary, body, now });
  const payout = payoutFromData(data);
  try {
    return await prisma.$transaction(async (tx) => {
      const claimed = await writeNewPayoutRows(tx, {
        payout,
        data,
        stored,
        internal,
        reason: stored ? `initiated with ${stored.id}` : "initiated (legacy)",
        // Money leaving: in the owners' audit log with who asked (an API key), in this transaction.
        audit: options.audit && {
          merchantId: merchant.id,
          environment,
          actor: options.audit.actor,
          action: "payout.created",
          details: { payoutId, amount: minorToDecimalString(quote.sourceAmount, quote.sourceCurrency), currency: quote.sourceCurrency, method: quote.method },
        },
      });
      if (!claimed) {
        const winner = await tx.payoutQuote.findUnique({ where: { id: stored!.id }, select: { payoutId: true } });
        throw quoteUsed(stored!.id, winner?.payoutId ?? "another payout");
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
    if (isUniqueViolation(err)) {
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

/**
 * The rows of a new payout that nobody else touches, in ONE statement (issue 17: they were six
 * Prisma calls): the quote's claim (a conditional UPDATE: a quote is used at most once) or the
 * legacy request's internal quote, the payout, its timeline row, the payout.pending event (with
 * its delivery job, or `skipped`: recordWebhookEvents' rules), the submit job (enqueueJobSql:
 * enqueueJob's row and dedupe rule) and the audit row. Every insert waits for the claim and writes nothing
 * when it failed (a concurrent initiate of the same quote then gets quote_already_used naming
 * the winner, not a unique-index error). Returns whether the claim succeeded. The rows are
 * built by their owners' functions (payoutData, enqueueJobSql, webhookEventRows, auditRow) and
 * written by insertRowsSql, so their values are the same as those writers'.
 */
async function writeNewPayoutRows(
  tx: Tx,
  input: {
    payout: Payout;
    data: Prisma.PayoutCreateManyInput;
    stored: PayoutQuote | null;
    internal: (ReturnType<typeof quoteRow> & { payoutId: string; usedAt: Date }) | null;
    reason: string;
    audit?: AuditEntry;
  },
): Promise<boolean> {
  const { payout } = input;
  const now = payout.createdAt;
  const claimed = Prisma.sql`EXISTS (SELECT 1 FROM claim)`;
  const parts = [
    input.stored
      ? Prisma.sql`claim AS (UPDATE payout_quotes SET payout_id = ${payout.id}, used_at = ${now} WHERE id = ${input.stored.id} AND payout_id IS NULL RETURNING id)`
      : Prisma.sql`claim AS (${await insertRowsSql(tx, "payout_quotes", [input.internal!])} RETURNING id)`,
    Prisma.sql`payout AS (${await insertRowsSql(tx, "payouts", [input.data], { when: claimed })})`,
    Prisma.sql`timeline AS (${await insertRowsSql(tx, "payout_status_changes", [{ payoutId: payout.id, fromStatus: null, toStatus: "pending", reason: input.reason, createdAt: now }], { when: claimed })})`,
    webhookEventsSql({
      ...webhookEventRows([{ merchantId: payout.merchantId, environment: payout.environment, type: "payout.pending", data: payoutView(payout), callbackUrl: payout.callbackUrl }]),
      when: claimed,
    }),
  ];
  const submit = await enqueueJobSql(tx, SUBMIT_PAYOUT_JOB, { payoutId: payout.id }, { dedupeKey: `${SUBMIT_PAYOUT_JOB}:${payout.id}`, when: claimed });
  parts.push(Prisma.sql`submit_job AS (${submit.insert})`);
  if (input.audit) parts.push(Prisma.sql`audit AS (${await insertRowsSql(tx, "audit_logs", [auditRow(input.audit)], { when: claimed })})`);
  const [row] = await tx.$queryRaw<{ claimed: boolean }[]>`WITH ${Prisma.join(parts, ", ")} SELECT ${claimed} AS claimed`;
  // The submit job is due now, and so is the event's delivery job when there is one: one wake.
  if (row.claimed) wakeAfterCommit(tx, submit.runAt);
  return row.claimed;
}

/**
 * The Payout a row of payoutData becomes once inserted (the columns it leaves out take their
 * defaults), its JSON columns as jsonb gives them back: the initiate's response and its
 * payout.pending event then show them exactly as GET /payouts/status does later.
 */
export function payoutFromData(data: Prisma.PayoutCreateManyInput): Payout {
  const json = (v: unknown) => (v === Prisma.DbNull || v === Prisma.JsonNull || v === undefined ? null : asJsonb(v));
  return {
    status: "pending",
    providerReference: null,
    providerRequestRef: null,
    connectorAccountId: null,
    submittedAt: null,
    providerRawStatus: null,
    queuedReason: null,
    errorCode: null,
    errorMessage: null,
    processedAt: null,
    completedAt: null,
    ...data,
    recipient: asJsonb(data.recipient),
    sender: json(data.sender),
    mobileWallet: json(data.mobileWallet),
    bankAccount: json(data.bankAccount),
    correspondentBank: json(data.correspondentBank),
    metadata: json(data.metadata),
  } as Payout;
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
