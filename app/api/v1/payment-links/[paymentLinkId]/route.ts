import { scopeOfApiAuth } from "@/lib/auth/authenticate";
import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { getPaymentLinkOrThrow } from "@/lib/payment-links/get-payment-link";
import { presentPaymentLink } from "@/lib/payment-links/present-payment-link";
import { getPaymentLinkContract } from "./contract";

export const GET = defineRoute(getPaymentLinkContract, async ({ auth, params }) => ({
  body: await presentPaymentLink(await getPaymentLinkOrThrow(scopeOfApiAuth(auth), params.paymentLinkId)),
}));

export const { HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = otherMethods(GET);
