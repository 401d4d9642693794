import { defineContract } from "@/lib/http/contract";
import { bulkIdParams, bulkSchema } from "@/lib/payouts/payout-bulk-schemas";

export const getBulkPayoutContract = defineContract({
  operationId: "getBulkPayout",
  method: "GET",
  path: "/payouts/bulk/{bulkId}",
  summary: "Bulk payout status",
  description: "Counts by status and every item by index: its payout (id, status, failure code) or, for a rejected item, its error. 404 for another merchant's bulk.",
  tags: ["Payouts"],
  auth: "apiKey",
  request: { params: bulkIdParams },
  success: { status: 200, description: "The bulk and its items", schema: bulkSchema },
  errors: [404],
});
