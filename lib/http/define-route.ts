import { createHash } from "node:crypto";
import type { z } from "zod";
import type { ApiAuth } from "@/lib/auth/authenticate";
import { authenticateLimited } from "./authenticate-limited";
import { appEnv, config } from "@/lib/config";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { observeRequest } from "@/lib/observability/observe";
import { withServerSpan } from "@/lib/observability/tracing";
import { clientIp } from "./client-ip";
import { trackInFlight } from "./in-flight";
import type { RouteContract } from "./contract";
import { assertSafeInput } from "./assert-safe-input";
import { toErrorBody, zodToAppError } from "./error-response";
import {
  answerFromRecord,
  claimIdempotencyKey,
  completeIdempotencyKey,
  hashRequestBody,
  type IdempotencyScope,
  isKeyHeld,
  type KeyInStatement,
  readIdempotencyKey,
  recordInStatementSql,
  releaseIdempotencyKey,
  storeAnswer,
} from "./idempotency";
import { checkRateLimit, merchantLimit, rateLimitHeaders } from "./rate-limit";
import type { DefinedRoute, NextRouteContext } from "./other-methods";
import { WWW_AUTHENTICATE } from "./openapi";
import { readJsonBody } from "./read-body";
import { recordApiRequest } from "@/lib/request-log/record-api-request";
import { WRITE_SLOT_RETRY_AFTER_SECONDS, withMerchantWriteSlot } from "./merchant-write-slots";
import { requestIdFor } from "./request-id";

/**
 * The route wrapper: request id → environment gate → auth → rate limit → parse → idempotency
 * → handler → response validation → one error mapper. Each step is a small function below so
 * it can be read and tested alone; a handler only sees parsed input and returns a body.
 */
type Part<C, K extends "query" | "params" | "body"> = C extends { request: { [P in K]: infer S } }
  ? S extends z.ZodType
    ? z.output<S>
    : undefined
  : undefined;

export type RouteContext<C extends RouteContract> = {
  request: Request;
  requestId: string;
  query: Part<C, "query">;
  params: Part<C, "params">;
  body: Part<C, "body">;
  auth: C["auth"] extends "apiKey" ? ApiAuth : null;
  /** With X-Idempotency-Key on a contract with idempotencyInStatement: the key's record for the handler's statement. */
  idempotency: KeyInStatement | null;
};

export type RouteResult = { status?: number; body: unknown; headers?: Record<string, string> };


