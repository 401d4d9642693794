import type { ApiAuth } from "@/lib/auth/authenticate";
import { getPrisma, type Db } from "@/lib/db/client";
import type { Payment, Refund } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";

type Scope = Pick<ApiAuth, "environment"> & { merchant: { id: string } };

/** The caller's payment or 404: another merchant's payment does not exist for you. */
export async function getPaymentOrThrow(scope: Scope, transactionId: string, db?: Db): Promise<Payment> {
  const prisma = db ?? (await getPrisma());
  const payment = await prisma.payment.findFirst({
    where: { id: transactionId, merchantId: scope.merchant.id, environment: scope.environment },
  });
  if (!payment) throw new AppError("not_found", `Transaction ${transactionId} not found.`);
  return payment;
}

/**
 * The caller's payment with its refunds (status and detail show them, DESIGN §14). Only a
 * successful or refunded payment can have refunds: the others cost no second query.
 */
export async function getPaymentWithRefunds(scope: Scope, transactionId: string): Promise<{ payment: Payment; refunds: Refund[] }> {
  const prisma = await getPrisma();
  const payment = await getPaymentOrThrow(scope, transactionId, prisma);
  const refunds = await refundsOf(payment, prisma);
  return { payment, refunds };
}

export async function refundsOf(payment: Payment, db: Db): Promise<Refund[]> {
  if (payment.status !== "success" && payment.status !== "refunded") return [];
  return db.refund.findMany({ where: { paymentId: payment.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
}
