import { apiActor } from "@/lib/audit/write-audit";
import { defineRoute } from "@/lib/http/define-route";
import { otherMethods } from "@/lib/http/other-methods";
import { createPayoutBulk } from "@/lib/payouts/create-payout-bulk";
import { listPayoutBulks } from "@/lib/payouts/get-payout-bulk";
import { createBulkPayoutContract, listBulkPayoutsContract } from "./contract";

export const dynamic = "force-dynamic";

export const POST = defineRoute(createBulkPayoutContract, async ({ auth, body }) => {
  const result = await createPayoutBulk(auth, body, { audit: { actor: apiActor(auth) } });
  if (!("bulk" in result)) throw new Error("createPayoutBulk returned a preview without dryRun");
  return { body: result.bulk };
});

export const GET = defineRoute(listBulkPayoutsContract, async ({ auth, query }) => ({ body: await listPayoutBulks(auth, query) }));

export const { HEAD, OPTIONS, PUT, DELETE, PATCH } = otherMethods(POST, GET);
