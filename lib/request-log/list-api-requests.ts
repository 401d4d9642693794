import type { MerchantScope } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import type { Prisma } from "@/lib/db/generated/client";

/**
 * The merchant's request log as the dashboard reads it: one environment, newest first, keyset
 * paging on (createdAt, id), filtered by status class, method, path prefix and request id. Every
 * read names the merchant and the environment: another merchant's request does not exist here.
 */
export const STATUS_CLASSES = ["2xx", "3xx", "4xx", "5xx"] as const;
export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type StatusClass = (typeof STATUS_CLASSES)[number];

export type RequestLogFilters = { status?: StatusClass; method?: string; path?: string; requestId?: string };
export type RequestLogCursor = { createdAt: Date; id: string };
type Scope = MerchantScope;

export type RequestLogSummary = {
  id: string;
  requestId: string;
  method: string;
  path: string;
  query: string | null;
  status: number;
  errorCode: string | null;
  durationMs: number;
  idempotencyKey: string | null;
  replayed: boolean;
  createdAt: Date;
};
export type RequestLogEntry = RequestLogSummary & { apiKeyId: string | null; publicKey: string | null; requestBody: string | null; responseBody: string | null };

const one = (v: string | string[] | undefined) => (typeof v === "string" ? v.trim() : "");

/** A path filter as typed (`payments/init`, `/payments`, `/api/v1/payments`) → the stored form's prefix. */
export function normalisePathPrefix(raw: string): string {
  let path = raw.trim().slice(0, 200);
  if (!path) return "";
  if (!path.startsWith("/")) path = `/${path}`;
  if (!path.startsWith("/api/")) path = `/api/v1${path}`;
  return path;
}

/** The page's query string → filters; a value the page does not offer is dropped, not searched for. */
export function pickRequestLogFilters(sp: Record<string, string | string[] | undefined>): RequestLogFilters {
  const status = one(sp.status);
  const method = one(sp.method).toUpperCase();
  const path = one(sp.path);
  const requestId = one(sp.requestId);
  const safe = (s: string) => !/[\u0000-\u001f\u007f]/.test(s);
  return {
    ...((STATUS_CLASSES as readonly string[]).includes(status) ? { status: status as StatusClass } : {}),
    ...((METHODS as readonly string[]).includes(method) ? { method } : {}),
    ...(path && safe(path) ? { path: path.slice(0, 200) } : {}),
    ...(requestId && safe(requestId) ? { requestId: requestId.slice(0, 128) } : {}),
  };
}

/** The "older" link's cursor: `<ISO time>~<id>` of the last row shown. */
export function parseRequestLogCursor(raw: string | string[] | undefined): RequestLogCursor | undefined {
  const [iso, id] = one(raw).split("~");
  const at = new Date(iso ?? "");
  return id && /^rql_[0-9a-z]{26}$/.test(id) && !Number.isNaN(at.getTime()) ? { createdAt: at, id } : undefined;
}

export const formatRequestLogCursor = (c: RequestLogCursor) => `${c.createdAt.toISOString()}~${c.id}`;

const likePrefix = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listApiRequests(
  scope: Scope,
  filters: RequestLogFilters = {},
  page: { before?: RequestLogCursor; limit?: number } = {},
): Promise<{ rows: RequestLogSummary[]; next: RequestLogCursor | null }> {
  const limit = Math.min(Math.max(page.limit ?? 50, 1), 200);
  const and: Prisma.ApiRequestLogWhereInput[] = [{ merchantId: scope.merchantId, environment: scope.environment }];
  if (filters.status) {
    const base = Number(filters.status[0]) * 100;
    and.push({ status: { gte: base, lt: base + 100 } });
  }
  if (filters.method) and.push({ method: filters.method });
  // Prisma passes LIKE wildcards through: a `_` typed in a path (txn_…) must match only itself.
  if (filters.path) and.push({ path: { startsWith: likePrefix(normalisePathPrefix(filters.path)) } });
  if (filters.requestId) and.push({ requestId: filters.requestId });
  if (page.before) and.push({ OR: [{ createdAt: { lt: page.before.createdAt } }, { createdAt: page.before.createdAt, id: { lt: page.before.id } }] });
  const rows = await (await getPrisma()).apiRequestLog.findMany({
    where: { AND: and },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit + 1,
    select: { id: true, requestId: true, method: true, path: true, query: true, status: true, errorCode: true, durationMs: true, idempotencyKey: true, replayed: true, createdAt: true },
  });
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return { rows: shown, next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null };
}

/**
 * One request of the merchant in this environment, or null (another merchant's, another
 * environment's, gone). `publicKeyOf` names the key pair that made it: lib/merchants owns the
 * keys and sits above this folder, so the caller hands its lookup in (publicKeyOf of
 * lib/merchants/api-key-records.ts).
 */
export async function getApiRequest(scope: Scope, id: string, publicKeyOf: (merchantId: string, apiKeyId: string) => Promise<string | null>): Promise<RequestLogEntry | null> {
  if (!/^rql_[0-9a-z]{26}$/.test(id)) return null;
  const prisma = await getPrisma();
  const row = await prisma.apiRequestLog.findFirst({ where: { id, merchantId: scope.merchantId, environment: scope.environment } });
  if (!row) return null;
  const publicKey = row.apiKeyId ? await publicKeyOf(scope.merchantId, row.apiKeyId) : null;
  const { merchantId: _m, environment: _e, ...entry } = row;
  return { ...entry, publicKey };
}
