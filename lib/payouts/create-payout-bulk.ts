import { ZodError } from "zod";
import { type AuditBy, writeAudit } from "@/lib/audit/write-audit";
import type { ApiAuth } from "@/lib/auth/authenticate";
import { getPrisma, type Tx } from "@/lib/db/client";
import { insertRows } from "@/lib/db/insert-rows";
import { isUniqueViolation } from "@/lib/db/is-unique-violation";
import { Prisma, type Payout, type PayoutBulk, type PayoutQuote } from "@/lib/db/generated/client";
import { AppError, type ErrorDetail, isAppError } from "@/lib/errors";
import { zodToAppError } from "@/lib/http/error-response";
import { ERROR_STATUS } from "@/lib/http/error-status";
import { newId } from "@/lib/ids";
import { enqueueJobs } from "@/lib/jobs/enqueue-job";
import { convertFunds } from "@/lib/ledger";
import { holdPayouts } from "@/lib/ledger/hold-payouts";
import { type CurrencyCode, fromMinor, isCurrency, minorToDecimalString, toMinorAllowZero } from "@/lib/money";
import { getCatalogue } from "@/lib/reference";
import { assertWebhookUrlAllowed, recordWebhookEvents } from "@/lib/webhooks";
import { type ApprovalMaker, approvalNeeded, approvalRequestedAudit, approvalRow, approvalTotals, readApprovalThresholds } from "./approvals";
import { planQuote } from "./build-quote";
import { quoteRow } from "./create-quote";
import { beneficiaryContext, duplicatePayoutReference, legacyMethod, payoutData, payoutFromData, type QuoteData, quoteUsed } from "./initiate-payout";
import { submitPayoutJob } from "./payout-jobs";
import { type BulkItemView, presentBulk } from "./payout-bulk-views";
import type { BulkPayoutBody } from "./payout-bulk-schemas";
import { addLimitWindows, assertLimitWindows, assertPerTransaction, getPayoutLimits, lockLimitWindows } from "./payout-limits";
import { type InitiatePayoutBody, initiatePayoutBody } from "./payout-request-schemas";
import { payoutView } from "./payout-views";
import { type ValidBeneficiary, validateBeneficiary } from "./validate-beneficiary";
import { lockBalanceMode } from "@/lib/merchants/merchant-records";
import { lockMerchantWallets } from "@/lib/ledger/lock-merchant-wallets";

type Auth = Pick<ApiAuth, "merchant" | "environment">;

export type BulkItemError = {
  index: number;
  externalReference?: string;
  error: { statusCode: number; code: string; message: string; details?: ErrorDetail[] };
};

type Candidate = { index: number; body: InitiatePayoutBody };
type Accepted = Candidate & { payoutId: string; quote: QuoteData; quoteId: string; stored: boolean; beneficiary: ValidBeneficiary };

export type BulkPreview = {
  itemCount: number;
  /** Each accepted item's amount (sent), fee and total debit (what leaves the wallet, fee included). */
  accepted: { index: number; externalReference?: string; amount: bigint; currency: string; fee: bigint; feeCurrency: string; debit: bigint; debitCurrency: string }[];
  rejected: BulkItemError[];
  /** Items refused only because the balance left after the items before them does not cover them, with what each needs. */
  unfunded: { index: number; currency: string; required: bigint }[];
  /** The payout-source wallets before the bulk and after its accepted items. */
  wallets: { currency: string; before: bigint; after: bigint }[];
  /** The bulk would wait for a second member's approval (with `approval` given). */
  needsApproval: boolean;
};

