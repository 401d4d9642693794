import type { ApiAuth } from "@/lib/auth/authenticate";
import { getPrisma, type Db } from "@/lib/db/client";
import { type Payment, Prisma, type Refund } from "@/lib/db/generated/client";
import { modelFromRow, runSql } from "@/lib/db/run-sql";
import { AppError } from "@/lib/errors";
import { refundsOfPayment } from "@/lib/refunds/refund-records";

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
 * The caller's payment with its refunds (status and detail show them, docs/design/refunds.md). Only a
 * successful or refunded payment can have refunds: the others cost no second query.
 */
export async function getPaymentWithRefunds(scope: Scope, transactionId: string): Promise<{ payment: Payment; refunds: Refund[] }> {
  // The API's hottest read: through the driver, prepared (lib/db/run-sql.ts).
  const [row] = await runSql<Record<string, unknown>>(Prisma.sql`
    SELECT * FROM payments WHERE id = ${transactionId} AND merchant_id = ${scope.merchant.id} AND environment = ${scope.environment}::"Environment"`);
  if (!row) throw new AppError("not_found", `Transaction ${transactionId} not found.`);
  const payment = modelFromRow<Payment>(row, PAYMENT_BIGINTS);
  const refunds = await refundsOf(payment, await getPrisma());
  return { payment, refunds };
}

const PAYMENT_BIGINTS = ["amount", "fee", "refundedAmount", "refundReserved"] as const;

export async function refundsOf(payment: Payment, db: Db): Promise<Refund[]> {
  if (payment.status !== "success" && payment.status !== "refunded") return [];
  return refundsOfPayment(payment.id, db);
}
