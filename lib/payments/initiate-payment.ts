import type { ApiAuth } from "@/lib/auth/authenticate";
import { config, type AppEnvironment } from "@/lib/config";
import { asJsonb } from "@/lib/db/as-jsonb";
import { type Db, getPrisma } from "@/lib/db/client";
import { insertRowsSql } from "@/lib/db/insert-rows";
import { runSqlIn } from "@/lib/db/run-sql";
import { Prisma, type Payment } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { KEY_HELD, KEY_WRITTEN } from "@/lib/http/idempotency";
import { newId, newToken } from "@/lib/ids";
import { withStatementTransactionSpan } from "@/lib/observability/db-spans";
import { enqueueJobSql, wakeAfterCommit } from "@/lib/jobs/enqueue-job";
import { submitPaymentJob } from "./payment-jobs";
import { isCurrency, minorToDecimalString, toMinor } from "@/lib/money";
import { assertSomeChannelTakes, checkoutChannels } from "./checkout-channels";
import { getCatalogue } from "@/lib/reference";
import { chooseCollectMethod } from "./choose-collect-method";
import { assertWebhookUrlAllowed, webhookEventRows, webhookEventsSql } from "@/lib/webhooks";
import type { InitiatePaymentInput } from "./initiate-payment-input";
import { expiryMinutes } from "./payment-lifecycle";
import { paymentStatusView } from "./payment-views";


/**
 * Creates a collect payment (spec POST /payments/initiate, docs/design/order-lifecycle.md). Everything a merchant
 * can get wrong is checked before anything is written; then the payment, its first timeline
 * row, the payment.pending event and (direct) the provider submission job are written together
 * by one statement (writeNewPayment).
 */
/**
 * The payment as created; `redirectFlow` when its provider's connector collects by sending the
 * customer to the operator's page (Wave, Orange WebPay): the answer then carries `nextAction`.
 */
export type InitiatedPayment = Payment & { redirectFlow?: boolean };

/** What a caller inside the platform adds to a payment the API body cannot say. */
export type InitiatePaymentOptions = {
  /** The payment link the customer pays through (lib/payment-links). */
  paymentLinkId?: string;
  /** A checkout payment's contact number, already checked (E.164, the payment's country): the customer gave it on a payment link's page. */
  contactPhone?: string;
  /**
   * Runs in the same transaction as the write, just before it, and may refuse it by throwing (a
   * payment link's cap on payments, counted under a lock on the link). Without it the write is
   * one statement, no interactive transaction.
   */
  guard?: (tx: Db) => Promise<void>;
  /**
   * The request's idempotency record (lib/http/idempotency.ts, KeyInStatement), written by the
   * payment's statement with the payment's answer; a key already held writes nothing and
   * refuses with KEY_HELD.
   */
  record?: ((payment: InitiatedPayment) => Promise<Prisma.Sql>) | null;
};

export async function initiatePayment(auth: Pick<ApiAuth, "merchant" | "environment">, input: InitiatePaymentInput, options: InitiatePaymentOptions = {}): Promise<InitiatedPayment> {
  const { merchant, environment } = auth;
  if (!isCurrency(input.currency)) throw new AppError("invalid_currency", `Unsupported currency ${input.currency}.`);
  const amount = toMinor(input.amount, input.currency);
  for (const url of [input.callbackUrl]) if (url) await assertWebhookUrlAllowed(url);

  let provider: string | null = null;
  let phone: string | null = null;
  let fee = 0n;
  let redirectFlow = false;
  const country = input.country ?? merchant.country;
  if (input.type === "direct") {
    const method = await chooseCollectMethod({ environment, merchantId: merchant.id, country, currency: input.currency, amount, provider: input.provider!, phone: input.customerPhone });
    if (!method.ok) throw method.error;
    ({ provider, phone, fee, redirectFlow } = method);
  } else {
    await assertCheckoutPayable(environment, country, input.currency, amount);
    phone = options.contactPhone ?? null;
  }

  // No look-up of externalReference first: the unique index on (merchant, environment,
  // reference) decides, for a plain duplicate as for two requests racing; then nothing is
  // written and the payment that has the reference is named.
  const prisma = await getPrisma();
  const now = new Date();
  const payment: Payment = {
    id: newId("txn", now.getTime()),
    merchantId: merchant.id,
    environment,
    type: input.type,
    status: "pending",
    amount,
    currency: input.currency,
    fee,
    refundedAmount: 0n,
    refundReserved: 0n,
    provider,
    country,
    customerPhone: phone,
    customerName: input.customerName ?? null,
    customerEmail: input.customerEmail ?? null,
    description: input.description ?? null,
    externalReference: input.externalReference,
    callbackUrl: input.callbackUrl ?? null,
    returnUrl: input.returnUrl ?? null,
    cancelUrl: input.cancelUrl ?? null,
    metadata: input.metadata ? (asJsonb(input.metadata) as Prisma.JsonObject) : null,
    checkoutToken: newToken(),
    providerReference: null,
    providerRequestRef: null,
    connectorAccountId: null,
    providerRawStatus: null,
    providerRedirectUrl: null,
    submittedAt: null,
    completedAt: null,
    errorCode: null,
    errorMessage: null,
    expiresAt: new Date(now.getTime() + expiryMinutes(input.type) * 60_000),
    paymentLinkId: options.paymentLinkId ?? null,
    createdAt: now,
    updatedAt: now,
  };
  const { guard } = options;
  const initiated: InitiatedPayment = redirectFlow ? { ...payment, redirectFlow } : payment;
  const record = options.record ? await options.record(initiated) : null;
  const written = guard
    ? await prisma.$transaction(async (tx) => (await guard(tx), writeNewPayment(tx, payment, record)))
    : await writeNewPayment(prisma, payment, record);
  if (written) return initiated;
  const winner = await prisma.payment.findUnique({
    where: { merchantId_environment_externalReference: { merchantId: merchant.id, environment, externalReference: input.externalReference } },
    select: { id: true },
  });
  throw duplicateReference(input.externalReference, winner?.id ?? "another payment");
}

