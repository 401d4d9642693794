import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { getPaymentOrThrow } from "@/lib/payments/get-payment";
import { paymentDetailView } from "@/lib/payments/payment-views";
import { transactionDetailContract } from "./contract";

export const GET = defineRoute(transactionDetailContract, async ({ auth, params }) => ({
  body: paymentDetailView(await getPaymentOrThrow(auth, params.transactionId)),
}));

export const { HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = otherMethods(GET);
