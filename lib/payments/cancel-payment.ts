import type { ApiAuth } from "@/lib/auth/authenticate";
import { getPrisma } from "@/lib/db/client";
import type { Payment } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { getPaymentOrThrow } from "./get-payment";
import { transitionPayment } from "./transition-payment";

/**
 * Cancels a payment the customer has not started paying (docs/design/order-lifecycle.md): only `pending`. Once the
 * provider has pushed a prompt (`processing`) the customer may already be approving it, so the
 * outcome is left to the provider. `by` records who cancelled in the timeline.
 */
export async function cancelPayment(
  scope: Pick<ApiAuth, "environment"> & { merchant: { id: string } },
  transactionId: string,
  by: "merchant" | "customer",
): Promise<Payment> {
  const payment = await getPaymentOrThrow(scope, transactionId);
  return cancelLoadedPayment(payment, by);
}

export async function cancelLoadedPayment(payment: Payment, by: "merchant" | "customer"): Promise<Payment> {
  if (payment.status === "cancelled") return payment;
  // A pending payment whose reference is stored has been sent (its answer may be on its way):
  // like a processing one, its outcome is left to the provider.
  const sent = payment.status === "pending" && payment.providerRequestRef !== null;
  if (sent || (payment.status !== "pending" && !(payment.status === "failed" && payment.type === "checkout"))) {
    throw new AppError("invalid_state", `Transaction ${payment.id} is ${sent ? "with the provider" : payment.status} and can no longer be cancelled.`);
  }
  const prisma = await getPrisma();
  const cancelled = await prisma.$transaction((tx) => transitionPayment(tx, payment, "cancelled", {}, `cancelled by the ${by}`));
  if (!cancelled) {
    const current = await prisma.payment.findUniqueOrThrow({ where: { id: payment.id } });
    if (current.status === "cancelled") return current;
    throw new AppError("invalid_state", `Transaction ${payment.id} is ${current.status} and can no longer be cancelled.`);
  }
  return cancelled;
}
