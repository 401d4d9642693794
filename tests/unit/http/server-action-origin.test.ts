import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";

/** proxy.ts: a server action's POST without Origin is refused; with the page's own, it goes on to Next. */
describe("server actions and Origin", () => {
  it("a POST without Origin → 403 in the API's error body, before any action runs", async () => {
    for (const path of ["/login", "/signup", "/dashboard/api-keys", "/dashboard/payouts/bulk/new", "/invite/accept"]) {
      const res = proxy(new NextRequest(`http://localhost:3000${path}`, { method: "POST", headers: { "next-action": "0".repeat(42), "content-type": "text/plain" }, body: "[]" }));
      expect(res.status, path).toBe(403);
      expect(await res.json()).toMatchObject({ statusCode: 403, error: "Forbidden", code: "forbidden" });
    }
  });

  it("a POST with the page's Origin, and every GET, go on to Next", () => {
    const post = proxy(new NextRequest("http://localhost:3000/login", { method: "POST", headers: { origin: "http://localhost:3000", "next-action": "x" }, body: "[]" }));
    expect(post.status).toBe(200);
    expect(post.headers.get("x-middleware-next")).toBe("1");
    expect(proxy(new NextRequest("http://localhost:3000/dashboard")).headers.get("x-middleware-next")).toBe("1");
  });
});
