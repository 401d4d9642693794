import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { getPayoutOrThrow } from "@/lib/payouts/get-payout";
import { payoutView } from "@/lib/payouts/payout-views";
import { payoutStatusContract } from "./contract";

export const GET = defineRoute(payoutStatusContract, async ({ auth, params }) => ({ body: payoutView(await getPayoutOrThrow(auth, params.payoutId)) }));

export const { HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = otherMethods(GET);
