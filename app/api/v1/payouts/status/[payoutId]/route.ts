import { defineRoute } from "@/lib/http/define-route";
import { getPayoutOrThrow } from "@/lib/payouts/get-payout";
import { payoutView } from "@/lib/payouts/payout-views";
import { payoutStatusContract } from "./contract";

export const GET = defineRoute(payoutStatusContract, async ({ auth, params }) => ({ body: payoutView(await getPayoutOrThrow(auth, params.payoutId)) }));