/** The route handler; it carries its contract, which otherMethods() reads for `Allow`. */
export function defineRoute<C extends RouteContract>(contract: C, handler: (ctx: RouteContext<C>) => Promise<RouteResult>): DefinedRoute {
  // Counted while it runs, so a graceful stop waits for it before closing the pool (in-flight.ts).
  const route = (request: Request, context?: NextRouteContext): Promise<Response> => trackInFlight(() => serve(request, context));

  const serve = async (request: Request, context?: NextRouteContext): Promise<Response> => {
    const requestId = requestIdFor(request.headers);
    const started = performance.now();
    const startedAt = new Date();
    const seen: Seen = { auth: null };
    const attributes = { "http.request.method": request.method, "http.route": `/api/v1${contract.path}`, "request.id": requestId };
    return withServerSpan(`${request.method} /api/v1${contract.path}`, attributes, request.headers, async (span) => {
      let status = 500;
      try {
        const response = await answer(request, context, requestId, seen);
        status = response.status;
        return response;
      } finally {
        span.setAttribute("http.response.status_code", status);
        if (seen.auth) span.setAttribute("merchant.id", seen.auth.merchant.id);
        const durationMs = Math.round(performance.now() - started);
        const idempotencyKey = contract.idempotency ? readIdempotencyKeySafely(request.headers) : null;
        observeRequest({
          requestId,
          method: request.method,
          route: contract.path,
          status,
          durationMs,
          merchantId: seen.auth?.merchant.id ?? null,
          environment: seen.auth?.environment ?? appEnv(),
          idempotencyKey,
          replayed: seen.replayed,
        });
        // The merchant's request log: queued here, written in a batch after the response (no round trip on this path).
        if (seen.auth) {
          recordApiRequest({
            merchantId: seen.auth.merchant.id,
            environment: seen.auth.environment,
            apiKeyId: seen.auth.apiKeyId,
            requestId,
            method: request.method,
            url: request.url,
            status,
            durationMs,
            idempotencyKey,
            replayed: seen.replayed === true,
            requestBody: seen.requestBody,
            responseBody: status === 304 ? undefined : seen.responseBody,
            startedAt,
          });
        }
      }
    });
  };

  const answer = async (request: Request, context: NextRouteContext | undefined, requestId: string, seen: Seen): Promise<Response> => {
    const headers: Record<string, string> = { "X-Request-Id": requestId };
    try {
      assertEnvironment(contract);
      const auth = contract.auth === "apiKey" ? await authenticateLimited(request, headers) : null;
      seen.auth = auth;
      const limited = await applyRateLimit(contract, request, auth, headers);
      if (limited) {
        seen.responseBody = limited.body;
        return limited.response;
      }

      const rawParams = await context?.params;
      assertSafeInput(rawParams, "path");
      const params = parsePart(contract.request?.params, rawParams, "path");
      const rawQuery = searchParamsObject(request.url);
      assertSafeInput(rawQuery, "query");
      const query = parsePart(contract.request?.query, rawQuery, "query");
      const rawBody = contract.request?.body ? await readJsonBody(request, contract.maxBodyBytes ?? config.maxBodyBytes()) : undefined;
      seen.requestBody = rawBody;
      const body = parsePart(contract.request?.body, rawBody, "body");
      const ctx = { request, requestId, query, params, body, auth, idempotency: null } as RouteContext<C>;

      const run = async (idempotency: KeyInStatement | null = null) => {
        const result = await handler(idempotency ? { ...ctx, idempotency } : ctx);
        return { ...result, body: validateResponse(contract, result) };
      };
      const execute = () => (contract.idempotency && auth ? runIdempotent(contract, request, auth, rawBody, run, headers) : run());
      // A merchant's writes take turns past a per-instance cap, so one burst cannot hold the whole pool.
      const result = auth && contract.method !== "GET" ? await withMerchantWriteSlot(auth.merchant.id, execute) : await execute();
      Object.assign(headers, result.headers);
      seen.replayed = headers["Idempotent-Replayed"] === "true";
      seen.responseBody = result.body;
      return respond(contract, request, result.status ?? contract.success.status, result.body, headers);
    } catch (err) {
      const body = toErrorBody(err, requestId);
      // RFC 9110 §15.5.2: a 401 names the schemes that would work; the body stays the spec's.
      if (body.statusCode === 401 && contract.auth === "apiKey") headers["WWW-Authenticate"] = WWW_AUTHENTICATE;
      // Every 429 says when to come back; the rate limiter sets its own, a busy write slot a second.
      if (body.statusCode === 429) headers["Retry-After"] ??= String(WRITE_SLOT_RETRY_AFTER_SECONDS);
      seen.responseBody = body;
      return json(body.statusCode, body, headers);
    }
  };
  return Object.assign(route, { contract });
}

/** What the request line and the request log report that only the steps inside learn. */
type Seen = { auth: ApiAuth | null; replayed?: boolean; requestBody?: unknown; responseBody?: unknown };

/** The Idempotency-Key for the request line; a malformed one (a 400) is not logged. */
function readIdempotencyKeySafely(headers: Headers): string | null {
  try {
    return readIdempotencyKey(headers);
  } catch {
    return null;
  }
}

function assertEnvironment(contract: RouteContract) {
  if (contract.environments && !contract.environments.includes(appEnv())) {
    throw new AppError("not_found", "Not found.");
  }
}

/** Returns a 429 response (and its body) when the caller is over its limit; adds X-RateLimit-* headers. */
async function applyRateLimit(
  contract: RouteContract,
  request: Request,
  auth: ApiAuth | null,
  headers: Record<string, string>,
): Promise<{ response: Response; body: unknown } | null> {
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
  return { response: json(429, body, headers), body };
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

/** The query as name → first value; repeated names keep their first value. */
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
  run: (idempotency?: KeyInStatement | null) => Promise<RouteResult>,
  headers: Record<string, string>,
): Promise<RouteResult> {
  const key = readIdempotencyKey(request.headers);
  if (key === null) return run();
  const scope = { merchantId: auth.merchant.id, environment: auth.environment, method: contract.method, path: new URL(request.url).pathname, key };
  const requestHash = hashRequestBody(rawBody ?? null);
  if (contract.idempotencyInStatement) return runKeyInStatement(contract, scope, requestHash, run, headers);
  const claim = await claimIdempotencyKey(scope, requestHash);
  if (claim.kind === "replay") return replayed(contract, claim, headers);
  let result: RouteResult;
  try {
    result = await run();
  } catch (err) {
    // 4xx outcomes are part of the answer and are replayed; 5xx are not stored (docs/design/authentication-and-limits.md).
    const body = toErrorBody(err, headers["X-Request-Id"]);
    await storeOrRelease(claim.recordId, body.statusCode, body);
    throw err;
  }
  await storeOrRelease(claim.recordId, result.status ?? contract.success.status, result.body);
  return result;
}

