import { z } from "zod";
import { AppError } from "@/lib/errors";

/** Pagination (spec + docs/design/authentication-and-limits.md): page ≥ 1 (default 1), limit 1..100 (default 20, above 100 clamped). */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/**
 * How many items a page may skip. An offset costs the database every skipped row, so without a
 * bound one request could make it walk a merchant's whole history. 10,000 items is
 * 500 pages of 20; deeper than that, filters (dates) or a cursor (`startingAfter`) go further.
 */
export const MAX_PAGE_OFFSET = 10_000;

const positiveIntString = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a positive integer`)
    .transform(Number)
    .refine((n) => n >= 1, `${name} must be at least 1`)
    // What the document shows: the query string carries an integer ≥ 1.
    .meta({ type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

export const paginationQuery = {
  page: positiveIntString("page")
    // The absolute deepest page (limit=1); with a larger limit the deepest is lower, said below.
    .meta({ type: "integer", minimum: 1, maximum: MAX_PAGE_OFFSET + 1 })
    .optional()
    .default(1)
    .describe(`Page number, from 1. At most ${MAX_PAGE_OFFSET.toLocaleString("en")} items are skipped: (page - 1) × limit ≤ ${MAX_PAGE_OFFSET}.`),
  limit: positiveIntString("limit")
    .optional()
    .default(DEFAULT_PAGE_SIZE)
    .transform((n) => Math.min(n, MAX_PAGE_SIZE))
    .describe(`Items per page, default ${DEFAULT_PAGE_SIZE}. Any larger value is accepted and clamped to ${MAX_PAGE_SIZE} (meta.limit says what was applied).`),
};

export type Page = { page: number; limit: number; skip: number };

/** The deepest page number allowed with this page size. */
export function maxPage(limit: number): number {
  return Math.floor(MAX_PAGE_OFFSET / limit) + 1;
}

/**
 * The page's window. A page deeper than MAX_PAGE_OFFSET is the client's to fix: 400, saying how
 * to go further (`further`: this list's way, e.g. its cursor parameter).
 */
export function toPage(query: { page: number; limit: number }, further = "narrow the list with its date filters"): Page {
  const skip = (query.page - 1) * query.limit;
  if (skip > MAX_PAGE_OFFSET) {
    const message = `with limit=${query.limit} the deepest page is ${maxPage(query.limit)} (at most ${MAX_PAGE_OFFSET} items skipped); ${further} to go further`;
    throw new AppError("validation_error", `Invalid request query: query.page: ${message}`, { details: [{ path: "query.page", message }] });
  }
  return { page: query.page, limit: query.limit, skip };
}

export const paginationMeta = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int().min(1).max(MAX_PAGE_SIZE).describe(`The page size applied: the requested limit clamped to ${MAX_PAGE_SIZE}.`),
  totalPages: z.number().int(),
});

export function pageMeta(total: number, page: Page): z.infer<typeof paginationMeta> {
  return { total, page: page.page, limit: page.limit, totalPages: Math.ceil(total / page.limit) };
}
