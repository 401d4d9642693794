import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { getPayoutBulk } from "@/lib/payouts/get-payout-bulk";
import { getBulkPayoutContract } from "./contract";

export const dynamic = "force-dynamic";

export const GET = defineRoute(getBulkPayoutContract, async ({ auth, params }) => ({ body: await getPayoutBulk(auth, params.bulkId) }));

export const { HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = otherMethods(GET);
