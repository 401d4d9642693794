import { apiActor } from "@/lib/audit/write-audit";
import { scopeOfApiAuth } from "@/lib/auth/authenticate";
import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { createPaymentLink } from "@/lib/payment-links/create-payment-link";
import { listPaymentLinks } from "@/lib/payment-links/list-payment-links";
import { presentPaymentLink } from "@/lib/payment-links/present-payment-link";
import { createPaymentLinkContract, listPaymentLinksContract } from "./contract";

export const dynamic = "force-dynamic";


export const POST = defineRoute(createPaymentLinkContract, async ({ auth, body }) => ({ body: await presentPaymentLink(await createPaymentLink(scopeOfApiAuth(auth), body, { audit: { actor: apiActor(auth) } })) }));

export const GET = defineRoute(listPaymentLinksContract, async ({ auth, query }) => ({ body: await listPaymentLinks(scopeOfApiAuth(auth), query) }));

export const { HEAD, OPTIONS, PUT, DELETE, PATCH } = otherMethods(POST, GET);
