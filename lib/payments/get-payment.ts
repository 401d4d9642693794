import type { ApiAuth } from "@/lib/auth/authenticate";
import { getPrisma, type Db } from "@/lib/db/client";
import type { Payment } from "@/lib/db/generated/client";
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
