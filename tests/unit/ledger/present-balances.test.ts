import { describe, expect, it } from "vitest";
import { presentBalances } from "@/lib/ledger/present-balances";
import type { CurrencyBalance } from "@/lib/ledger/read-balances";

const b = (available: bigint, pending = 0n) => ({ available, pending });
const entry = (currency: CurrencyBalance["currency"], collect: bigint, payout: bigint, credit: bigint, pending = 0n): CurrencyBalance => ({
  currency,
  categories: { collect: b(collect, pending), payout: b(payout), credit: b(credit) },
  totals: b(collect + payout + credit, pending),
  updatedAt: new Date("2026-11-22T10:00:00.000Z"),
});

describe("presentBalances: minor units to exact JSON numbers", () => {
  it("prints 10 + 20 cents as 0.3 exactly, never 0.30000000000000004", () => {
    const out = presentBalances({ balanceMode: "unified", payoutSourceCategory: "collect", balances: [entry("USD", 10n, 20n, 0n)] });
    expect(out.balances[0].totals.available).toBe(0.3);
    expect(out.balances[0].categories).toEqual({ collect: { available: 0.1, pending: 0 }, payout: { available: 0.2, pending: 0 }, credit: { available: 0, pending: 0 } });
  });

  it("applies each currency's exponent: XOF whole units, USD cents", () => {
    const out = presentBalances({ balanceMode: "separate", payoutSourceCategory: "payout", balances: [entry("XOF", 1_234_567n, 0n, 0n, 5n), entry("USD", 123_456_789n, 1n, 0n)] });
    expect(out.balances.map((x) => [x.currency, x.totals])).toEqual([
      ["XOF", { available: 1_234_567, pending: 5 }],
      ["USD", { available: 1_234_567.9, pending: 0 }],
    ]);
    expect(out.balances[0].updatedAt).toBe("2026-11-22T10:00:00.000Z");
  });

  it("keeps large balances exact (15 significant digits) and refuses to round beyond", () => {
    const out = presentBalances({ balanceMode: "unified", payoutSourceCategory: "collect", balances: [entry("USD", 99_999_999_999_999n, 0n, 0n)] });
    expect(out.balances[0].totals.available).toBe(999_999_999_999.99);
    expect(() => presentBalances({ balanceMode: "unified", payoutSourceCategory: "collect", balances: [entry("USD", 1_234_567_890_123_456_789n, 0n, 0n)] })).toThrow(RangeError);
  });
});
