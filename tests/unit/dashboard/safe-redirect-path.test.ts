import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "@/lib/dashboard/safe-redirect-path";

describe("redirect after login / language switch", () => {
  it.each([
    "/\\evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "/\t/evil.example",
    "/%09/evil.example",
    "/%5Cevil.example",
    "/%2F/evil.example",
    "/%252F/evil.example",
    "//evil.example",
    "///evil.example",
    "https://evil.example",
    "HTTPS://evil.example/dashboard",
    "http:evil.example",
    "javascript:alert(1)",
    "%2F%2Fevil.example",
    "/\n/evil.example",
    " //evil.example",
    "evil.example",
    "",
    "/%E0%A4%A",
  ])("refuses %j", (raw) => {
    expect(safeRedirectPath(raw)).toBe("/dashboard");
  });

  it.each([
    ["/dashboard", "/dashboard"],
    ["/dashboard/payments?status=failed&page=2", "/dashboard/payments?status=failed&page=2"],
    ["/dashboard/payouts/po_123#timeline", "/dashboard/payouts/po_123#timeline"],
    ["/login", "/login"],
    ["/dashboard/../signup", "/signup"],
  ])("keeps %j", (raw, expected) => {
    expect(safeRedirectPath(raw)).toBe(expected);
  });

  it("falls back to the given default for anything that is not a string", () => {
    expect(safeRedirectPath(undefined, "/login")).toBe("/login");
    expect(safeRedirectPath(["/dashboard"], "/login")).toBe("/login");
  });
});
