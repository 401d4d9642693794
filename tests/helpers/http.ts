import { assertConformsToOpenApi } from "./openapi-conformance";

/**
 * Calls a Next route handler in-process with a real Request, the way Next does, and checks the
 * answer against the published OpenAPI document (tests/helpers/openapi-conformance.ts).
 */
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export type CallOptions = {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** Raw body text (malformed JSON tests). */
  rawBody?: string;
  params?: Record<string, string>;
};

export async function call(handler: Handler, options: CallOptions) {
  const headers = new Headers(options.headers);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  const request = new Request(`http://localhost:3000/api/v1${options.path}`, {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  let json: any = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const result = { status: response.status, headers: response.headers, json, text };
  assertConformsToOpenApi(request.method, request.url, result);
  return result;
}
