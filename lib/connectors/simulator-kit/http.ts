import type http from "node:http";

/**
 * Small HTTP pieces every contract simulator needs (each simulator keeps its own operator's
 * rules; only these plumbing helpers are shared).
 */
export { parseJsonObject } from "../parse-json-object";
export { sameText } from "../same-text";

/** The request's single-valued headers, as a plain object (for the simulators' request logs). */
export function flatHeaders(req: http.IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") out[k] = v;
  return out;
}

/** One header's first value. */
export function header(req: http.IncomingMessage, name: string): string | undefined {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

export function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}