export type BulkOptions =
  | {
      /** Validate every item exactly as a real request would (same locks, balances and limits) and write nothing. */
      dryRun: true;
      /** Say whether the bulk would need approval if this member sent it. */
      approval?: ApprovalMaker;
    }
  | {
      dryRun?: false;
      /** The dashboard's confirmation token: a bulk already created with it is returned instead of a second one. */
      requestKey?: string;
      source?: "api" | "dashboard";
      /** Who asked for it (an API key, a dashboard user): the audit row `payout.bulk_created` is part of the bulk's transaction. */
      audit: AuditBy;
      /** A dashboard member made it: above the team's threshold its payouts await a second member (lib/payouts/approvals.ts). */
      approval?: ApprovalMaker;
      /** Refuse the whole bulk (nothing written) when the balance does not cover every valid item, instead of sending those it covers. */
      requireFunded?: boolean;
    };

const INSERT_CHUNK = 500;

/**
 * POST /payouts/bulk (docs/design/bulk-payouts.md). Every item is checked as POST /payouts/initiate checks its
 * body (the same schema, quote rules, planQuote, validateBeneficiary and limits: one place per
 * rule), then the accepted ones are written in a bounded number of statements, in ONE
 * transaction:
 *   1. the merchant's payout lock (as single initiates take it: bulks and initiates of one
 *      merchant are serialised, so limits and balances are decided on committed data), then its
 *      payout-source wallets, locked FOR UPDATE and read once;
 *   2. items in index order, each priced and checked against what the items before it have
 *      already taken (balance per wallet, daily and monthly windows): an item that does not fit
 *      gets its own error and takes nothing;
 *   3. atomic with any error, or nothing accepted → 400 bulk_rejected with every item's error,
 *      nothing written;
 *   4. the bulk row, quotes (internal ones for legacy items, claims of stored ones), top-ups,
 *      payouts, ONE balance check and the holds for all of them (holdPayouts), timeline rows,
 *      payout.pending events and submit jobs — each a multi-row statement per 500 items.
 * The same money guarantees as single payouts: a hold per payout, no negative balance (the
 * ledger's guard runs again on the batch total), each payout its own lifecycle and webhooks.
 */
