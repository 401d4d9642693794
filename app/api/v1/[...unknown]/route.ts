import { AppError } from "@/lib/errors";
import { toErrorBody } from "@/lib/http/error-response";
import { requestIdFor } from "@/lib/http/request-id";

/** Unknown API paths answer with the spec's JSON error body, not Next's HTML 404 page, whatever the method. */
function notFound(request: Request): Response {
  const requestId = requestIdFor(request.headers);
  const path = new URL(request.url).pathname;
  const body = toErrorBody(new AppError("not_found", `No endpoint ${request.method} ${path}. See /docs for the API reference.`), requestId);
  return Response.json(body, { status: 404, headers: { "X-Request-Id": requestId, "Cache-Control": "no-store" } });
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const DELETE = notFound;
export const PATCH = notFound;
export const HEAD = notFound;
export const OPTIONS = notFound;
