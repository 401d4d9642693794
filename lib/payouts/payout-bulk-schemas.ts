import { z } from "zod";
import { cursorParam } from "@/lib/http/cursor";
import { paginationQuery } from "@/lib/http/pagination";
import { PAYOUT_STATUSES } from "./payout-schemas";
import { initiatePayoutBody } from "./payout-request-schemas";

/** docs/design/bulk-payouts.md: at most 1,000 payouts per bulk request. */
export const MAX_BULK_ITEMS = 1000;
/** A bulk body may be much larger than docs/design/authentication-and-limits.md's 64 KB: 1,000 items of about 2 KB each. */
export const MAX_BULK_BODY_BYTES = 2 * 1024 * 1024;
export const BULK_CURSOR_TAG = "pb1";

/**
 * POST /payouts/bulk. Items are checked one by one (createPayoutBulk), each exactly as POST
 * /payouts/initiate checks its body, so one bad item is that item's error, not the request's;
 * here only the envelope. The documented item shape is the initiate body's.
 */
export const bulkPayoutBody = z.strictObject({
  items: z
    .array(z.unknown())
    .min(1, "must hold at least one payout")
    .max(MAX_BULK_ITEMS, `holds at most ${MAX_BULK_ITEMS} payouts per request`)
    .meta({
      items: z.toJSONSchema(initiatePayoutBody, { io: "input", unrepresentable: "any", target: "draft-2020-12" }),
      description: `1 to ${MAX_BULK_ITEMS} payout requests, each a body of POST /payouts/initiate: quoted (quoteId + beneficiary) or legacy (amount, method, …). externalReferences must be unique within the request.`,
    }),
  atomic: z
    .boolean()
    .optional()
    .default(false)
    .describe("true: nothing is created unless every item is valid and the total is covered. false (default): valid items go ahead, the others get a per-item error."),
});

export type BulkPayoutBody = z.output<typeof bulkPayoutBody>;

const itemError = z.object({
  statusCode: z.number().int().describe("The status a single POST /payouts/initiate with this item would have answered."),
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const bulkItemSchema = z
  .object({
    index: z.number().int().describe("Position of the item in the request's `items`, from 0."),
    externalReference: z.string().optional(),
    status: z.enum(["rejected", ...PAYOUT_STATUSES]).describe("`rejected` when no payout was created; else the payout's status."),
    payoutId: z.string().optional().describe("The payout created for the item (po_…): its own status endpoint and webhooks."),
    amount: z.number().optional(),
    currency: z.string().optional(),
    errorCode: z.string().optional().describe("Failure code of a failed payout."),
    error: itemError.optional().describe("Why the item was rejected."),
  })
  .describe("One item of a bulk payout.");

const counts = z.object({
  total: z.number().int().describe("Items in the request."),
  accepted: z.number().int().describe("Items that became payouts."),
  rejected: z.number().int(),
  pending: z.number().int(),
  processing: z.number().int(),
  success: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
  reversed: z.number().int().describe("Paid, then returned by the operator (counted final, as success was)."),
});

export const bulkSummarySchema = z.object({
  bulkId: z.string().describe("pb_…"),
  status: z.enum(["processing", "completed"]).describe("`completed` once every payout of the bulk is final (success, failed or cancelled); payout.bulk.completed is sent then."),
  atomic: z.boolean(),
  counts,
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});

export const bulkSchema = bulkSummarySchema
  .extend({ items: z.array(bulkItemSchema).describe("Every item of the request, by index.") })
  .meta({ id: "BulkPayout" });


export const listBulksQuery = z.strictObject({
  status: z.enum(["processing", "completed"]).optional().describe("Only bulks in this status."),
  cursor: cursorParam(BULK_CURSOR_TAG).optional().describe("meta.nextCursor of the previous page, unchanged; absent for the first page."),
  limit: paginationQuery.limit,
});

export type ListBulksQuery = z.output<typeof listBulksQuery>;

export const bulkIdParams = z.object({ bulkId: z.string().min(1).max(64).describe("Bulk id (pb_…).") });