export async function createPayoutBulk(auth: Auth, body: BulkPayoutBody, options: BulkOptions): Promise<{ bulk: ReturnType<typeof presentBulk>; awaitingApproval: boolean } | { preview: BulkPreview }> {
  const { merchant, environment } = auth;
  const now = new Date();
  const rejected: BulkItemError[] = [];
  const candidates: Candidate[] = [];
  const refs = new Map<string, number>();
  const quoteIds = new Map<string, number>();

  body.items.forEach((raw, index) => {
    const ref = typeof (raw as { externalReference?: unknown })?.externalReference === "string" ? (raw as { externalReference: string }).externalReference : undefined;
    try {
      const parsed = initiatePayoutBody.safeParse(raw);
      if (!parsed.success) throw zodToAppError(parsed.error, "body");
      const item = parsed.data;
      if (item.callbackUrl) assertWebhookUrlAllowed(item.callbackUrl, { field: "callbackUrl" });
      if (!item.quoteId) legacyMethod(item);
      if (item.externalReference) {
        const first = refs.get(item.externalReference);
        if (first !== undefined) {
          throw new AppError("duplicate_reference", `externalReference "${item.externalReference}" is already item ${first} of this request: externalReferences must be unique within a bulk.`, {
            details: [{ path: "externalReference", message: `duplicates item ${first}` }],
          });
        }
        refs.set(item.externalReference, index);
      }
      if (item.quoteId) {
        const first = quoteIds.get(item.quoteId);
        if (first !== undefined) throw quoteUsed(item.quoteId, `item ${first} of this request`);
        quoteIds.set(item.quoteId, index);
      }
      candidates.push({ index, body: item });
    } catch (err) {
      rejected.push(itemError(index, ref, err));
    }
  });

  const catalogue = await getCatalogue();
  const prisma = await getPrisma();
  return prisma.$transaction(
    async (tx) => {
      const mode = await lockMerchantForBulk(tx, merchant.id);
      if (!options.dryRun && options.requestKey) {
        const existing = await tx.payoutBulk.findFirst({ where: { merchantId: merchant.id, environment, requestKey: options.requestKey } });
        if (existing) return { bulk: await presentExisting(tx, existing), awaitingApproval: (await tx.payoutApproval.count({ where: { bulkId: existing.id, status: "pending" } })) > 0 };
      }
      const category = mode === "separate" ? "payout" : "collect";
      // Lock order, the same as single initiates (reserveLimitWindows, then the ledger): limit windows, then wallets.
      const used = await lockLimitWindows(tx, merchant.id, environment, now);
      const wallets = await lockWallets(tx, merchant, environment, category);
      const walletsBefore = wallets.list();
      const stored = new Map<string, PayoutQuote>();
      if (quoteIds.size > 0) {
        for (const q of await tx.payoutQuote.findMany({ where: { id: { in: [...quoteIds.keys()] }, merchantId: merchant.id, environment, internal: false } })) stored.set(q.id, q);
      }
      // References already carried by a payout (single or bulk): those items are refused, as a single initiate would be.
      const taken = new Map<string, string>();
      if (refs.size > 0) {
        const rows = await tx.payout.findMany({
          where: { merchantId: merchant.id, environment, externalReference: { in: [...refs.keys()] } },
          select: { id: true, externalReference: true },
        });
        for (const row of rows) taken.set(row.externalReference!, row.id);
      }
      const limits = await getPayoutLimits(tx, merchant, environment);

      const accepted: Accepted[] = [];
      const unfunded: BulkPreview["unfunded"] = [];
      for (const candidate of candidates) {
        const item = candidate.body;
        try {
          const holder = item.externalReference ? taken.get(item.externalReference) : undefined;
          if (holder) throw duplicatePayoutReference(item.externalReference!, holder);
          let quote: QuoteData;
          let quoteId: string;
          if (item.quoteId) {
            const q = stored.get(item.quoteId);
            if (!q) throw new AppError("not_found", `Quote ${item.quoteId} not found.`);
            if (q.payoutId) throw quoteUsed(q.id, q.payoutId);
            if (q.expiresAt.getTime() <= now.getTime()) {
              throw new AppError("quote_expired", `Quote ${q.id} expired at ${q.expiresAt.toISOString()}: request a new quote (POST /payouts/quote).`);
            }
            if (q.balanceCategory !== category) throw new AppError("quote_expired", `Quote ${q.id} was priced on the ${q.balanceCategory} wallet; the balance mode changed since: request a new quote.`);
            assertPerTransaction(limits, q.limitAmount);
            quote = q;
            quoteId = q.id;
          } else {
            const planned = planQuote(
              merchant,
              { amount: item.amount!, currency: item.currency ?? "XOF", destinationCountry: item.country ?? "SN", method: legacyMethod(item), type: item.type ?? "c2c" },
              { catalogue, limits, balanceCategory: category, wallets: wallets.list() },
            );
            const row = quoteRow(merchant.id, environment, planned, { internal: true, now });
            quote = row;
            quoteId = row.id;
          }
          const beneficiary = await validateBeneficiary(item, beneficiaryContext(quote), now);
          assertLimitWindows(limits, used, quote.limitAmount);
          wallets.take(quote);
          used.daily += quote.limitAmount;
          used.monthly += quote.limitAmount;
          accepted.push({ ...candidate, payoutId: newId("po", now.getTime()), quote, quoteId, stored: !!item.quoteId, beneficiary });
        } catch (err) {
          const short = shortfallOf(err);
          if (short) unfunded.push({ index: candidate.index, ...short });
          rejected.push(itemError(candidate.index, item.externalReference, err));
        }
      }
      rejected.sort((a, b) => a.index - b.index);
      if (!options.dryRun && options.requireFunded && unfunded.length > 0) throw notCovered(unfunded);
      const owner = { merchantId: merchant.id, environment };
      const totals = approvalTotals(accepted.map((a) => ({ amount: a.quote.sourceAmount, currency: a.quote.sourceCurrency })));
      const needsApproval = options.approval !== undefined && accepted.length > 0 && approvalNeeded(await readApprovalThresholds(tx, owner), totals);

      // A dry run answers with everything it found, even what a real request would refuse as a whole.
      if (options.dryRun) {
        return {
          preview: {
            itemCount: body.items.length,
            accepted: accepted.map((a) => ({
              index: a.index,
              externalReference: a.body.externalReference,
              amount: a.quote.sourceAmount,
              currency: a.quote.sourceCurrency,
              fee: a.quote.feeAmount,
              feeCurrency: a.quote.feeCurrency,
              debit: a.quote.totalDebitAmount,
              debitCurrency: a.quote.totalDebitCurrency,
            })),
            rejected,
            unfunded,
            wallets: walletsBefore.map((w) => ({ currency: w.currency, before: w.available, after: wallets.list().find((x) => x.currency === w.currency)?.available ?? w.available })),
            needsApproval,
          },
        };
      }
      if (accepted.length === 0 || (body.atomic && rejected.length > 0)) throw bulkRejected(body, rejected, accepted.length);

      const bulkId = newId("pb", now.getTime());
      const bulk = await tx.payoutBulk.create({
        data: {
          id: bulkId,
          merchantId: merchant.id,
          environment,
          atomic: body.atomic,
          itemCount: body.items.length,
          acceptedCount: accepted.length,
          rejectedCount: rejected.length,
          openCount: accepted.length,
          rejected: rejected as unknown as Prisma.InputJsonArray,
          source: options.source ?? "api",
          requestKey: options.requestKey ?? null,
          createdAt: now,
        },
      });

      const internal = accepted.filter((a) => !a.stored).map((a) => ({ ...(a.quote as ReturnType<typeof quoteRow>), payoutId: a.payoutId, usedAt: now }));
      await insertRows(tx, "payout_quotes", internal);
      const claims = accepted.filter((a) => a.stored);
      for (const chunk of chunks(claims)) {
        const claimed = await tx.$executeRaw`
          UPDATE payout_quotes AS q SET payout_id = v.payout_id, used_at = ${now}
          FROM (VALUES ${Prisma.join(chunk.map((a) => Prisma.sql`(${a.quoteId}::text, ${a.payoutId}::text)`))}) AS v(id, payout_id)
          WHERE q.id = v.id AND q.payout_id IS NULL`;
        // A single initiate may have used one of these quotes since they were read (it takes no merchant
        // lock): refuse the request rather than create an unquoted payout.
        if (claimed !== chunk.length) throw new AppError("quote_already_used", "A quote of this request was used meanwhile: retry the request.");
      }
      for (const a of accepted) {
        const q = a.quote;
        if (q.topUpFromCurrency && q.topUpSourceAmount && q.topUpTargetAmount) {
          await convertFunds(tx, {
            environment,
            merchantId: merchant.id,
            category,
            from: { currency: q.topUpFromCurrency as CurrencyCode, amount: q.topUpSourceAmount },
            to: { currency: q.totalDebitCurrency as CurrencyCode, amount: q.topUpTargetAmount },
            idempotencyKey: `payout:${a.payoutId}:fx_top_up`,
            metadata: { payoutId: a.payoutId, bulkId, rate: q.topUpRate, parity: q.topUpParity },
          });
        }
      }
      const rows = accepted.map((a) =>
        payoutData({ merchantId: merchant.id, environment, payoutId: a.payoutId, quoteId: a.quoteId, quote: a.quote, beneficiary: a.beneficiary, body: a.body, now, bulk: { id: bulkId, index: a.index }, awaitingApproval: needsApproval }),
      );
      await insertRows(tx, "payouts", rows);
      const payouts = rows.map(payoutFromData);
      await holdPayouts(tx, {
        environment,
        merchantId: merchant.id,
        category,
        holds: accepted.map((a) => ({ payoutId: a.payoutId, currency: a.quote.totalDebitCurrency as CurrencyCode, amount: a.quote.totalDebitAmount - a.quote.feeAmount, fee: a.quote.feeAmount })),
      });
      await addLimitWindows(tx, merchant.id, environment, accepted.reduce((sum, a) => sum + a.quote.limitAmount, 0n), now);
      await insertRows(
        tx,
        "payout_status_changes",
        accepted.map((a) => ({ payoutId: a.payoutId, fromStatus: null, toStatus: "pending", reason: `initiated in bulk ${bulkId}`, createdAt: now })),
      );
      await recordWebhookEvents(
        tx,
        payouts.map((p) => ({ merchantId: merchant.id, environment, type: "payout.pending" as const, data: payoutView(p), callbackUrl: p.callbackUrl })),
      );
      if (needsApproval) {
        // Held, not sent: the approval instead of the submit jobs (approving enqueues them).
        const approval = approvalRow(owner, { bulkId }, totals, options.approval!, now);
        await insertRows(tx, "payout_approvals", [approval]);
        await insertRows(tx, "audit_logs", [approvalRequestedAudit(owner, approval)]);
      } else {
        await enqueueJobs(
          tx,
          submitPayoutJob,
          accepted.map((a) => ({ payload: { payoutId: a.payoutId }, options: { dedupeKey: `${submitPayoutJob.type}:${a.payoutId}` } })),
        );
      }
      await writeAudit(tx, { merchantId: merchant.id, environment, actor: options.audit.actor, action: "payout.bulk_created", details: { bulkId, accepted: accepted.length, rejected: rejected.length } });
      const items: BulkItemView[] = payouts.map((p) => ({ index: p.bulkIndex!, payoutId: p.id, externalReference: p.externalReference, status: p.status, amount: p.amount, currency: p.currency, errorCode: null }));
      return { bulk: presentBulk(bulk, items), awaitingApproval: needsApproval };
    },
    // 1,000 items take well under a second of statements; the default 5 s would be too close
    // on a loaded machine. Waiting for the merchant's lock is part of it.
    { timeout: 60_000, maxWait: 10_000 },
  ).catch(referenceTakenMeanwhile);
}

