import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/openapi.json/route";
import { apiRouteFiles } from "../../helpers/api-routes";
import { inlineSchemaRefs } from "@/lib/http/openapi";
import { call } from "../../helpers/http";

/** Every route under app/api/v1 implemented by defineRoute, as "METHOD /path/{param}" (its other exports answer 405). */
async function routeFiles(): Promise<string[]> {
  const files = (await apiRouteFiles()).filter((r) => !r.catchAll);
  return files.flatMap((r) =>
    Object.entries(r.module)
      .filter(([name, value]) => (value as { contract?: { method: string } })?.contract?.method === name)
      .map(([name]) => `${name} ${r.path}`),
  );
}

describe("OpenAPI document", () => {
  it("is served as OpenAPI 3.1 with caching headers", async () => {
    const res = await call(GET, { path: "/openapi.json" });
    expect(res.status).toBe(200);
    expect(res.json.openapi).toBe("3.1.0");
    expect(res.headers.get("etag")).toBeTruthy();
    const again = await call(GET, { path: "/openapi.json", headers: { "If-None-Match": res.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("documents every route under app/api/v1 (generated from the same contracts)", async () => {
    const doc = inlineSchemaRefs((await call(GET, { path: "/openapi.json" })).json);
    const routes = await routeFiles();
    expect(routes.length).toBeGreaterThan(1);
    const missing = routes.filter((r) => {
      const [method, p] = r.split(" ");
      return !doc.paths[p]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
  });

  it("documents the error body, security schemes and response schemas", async () => {
    const doc = inlineSchemaRefs((await call(GET, { path: "/openapi.json" })).json);
    expect(doc.components.schemas.Error.required).toEqual(["statusCode", "message", "error"]);
    expect(doc.components.securitySchemes.ApiKey).toMatchObject({ type: "apiKey", name: "X-API-Key" });
    const health = doc.paths["/health"].get;
    expect(health.responses["200"].content["application/json"].schema.properties.status).toBeTruthy();
  });
});
