import { timingSafeEqual } from "node:crypto";
import type http from "node:http";

/**
 * Small HTTP pieces every contract simulator needs (each simulator keeps its own operator's
 * rules; only these plumbing helpers are shared). Self-contained: a simulator shares no code with
 * the connectors it tests, so a misreading in one is not copied into the other.
 */

/** A request body as a JSON object, or null when it is not one. */
export function parseJsonObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Constant-time comparison of a presented credential with the expected one. */
export function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

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
