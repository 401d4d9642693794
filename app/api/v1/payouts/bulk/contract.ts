import { z } from "zod";
import { defineContract } from "@/lib/http/contract";
import { bulkPayoutBody, bulkSchema, bulkSummarySchema, listBulksQuery, MAX_BULK_BODY_BYTES, MAX_BULK_ITEMS } from "@/lib/payouts/payout-bulk-schemas";

export const createBulkPayoutContract = defineContract({
  operationId: "createBulkPayout",
  method: "POST",
  path: "/payouts/bulk",
  summary: "Create a bulk payout",
  description:
    `Up to ${MAX_BULK_ITEMS} payouts in one call (salaries, sellers, agents). Each item is a POST /payouts/initiate body (quoted or legacy) and is checked exactly as ` +
    "that endpoint checks it, against the balance and limits left by the items before it. Each accepted item becomes a payout with its own id, status and " +
    "webhooks; `items[]` gives, by index, the payout or the item's error (`statusCode`, `code`, `message`, `details`: what a single initiate would have answered). " +
    "Without `atomic`, invalid or unfundable items are rejected and the others go ahead; with `atomic: true` nothing is created unless every item is valid and the " +
    "total is covered. Nothing to create (atomic with an error, or no valid item): 400 `bulk_rejected` whose `items[]` lists every error. externalReferences must be " +
    "unique within the request. The whole call honours X-Idempotency-Key. `payout.bulk.completed` is sent once every payout is final. Body up to 2 MB.",
  tags: ["Payouts"],
  auth: "apiKey",
  idempotency: true,
  maxBodyBytes: MAX_BULK_BODY_BYTES,
  request: { body: bulkPayoutBody },
  success: { status: 201, description: "Bulk created: the accepted payouts are pending", schema: bulkSchema },
  errors: [400, 413, 422],
});

export const listBulkPayoutsContract = defineContract({
  operationId: "listBulkPayouts",
  method: "GET",
  path: "/payouts/bulk",
  summary: "List bulk payouts",
  description:
    "The merchant's bulk payouts in this environment, newest first, with their counts by status (no items: see GET /payouts/bulk/{bulkId}). Cursor-paginated: pass " +
    "`meta.nextCursor` as `cursor` until `hasMore` is false. `limit` defaults to 20, at most 100 (larger values are clamped).",
  tags: ["Payouts"],
  auth: "apiKey",
  request: { query: listBulksQuery },
  success: {
    status: 200,
    description: "A page of bulks",
    schema: z.object({ data: z.array(bulkSummarySchema), meta: z.object({ limit: z.number().int(), hasMore: z.boolean(), nextCursor: z.string().nullable() }) }),
  },
  errors: [400],
});
