import { defineRoute } from "@/lib/http/define-route";
import { cancelPayment } from "@/lib/payments/cancel-payment";
import { paymentStatusView } from "@/lib/payments/payment-views";
import { cancelPaymentContract } from "./contract";

export const POST = defineRoute(cancelPaymentContract, async ({ auth, params }) => ({
  body: paymentStatusView(await cancelPayment(auth, params.transactionId, "merchant")),
}));