function replayed(contract: RouteContract, stored: { status: number; body: unknown }, headers: Record<string, string>): RouteResult {
  headers["Idempotent-Replayed"] = "true";
  const live = contract.onReplay && stored.status < 300 ? contract.onReplay(stored.body) : stored.body;
  return { status: stored.status, body: live };
}

/**
 * The key claimed and completed by the handler's own statement (KeyInStatement): no round trip
 * before or after the work. The handler's answer is validated before the statement (it is
 * stored by it). Then:
 * - the statement met the key held (KEY_HELD): the holder's answer (replay, 422, 409);
 * - a 4xx, before the statement or its refusal (nothing of it stayed): stored under the key now,
 *   unless another request holds it by then, whose answer is then this one's;
 * - a 5xx: nothing was claimed, so nothing is released; the retry runs.
 */
async function runKeyInStatement(
  contract: RouteContract,
  scope: IdempotencyScope,
  requestHash: string,
  run: (idempotency: KeyInStatement) => Promise<RouteResult>,
  headers: Record<string, string>,
): Promise<RouteResult> {
  let written = false;
  const idempotency: KeyInStatement = {
    cte: (answer) => {
      written = true;
      return recordInStatementSql(scope, requestHash, contract.success.status, validateResponse(contract, { body: answer }));
    },
  };
  let result: RouteResult;
  try {
    result = await run(idempotency);
  } catch (err) {
    if (isKeyHeld(err)) return replayed(contract, (await answerFromRecord(scope, requestHash))!, headers);
    const body = toErrorBody(err, headers["X-Request-Id"]);
    if (body.statusCode >= 500) {
      // Nothing to release; but a retry of a request already answered still gets its answer
      // (the handler runs again before it meets the key: what failed may be new).
      const earlier = await answerFromRecord(scope, requestHash, { absent: null }).catch((e) => {
        if (e instanceof AppError) throw e; // another body under this key: 422 as ever
        return null; // the database is gone too: the 5xx
      });
      if (earlier) return replayed(contract, earlier, headers);
      throw err;
    }
    const stored = await storeAnswer(scope, requestHash, body.statusCode, body);
    if (typeof stored === "object") return replayed(contract, stored.held ?? (await answerFromRecord(scope, requestHash))!, headers);
    if (stored === "unstorable") log.error("idempotent response could not be stored", { status: body.statusCode });
    throw err;
  }
  if (!written) {
    // A path of the handler that did not write the record: a defect of that handler (the
    // contract says every success writes it). Stored now so that a retry replays it.
    log.error("idempotency record not written by the handler's statement", { path: contract.path });
    await storeAnswer(scope, requestHash, result.status ?? contract.success.status, result.body);
  }
  return result;
}

/**
 * Stores a 2xx/4xx answer under the key (4xx outcomes are part of the answer and are replayed;
 * 5xx are not stored, docs/design/authentication-and-limits.md). When a 5xx came out, or storing fails (the database refused
 * the body, or is gone), the key is released at once, so a retry runs instead of meeting 409
 * until the 60 s lock ends. The caller still gets the answer it earned; only its replay is lost.
 * Logs carry the error's code, never the body (it may hold personal data).
 */
async function storeOrRelease(recordId: bigint, status: number, body: unknown): Promise<void> {
  if (status < 500) {
    try {
      await completeIdempotencyKey(recordId, status, body);
      return;
    } catch (err) {
      log.error("idempotent response could not be stored, key released", { status, error: errorCode(err) });
    }
  }
  await releaseIdempotencyKey(recordId).catch((err) => log.error("idempotency key could not be released", { error: errorCode(err) }));
}

const errorCode = (err: unknown) => (err as { code?: string }).code ?? (err as Error).name ?? "unknown";

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
