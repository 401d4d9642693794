import { defineRoute } from "@/lib/http/define-route";
import { getPaymentOrThrow } from "@/lib/payments/get-payment";
import { paymentDetailView } from "@/lib/payments/payment-views";
import { transactionDetailContract } from "./contract";

export const GET = defineRoute(transactionDetailContract, async ({ auth, params }) => ({
  body: paymentDetailView(await getPaymentOrThrow(auth, params.transactionId)),
}));
