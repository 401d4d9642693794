import http from "node:http";
import { AppError } from "@/lib/errors";
import { toErrorBody } from "./error-response";
import { appEnv } from "@/lib/config";
import type { RouteContract } from "./contract";
import { allowList, ROUTE_METHODS } from "./other-methods";
import { requestIdFor } from "./request-id";

/**
 * TRACE, CONNECT and any method outside ROUTE_METHODS never reach a route handler: Next builds
 * a web Request for every request, the Request constructor refuses TRACE and CONNECT (a bare
 * 500 page), and Next answers other unknown methods with an empty 400. So they are answered one
 * step earlier, on the Node server's "request" event, inside the error contract (docs/design/errors.md):
 * 405 with the spec's error body, `Allow` (the route's methods, from `allowFor`) and
 * `X-Request-Id`; 404 for a path no route serves. instrumentation.ts installs it once per
 * server process. TRACE is refused rather than echoed: echoing requests back is what cross-site
 * tracing abuses.
 */
const SUPPORTED = new Set<string>(ROUTE_METHODS);
const INSTALLED = Symbol.for("payments.refuseUnsupportedMethods");

/** The methods the route at `pathname` implements, or null when no route serves it. */
export type AllowFor = (pathname: string) => string[] | null;

export function unsupportedMethodResponse(
  method: string,
  url: string,
  headers: http.IncomingHttpHeaders,
  allowFor: AllowFor,
): { status: number; headers: Record<string, string>; body: string } | null {
  if (SUPPORTED.has(method)) return null;
  const pathname = new URL(url, "http://localhost").pathname;
  const incomingId = headers["x-request-id"];
  const requestId = requestIdFor(new Headers(typeof incomingId === "string" ? { "x-request-id": incomingId } : {}));
  const allowed = allowFor(pathname);
  // The method is echoed only when it is a plain token: it came from the client.
  const shown = /^[A-Z]{1,16}$/.test(method) ? method : "This method";
  const error = allowed
    ? new AppError("method_not_allowed", `${shown} is not allowed on ${pathname}. Allowed: ${allowList(allowed)}.`)
    : new AppError("not_found", `No endpoint ${shown} ${pathname}. See /docs for the API reference.`);
  const body = toErrorBody(error, requestId);
  return {
    status: body.statusCode,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Request-Id": requestId,
      ...(allowed ? { Allow: allowList(allowed) } : {}),
    },
    body: JSON.stringify(body),
  };
}

/**
 * Which methods each path allows, from the route contracts (the ones this environment serves):
 * a `{param}` segment matches any one segment.
 */
export function allowForContracts(contracts: RouteContract[]): AllowFor {
  const routes = contracts
    .filter((c) => !c.environments || c.environments.includes(appEnv()))
    .map((c) => ({ method: c.method, pattern: new RegExp(`^/api/v1${c.path.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}/?$`) }));
  return (pathname) => {
    const methods = routes.filter((r) => r.pattern.test(pathname)).map((r) => r.method);
    return methods.length > 0 ? methods : null;
  };
}

/** Answers unsupported methods on every HTTP server of this process before its own listener. */
export function refuseUnsupportedMethods(allowFor: AllowFor): void {
  const proto = http.Server.prototype as http.Server & { [INSTALLED]?: boolean };
  if (proto[INSTALLED]) return;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      const answer = unsupportedMethodResponse(req.method ?? "", req.url ?? "/", req.headers, allowFor);
      if (answer) {
        res.writeHead(answer.status, answer.headers).end(answer.body);
        req.resume(); // drain any body, so the connection can be reused
        return true;
      }
    }
    return (emit as (...a: unknown[]) => boolean).apply(this, [event, ...args]);
  } as typeof proto.emit;
  proto[INSTALLED] = true;
}
