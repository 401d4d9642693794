import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { getPaymentWithRefunds } from "@/lib/payments/get-payment";
import { paymentDetailView } from "@/lib/payments/payment-views";
import { transactionDetailContract } from "./contract";

export const GET = defineRoute(transactionDetailContract, async ({ auth, params }) => {
  const { payment, refunds } = await getPaymentWithRefunds(auth, params.transactionId);
  return { body: paymentDetailView(payment, refunds) };
});

export const { HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = otherMethods(GET);
