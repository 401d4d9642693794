import { afterEach, describe, expect, it, vi } from "vitest";
import nextConfig from "@/next.config";

/** The headers Next adds to every response (next.config.ts), per build mode. */
async function headersFor(nodeEnv: string) {
  vi.stubEnv("NODE_ENV", nodeEnv);
  const rules = await nextConfig.headers!();
  const all = rules.find((r) => r.source === "/:path*")!;
  return Object.fromEntries(all.headers.map((h) => [h.key, h.value]));
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("security headers", () => {
  it("a production build sends HSTS for two years, subdomains included, on every path", async () => {
    const headers = await headersFor("production");
    expect(headers["Strict-Transport-Security"]).toBe("max-age=63072000; includeSubDomains");
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
  });

  it("development sends no HSTS (it would pin a developer's own domain to HTTPS)", async () => {
    const headers = await headersFor("development");
    expect(headers["Strict-Transport-Security"]).toBeUndefined();
    expect(headers["X-Frame-Options"]).toBe("DENY");
  });
});
