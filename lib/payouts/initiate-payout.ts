import { type ApiAuth, scopeOfApiAuth } from "@/lib/auth/authenticate";
import { type AuditBy, type AuditEntry, auditRow } from "@/lib/audit/write-audit";
import { asJsonb } from "@/lib/db/as-jsonb";
import { type Db, getPrisma } from "@/lib/db/client";
import { insertRowsSql } from "@/lib/db/insert-rows";
import { isUniqueViolation } from "@/lib/db/is-unique-violation";
import { Prisma, type Payout, type PayoutQuote } from "@/lib/db/generated/client";
import { modelFromRow, runSql } from "@/lib/db/run-sql";
import { AppError, isAppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { KEY_HELD, KEY_WRITTEN, KeyHeldError } from "@/lib/http/idempotency";
import { enqueueJobSql, wakeAfterCommit } from "@/lib/jobs/enqueue-job";
import { convertFunds, holdPayout, holdPayoutCtes, type HoldPayoutInput, readBalances } from "@/lib/ledger";
import { type CurrencyCode, fromMinor, minorToDecimalString } from "@/lib/money";
import { withStatementTransactionSpan } from "@/lib/observability/db-spans";
import { assertWebhookUrlAllowed, webhookEventRows, webhookEventsSql } from "@/lib/webhooks";
import { PAYOUT_OPERATORS } from "@/lib/reference/provider-codes";
import { type ApprovalMaker, approvalNeeded, approvalRequestedAudit, approvalRow, approvalTotals, readApprovalThresholds } from "./approvals";
import { planQuote, readQuoteSnapshot } from "./build-quote";
import { quoteRow } from "./create-quote";
import { submitPayoutJob } from "./payout-jobs";
import { assertPerTransaction, LIMIT_COLUMNS, type LimitColumns, limitRefusal, limitsFromRow, type PayoutLimits, reserveLimitWindows, reserveLimitWindowsCte } from "./payout-limits";
import type { InitiatePayoutBody } from "./payout-request-schemas";
import { payoutView } from "./payout-views";
import { type ValidBeneficiary, validateBeneficiary } from "./validate-beneficiary";


type Auth = Pick<ApiAuth, "merchant" | "environment">;
export type QuoteData = Omit<PayoutQuote, "id" | "usedAt" | "payoutId" | "createdAt"> & { id?: string };

/**
 * POST /payouts/initiate (spec, docs/design/ledger.md, docs/design/quotes-and-payouts.md). With `quoteId` the amounts, rates, fees and
 * method come from the stored quote; without it (legacy) the same engine prices an internal
 * quote. Everything the merchant can get wrong is checked first (one read: the quote or the
 * balances, with the limits); then ONE statement writes the payout, with no interactive
 * transaction and no merchant-wide lock (docs/performance.md):
 *   1. claims the quote (conditional UPDATE: a quote is used at most once) or inserts the
 *      legacy request's internal quote;
 *   2. takes the amount from the day and month limit windows (one conditional upsert);
 *   3. holds the total debit on the wallet (locked, checked against `available`: no overdraft);
 *   4. only if all three held: the payout, its timeline row, the payout.pending event (and its
 *      delivery job), the submit job and the audit row.
 * Each step reads the one before it, so they run in that order: the quote row, then the windows,
 * then the wallet (the one lock order of every payout writer, docs/decisions/payouts.md, "Limits are running day and month windows"), each hot row
 * locked from its step to the end of the statement. When a step refuses, the statement aborts
 * (refuse_statement): nothing of it stays, the quote unused, no limit used, no money moved.
 * A quote that needs an FX top-up first (convertFunds) goes through initiateInTransaction.
 *
 * `record`: the request's idempotency record (lib/http/idempotency.ts, KeyInStatement), written
 * first by the same statement with the payout as its answer; every other write reads it, so a
 * key already held writes nothing and refuses with KEY_HELD (the lock order starts with it).
 *
 * `approval`: a person in the dashboard asked (the maker). Above the team's threshold the payout
 * is written the same way but awaits a second member (lib/payouts/approvals.ts): no submit job,
 * its approval row and audit row in the same statement instead.
 */
export async function initiatePayout(
  auth: Auth,
  body: InitiatePayoutBody,
  options: { audit: AuditBy; approval?: ApprovalMaker; record?: ((payout: Payout) => Prisma.Sql) | null },
): Promise<Payout> {
  const { merchant, environment } = auth;
  const now = new Date();
  if (body.callbackUrl) assertWebhookUrlAllowed(body.callbackUrl, { field: "callbackUrl" });

  let stored: PayoutQuote | null = null;
  let quote: QuoteData;
  let limits: PayoutLimits;
  if (body.quoteId) {
    ({ quote: stored, limits } = await readQuoteAndLimits(auth, body.quoteId));
    if (stored.payoutId) throw quoteUsed(stored.id, stored.payoutId);
    if (stored.expiresAt.getTime() <= now.getTime()) {
      throw new AppError("quote_expired", `Quote ${stored.id} expired at ${stored.expiresAt.toISOString()}: request a new quote (POST /payouts/quote).`);
    }
    quote = stored;
  } else {
    const method = legacyMethod(body);
    // The windows are left to the statement (one read fewer), the limits read once for both.
    const snapshot = await readQuoteSnapshot(merchant, environment, undefined, { windows: false });
    const request = { amount: body.amount!, currency: body.currency ?? "XOF", destinationCountry: body.country ?? "SN", method, type: body.type ?? "c2c" };
    quote = quoteRow(merchant.id, environment, planQuote(merchant, request, snapshot), { internal: true, now });
    limits = snapshot.limits;
  }

  const beneficiary = await validateBeneficiary(body, beneficiaryContext(quote), now);
  assertPerTransaction(limits, quote.limitAmount);

  const payoutId = newId("po", now.getTime());
  const internal = stored ? null : { ...(quote as ReturnType<typeof quoteRow>), payoutId, usedAt: now };
  let approval: NewPayoutWrite["approval"];
  if (options.approval) {
    const totals = approvalTotals([{ amount: quote.sourceAmount, currency: quote.sourceCurrency }]);
    if (approvalNeeded(await readApprovalThresholds(await getPrisma(), { merchantId: merchant.id, environment }), totals)) {
      approval = approvalRow({ merchantId: merchant.id, environment }, { payoutId }, totals, options.approval, now);
    }
  }
  const data = payoutData({ merchantId: merchant.id, environment, payoutId, quoteId: stored?.id ?? internal!.id, quote, beneficiary, body, now, awaitingApproval: approval !== undefined });
  const payout = payoutFromData(data);
  const write: NewPayoutWrite = {
    payout,
    data,
    stored,
    internal,
    reason: stored ? `initiated with ${stored.id}` : "initiated (legacy)",
    // Money leaving: in the owners' audit log with who asked (an API key), in the same write.
    audit: {
      merchantId: merchant.id,
      environment,
      actor: options.audit.actor,
      action: "payout.created",
      details: { payoutId, amount: minorToDecimalString(quote.sourceAmount, quote.sourceCurrency), currency: quote.sourceCurrency, method: quote.method },
    },
    approval,
    record: options.record ? options.record(payout) : null,
  };
  try {
    if (quote.topUpFromCurrency && quote.topUpSourceAmount && quote.topUpTargetAmount) await initiateInTransaction(write, quote, limits, now);
    else await initiateInOneStatement(write, quote, limits, now);
    return payout;
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

type NewPayoutWrite = {
  payout: Payout;
  data: Prisma.PayoutCreateManyInput;
  stored: PayoutQuote | null;
  internal: (ReturnType<typeof quoteRow> & { payoutId: string; usedAt: Date }) | null;
  reason: string;
  audit: AuditEntry;
  /** Set when the payout awaits a second member's approval (no submit job until then). */
  approval?: ReturnType<typeof approvalRow>;
  /** The request's idempotency record, the CTE `idempotency` (see initiatePayout). */
  record: Prisma.Sql | null;
};

/** Why the one statement refused (refuse_statement's message), checked in this order. */
const REFUSALS = ["quote_already_used", "limit_exceeded", "insufficient_balance"] as const;

/** initiatePayout's one statement (see there); throws the refusal with its exact figures. */
async function initiateInOneStatement(write: NewPayoutWrite, quote: QuoteData, limits: PayoutLimits, now: Date): Promise<void> {
  const { payout } = write;
  const claimed = Prisma.sql`EXISTS (SELECT 1 FROM claim)`;
  const taken = Prisma.sql`(SELECT count(*) FROM windows) = 2`;
  const held = Prisma.sql`EXISTS (SELECT 1 FROM entry)`;
  const prisma = await getPrisma();
  const { parts, runAt } = await newPayoutRowsSql(prisma, write, held);
  const keyed = write.record ? KEY_WRITTEN : Prisma.sql`TRUE`;
  const statement = Prisma.sql`
    WITH ${write.record ? Prisma.sql`${write.record},` : Prisma.empty}
    ${await claimSql(prisma, write, keyed)},
    ${reserveLimitWindowsCte(payout.merchantId, payout.environment, limits, quote.limitAmount, now, claimed)},
    ${holdPayoutCtes(holdInput(payout, quote), taken)},
    ${Prisma.join(parts, ", ")}
    SELECT CASE WHEN NOT ${held} THEN refuse_statement(CASE WHEN NOT ${keyed} THEN ${KEY_HELD} WHEN NOT ${claimed} THEN ${REFUSALS[0]} WHEN NOT ${taken} THEN ${REFUSALS[1]} ELSE ${REFUSALS[2]} END) END AS refused`;
  try {
    await withStatementTransactionSpan(() => runSql(statement));
  } catch (err) {
    const refusal = REFUSALS.find((r) => (err as { code?: string; message?: string }).code === "P0001" && (err as Error).message === r);
    if (refusal === "quote_already_used") throw await quoteUsedBy(write.stored!.id);
    if (refusal === "limit_exceeded") throw await limitRefusal(prisma, payout.merchantId, payout.environment, limits, quote.limitAmount, now);
    if (refusal === "insufficient_balance") throw new AppError("insufficient_balance", "Insufficient balance.");
    throw err;
  }
  // The submit job is due now, and so is the event's delivery job when there is one: one wake.
  wakeAfterCommit(prisma, runAt);
}

/**
 * The FX top-up case (a quote that converts from another currency first: two entries, two
 * wallets): the same writes in one interactive transaction, in the same lock order. Rare.
 */
async function initiateInTransaction(write: NewPayoutWrite, quote: QuoteData, limits: PayoutLimits, now: Date): Promise<void> {
  const { payout } = write;
  const prisma = await getPrisma();
  await prisma.$transaction(async (tx) => {
    const { parts, runAt } = await newPayoutRowsSql(tx, write, Prisma.sql`EXISTS (SELECT 1 FROM claim)`);
    const keyed = write.record ? KEY_WRITTEN : Prisma.sql`TRUE`;
    const [row] = await tx.$queryRaw<{ keyed: boolean; claimed: boolean }[]>`
      WITH ${write.record ? Prisma.sql`${write.record},` : Prisma.empty} ${await claimSql(tx, write, keyed)}, ${Prisma.join(parts, ", ")}
      SELECT ${keyed} AS keyed, EXISTS (SELECT 1 FROM claim) AS claimed`;
    if (!row.keyed) throw new KeyHeldError();
    if (!row.claimed) throw await quoteUsedBy(write.stored!.id, tx);
    wakeAfterCommit(tx, runAt);
    // The hot rows, last (see initiatePayout).
    await reserveLimitWindows(tx, payout.merchantId, payout.environment, limits, quote.limitAmount, now);
    await convertFunds(tx, {
      environment: payout.environment,
      merchantId: payout.merchantId,
      category: quote.balanceCategory as "collect" | "payout",
      from: { currency: quote.topUpFromCurrency as CurrencyCode, amount: quote.topUpSourceAmount! },
      to: { currency: quote.totalDebitCurrency as CurrencyCode, amount: quote.topUpTargetAmount! },
      idempotencyKey: `payout:${payout.id}:fx_top_up`,
      metadata: { payoutId: payout.id, rate: quote.topUpRate, parity: quote.topUpParity },
    });
    await holdPayout(tx, holdInput(payout, quote));
  });
}

function holdInput(payout: Payout, quote: QuoteData): HoldPayoutInput {
  return {
    environment: payout.environment,
    merchantId: payout.merchantId,
    payoutId: payout.id,
    currency: quote.totalDebitCurrency as CurrencyCode,
    category: quote.balanceCategory as "collect" | "payout",
    amount: quote.totalDebitAmount - quote.feeAmount,
    fee: quote.feeAmount,
  };
}

/** The quote's claim (a conditional UPDATE: a quote is used at most once) or the legacy request's internal quote, as the CTE `claim`. */
async function claimSql(db: Db, { payout, stored, internal }: NewPayoutWrite, when: Prisma.Sql): Promise<Prisma.Sql> {
  return stored
    ? Prisma.sql`claim AS (UPDATE payout_quotes SET payout_id = ${payout.id}, used_at = ${payout.createdAt} WHERE id = ${stored.id} AND payout_id IS NULL AND ${when} RETURNING id)`
    : Prisma.sql`claim AS (${await insertRowsSql(db, "payout_quotes", [internal!], { when })} RETURNING id)`;
}

/** The caller's stored quote and the merchant's limits, in one statement (404 for another merchant's or an internal quote). */
async function readQuoteAndLimits(auth: Auth, quoteId: string): Promise<{ quote: PayoutQuote; limits: PayoutLimits }> {
  const [row] = await runSql<Record<string, unknown> & LimitColumns>(Prisma.sql`
    SELECT q.*, ${LIMIT_COLUMNS}
    FROM payout_quotes q LEFT JOIN merchant_payout_limits limits ON limits.merchant_id = q.merchant_id AND limits.environment = q.environment
    WHERE q.id = ${quoteId} AND q.merchant_id = ${auth.merchant.id} AND q.environment = ${auth.environment}::"Environment" AND NOT q.internal`);
  if (!row) throw new AppError("not_found", `Quote ${quoteId} not found.`);
  return { quote: modelFromRow<PayoutQuote>(row, QUOTE_BIGINTS), limits: limitsFromRow(auth.merchant.settlementCurrency, row) };
}

const QUOTE_BIGINTS = ["inputAmount", "sourceAmount", "destinationAmount", "feeAmount", "feeBilledXof", "totalDebitAmount", "topUpSourceAmount", "topUpTargetAmount", "limitAmount"] as const;

async function quoteUsedBy(quoteId: string, db?: Db) {
  const winner = await (db ?? (await getPrisma())).payoutQuote.findUnique({ where: { id: quoteId }, select: { payoutId: true } });
  return quoteUsed(quoteId, winner?.payoutId ?? "another payout");
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
  awaitingApproval?: boolean;
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
    awaitingApproval: input.awaitingApproval ?? false,
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/**
 * The rows of a new payout that nobody else touches, as CTEs of the initiate's statement: the
 * payout, its timeline row, the payout.pending event (with its delivery job, or `skipped`:
 * recordWebhookEvents' rules), the submit job (enqueueJobSql: enqueueJob's row and dedupe rule)
 * and the audit row, each written only if `when` holds. The rows are built by their owners'
 * functions (payoutData, enqueueJobSql, webhookEventRows, auditRow) and written by
 * insertRowsSql, so their values are the same as those writers'. The caller wakes the runner
 * for `runAt` once they are written.
 */
async function newPayoutRowsSql(db: Db, write: NewPayoutWrite, when: Prisma.Sql): Promise<{ parts: Prisma.Sql[]; runAt: Date }> {
  const { payout } = write;
  const now = payout.createdAt;
  const parts = [
    Prisma.sql`payout AS (${await insertRowsSql(db, "payouts", [write.data], { when })})`,
    Prisma.sql`timeline AS (${await insertRowsSql(db, "payout_status_changes", [{ payoutId: payout.id, fromStatus: null, toStatus: "pending", reason: write.reason, createdAt: now }], { when })})`,
    webhookEventsSql({
      ...webhookEventRows([{ merchantId: payout.merchantId, environment: payout.environment, type: "payout.pending", data: payoutView(payout), callbackUrl: payout.callbackUrl }]),
      when,
    }),
  ];
  let runAt = now;
  if (write.approval) {
    // Held, not sent: the approval instead of the submit job (approving enqueues it).
    const owner = { merchantId: payout.merchantId, environment: payout.environment };
    parts.push(Prisma.sql`approval AS (${await insertRowsSql(db, "payout_approvals", [write.approval], { when })})`);
    parts.push(Prisma.sql`approval_audit AS (${await insertRowsSql(db, "audit_logs", [approvalRequestedAudit(owner, write.approval)], { when })})`);
  } else {
    const submit = await enqueueJobSql(db, submitPayoutJob, { payoutId: payout.id }, { dedupeKey: `${submitPayoutJob.type}:${payout.id}`, when });
    parts.push(Prisma.sql`submit_job AS (${submit.insert})`);
    runAt = submit.runAt;
  }
  if (write.audit) parts.push(Prisma.sql`audit AS (${await insertRowsSql(db, "audit_logs", [auditRow(write.audit)], { when })})`);
  return { parts, runAt };
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
  const balances = await readBalances(scopeOfApiAuth(auth));
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
