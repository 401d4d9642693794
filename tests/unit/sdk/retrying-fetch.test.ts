import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaymentsNetworkError, parseRetryAfter } from "@/sdk/src/errors";
import { retryingFetch } from "@/sdk/src/retrying-fetch";

/**
 * The SDK's retry policy over real HTTP: a local server answers each path with a scripted
 * sequence of statuses and records what it received.
 */
let server: Server;
let base = "";
const scripts = new Map<string, { status: number; headers?: Record<string, string> }[]>();
const received: { path: string; method: string; key: string | undefined; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, method: req.method ?? "", key: req.headers["x-idempotency-key"] as string | undefined, body });
      const next = scripts.get(path)?.shift() ?? { status: 200 };
      if (next.status === 0) return req.socket.destroy(); // the connection drops: no answer at all
      res.writeHead(next.status, { "content-type": "application/json", ...next.headers }).end(JSON.stringify({ ok: next.status < 300 }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const waits: number[] = [];
const transport = (maxRetries = 2) =>
  retryingFetch({ maxRetries, timeoutMs: 5_000, maxRetryAfterSeconds: 60, fetch: (r) => fetch(r), sleep: async (ms) => void waits.push(ms) });

const post = (path: string, key?: string) =>
  new Request(base + path, { method: "POST", body: JSON.stringify({ amount: 1 }), headers: { "content-type": "application/json", ...(key ? { "x-idempotency-key": key } : {}) } });

describe("SDK retries", () => {
  it("retries a keyed POST after 5xx with the same key and body, then returns the success", async () => {
    scripts.set("/a", [{ status: 500 }, { status: 502 }, { status: 201 }]);
    const response = await transport()(post("/a", "key-a"));
    expect(response.status).toBe(201);
    const seen = received.filter((r) => r.path === "/a");
    expect(seen.map((r) => r.key)).toEqual(["key-a", "key-a", "key-a"]);
    expect(new Set(seen.map((r) => r.body))).toEqual(new Set(['{"amount":1}']));
  });

  it("never repeats a POST without an idempotency key after a 5xx or a dropped connection", async () => {
    scripts.set("/b", [{ status: 500 }]);
    expect((await transport()(post("/b"))).status).toBe(500);
    scripts.set("/c", [{ status: 0 }]);
    await expect(transport()(post("/c"))).rejects.toBeInstanceOf(PaymentsNetworkError);
    expect(received.filter((r) => r.path === "/b" || r.path === "/c")).toHaveLength(2);
  });

  it("retries a keyed POST and a GET after a dropped connection", async () => {
    scripts.set("/d", [{ status: 0 }, { status: 200 }]);
    expect((await transport()(post("/d", "key-d"))).status).toBe(200);
    scripts.set("/e", [{ status: 0 }, { status: 200 }]);
    expect((await transport()(new Request(base + "/e"))).status).toBe(200);
  });

  it("honours Retry-After on 429 for any method, and gives up past maxRetries", async () => {
    waits.length = 0;
    scripts.set("/f", [{ status: 429, headers: { "retry-after": "3" } }, { status: 200 }]);
    expect((await transport()(post("/f"))).status).toBe(200);
    expect(waits).toEqual([3000]);
    scripts.set("/g", [{ status: 429, headers: { "retry-after": "1" } }, { status: 429, headers: { "retry-after": "1" } }, { status: 429, headers: { "retry-after": "1" } }]);
    expect((await transport(2)(post("/g"))).status).toBe(429);
    expect(received.filter((r) => r.path === "/g")).toHaveLength(3);
  });

  it("returns a 429 at once when Retry-After is longer than the caller accepts", async () => {
    scripts.set("/h", [{ status: 429, headers: { "retry-after": "3600" } }]);
    expect((await transport()(post("/h"))).status).toBe(429);
    expect(received.filter((r) => r.path === "/h")).toHaveLength(1);
  });

  it("does not retry 4xx answers other than 429", async () => {
    scripts.set("/i", [{ status: 409 }, { status: 200 }]);
    expect((await transport()(post("/i", "key-i"))).status).toBe(409);
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    expect(parseRetryAfter("7")).toBe(7);
    expect(parseRetryAfter(new Date(Date.UTC(2026, 0, 1, 0, 0, 30)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(30);
    expect(parseRetryAfter("soon")).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});
