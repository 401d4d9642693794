import { getPrisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { appEnv } from "@/lib/config";
import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { paymentPublicView } from "@/lib/payments/payment-views";
import { publicPaymentStatusContract } from "./contract";
import { findPaymentInEnvironment } from "@/lib/payments/payment-records";

export const GET = defineRoute(publicPaymentStatusContract, async ({ params }) => {
  const prisma = await getPrisma();
  const payment = await findPaymentInEnvironment(params.transactionId, appEnv(), prisma);
  if (!payment) throw new AppError("not_found", `Transaction ${params.transactionId} not found.`);
  return { body: paymentPublicView(payment) };
});

export const { HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = otherMethods(GET);
