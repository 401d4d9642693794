import { z } from "zod";
import { getPrisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { type CurrencyCode, minorToDecimalString, parseTypedAmount } from "@/lib/money";
import { createRefund } from "@/lib/refunds/create-refund";
import { type FormResult, toFormResult, validationFailure } from "./form-result";
import { dashboardActor, type DashboardScope } from "./scope";

const refundForm = z.object({
  transactionId: z.string().regex(/^txn_[0-9a-z]{1,64}$/, "Unknown payment."),
  // Empty = everything left; otherwise read by parseTypedAmount in the payment's currency.
  amount: z.string().trim().max(40).optional().transform((v) => v || undefined),
  reason: z.string().trim().max(255, "at most 255 characters").optional().transform((v) => v || undefined),
  // The confirmation step: a post without it (forged, or the box left unticked) is refused.
  confirm: z.literal("refund", { message: "Tick the box to confirm the refund." }),
});

/**
 * The dashboard's refund action (DESIGN §14): the same createRefund as the API, so every rule —
 * only a successful payment, at most what is left, the balance — holds here too.
 */
export async function refundFromDashboard(scope: DashboardScope, form: FormData): Promise<FormResult<{ refundId: string; transactionId: string }>> {
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
    const payment = await (await getPrisma()).payment.findFirst({
      where: { id: transactionId, merchantId: scope.merchantId, environment: scope.environment },
      select: { currency: true },
    });
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
