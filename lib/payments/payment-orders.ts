import { getPrisma } from "@/lib/db/client";
import type { Payment } from "@/lib/db/generated/client";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import type { OrderKind } from "@/lib/orders/order-kind";
import { collectFee } from "@/lib/reference";
import { checkoutUrl } from "./initiate-payment";
import { pollPaymentJob } from "./payment-jobs";
import { transitionPayment } from "./transition-payment";

/**
 * Collect payments as the order engine drives them (lib/orders; the lifecycle rule:
 * docs/design/order-lifecycle.md). A payment has no acceptance time of its own and its
 * `completedAt` is set only on success. A collect is the one direction our timer may fail (no
 * money left us), and a late success after that timeout still wins (payment-lifecycle.ts).
 */
export const paymentOrders: OrderKind<Payment> = {
  direction: "collect",
  idPrefix: "txn_",
  load: async (id, db) => (db ?? (await getPrisma())).payment.findUnique({ where: { id } }),
  snapshot: (p) => ({
    id: p.id,
    merchantId: p.merchantId,
    environment: p.environment,
    status: p.status,
    provider: p.provider,
    country: p.country,
    currency: p.currency,
    requestRef: p.providerRequestRef,
    accountId: p.connectorAccountId,
    submittedAt: p.submittedAt,
    acceptedAt: null,
    operatorReference: p.providerReference,
    destination: p.customerPhone,
    amountMinor: p.amount,
    callbackUrl: p.callbackUrl,
  }),
  isSubmittable: (p) => p.status === "pending" && p.provider !== null && p.customerPhone !== null,
  isAwaitingAnswer: (p) => p.status === "processing",
  mayStillSucceed: (p) => p.status === "failed" && p.errorCode === "timeout" && p.providerRequestRef !== null,
  async storeReference(tx, p, reference, accountId, now) {
    // Conditional: only the run that stores the first reference sends it.
    const rows = await tx.payment.updateManyAndReturn({
      where: { id: p.id, status: "pending", providerRequestRef: null, updatedAt: p.updatedAt },
      data: { providerRequestRef: reference, connectorAccountId: accountId, submittedAt: now },
    });
    return rows[0] ?? null;
  },
  async replaceReference(tx, p, from, reference, accountId) {
    // Conditional on the reference the operator said it does not know: only one run replaces it.
    // submittedAt stays the first send's: the window runs from it, whatever the attempts.
    const rows = await tx.payment.updateManyAndReturn({
      where: { id: p.id, status: "pending", providerRequestRef: from },
      data: { providerRequestRef: reference, connectorAccountId: accountId, providerReference: null, providerRedirectUrl: null },
    });
    return rows[0] ?? null;
  },
  send: (connector, context, p, reference) =>
    connector.collect(context, {
      transactionId: p.id,
      reference,
      provider: p.provider!,
      country: p.country ?? "",
      currency: p.currency,
      amountMinor: p.amount,
      phone: p.customerPhone,
      description: p.description,
      // A redirect flow brings the customer back to our hosted page, which shows the outcome and
      // then sends them on to the merchant's returnUrl / cancelUrl.
      returnUrl: `${checkoutUrl(p)}?from=operator`,
      cancelUrl: `${checkoutUrl(p)}?from=operator&result=cancel`,
    }),
  transition: (tx, payment, to, changes, note) => {
    const { providerReference, providerRawStatus, providerRedirectUrl, completedAt, errorCode, errorMessage } = changes;
    const kept = { providerReference, providerRawStatus, providerRedirectUrl, ...(to === "success" ? { completedAt } : {}), ...(to === "failed" ? { errorCode, errorMessage } : {}) };
    return transitionPayment(tx, payment, to, kept, note);
  },
  async adoptAttempt(tx, p, attempt, changes, note) {
    // The attempt that paid goes back on the payment, with its method: a retry may have chosen
    // another provider or number, and the fee is the paying provider's.
    const provider = attempt.provider ?? p.provider;
    const fee = provider && provider !== p.provider ? (await collectFee({ amount: p.amount, provider, merchantId: p.merchantId })).fee : p.fee;
    const { providerReference, providerRawStatus, completedAt } = changes;
    const paidBy = {
      providerRequestRef: attempt.reference,
      connectorAccountId: attempt.accountId,
      submittedAt: attempt.sentAt,
      provider,
      customerPhone: attempt.destination ?? p.customerPhone,
      fee,
      providerReference: providerReference ?? attempt.operatorReference,
      providerRawStatus,
      providerRedirectUrl: null,
    };
    let current: Payment | null = p;
    if (p.status === "pending") current = await transitionPayment(tx, p, "processing", paidBy, note);
    if (!current) return null;
    return transitionPayment(tx, current, "success", { ...paidBy, completedAt }, note, { byEarlierAttempt: true });
  },
  async whenUnavailable(p) {
    const prisma = await getPrisma();
    await prisma.$transaction((tx) =>
      transitionPayment(tx, p, "failed", { errorCode: "provider_error", errorMessage: "The provider is not available right now." }, "provider unavailable"),
    );
  },
  async giveUp(p) {
    const prisma = await getPrisma();
    await prisma.$transaction((tx) =>
      transitionPayment(tx, p, "failed", { errorCode: "timeout", errorMessage: "The provider did not confirm the payment in time." }, "provider timeout"),
    );
  },
  async schedulePoll(p, runAt) {
    await enqueueJob(await getPrisma(), pollPaymentJob, { paymentId: p.id }, { runAt, dedupeKey: `${pollPaymentJob.type}:${p.id}:${p.providerRequestRef}` });
  },
  findByReference: (db, reference, accountId, environment) => db.payment.findFirst({ where: { providerRequestRef: reference, connectorAccountId: accountId, environment } }),
};
