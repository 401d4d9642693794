import { getPrisma } from "@/lib/db/client";
import { type Payment, Prisma } from "@/lib/db/generated/client";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { submitPaymentJob } from "@/lib/payments/payment-jobs";
import { transitionPayment } from "@/lib/payments/transition-payment";
import { checkoutChannels } from "@/lib/payments/checkout-channels";
import { chooseCollectMethod } from "@/lib/payments/choose-collect-method";
import { getCatalogue, numberOwner } from "@/lib/reference";
import { linkCheckoutTerms, termsAllow } from "@/lib/payment-links/link-checkout-terms";
import { checkoutStage, isPayable } from "./checkout-stage";
import { checkoutCountry, findCheckoutPayment } from "./get-checkout";
import { listMethodsForCheckout } from "./list-checkout-methods";
import type { FormErrorKey, FormErrorParams } from "./messages";
import { readPhoneInput } from "./read-phone-input";
import { getPaymentRow, setCheckoutMethod, pendingEntries } from "@/lib/payments/payment-records";

/**
 * The customer picked a method and typed a number on the hosted page (docs/design/order-lifecycle.md, docs/design/checkout-and-dashboard.md).
 * The method must be one the page offers (checkoutChannels, the payment link's terms); then it is
 * checked by the rule POST /payments/initiate checks a direct payment by (chooseCollectMethod:
 * channel, amount bounds and whole units, route, phone, the number's operator), each refusal said
 * in the customer's words; then in ONE transaction:
 * - a pending checkout payment gets its provider, phone and fee (only if no method was chosen
 *   yet: a double submit or a race with another tab changes nothing, the first one wins);
 * - a failed checkout payment that has not expired goes back to pending with the new method
 *   (transitionPayment: timeline row and payment.pending event);
 * - the payment.submit job is enqueued, deduplicated per attempt (attempt n = n-th time the
 *   payment entered pending), so the provider is asked exactly once per attempt.
 * The number's operator (numbering plans, docs/design/provider-prediction.md) picks the method when the customer chose
 * none (the page without JavaScript, where nothing preselects it), and refuses a method whose
 * operator does not hold the number, as the API refuses a direct payment.
 * Returns null for an unknown token; a refusal names the field and a message key.
 */
export type SubmitCheckoutInput = { provider: unknown; phone: unknown };

export type SubmitCheckoutResult =
  | { ok: true; payment: Payment }
  | { ok: false; field: "provider" | "phone" | "form"; key: FormErrorKey; params?: FormErrorParams; detail?: string };

export async function submitCheckoutMethod(token: string, input: SubmitCheckoutInput, now = new Date()): Promise<SubmitCheckoutResult | null> {
  const payment = await findCheckoutPayment(token);
  if (!payment) return null;
  const country = await checkoutCountry(payment);
  const prisma = await getPrisma();

  if (payment.type !== "checkout") return { ok: false, field: "form", key: "not_payable" };
  const stage = checkoutStage(payment, now);
  if (stage === "expired" || (payment.status === "failed" && !isPayable(payment, now))) {
    if (payment.status === "pending") await prisma.$transaction((tx) => transitionPayment(tx, payment, "expired", {}, "expiresAt passed"));
    return { ok: false, field: "form", key: "expired" };
  }
  // Already on its way to the phone: submitting again is a no-op (double click, back button).
  if (stage === "waiting") return { ok: true, payment };
  if (!isPayable(payment, now) || !country) return { ok: false, field: "form", key: "not_payable" };

  const provider = (typeof input.provider === "string" ? input.provider.trim() : "") || (await predictedMethod(payment, country, input.phone));
  if (!provider) return { ok: false, field: "provider", key: "method_required" };
  // Only a method the page offers (the same rule lists it): mobile money with a usable route here.
  if (!(await checkoutChannels(payment.environment, country.code, payment.currency)).some((c) => c.providerCode === provider)) {
    return { ok: false, field: "provider", key: "method_unavailable" };
  }
  // A payment link may offer only some methods: a method it leaves out is not on the page, nor accepted here.
  if (!termsAllow(await linkCheckoutTerms(payment.paymentLinkId, prisma), provider)) return { ok: false, field: "provider", key: "method_unavailable" };

  // The customer may type the number as dialled at home; what the API's E.164 check then refuses is said with the reason.
  const typed = readPhoneInput(input.phone, await withTrunk(country));
  const method = await chooseCollectMethod({
    environment: payment.environment,
    merchantId: payment.merchantId,
    country: country.code,
    currency: payment.currency,
    amount: payment.amount,
    provider,
    phone: typed.ok ? typed.e164 : null,
  });
  if (!method.ok) {
    switch (method.rule) {
      case "provider":
        return { ok: false, field: "provider", key: "method_unavailable" };
      case "amount":
        return { ok: false, field: "provider", key: "amount_out_of_bounds" };
      case "phone":
        return typed.ok ? { ok: false, field: "phone", key: "phone_invalid", detail: method.error.message } : { ok: false, field: "phone", key: typed.key, params: typed.params };
      case "phone_operator":
        return { ok: false, field: "phone", key: "phone_operator", detail: method.error.message };
    }
  }
  const changes = { provider, customerPhone: method.phone, fee: method.fee };

  const submitted = await prisma.$transaction(async (tx) => {
    let updated: Payment | null;
    if (payment.status === "pending") {
      updated = await setCheckoutMethod(tx, payment, changes);
    } else {
      updated = await transitionPayment(
        tx,
        payment,
        "pending",
        // A new attempt is a new order for the operator: a new reference, minted at submit. The
        // earlier one stays an attempt of the payment (lib/orders/attempts.ts): asked before the
        // new one is sent, and still applied if the operator reports it paid.
        { ...changes, providerReference: null, providerRequestRef: null, connectorAccountId: null, providerRawStatus: Prisma.DbNull, submittedAt: null, completedAt: null },
        `customer retried with ${provider}`,
      );
    }
    if (!updated) return null;
    const attempt = await pendingEntries(tx, payment.id);
    await enqueueJob(tx, submitPaymentJob, { paymentId: payment.id, attempt }, { dedupeKey: `${submitPaymentJob.type}:${payment.id}:${attempt}` });
    return updated;
  });
  if (submitted) return { ok: true, payment: submitted };

  // Someone else changed the payment between our read and our write (another tab, the sweep).
  const current = await getPaymentRow(payment.id, prisma);
  const now2 = checkoutStage(current, new Date());
  if (now2 === "waiting") return { ok: true, payment: current };
  return { ok: false, field: "form", key: now2 === "expired" ? "expired" : "not_payable" };
}

/** The method of the typed number's operator, if this payment offers it; else "" (none chosen). */
async function predictedMethod(payment: Payment, country: NonNullable<Awaited<ReturnType<typeof checkoutCountry>>>, phone: unknown): Promise<string> {
  const typed = readPhoneInput(phone, await withTrunk(country));
  if (!typed.ok) return "";
  const owner = numberOwner((await getCatalogue()).numberingPlans.get(country.code), typed.e164.slice(country.phonePrefix.length));
  if (!owner?.providerCode) return "";
  const methods = await listMethodsForCheckout(payment);
  return methods.some((m) => m.provider === owner.providerCode) ? owner.providerCode : "";
}

/** The country with its numbering plan's trunk prefix, so a number typed as dialled at home is read. */
async function withTrunk<C extends { code: string }>(country: C): Promise<C & { trunkPrefix: string | null }> {
  return { ...country, trunkPrefix: (await getCatalogue()).numberingPlans.get(country.code)?.trunkPrefix ?? null };
}
