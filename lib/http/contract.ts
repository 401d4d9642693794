import type { AppEnvironment } from "@/lib/config";
import type { z } from "zod";

/**
 * A route's contract: everything the wrapper needs to run it and the OpenAPI generator needs
 * to document it. Route files pass it to defineRoute(); app/api/v1/contracts.ts lists them all.
 */
export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export type RouteContract<
  Query extends z.ZodType = z.ZodType,
  Params extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
> = {
  method: HttpMethod;
  /** The OpenAPI operationId: what generated clients name the call (`initiatePayment`). */
  operationId: string;
  /** Path under /api/v1 in OpenAPI form: `/payments/status/{transactionId}`. */
  path: string;
  summary: string;
  description?: string;
  tags: string[];
  /** `apiKey`: X-API-Key or Bearer pk:sk. `public`: no credentials, limited per client IP. */
  auth: "apiKey" | "public";
  /** Rate-limit bucket: the merchant's plan for apiKey routes, the client IP for public ones. */
  rateLimit?: "default" | "none";
  /** Honour X-Idempotency-Key (docs/design/authentication-and-limits.md). */
  idempotency?: boolean;
  /**
   * The handler writes the key's record in its own statement (ctx.idempotency, lib/http/idempotency.ts
   * KeyInStatement) instead of the wrapper claiming it before and completing it after: every
   * path of the handler that succeeds must write it.
   */
  idempotencyInStatement?: boolean;
  /** What a replayed 2xx answer shows now (a quote's `expiresIn` keeps counting down); the stored answer is unchanged. */
  onReplay?: (body: unknown) => unknown;
  /** Public reference data: Cache-Control max-age and ETag / If-None-Match → 304. */
  cacheSeconds?: number;
  /** Answer 404 (as if the route did not exist) outside this environment. */
  environments?: AppEnvironment[];
  request?: { query?: Query; params?: Params; body?: Body };
  /** Body size cap when it must differ from docs/design/authentication-and-limits.md's 64 KB (MAX_BODY_BYTES): 413 beyond it. */
  maxBodyBytes?: number;
  /** Status of a successful response and its schema; other documented statuses are errors. */
  success: { status: 200 | 201 | 202; description: string; schema: z.ZodType };
  /** Other answers that are not the shared Error body (a callback's 202, health's 503 `down`). */
  otherResponses?: { status: number; description: string; schema: z.ZodType }[];
  errors?: number[];
};

/** Identity, but keeps the literal types (auth, schemas) so handlers get precise input types. */
export function defineContract<const C extends RouteContract>(contract: C): C {
  return contract;
}
