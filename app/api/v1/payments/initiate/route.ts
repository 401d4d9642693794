import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { initiatePayment } from "@/lib/payments/initiate-payment";
import { presentInitiatedPayment } from "@/lib/payments/present-initiated-payment";
import { initiatePaymentContract } from "./contract";

export const POST = defineRoute(initiatePaymentContract, async ({ auth, body, idempotency }) => {
  // With X-Idempotency-Key: the key's record, with this answer, in the payment's own statement
  // (the answer is built once, before it).
  let answer: Awaited<ReturnType<typeof presentInitiatedPayment>> | undefined;
  const record = idempotency && (async (p: Parameters<typeof presentInitiatedPayment>[0]) => idempotency.cte((answer = await presentInitiatedPayment(p))));
  const payment = await initiatePayment(auth, body, { record });
  return { body: answer ?? (await presentInitiatedPayment(payment)) };
});

export const { GET, HEAD, OPTIONS, PUT, DELETE, PATCH } = otherMethods(POST);
