import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { initiatePayment } from "@/lib/payments/initiate-payment";
import { presentInitiatedPayment } from "@/lib/payments/present-initiated-payment";
import { initiatePaymentContract } from "./contract";

export const POST = defineRoute(initiatePaymentContract, async ({ auth, body }) => {
  const payment = await initiatePayment(auth, body);
  return { body: await presentInitiatedPayment(payment) };
});

export const { GET, HEAD, OPTIONS, PUT, DELETE, PATCH } = otherMethods(POST);
