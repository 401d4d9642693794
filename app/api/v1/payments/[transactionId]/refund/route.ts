import { apiActor } from "@/lib/audit/write-audit";
import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { createRefund } from "@/lib/refunds/create-refund";
import { refundView } from "@/lib/refunds/refund-views";
import { refundPaymentContract } from "./contract";

export const POST = defineRoute(refundPaymentContract, async ({ auth, params, body }) => ({
  body: refundView(await createRefund(auth, params.transactionId, body, { audit: { actor: apiActor(auth) } })),
}));

export const { GET, HEAD, OPTIONS, PUT, DELETE, PATCH } = otherMethods(POST);
