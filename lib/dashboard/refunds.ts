import { z } from "zod";
import { AppError } from "@/lib/errors";
import { type CurrencyCode, formatAmount, minorToDecimalString, parseTypedAmount } from "@/lib/money";
import type { Locale } from "./i18n";
import { createRefund } from "@/lib/refunds/create-refund";
import { type FormResult, toFormResult, validationFailure } from "./form-result";
import { dashboardActor, type DashboardScope } from "./scope";
import { findScopedPayment } from "@/lib/payments/payment-records";

const refundForm = z.object({
  transactionId: z.string().regex(/^txn_[0-9a-z]{1,64}$/, "Unknown payment."),
  // Empty = everything left; otherwise read by parseTypedAmount in the payment's currency.
  amount: z.string().trim().max(40).optional().transform((v) => v || undefined),
  reason: z.string().trim().max(255, "at most 255 characters").optional().transform((v) => v || undefined),
  // The confirmation step: a post without it (forged, or the box left unticked) is refused.
  confirm: z.literal("refund", { message: "Tick the box to confirm the refund." }),
});

/**
 * The dashboard's refund action (docs/design/refunds.md): the same createRefund as the API, so every rule —
 * only a successful payment, at most what is left, the balance — holds here too.
 */
export async function refundFromDashboard(scope: DashboardScope, form: FormData, locale: Locale = "en"): Promise<FormResult<{ refundId: string; transactionId: string }>> {
  const result = await refund(scope, form);
  return result.ok ? result : await inWords(scope, form, result, locale);
}

async function refund(scope: DashboardScope, form: FormData): Promise<FormResult<{ refundId: string; transactionId: string }>> {
  const read = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const parsed = refundForm.safeParse({ transactionId: read("transactionId"), amount: read("amount"), reason: read("reason"), confirm: read("confirm") });
  if (!parsed.success) return validationFailure(parsed.error);
  const { transactionId, reason } = parsed.data;
  let amount: string | undefined;
  if (parsed.data.amount !== undefined) {
    // The typed amount's one rule ("50 000", "12,50") needs the payment's currency; another
    // merchant's payment is left to createRefund, which answers not_found.
    const payment = await findScopedPayment(scope, transactionId, { currency: true });
    if (payment) {
      try {
        const currency = payment.currency as CurrencyCode;
        amount = minorToDecimalString(parseTypedAmount(parsed.data.amount, currency), currency);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return { ok: false, code: "validation_error", error: err.message, fieldErrors: { amount: err.message } };
      }
    } else amount = parsed.data.amount;
  }
  return toFormResult(async () => {
    const refund = await createRefund({ environment: scope.environment, merchant: { id: scope.merchantId } }, transactionId, { amount, reason }, { audit: { actor: dashboardActor(scope) } });
    return { refundId: refund.id, transactionId };
  });
}

const WORDS = {
  en: {
    confirm: "Tick the box to confirm the refund.",
    amountFormat: "Enter an amount such as 50 000 or 12.50.",
    ambiguous: "Write thousands with a space (50 000) and decimals with a point or a comma (12.50): this amount could be read two ways.",
    tooMuch: (left: string) => `At most ${left} is left to refund.`,
    wholeOnly: (whole: string) => `This operator refunds whole payments only: leave the amount empty to refund all ${whole}.`,
    balance: "Your available balance does not cover this refund: refunds are taken from the available balance, once collections have settled.",
    state: "This payment can no longer be refunded (it is not a successful payment, or nothing is left to refund).",
    reason: "Use at most 255 characters.",
    unknown: "Unknown payment.",
    summary: "The refund was not made.",
  },
  fr: {
    confirm: "Cochez la case pour confirmer le remboursement.",
    amountFormat: "Indiquez un montant comme 50 000 ou 12,50.",
    ambiguous: "Écrivez les milliers avec une espace (50 000) et les décimales avec un point ou une virgule (12,50) : ce montant peut se lire de deux façons.",
    tooMuch: (left: string) => `Il reste au plus ${left} à rembourser.`,
    wholeOnly: (whole: string) => `Cet opérateur ne rembourse que des paiements entiers : laissez le montant vide pour rembourser les ${whole}.`,
    balance: "Votre solde disponible ne couvre pas ce remboursement : les remboursements sont pris sur le solde disponible, une fois les encaissements réglés.",
    state: "Ce paiement ne peut plus être remboursé (ce n’est pas un paiement réussi, ou il ne reste rien à rembourser).",
    reason: "Utilisez au plus 255 caractères.",
    unknown: "Paiement inconnu.",
    summary: "Le remboursement n’a pas été effectué.",
  },
};

/**
 * A refused refund in the page's language, on the field it is about: the domain's errors are
 * the API's (English, for integrators, naming the transaction); a person reads what to change.
 */
async function inWords(scope: DashboardScope, form: FormData, failure: Extract<FormResult<never>, { ok: false }>, locale: Locale): Promise<Extract<FormResult<never>, { ok: false }>> {
  const w = WORDS[locale];
  const id = form.get("transactionId");
  const payment =
    typeof id === "string" && /^txn_[0-9a-z]{1,64}$/.test(id)
      ? await findScopedPayment(scope, id, { amount: true, refundReserved: true, currency: true })
      : null;
  const money = (minor: bigint) => (payment ? formatAmount(minor, payment.currency as CurrencyCode, locale) : "");
  const on = (field: string, message: string) => ({ ...failure, error: message, fieldErrors: { [field]: message } });
  const fields = failure.fieldErrors ?? {};
  if (fields.confirm) return on("confirm", w.confirm);
  if (fields.reason) return on("reason", w.reason);
  if (fields.transactionId || failure.code === "not_found" || !payment) return { ...failure, error: w.unknown, fieldErrors: undefined };
  if (failure.code === "invalid_amount" || fields.amount) {
    if (/whole payments only/.test(failure.error)) return on("amount", w.wholeOnly(money(payment.amount)));
    if (/left to refund/.test(failure.error)) return on("amount", w.tooMuch(money(payment.amount - payment.refundReserved)));
    if (/ambiguous/.test(failure.error)) return on("amount", w.ambiguous);
    return on("amount", w.amountFormat);
  }
  if (failure.code === "insufficient_balance") return { ...failure, error: w.balance, fieldErrors: undefined };
  if (failure.code === "invalid_state") return { ...failure, error: w.state, fieldErrors: undefined };
  return { ...failure, error: w.summary };
}
