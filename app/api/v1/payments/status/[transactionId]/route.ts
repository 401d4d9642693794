import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { getPaymentWithRefunds } from "@/lib/payments/get-payment";
import { paymentStatusView } from "@/lib/payments/payment-views";
import { paymentStatusContract } from "./contract";

export const GET = defineRoute(paymentStatusContract, async ({ auth, params }) => {
  const { payment, refunds } = await getPaymentWithRefunds(auth, params.transactionId);
  return { body: paymentStatusView(payment, refunds) };
});

export const { HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = otherMethods(GET);
