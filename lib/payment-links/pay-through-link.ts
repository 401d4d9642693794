import { createHash } from "node:crypto";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { getPrisma } from "@/lib/db/client";
import type { PaymentLink, PaymentLinkField } from "@/lib/db/generated/client";
import { AppError, isAppError } from "@/lib/errors";
import { readPhoneInput } from "@/lib/checkout/read-phone-input";
import type { FormErrorKey } from "@/lib/checkout/messages";
import { currencyExponent, fromMinor, parseTypedAmount, type CurrencyCode } from "@/lib/money";
import { initiatePayment } from "@/lib/payments/initiate-payment";
import { getCatalogue, validatePhone, type Country } from "@/lib/reference";
import { channelBounds, someChannelTakes } from "@/lib/payments/checkout-channels";
import { linkChannels } from "./link-channels";
import { linkStatus, type LinkTotals } from "./link-status";
import { linkTotals } from "./link-totals";
import { linkUrl } from "./payment-link-views";
import { getMerchantRow } from "@/lib/merchants/merchant-records";
import { findPaymentByExternalReference, linkPaymentExists } from "@/lib/payments/payment-records";

/**
 * The customer's first step on /pay/<slug> (lib/payment-links/page): the amount (typed, or the
 * link's own), the country when the link takes several, and the details the link asks for.
 * Everything is checked here, amounts against the link's bounds AND the checkout's channels,
 * before anything is written and long before any operator is called; then one ordinary checkout
 * payment is created (lib/payments initiatePayment) carrying the link's id, and the customer goes
 * on to its hosted checkout.
 *
 * One submission, one payment: the page's form carries a random token, and the payment's
 * externalReference is a hash of that token with what was submitted. A double tap or a refresh
 * of the POST sends the same token and fields: the unique (merchant, environment, reference)
 * index finds the first payment and the customer is sent to it. A corrected form (another amount)
 * is another submission. The reference names the link but never reveals the token, so nobody
 * who sees a receipt can replay the form.
 *
 * `maxPayments` is held under a row lock on the link, in the payment's own transaction: payments
 * that succeeded or can still succeed (link-totals `holding`) are counted, so two customers
 * racing for the last place cannot both get it.
 */
export type LinkFormField = "amount" | "country" | "name" | "phone" | "email" | "custom" | "form";

export type LinkFormErrorKey =
  | "amount_required"
  | "amount_invalid"
  | "amount_whole"
  | "amount_below"
  | "amount_above"
  | "country_required"
  | "name_required"
  | "text_too_long"
  | "email_required"
  | "email_invalid"
  | "custom_required"
  | "form_stale"
  | FormErrorKey;

export type LinkFormErrors = Partial<Record<LinkFormField, { key: LinkFormErrorKey; params?: Record<string, string | number> }>>;

export type LinkSubmission = {
  formToken: unknown;
  amount?: unknown;
  country?: unknown;
  name?: unknown;
  phone?: unknown;
  email?: unknown;
  custom?: unknown;
};

export type LinkClosedReason = "deactivated" | "expired" | "completed" | "full";

export type PayThroughLinkResult =
  | { ok: true; checkoutToken: string; transactionId: string }
  | { ok: false; closed: LinkClosedReason }
  | { ok: false; errors: LinkFormErrors };

/** What a form token looks like (lib/ids newToken): anything else is a stale or forged form. */
const FORM_TOKEN = /^[A-Za-z0-9_-]{16,64}$/;
const email = z.email().max(254);
const MAX_TEXT = 200;

const text = (value: unknown) => (typeof value === "string" ? value.trim().replace(/\s+/g, " ") : "");

/**
 * The link's bounds for a typed amount: its own, narrowed to what the country's methods take; and
 * `whole` when the currency has cents but none of those methods takes them (the page says so).
 */
