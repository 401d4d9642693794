import type { ApiAuth } from "@/lib/auth/authenticate";
import { type AuditBy, writeAudit } from "@/lib/audit/write-audit";
import { getRoute } from "@/lib/connectors/get-route";
import { getPrisma, type Tx } from "@/lib/db/client";
import type { Payment, Refund } from "@/lib/db/generated/client";
import { AppError, isAppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { holdRefund, settlementDelaySeconds } from "@/lib/ledger";
import { type CurrencyCode, minorToDecimalString, toMinor } from "@/lib/money";
import { getPaymentOrThrow } from "@/lib/payments/get-payment";
import { checkWholeUnits, getCatalogue } from "@/lib/reference";
import { channelKey } from "@/lib/reference/catalogue-types";
import { recordWebhookEvent } from "@/lib/webhooks";
import type { RefundRequestBody } from "./refund-schemas";
import { submitRefundJob } from "./refund-jobs";
import { refundView } from "./refund-views";
import { getPaymentRow, reserveRefund } from "@/lib/payments/payment-records";

type Scope = Pick<ApiAuth, "environment"> & { merchant: { id: string } };

/**
 * POST /payments/{transactionId}/refund (docs/design/refunds.md). In one transaction:
 * 1. the amount is reserved on the payment by one conditional UPDATE (still `success`, and
 *    everything not failed plus this refund ≤ the amount): of concurrent refunds only those that
 *    fit get through, whatever their number; a CHECK constraint backs it up;
 * 2. the amount is held from the merchant's collect.available (holdRefund: row lock, no
 *    overdraft);
 * 3. the refund row (pending), its timeline row, refund.pending and the refund.submit job.
 * Any refusal writes nothing. Errors: another merchant's or unknown payment 404; not a
 * successful collect 422 invalid_state; nothing left 422 invalid_state; more than what is left
 * 422 invalid_amount; balance too low 422 insufficient_balance; a bad amount 400 invalid_amount;
 * a partial refund through an operator that refunds whole payments only 400 invalid_amount; cents to
 * an operator that takes whole units only (catalogue `wholeUnits`) 400 invalid_amount.
 */
export async function createRefund(scope: Scope, transactionId: string, body: RefundRequestBody, options: { audit: AuditBy }): Promise<Refund> {
  const prisma = await getPrisma();
  const payment = await getPaymentOrThrow(scope, transactionId, prisma);
  assertRefundable(payment);
  const currency = payment.currency as CurrencyCode;
  const left = payment.amount - payment.refundReserved;
  const amount = body.amount === undefined ? left : toMinor(body.amount, currency);
  assertFits(payment, amount, left);
  await assertWholeUnits(payment, amount);
  await assertOperatorRefunds(payment, amount);

  const refundId = newId("rf");
  try {
    return await prisma.$transaction(async (tx) => {
      await reserve(tx, payment, amount);
      await holdRefund(tx, { environment: payment.environment, merchantId: payment.merchantId, refundId, paymentId: payment.id, currency, amount });
      const refund = await tx.refund.create({
        data: {
          id: refundId,
          merchantId: payment.merchantId,
          environment: payment.environment,
          paymentId: payment.id,
          amount,
          currency,
          reason: body.reason ?? null,
          provider: payment.provider ?? "",
          country: payment.country ?? "",
          destination: payment.customerPhone,
          callbackUrl: payment.callbackUrl,
        },
      });
      await tx.refundStatusChange.create({ data: { refundId, fromStatus: null, toStatus: "pending", reason: "created by the merchant" } });
      await recordWebhookEvent(tx, { merchantId: refund.merchantId, environment: refund.environment, type: "refund.pending", data: refundView(refund), callbackUrl: refund.callbackUrl });
      await enqueueJob(tx, submitRefundJob, { refundId }, { dedupeKey: `${submitRefundJob.type}:${refundId}` });
      // Money leaving: audited with who asked (an API key, a dashboard user), in its own transaction.
      await writeAudit(tx, { merchantId: refund.merchantId, environment: refund.environment, actor: options.audit.actor, action: "refund.created", details: { refundId, paymentId: payment.id, amount: String(amount), currency } });
      return refund;
    });
  } catch (err) {
    if (isAppError(err) && err.code === "insufficient_balance") {
      // 422 here, not the payouts' 400: the request is fine, the balance (stored state) is not.
      throw new AppError(
        "insufficient_balance",
        `Your available ${currency} collect balance cannot cover a refund of ${minorToDecimalString(amount, currency)} ${currency}; refunds are taken from the available balance (pending collections settle first).${settlementHint(scope.environment)}`,
        { conflict: true },
      );
    }
    throw err;
  }
}

function assertRefundable(payment: Payment): void {
  if (payment.status === "refunded") throw new AppError("invalid_state", `Transaction ${payment.id} is already fully refunded.`);
  if (payment.status !== "success") throw new AppError("invalid_state", `Transaction ${payment.id} is ${payment.status}; only a successful payment can be refunded.`);
}

function assertFits(payment: Payment, amount: bigint, left: bigint): void {
  const currency = payment.currency;
  if (left <= 0n) throw new AppError("invalid_state", `Nothing is left to refund on transaction ${payment.id}: refunds in progress or done already cover its amount.`);
  if (amount > left) {
    throw new AppError("invalid_amount", `At most ${minorToDecimalString(left, currency)} ${currency} is left to refund on transaction ${payment.id}.`, {
      conflict: true,
      details: [{ path: "amount", message: `must be at most ${minorToDecimalString(left, currency)}` }],
    });
  }
}

/**
 * A partial refund — less than the payment, or after another refund — only where the operator
 * that will send it refunds in part (`capabilities.partialRefund`; Airtel and Wave refund a whole
 * transaction only): refused here, before any money is held, rather than failing at the operator.
 */
async function assertOperatorRefunds(payment: Payment, amount: bigint): Promise<void> {
  if (amount === payment.amount && payment.refundReserved === 0n) return;
  const route = await getRoute(payment.environment, payment.country ?? "", payment.provider ?? "", "refund");
  if (!route.available || route.connector.capabilities.partialRefund) return;
  const whole = `${minorToDecimalString(payment.amount, payment.currency)} ${payment.currency}`;
  const message =
    payment.refundReserved === 0n
      ? `The provider of transaction ${payment.id} refunds whole payments only: refund the full ${whole} (leave amount out) or nothing.`
      : `The provider of transaction ${payment.id} refunds whole payments only, and part of it is already refunded or being refunded.`;
  throw new AppError("invalid_amount", message, { details: [{ path: "amount", message: `must be the whole payment, ${whole}` }] });
}

/**
 * A refund goes back through the payment's operator: where the catalogue says its channel takes
 * whole units only (M-Pesa Kenya…), a refund with cents is refused here (400 invalid_amount on
 * `amount`), before any money is held, rather than by the operator.
 */
async function assertWholeUnits(payment: Payment, amount: bigint): Promise<void> {
  if (!payment.provider || !payment.country) return;
  const channel = (await getCatalogue()).channelByKey.get(channelKey(payment.provider, payment.country, payment.currency, "collect"));
  if (channel) checkWholeUnits(channel, amount);
}

/** The race-proof check: one conditional UPDATE; when it matches nothing, say why from the row as it is now. */
async function reserve(tx: Tx, payment: Payment, amount: bigint): Promise<void> {
  if (await reserveRefund(tx, payment.id, amount)) return;
  const now = await getPaymentRow(payment.id, tx);
  assertRefundable(now);
  assertFits(now, amount, now.amount - now.refundReserved);
  throw new AppError("invalid_state", `Transaction ${payment.id} cannot be refunded right now.`);
}

/** Where money waits in pending, what the merchant can do about it: in the sandbox, settle now. */
function settlementHint(environment: Scope["environment"]): string {
  if (environment !== "sandbox") return ` Collections settle ${Math.round(settlementDelaySeconds(environment) / 60)} minutes after they succeed.`;
  return ` The sandbox settles a collection ${settlementDelaySeconds(environment)} s after it succeeds; POST /api/v1/sandbox/settle settles everything pending now.`;
}
