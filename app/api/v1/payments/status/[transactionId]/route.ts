import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { getPaymentOrThrow } from "@/lib/payments/get-payment";
import { paymentStatusView } from "@/lib/payments/payment-views";
import { paymentStatusContract } from "./contract";

export const GET = defineRoute(paymentStatusContract, async ({ auth, params }) => ({
  body: paymentStatusView(await getPaymentOrThrow(auth, params.transactionId)),
}));

export const { HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = otherMethods(GET);