export async function amountBounds(link: PaymentLink, country: string | null): Promise<{ min: bigint; max: bigint; whole: boolean } | null> {
  const channels = await linkChannels(link.environment, link, country ?? undefined);
  const bounds = channelBounds(channels);
  if (!bounds) return null;
  const min = link.minAmount !== null && link.minAmount > bounds.min ? link.minAmount : bounds.min;
  const max = link.maxAmount !== null && link.maxAmount < bounds.max ? link.maxAmount : bounds.max;
  const whole = currencyExponent(link.currency) > 0 && channels.every((c) => c.wholeUnits);
  return { min, max, whole };
}

/** Whether the link takes payments now, and if not why; with its totals. */
export async function linkAvailability(link: PaymentLink, now = new Date(), db?: Db): Promise<{ status: ReturnType<typeof linkStatus>; totals: LinkTotals }> {
  const totals = (await linkTotals(db ?? (await getPrisma()), [link.id], now)).get(link.id)!;
  return { status: linkStatus(link, totals, now), totals };
}

export async function payThroughLink(link: PaymentLink, submission: LinkSubmission, now = new Date()): Promise<PayThroughLinkResult> {
  const { status } = await linkAvailability(link, now);
  if (status !== "active") return { ok: false, closed: status };

  const errors: LinkFormErrors = {};
  const formToken = typeof submission.formToken === "string" && FORM_TOKEN.test(submission.formToken) ? submission.formToken : null;
  if (!formToken) errors.form = { key: "form_stale" };

  const catalogue = await getCatalogue();
  const countryCode = link.countries.length === 1 ? link.countries[0] : text(submission.country).toUpperCase();
  const country: Country | null = link.countries.includes(countryCode) ? (catalogue.countryByCode.get(countryCode) ?? null) : null;
  if (!country) errors.country = { key: "country_required" };

  const currency = link.currency as CurrencyCode;
  let amount = link.amount;
  if (amount === null) {
    const typed = text(submission.amount);
    const bounds = await amountBounds(link, country?.code ?? null);
    if (!typed) errors.amount = { key: "amount_required" };
    else {
      try {
        amount = parseTypedAmount(typed, currency);
      } catch (err) {
        if (!isAppError(err)) throw err;
        errors.amount = { key: "amount_invalid" };
      }
    }
    if (amount !== null && bounds && amount < bounds.min) errors.amount = { key: "amount_below", params: { min: String(bounds.min) } };
    if (amount !== null && bounds && amount > bounds.max) errors.amount = { key: "amount_above", params: { max: String(bounds.max) } };
  }
  // A fixed amount was checked against the channels when the link was made; a country's own
  // bounds may still refuse a typed one (or the catalogue changed since): refused here, never by the operator.
  if (amount !== null && country && !errors.amount && !someChannelTakes(await linkChannels(link.environment, link, country.code), amount)) {
    const bounds = await amountBounds(link, country.code);
    errors.amount = !bounds
      ? { key: "amount_invalid" }
      : amount < bounds.min || amount > bounds.max
        ? { key: amount < bounds.min ? "amount_below" : "amount_above", params: { min: String(bounds.min), max: String(bounds.max) } }
        : // Within the bounds, yet no method takes it: cents where the methods take whole units only.
          { key: "amount_whole" };
  }

  const name = detail(link.collectName, text(submission.name), "name_required", errors, "name");
  const emailText = detail(link.collectEmail, text(submission.email), "email_required", errors, "email");
  if (emailText && !errors.email && !email.safeParse(emailText).success) errors.email = { key: "email_invalid" };
  const custom = link.customFieldLabel ? detail(link.customFieldRequired ? "required" : "optional", text(submission.custom), "custom_required", errors, "custom") : null;

  let phone: string | null = null;
  const typedPhone = text(submission.phone);
  if (link.collectPhone !== "off" && country && (typedPhone || link.collectPhone === "required")) {
    const read = readPhoneInput(typedPhone, country);
    if (!read.ok) errors.phone = { key: read.key, params: read.params as Record<string, string | number> };
    else {
      const checked = await validatePhone(country.code, read.e164);
      if (!checked.ok) errors.phone = { key: "phone_invalid" };
      else phone = checked.e164;
    }
  }

  if (Object.keys(errors).length > 0 || amount === null || !country || !formToken) return { ok: false, errors };

  const externalReference = submissionReference(link, formToken, [String(amount), country.code, name, phone, emailText, custom]);
  const prisma = await getPrisma();
  const merchant = await getMerchantRow(link.merchantId, prisma);
  const existing = () => findPaymentByExternalReference({ merchantId: link.merchantId, environment: link.environment }, externalReference, prisma);
  const already = await existing();
  if (already) return { ok: true, checkoutToken: already.checkoutToken, transactionId: already.id };

  const metadata = { ...((link.metadata as Record<string, unknown> | null) ?? {}), ...(custom ? { customField: custom } : {}) };
  try {
    const payment = await initiatePayment(
      { merchant, environment: link.environment },
      {
        type: "checkout",
        amount: fromMinor(amount, currency),
        currency,
        country: country.code,
        externalReference,
        description: link.title.slice(0, 500),
        customerName: name || undefined,
        customerEmail: emailText || undefined,
        returnUrl: link.redirectUrl ?? undefined,
        // Cancelling on the checkout brings the customer back to the link's page.
        cancelUrl: linkUrl(link.slug),
        metadata: Object.keys(metadata).length > 0 ? metadata : undefined,
      },
      { paymentLinkId: link.id, contactPhone: phone ?? undefined, guard: (tx) => holdPlace(tx, link.id, externalReference, new Date()) },
    );
    return { ok: true, checkoutToken: payment.checkoutToken, transactionId: payment.id };
  } catch (err) {
    if (!isAppError(err)) throw err;
    if (err.code === "duplicate_reference") {
      const first = await existing();
      if (first) return { ok: true, checkoutToken: first.checkoutToken, transactionId: first.id };
    }
    if (err.code === "invalid_state" && isClosedReason(err.extra?.closed)) return { ok: false, closed: err.extra.closed };
    if (err.code === "invalid_amount") return { ok: false, errors: { amount: { key: "amount_invalid" } } };
    throw err;
  }
}