/** A single initiate took one of the bulk's references after they were checked (it takes no merchant lock). */
function referenceTakenMeanwhile(err: unknown): never {
  if (isUniqueViolation(err)) {
    throw new AppError("duplicate_reference", "An externalReference of this request was used by another payout meanwhile: retry the request.");
  }
  throw err;
}

/** The row just inserted, as the Payout Prisma would read back (for the views of the events and the answer). */
/** The merchant's payout lock (as initiatePayout takes it), returning the balance mode read under it. */
async function lockMerchantForBulk(tx: Tx, merchantId: string): Promise<string> {
  const mode = await lockBalanceMode(tx, merchantId);
  if (mode === null) throw new AppError("not_found", "Merchant not found.");
  return mode;
}

/**
 * The payout-source wallets, locked for the transaction, as a running simulation: each accepted
 * item takes its top-up and its total debit, so the next item sees what is left.
 */
async function lockWallets(tx: Tx, merchant: Auth["merchant"], environment: Auth["environment"], category: "collect" | "payout") {
  const rows = await lockMerchantWallets(tx, merchant.id, environment, category);
  const available = new Map<CurrencyCode, bigint>();
  const home = merchant.settlementCurrency as CurrencyCode;
  available.set(home, 0n);
  for (const r of rows) if (isCurrency(r.currency)) available.set(r.currency, BigInt(r.available));
  const of = (c: string) => available.get(c as CurrencyCode) ?? 0n;
  return {
    /** Settlement currency first, then alphabetical: the order readBalances gives the quote engine. */
    list: () =>
      [...available.entries()]
        .sort(([a], [b]) => (a === home ? -1 : b === home ? 1 : a.localeCompare(b)))
        .map(([currency, amount]) => ({ currency, available: amount })),
    take(q: QuoteData) {
      const next = new Map(available);
      const debit = q.totalDebitCurrency as CurrencyCode;
      if (q.topUpFromCurrency && q.topUpSourceAmount && q.topUpTargetAmount) {
        next.set(q.topUpFromCurrency as CurrencyCode, of(q.topUpFromCurrency) - q.topUpSourceAmount);
        next.set(debit, (next.get(debit) ?? 0n) + q.topUpTargetAmount);
      }
      next.set(debit, (next.get(debit) ?? 0n) - q.totalDebitAmount);
      for (const [currency, left] of next) {
        if (left < 0n) {
          const before = of(currency);
          const show = (m: bigint) => `${minorToDecimalString(m, currency)} ${currency}`;
          throw new AppError(
            "INSUFFICIENT_BALANCE",
            `Insufficient balance: ${show(before < 0n ? 0n : before)} left in the ${currency} ${category} wallet after the items before this one, ${show(before - left)} required.`,
            { extra: { attempts: [{ currency, required: fromMinor(before - left, currency), available: fromMinor(before < 0n ? 0n : before, currency) }] } },
          );
        }
      }
      for (const [currency, left] of next) available.set(currency, left);
    },
  };
}

