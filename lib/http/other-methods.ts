import { appEnv } from "@/lib/config";
import { AppError } from "@/lib/errors";
import type { RouteContract } from "./contract";
import { toErrorBody } from "./error-response";
import { requestIdFor } from "./request-id";

/**
 * The methods a route file does not implement, answered inside the error contract (docs/design/errors.md):
 * the spec's error body, `Allow`, `X-Request-Id`. Left to Next, they were bare 405s with no body
 * and no request id, and OPTIONS a bare 204. Every route file exports them:
 *
 *   export const GET = defineRoute(contract, handler);
 *   export const { HEAD, OPTIONS, POST, PUT, DELETE, PATCH } = otherMethods(GET);
 *
 * HEAD runs GET (as Next would; the body is dropped on the way out). OPTIONS answers 204 with
 * `Allow`. A route limited to other environments answers 404 to every method, as it does to its
 * own. TRACE and other methods never reach a route handler (the web Request refuses them).
 */
export const ROUTE_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

export type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = (request: Request, context?: NextRouteContext) => Promise<Response>;
export type DefinedRoute = RouteHandler & { contract: RouteContract };

export function otherMethods(...routes: DefinedRoute[]): Record<RouteMethod, RouteHandler> {
  const own = new Map<string, RouteHandler>(routes.map((r) => [r.contract.method, r]));
  if (own.has("GET")) own.set("HEAD", own.get("GET")!);
  const allow = allowList([...own.keys()]);
  const path = `/api/v1${routes[0].contract.path}`;
  const hidden = () => routes.every((r) => r.contract.environments && !r.contract.environments.includes(appEnv()));

  const answer = (method: RouteMethod): RouteHandler =>
    own.get(method) ??
    markRefusal(async (request) => {
      const requestId = requestIdFor(request.headers);
      const headers = { "X-Request-Id": requestId, "Cache-Control": "no-store" };
      if (hidden()) return errorResponse(new AppError("not_found", `No endpoint ${method} ${path}. See /docs for the API reference.`), requestId, headers);
      if (method === "OPTIONS") return new Response(null, { status: 204, headers: { ...headers, Allow: allow } });
      return errorResponse(new AppError("method_not_allowed", `${method} is not allowed on ${path}. Allowed: ${allow}.`), requestId, { ...headers, Allow: allow });
    });

  return Object.fromEntries(ROUTE_METHODS.map((m) => [m, answer(m)])) as Record<RouteMethod, RouteHandler>;
}

/** Marks a handler as one of these refusals, so route sweeps (tests) can tell it from an endpoint. */
export const METHOD_REFUSAL = Symbol.for("payments.methodRefusal");
function markRefusal(handler: RouteHandler): RouteHandler {
  return Object.assign(handler, { [METHOD_REFUSAL]: true });
}
export const isMethodRefusal = (handler: unknown): boolean => typeof handler === "function" && METHOD_REFUSAL in handler;

/** The `Allow` header of a route implementing `methods`: those, HEAD with GET, and OPTIONS, sorted. */
export function allowList(methods: string[]): string {
  return [...new Set([...methods, ...(methods.includes("GET") ? ["HEAD"] : []), "OPTIONS"])].sort().join(", ");
}

function errorResponse(error: AppError, requestId: string, headers: Record<string, string>): Response {
  const body = toErrorBody(error, requestId);
  return Response.json(body, { status: body.statusCode, headers });
}
