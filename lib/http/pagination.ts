import { z } from "zod";

/** Pagination (spec + DESIGN §5): page ≥ 1 (default 1), limit 1..100 (default 20, above 100 clamped). */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

const positiveIntString = (name: string) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a positive integer`)
    .transform(Number)
    .refine((n) => n >= 1, `${name} must be at least 1`);

export const paginationQuery = {
  page: positiveIntString("page").optional().default(1).describe("Page number, from 1."),
  limit: positiveIntString("limit")
    .optional()
    .default(DEFAULT_PAGE_SIZE)
    .transform((n) => Math.min(n, MAX_PAGE_SIZE))
    .describe("Items per page, default 20, at most 100 (larger values are clamped to 100)."),
};

export type Page = { page: number; limit: number; skip: number };

export function toPage(query: { page: number; limit: number }): Page {
  return { page: query.page, limit: query.limit, skip: (query.page - 1) * query.limit };
}

export const paginationMeta = z.object({
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
});

export function pageMeta(total: number, page: Page): z.infer<typeof paginationMeta> {
  return { total, page: page.page, limit: page.limit, totalPages: Math.ceil(total / page.limit) };
}
