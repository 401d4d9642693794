import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/openapi.json/route";
import { call } from "../../helpers/http";

/** Every route.ts under app/api/v1, as "METHOD /path/{param}". */
function routeFiles(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (entry.startsWith("[...")) continue; // the JSON 404 catch-all is not an endpoint
    if (statSync(full).isDirectory()) {
      const segment = entry.replace(/^\[(.+)\]$/, "{$1}");
      out.push(...routeFiles(full, `${prefix}/${segment}`));
    } else if (entry === "route.ts") {
      const source = readFileSync(full, "utf8");
      const methods = [...source.matchAll(/export const (?:\{([^}]+)\}|(GET|POST|PUT|DELETE)\b)/g)].flatMap((m) =>
        (m[1] ?? m[2]).split(",").map((s) => s.trim()),
      );
      for (const method of methods) out.push(`${method} ${prefix}`);
    }
  }
  return out;
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
    const doc = (await call(GET, { path: "/openapi.json" })).json;
    const routes = routeFiles(path.resolve("app/api/v1"));
    expect(routes.length).toBeGreaterThan(1);
    const missing = routes.filter((r) => {
      const [method, p] = r.split(" ");
      return !doc.paths[p]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
  });

  it("documents the error body, security schemes and response schemas", async () => {
    const doc = (await call(GET, { path: "/openapi.json" })).json;
    expect(doc.components.schemas.Error.required).toEqual(["statusCode", "message", "error"]);
    expect(doc.components.securitySchemes.ApiKey).toMatchObject({ type: "apiKey", name: "X-API-Key" });
    const health = doc.paths["/health"].get;
    expect(health.responses["200"].content["application/json"].schema.properties.status).toBeTruthy();
  });
});