/**
 * The payment, its first timeline row, the payment.pending event (and its delivery job when it
 * has somewhere to go) and, for a direct payment, the submission job: ONE statement, a
 * data-modifying CTE built from each row's owner (insertRowsSql, webhookEventsSql, enqueueJobSql),
 * atomic without an interactive transaction (a BEGIN, five statements and a COMMIT
 * before). A reference already used inserts no payment, and then nothing else either: false.
 * With the request's idempotency record (`record`, the CTE `idempotency`, written first): the
 * payment reads it, a key already held refuses with KEY_HELD, and a reference already used
 * refuses too (the record must not stay with an answer that was not given).
 */
async function writeNewPayment(db: Db, payment: Payment, record: Prisma.Sql | null): Promise<boolean> {
  const created = Prisma.sql`EXISTS (SELECT 1 FROM payment)`;
  const parts = [
    ...(record ? [record] : []),
    Prisma.sql`payment AS (${await insertRowsSql(db, "payments", [payment], { onConflictDoNothing: "merchant_id, environment, external_reference", ...(record ? { when: KEY_WRITTEN } : {}) })} RETURNING id)`,
    Prisma.sql`timeline AS (${await insertRowsSql(db, "payment_status_changes", [{ paymentId: payment.id, fromStatus: null, toStatus: "pending", reason: "initiated", createdAt: payment.createdAt }], { when: created })})`,
    webhookEventsSql({
      ...webhookEventRows([{ merchantId: payment.merchantId, environment: payment.environment, type: "payment.pending", data: paymentStatusView(payment), callbackUrl: payment.callbackUrl }]),
      when: created,
    }),
  ];
  if (payment.type === "direct") {
    const submit = await enqueueJobSql(db, submitPaymentJob, { paymentId: payment.id }, { dedupeKey: `${submitPaymentJob.type}:${payment.id}:1`, when: created });
    parts.push(Prisma.sql`submit_job AS (${submit.insert})`);
  }
  // Through the driver, prepared (lib/db/run-sql.ts): the API's hottest write; inside the guard's
  // transaction when there is one (a payment link's place is held under its row lock).
  const refused = record ? Prisma.sql`, CASE WHEN NOT ${KEY_WRITTEN} THEN refuse_statement(${KEY_HELD}) WHEN NOT ${created} THEN refuse_statement(${DUPLICATE}) END AS refused` : Prisma.empty;
  let row: { created: boolean; event_jobs: number };
  try {
    [row] = await withStatementTransactionSpan(() =>
      runSqlIn<{ created: boolean; event_jobs: number }>(db, Prisma.sql`
        WITH ${Prisma.join(parts, ", ")}
        SELECT ${created} AS created, (SELECT count(*)::int FROM event_jobs) AS event_jobs${refused}`),
    );
  } catch (err) {
    if ((err as { code?: string }).code === "P0001" && (err as Error).message === DUPLICATE) return false;
    throw err;
  }
  // The submission job is due now, and so is the event's delivery job when there is one: one wake.
  if (row.created && (payment.type === "direct" || row.event_jobs > 0)) wakeAfterCommit(db, payment.createdAt);
  return row.created;
}

const DUPLICATE = "duplicate_reference";

function duplicateReference(reference: string, transactionId: string) {
  return new AppError("duplicate_reference", `externalReference "${reference}" was already used for transaction ${transactionId}.`, {
    details: [{ path: "externalReference", message: `already used by ${transactionId}` }],
    extra: { transactionId },
  });
}

/**
 * A checkout payment must be payable by at least one method the hosted page offers
 * (lib/checkout checkoutChannels: mobile money only), else the customer would meet "no method
 * available": refused here with the bounds, so the merchant learns it, not the customer.
 */
async function assertCheckoutPayable(environment: AppEnvironment, country: string, currency: string, amount: bigint) {
  const catalogue = await getCatalogue();
  if (!catalogue.countryByCode.has(country)) throw new AppError("invalid_country", `Payments are not offered in ${country}.`);
  const channels = await checkoutChannels(environment, country, currency);
  if (channels.length === 0) {
    throw new AppError("provider_unavailable", `No payment method is available in ${country} for ${currency}.`);
  }
  assertSomeChannelTakes(
    channels,
    amount,
    (range) => new AppError("invalid_amount", `Amount ${minorToDecimalString(amount, currency)} ${currency} is outside what the checkout's payment methods in ${country} accept: ${range}.`),
  );
}

export const checkoutUrl = (payment: Pick<Payment, "checkoutToken">) => `${config.publicUrl()}/checkout/${payment.checkoutToken}`;
