import { afterEach, describe, expect, it } from "vitest";
import type { RouteContract } from "@/lib/http/contract";
import { ROUTE_METHODS } from "@/lib/http/other-methods";
import { apiRouteFiles } from "../../helpers/api-routes";

/**
 * Every method on every route under app/api/v1 (found by walking the folder, so a new route is
 * covered without being listed here) answers inside the error contract: a method the route
 * does not implement is 405 with the spec's error body, `Allow` and `X-Request-Id`; OPTIONS is
 * 204 with `Allow`; an unknown path is 404 with the error body whatever the method.
 */
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
const routes = await apiRouteFiles();
const endpoints = routes.filter((r) => !r.catchAll);

async function send(handler: Handler, method: string, path: string) {
  const response = await handler(new Request(`http://localhost:3000/api/v1${path}`, { method, headers: { "X-Request-Id": "req-method-test" } }), {
    params: Promise.resolve({}),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : undefined };
}

const implemented = (module: Record<string, unknown>) =>
  ROUTE_METHODS.filter((m) => (module[m] as { contract?: RouteContract } | undefined)?.contract?.method === m);

afterEach(() => {
  process.env.APP_ENV = "sandbox";
});

describe("methods on every route", () => {
  it("finds the routes", () => {
    expect(endpoints.length).toBeGreaterThan(20);
    expect(routes.filter((r) => r.catchAll)).toHaveLength(1);
  });

  it.each(endpoints.map((r) => [r.path, r] as const))("%s exports every method, each inside the error contract", async (path, route) => {
    const own = implemented(route.module);
    expect(own.length, `${route.file} has no defineRoute handler`).toBeGreaterThan(0);
    for (const m of own) expect((route.module[m] as { contract: RouteContract }).contract.path).toBe(path);
    const allow = [...new Set([...own, ...(own.includes("GET") ? ["HEAD"] : []), "OPTIONS"])].sort().join(", ");

    for (const method of ROUTE_METHODS) {
      const handler = route.module[method] as Handler | undefined;
      expect(typeof handler, `${route.file} does not export ${method}`).toBe("function");
      if (own.includes(method) || (method === "HEAD" && own.includes("GET"))) continue;
      const res = await send(handler!, method, path);
      expect(res.headers.get("x-request-id")).toBe("req-method-test");
      expect(res.headers.get("allow")).toBe(allow);
      if (method === "OPTIONS") {
        expect(res.status).toBe(204);
        continue;
      }
      expect(res.status).toBe(405);
      expect(res.json).toEqual({
        statusCode: 405,
        error: "Method Not Allowed",
        code: "method_not_allowed",
        message: `${method} is not allowed on /api/v1${path}. Allowed: ${allow}.`,
        requestId: "req-method-test",
      });
    }
  });

  it("a sandbox-only route is 404 to every method in production, as to its own", async () => {
    const fund = endpoints.find((r) => r.path === "/sandbox/wallets/fund")!;
    process.env.APP_ENV = "production";
    for (const method of ["GET", "PUT", "OPTIONS"]) {
      const res = await send(fund.module[method] as Handler, method, fund.path);
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ statusCode: 404, code: "not_found", requestId: "req-method-test" });
      expect(res.headers.get("allow")).toBeNull();
    }
  });

  it("an unknown path is 404 with the error body for every method", async () => {
    const catchAll = routes.find((r) => r.catchAll)!;
    for (const method of ROUTE_METHODS) {
      const handler = catchAll.module[method] as Handler | undefined;
      expect(typeof handler, `the catch-all does not export ${method}`).toBe("function");
      const res = await send(handler!, method, "/no/such/thing");
      expect(res.status).toBe(404);
      expect(res.headers.get("x-request-id")).toBe("req-method-test");
      expect(res.json).toMatchObject({ statusCode: 404, error: "Not Found", code: "not_found", requestId: "req-method-test" });
    }
  });
});