/** An off/optional/required detail: its text (capped), or a field error. */
function detail(mode: PaymentLinkField, value: string, requiredKey: LinkFormErrorKey, errors: LinkFormErrors, field: LinkFormField): string | null {
  if (mode === "off") return null;
  if (!value) {
    if (mode === "required") errors[field] = { key: requiredKey };
    return null;
  }
  if (value.length > MAX_TEXT) errors[field] = { key: "text_too_long", params: { max: MAX_TEXT } };
  return value;
}

/** "pl-robe-wax-k3x9-5d1f0c2a9b7e4f61": the link, then a hash of the form token and the submitted fields. */
function submissionReference(link: PaymentLink, formToken: string, fields: (string | null)[]): string {
  const digest = createHash("sha256").update(JSON.stringify([link.id, formToken, ...fields])).digest("hex").slice(0, 20);
  return `pl-${link.slug}-${digest}`;
}

const isClosedReason = (value: unknown): value is LinkClosedReason => value === "deactivated" || value === "expired" || value === "completed" || value === "full";

/**
 * In the payment's transaction, before its insert: the link locked, still active, and a place
 * left under `maxPayments`. A submission already written (a double tap racing its twin) skips the
 * count: its insert then meets the unique reference and the customer is sent to the first one.
 */
async function holdPlace(tx: Db, linkId: string, externalReference: string, now: Date): Promise<void> {
  const [link] = await tx.$queryRaw<PaymentLink[]>`SELECT id, deactivated_at AS "deactivatedAt", expires_at AS "expiresAt", max_payments AS "maxPayments" FROM payment_links WHERE id = ${linkId} FOR UPDATE`;
  if (!link) throw new AppError("not_found", "Payment link not found.");
  const totals = (await linkTotals(tx, [linkId], now)).get(linkId)!;
  const status = linkStatus(link, totals, now);
  if (status !== "active") throw closed(status);
  if (link.maxPayments === null || totals.holding < link.maxPayments) return;
  if (!(await linkPaymentExists(linkId, externalReference, tx))) throw closed("full");
}

const closed = (reason: LinkClosedReason) => new AppError("invalid_state", `The payment link takes no payment now (${reason}).`, { extra: { closed: reason } });
