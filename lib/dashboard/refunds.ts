import { z } from "zod";
import { createRefund } from "@/lib/refunds/create-refund";
import { type FormResult, toFormResult, validationFailure } from "./form-result";
import type { DashboardScope } from "./scope";

const refundForm = z.object({
  transactionId: z.string().regex(/^txn_[0-9a-z]{1,64}$/, "Unknown payment."),
  // Empty = everything left; otherwise the API's rules (toMinor) decide.
  amount: z.string().trim().max(32).optional().transform((v) => (v ? v.replace(/\s/g, "") : undefined)),
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
  const { transactionId, amount, reason } = parsed.data;
  return toFormResult(async () => {
    const refund = await createRefund({ environment: scope.environment, merchant: { id: scope.merchantId } }, transactionId, { amount, reason });
    return { refundId: refund.id, transactionId };
  });
}
