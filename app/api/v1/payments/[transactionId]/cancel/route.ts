import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { cancelPayment } from "@/lib/payments/cancel-payment";
import { paymentStatusView } from "@/lib/payments/payment-views";
import { cancelPaymentContract } from "./contract";

export const POST = defineRoute(cancelPaymentContract, async ({ auth, params }) => ({
  body: paymentStatusView(await cancelPayment(auth, params.transactionId, "merchant")),
}));

export const { GET, HEAD, OPTIONS, PUT, DELETE, PATCH } = otherMethods(POST);
