import { getPrisma } from "@/lib/db/client";
import { type Payment, Prisma } from "@/lib/db/generated/client";
import { isAppError } from "@/lib/errors";
import { enqueueJob } from "@/lib/jobs/enqueue-job";
import { submitPaymentJob } from "@/lib/payments/payment-jobs";
import { transitionPayment } from "@/lib/payments/transition-payment";
import { getRoute } from "@/lib/connectors/get-route";
import {
  checkChannelAmount,
  collectFee,
  getCatalogue,
  getChannel,
  isProviderCode,
  MOBILE_MONEY_CODES,
  numberOwner,
  phoneOperatorMismatch,
  validatePhone,
} from "@/lib/reference";
import { linkCheckoutTerms, termsAllow } from "@/lib/payment-links/link-checkout-terms";
import { checkoutStage, isPayable } from "./checkout-stage";
import { checkoutCountry, findCheckoutPayment } from "./get-checkout";
import { listMethodsForCheckout } from "./list-checkout-methods";
import type { FormErrorKey, FormErrorParams } from "./messages";
import { readPhoneInput } from "./read-phone-input";
import { getPaymentRow, setCheckoutMethod, pendingEntries } from "@/lib/payments/payment-records";

/**
 * The customer picked a method and typed a number on the hosted page (docs/design/order-lifecycle.md, docs/design/checkout-and-dashboard.md).
 * Checks it all as POST /payments/initiate checks a direct payment (channel of the payment's
 * country and currency, amount bounds, phone via validatePhone), then in ONE transaction:
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
const isMobileMoney = (code: string) => (MOBILE_MONEY_CODES as readonly string[]).includes(code);

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
  if (!isProviderCode(provider) || !isMobileMoney(provider) || !(await getRoute(payment.environment, country.code, provider, "collect")).available) {
    return { ok: false, field: "provider", key: "method_unavailable" };
  }
  // A payment link may offer only some methods: a method it leaves out is not on the page, nor accepted here.
  if (!termsAllow(await linkCheckoutTerms(payment.paymentLinkId, prisma), provider)) return { ok: false, field: "provider", key: "method_unavailable" };
  try {
    checkChannelAmount(await getChannel(provider, country.code, payment.currency, "collect"), payment.amount);
  } catch (err) {
    if (!isAppError(err)) throw err;
    return { ok: false, field: "provider", key: err.code === "invalid_amount" ? "amount_out_of_bounds" : "method_unavailable" };
  }

  const typed = readPhoneInput(input.phone, await withTrunk(country));
  if (!typed.ok) return { ok: false, field: "phone", key: typed.key, params: typed.params };
  const phone = await validatePhone(country.code, typed.e164);
  if (!phone.ok) return { ok: false, field: "phone", key: "phone_invalid", detail: phone.reason };
  const mismatch = phoneOperatorMismatch(await getCatalogue(), country.code, phone.e164, provider);
  if (mismatch) return { ok: false, field: "phone", key: "phone_operator", detail: mismatch };

  const { fee } = await collectFee({ amount: payment.amount, provider, merchantId: payment.merchantId });
  const changes = { provider, customerPhone: phone.e164, fee };

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
