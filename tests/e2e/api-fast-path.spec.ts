import { request as httpRequest } from "node:http";
import { gunzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";

/**
 * `/api/v1` served without Next's request routing (scripts/api-fast-path.mjs, on by default in
 * `npm start`): the same answers as through Next — the config's security headers, compression,
 * HEAD and OPTIONS, streamed request bodies with their size cap — and every path it does not
 * take (trailing slash, percent-escapes, unknown endpoints) still gets Next's answer.
 */
const PORT = Number(process.env.E2E_PORT ?? "3100");
const BASE = `http://127.0.0.1:${PORT}/api/v1`;
const API_KEY = "pk_test_E2eE2eE2eE2eE2eE2eE2eE2eE2:sk_test_E2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2";
const auth = { "X-API-Key": API_KEY };

/** A raw HTTP exchange: fetch would undo Content-Encoding and hide what went over the wire. */
function raw(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port: PORT, path: `/api/v1${path}`, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

test("an API answer carries the config's security headers, and not Next's page routing", async () => {
  const res = await fetch(`${BASE}/payments/balance`, { headers: auth });
  expect(res.status).toBe(200);
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("x-frame-options")).toBe("DENY");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
  expect(res.headers.get("cache-control")).toBe("no-store");
  expect(res.headers.get("x-request-id")).toMatch(/^req_/);
  // Next's router varies every answer on its RSC headers; the fast path has no pages to vary.
  expect(res.headers.get("vary") ?? "").not.toMatch(/rsc/i);
  expect((await res.json()).success).toBe(true);
});

test("a literal segment wins over a parameter, as in Next's router", async () => {
  // /payments/transactions/{id} (GET) and /payments/{transactionId}/cancel (POST) both fit.
  const res = await fetch(`${BASE}/payments/transactions/cancel`, { headers: auth });
  expect(res.status).toBe(404);
  expect(await res.json()).toMatchObject({ code: "not_found", message: "Transaction cancel not found." });
});

test("HEAD has no body, OPTIONS names the methods, others are refused in the error contract", async () => {
  const head = await fetch(`${BASE}/payments/balance`, { method: "HEAD", headers: auth });
  expect(head.status).toBe(200);
  expect(await head.text()).toBe("");

  const options = await fetch(`${BASE}/payments/balance`, { method: "OPTIONS" });
  expect(options.status).toBe(204);
  expect(options.headers.get("allow")).toBe("GET, HEAD, OPTIONS");

  const del = await fetch(`${BASE}/payments/balance`, { method: "DELETE", headers: auth });
  expect(del.status).toBe(405);
  expect(await del.json()).toMatchObject({ code: "method_not_allowed" });
});

test("a request body is streamed to the handler: parsed, validated, and cut off past the cap", async () => {
  const invalid = await fetch(`${BASE}/payments/initiate`, {
    method: "POST",
    headers: { ...auth, "Content-Type": "application/json" },
    body: JSON.stringify({ amount: 1000 }),
  });
  expect(invalid.status).toBe(400);
  expect(await invalid.json()).toMatchObject({ code: "validation_error" });

  const huge = await fetch(`${BASE}/payments/initiate`, {
    method: "POST",
    headers: { ...auth, "Content-Type": "application/json" },
    body: JSON.stringify({ description: "x".repeat(70_000) }),
  });
  expect(huge.status).toBe(413);
  expect(await huge.json()).toMatchObject({ code: "payload_too_large" });
});

test("a large answer is gzipped for a client that accepts it, as Next's compression does", async () => {
  const zipped = await raw("/openapi.json", { "Accept-Encoding": "gzip" });
  expect(zipped.status).toBe(200);
  expect(zipped.headers["content-encoding"]).toBe("gzip");
  expect(String(zipped.headers["vary"])).toMatch(/accept-encoding/i);
  expect(JSON.parse(gunzipSync(zipped.body).toString("utf8")).openapi).toBe("3.1.0");

  const plain = await raw("/openapi.json", {});
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(JSON.parse(plain.body.toString("utf8")).openapi).toBe("3.1.0");
});

test("paths the fast path does not take keep Next's answers", async () => {
  const slash = await fetch(`${BASE}/payments/balance/`, { headers: auth, redirect: "manual" });
  expect(slash.status).toBe(308);
  expect(slash.headers.get("location")).toBe("/api/v1/payments/balance");

  const escaped = await fetch(`${BASE}/payments/status/pay%5Fnone`, { headers: auth });
  expect(escaped.status).toBe(404);
  expect(await escaped.json()).toMatchObject({ code: "not_found" });

  // A dot segment is Next's to resolve: it redirects to the resolved path, as for a trailing
  // slash (sent raw: fetch would resolve it itself).
  const dots = await raw("/payments/status/..", auth);
  expect(dots.status).toBe(308);
  expect(String(dots.headers["location"])).not.toContain("..");

  const unknown = await fetch(`${BASE}/payments/nowhere/at/all`, { headers: auth });
  expect(unknown.status).toBe(404);
  expect(await unknown.json()).toMatchObject({ code: "not_found" });
});
