import { scopeOfApiAuth } from "@/lib/auth/authenticate";
import { apiActor } from "@/lib/audit/write-audit";
import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { deactivatePaymentLink } from "@/lib/payment-links/deactivate-payment-link";
import { presentPaymentLink } from "@/lib/payment-links/present-payment-link";
import { deactivatePaymentLinkContract } from "./contract";

export const POST = defineRoute(deactivatePaymentLinkContract, async ({ auth, params }) => ({
  body: await presentPaymentLink(await deactivatePaymentLink(scopeOfApiAuth(auth), params.paymentLinkId, { audit: { actor: apiActor(auth) } })),
}));

export const { GET, HEAD, OPTIONS, PUT, DELETE, PATCH } = otherMethods(POST);
