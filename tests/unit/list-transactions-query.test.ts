import { describe, expect, it } from "vitest";
import { listTransactionsQuery } from "@/lib/payments/list-transactions";

describe("listTransactionsQuery dates", () => {
  it("refuses an impossible calendar day instead of rolling it into the next month", () => {
    for (const bad of ["2026-02-30", "2026-04-31", "2025-02-29", "2026-13-01"]) {
      const parsed = listTransactionsQuery.safeParse({ startDate: bad });
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0].message, bad).toMatch(/real date/);
    }
  });

  it("keeps real days, leap days included", () => {
    for (const good of ["2026-02-28", "2024-02-29", "2026-12-31"]) {
      expect(listTransactionsQuery.safeParse({ startDate: good, endDate: good }).success, good).toBe(true);
    }
  });
});