/** What an item refused for the balance would have needed, from its refusal (the quote engine's, or the running wallets'). */
function shortfallOf(err: unknown): { currency: string; required: bigint } | null {
  if (!isAppError(err) || (err.code !== "INSUFFICIENT_BALANCE" && err.code !== "insufficient_balance")) return null;
  const attempt = (err.extra?.attempts as { currency: string; required: number }[] | undefined)?.at(-1);
  if (!attempt || !isCurrency(attempt.currency)) return null;
  return { currency: attempt.currency, required: toMinorAllowZero(attempt.required, attempt.currency) };
}

/** requireFunded: the balance does not cover every valid item; nothing is sent. */
function notCovered(unfunded: BulkPreview["unfunded"]): AppError {
  return new AppError("INSUFFICIENT_BALANCE", `Insufficient balance: ${unfunded.length} payout${unfunded.length > 1 ? "s" : ""} of this request would not be covered. Nothing was sent: add funds, or send fewer payouts.`, {
    extra: { unfunded: unfunded.map((u) => ({ index: u.index, currency: u.currency, required: fromMinor(u.required, u.currency) })) },
  });
}

function itemError(index: number, externalReference: string | undefined, err: unknown): BulkItemError {
  const error = err instanceof ZodError ? zodToAppError(err, "body") : err;
  if (!isAppError(error)) throw err;
  return {
    index,
    ...(externalReference ? { externalReference } : {}),
    error: { statusCode: ERROR_STATUS[error.code], code: error.code, message: error.message, ...(error.details ? { details: error.details } : {}) },
  };
}

function bulkRejected(body: BulkPayoutBody, rejected: BulkItemError[], acceptedCount: number): AppError {
  const why = acceptedCount === 0 ? "no item is valid" : `${rejected.length} of ${body.items.length} items are invalid and the request is atomic`;
  return new AppError("bulk_rejected", `Nothing was created: ${why}. See items[] for each item's error.`, {
    details: rejected.slice(0, 100).map((r) => ({ path: `items.${r.index}`, message: `${r.error.code}: ${r.error.message}` })),
    extra: { items: rejected },
  });
}

async function presentExisting(tx: Tx, bulk: PayoutBulk) {
  const { loadBulkItems } = await import("./get-payout-bulk");
  return presentBulk(bulk, await loadBulkItems(tx, bulk.id));
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) out.push(rows.slice(i, i + INSERT_CHUNK));
  return out;
}
