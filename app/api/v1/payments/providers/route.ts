import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { listPaymentMethods } from "@/lib/reference/list-payment-methods";
import { paymentProvidersContract } from "./contract";

export const dynamic = "force-dynamic";

export const GET = defineRoute(paymentProvidersContract, async ({ query }) => {
  const data = await listPaymentMethods({ country: query.country ?? "*", currency: query.currency, method: "collect" });
  return { body: { data } };
});

export const { HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = otherMethods(GET);
