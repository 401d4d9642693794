import { createHash } from "node:crypto";
import type { z } from "zod";
import { authenticateApiKey, type ApiAuth } from "@/lib/auth/authenticate";
import { appEnv, config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { clientIp } from "./client-ip";
import type { RouteContract } from "./contract";
import { toErrorBody, zodToAppError } from "./error-response";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  hashRequestBody,
  readIdempotencyKey,
  releaseIdempotencyKey,
} from "./idempotency";
import { checkRateLimit, merchantLimit, rateLimitHeaders } from "./rate-limit";
import { readJsonBody } from "./read-body";
import { requestIdFor } from "./request-id";

/**
 * The route wrapper: request id → environment gate → auth → rate limit → parse → idempotency
 * → handler → response validation → one error mapper. Each step is a small function below so
 * it can be read and tested alone; a handler only sees parsed input and returns a body.
 */
type Out<T> = [T] extends [never] ? undefined : T extends z.ZodType ? z.output<T> : undefined;
/** The parsed type of one request part: its schema's output, or undefined when not declared. */
type Part<C extends RouteContract, K extends "query" | "params" | "body"> = Out<NonNullable<NonNullable<C["request"]>[K]>>;

export type RouteContext<C extends RouteContract> = {
  request: Request;
  requestId: string;
  query: Part<C, "query">;
  params: Part<C, "params">;
  body: Part<C, "body">;
  auth: C["auth"] extends "apiKey" ? ApiAuth : null;
};

export type RouteResult = { status?: number; body: unknown; headers?: Record<string, string> };

type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export function defineRoute<C extends RouteContract>(
  contract: C,
  handler: (ctx: RouteContext<C>) => Promise<RouteResult>,
): (request: Request, context?: NextRouteContext) => Promise<Response> {
  return async (request, context) => {
    const requestId = requestIdFor(request.headers);
    const headers: Record<string, string> = { "X-Request-Id": requestId };
    try {
      assertEnvironment(contract);
      const auth = contract.auth === "apiKey" ? await authenticateApiKey(request.headers) : null;
      const limited = await applyRateLimit(contract, request, auth, headers);
      if (limited) return limited;

      const params = parsePart(contract.request?.params, await context?.params, "path");
      const query = parsePart(contract.request?.query, searchParamsObject(request.url), "query");
      const rawBody = contract.request?.body ? await readJsonBody(request, config.maxBodyBytes()) : undefined;
      const body = parsePart(contract.request?.body, rawBody, "body");
      const ctx = { request, requestId, query, params, body, auth } as RouteContext<C>;

      const run = async () => {
        const result = await handler(ctx);
        return { ...result, body: validateResponse(contract, result) };
      };
      const result = contract.idempotency && auth ? await runIdempotent(contract, request, auth, rawBody, run, headers) : await run();
      Object.assign(headers, result.headers);
      return respond(contract, request, result.status ?? contract.success.status, result.body, headers);
    } catch (err) {
      const body = toErrorBody(err, requestId);
      return json(body.statusCode, body, headers);
    }
  };
}

function assertEnvironment(contract: RouteContract) {
  if (contract.environments && !contract.environments.includes(appEnv())) {
    throw new AppError("not_found", "Not found.");
  }
}

/** Returns a 429 response when the caller is over its limit; adds X-RateLimit-* headers. */
async function applyRateLimit(
  contract: RouteContract,
  request: Request,
  auth: ApiAuth | null,
  headers: Record<string, string>,
): Promise<Response | null> {
  if (contract.rateLimit === "none") return null;
  const max = auth ? merchantLimit(auth.merchant) : config.publicRateLimitPerMinute();
  if (max === null || max === 0) return null; // enterprise plan, or public limit disabled
  const identifier = auth ? `m:${auth.merchant.id}` : `ip:${clientIp(request.headers)}`;
  let result;
  try {
    result = await checkRateLimit(identifier, max);
  } catch (err) {
    // A limiter outage must not take payments down: fail open, loudly.
    log.warn("rate limiter unavailable, request allowed", { error: (err as Error).message });
    return null;
  }
  Object.assign(headers, rateLimitHeaders(result));
  if (result.success) return null;
  const body = toErrorBody(
    new AppError("rate_limited", `Rate limit of ${result.limit} requests per minute exceeded. Retry after ${headers["Retry-After"]} s.`),
    headers["X-Request-Id"],
  );
  return json(429, body, headers);
}

function parsePart(schema: z.ZodType | undefined, value: unknown, where: "body" | "query" | "path"): any {
  if (!schema) return undefined;
  const parsed = schema.safeParse(where === "body" ? value : (value ?? {}));
  if (!parsed.success) {
    if (where === "body" && value === undefined) {
      throw new AppError("invalid_json", "A JSON request body is required.");
    }
    throw zodToAppError(parsed.error, where);
  }
  return parsed.data;
}

function searchParamsObject(url: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URL(url).searchParams) if (!(key in out)) out[key] = value;
  return out;
}

async function runIdempotent(
  contract: RouteContract,
  request: Request,
  auth: ApiAuth,
  rawBody: unknown,
  run: () => Promise<RouteResult>,
  headers: Record<string, string>,
): Promise<RouteResult> {
  const key = readIdempotencyKey(request.headers);
  if (key === null) return run();
  const scope = { merchantId: auth.merchant.id, environment: auth.environment, method: contract.method, path: new URL(request.url).pathname, key };
  const claim = await claimIdempotencyKey(scope, hashRequestBody(rawBody ?? null));
  if (claim.kind === "replay") {
    headers["Idempotent-Replayed"] = "true";
    return { status: claim.status, body: claim.body };
  }
  try {
    const result = await run();
    const status = result.status ?? contract.success.status;
    await completeIdempotencyKey(claim.recordId, status, result.body);
    return result;
  } catch (err) {
    // 4xx outcomes are part of the answer and are replayed; 5xx are not stored (DESIGN §5).
    const body = toErrorBody(err, headers["X-Request-Id"]);
    if (body.statusCode < 500) await completeIdempotencyKey(claim.recordId, body.statusCode, body);
    else await releaseIdempotencyKey(claim.recordId);
    throw err;
  }
}

/** Responses go out through their schema: a field the contract does not name never leaks. */
function validateResponse(contract: RouteContract, result: RouteResult): unknown {
  const status = result.status ?? contract.success.status;
  if (status !== contract.success.status) return result.body;
  const parsed = contract.success.schema.safeParse(result.body);
  if (!parsed.success) {
    log.error("response does not match its contract", { path: contract.path, issues: parsed.error.issues.slice(0, 5) });
    throw new Error(`Response of ${contract.method} ${contract.path} does not match its contract`);
  }
  return parsed.data;
}

function respond(contract: RouteContract, request: Request, status: number, body: unknown, headers: Record<string, string>): Response {
  if (contract.cacheSeconds && request.method === "GET" && status === 200) {
    const text = JSON.stringify(body);
    const etag = `W/"${createHash("sha1").update(text).digest("base64url")}"`;
    headers["Cache-Control"] = `public, max-age=${contract.cacheSeconds}`;
    headers["ETag"] = etag;
    const ifNoneMatch = request.headers.get("if-none-match");
    if (ifNoneMatch && ifNoneMatch.split(",").some((t) => t.trim() === etag || t.trim() === "*")) {
      return new Response(null, { status: 304, headers });
    }
    return new Response(text, { status, headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
  }
  return json(status, body, headers);
}

function json(status: number, body: unknown, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Cache-Control": "no-store", ...headers, "Content-Type": "application/json; charset=utf-8" },
  });
}
