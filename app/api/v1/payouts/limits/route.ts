import { getPrisma } from "@/lib/db/client";
import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { presentPayoutLimits } from "@/lib/payouts/payout-limits";
import { payoutLimitsContract } from "./contract";

export const GET = defineRoute(payoutLimitsContract, async ({ auth }) => ({ body: await presentPayoutLimits(await getPrisma(), auth.merchant, auth.environment) }));

export const { HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = otherMethods(GET);
