import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contracts } from "@/app/api/v1/contracts";
import { allowForContracts, refuseUnsupportedMethods } from "@/lib/http/refuse-unsupported-methods";

/**
 * TRACE and other methods a web Request cannot carry, over real HTTP: a Node server whose own
 * listener stands in for Next (which answers TRACE with a bare 500 page before any route runs).
 */
let server: http.Server;
let port: number;

beforeAll(async () => {
  refuseUnsupportedMethods(allowForContracts(contracts));
  server = http.createServer((_req, res) => res.end("reached the app"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(method: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("methods no route handler can see", () => {
  it("TRACE on an endpoint is 405 with the error body, Allow and X-Request-Id", async () => {
    const res = await send("TRACE", "/api/v1/payments/initiate", { "X-Request-Id": "req-trace-test", Cookie: "secret=1" });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("OPTIONS, POST");
    expect(res.headers["x-request-id"]).toBe("req-trace-test");
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(res.text)).toEqual({
      statusCode: 405,
      error: "Method Not Allowed",
      code: "method_not_allowed",
      message: "TRACE is not allowed on /api/v1/payments/initiate. Allowed: OPTIONS, POST.",
      requestId: "req-trace-test",
    });
    expect(res.text).not.toContain("secret"); // nothing of the request is echoed
  });

  it("matches path parameters, and mints a request id when none is given", async () => {
    const res = await send("PROPFIND", "/api/v1/payments/status/txn_123");
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD, OPTIONS");
    expect(res.headers["x-request-id"]).toMatch(/^req_/);
    expect(JSON.parse(res.text).requestId).toBe(res.headers["x-request-id"]);
  });

  it("an unknown path is 404 with the error body", async () => {
    const res = await send("TRACE", "/api/v1/no/such/thing");
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toMatchObject({ statusCode: 404, code: "not_found" });
    expect(res.headers.allow).toBeUndefined();
  });

  it("the methods routes implement still reach the app", async () => {
    for (const method of ["GET", "POST", "PATCH", "OPTIONS", "DELETE"]) {
      expect((await send(method, "/api/v1/payments/initiate")).text).toBe("reached the app");
    }
  });
});
