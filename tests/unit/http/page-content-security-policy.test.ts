import { describe, expect, it } from "vitest";
import { pageContentSecurityPolicy } from "@/lib/http/page-content-security-policy";

describe("the React pages' Content-Security-Policy", () => {
  it("runs only nonce'd scripts (and what they load), never inline or eval in production", () => {
    const csp = pageContentSecurityPolicy("abc123");
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
  });

  it("allows eval only for the development server's React refresh", () => {
    expect(pageContentSecurityPolicy("n", { dev: true })).toContain("'strict-dynamic' 'unsafe-eval'");
  });
});
