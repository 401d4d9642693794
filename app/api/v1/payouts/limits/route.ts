import { getPrisma } from "@/lib/db/client";
import { defineRoute } from "@/lib/http/define-route";
import { presentPayoutLimits } from "@/lib/payouts/payout-limits";
import { payoutLimitsContract } from "./contract";

export const GET = defineRoute(payoutLimitsContract, async ({ auth }) => ({ body: await presentPayoutLimits(await getPrisma(), auth.merchant, auth.environment) }));
