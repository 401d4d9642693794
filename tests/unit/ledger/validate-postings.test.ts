import { describe, expect, it } from "vitest";
import { merchantAccount, platformAccount, providerClearing } from "@/lib/ledger/accounts";
import { LedgerError } from "@/lib/ledger/ledger-error";
import { MAX_POSTING_MINOR, validatePostings } from "@/lib/ledger/validate-postings";

const m = (category: "collect" | "payout" | "credit" = "collect", currency: "XOF" | "USD" = "XOF") => merchantAccount("mch_a", currency, category);
const funding = (currency: "XOF" | "USD" = "XOF") => platformAccount("sandbox_funding", currency);

describe("validatePostings: the posting rules", () => {
  it("accepts a balanced entry and derives its merchant", () => {
    const v = validatePostings("sandbox", [
      { account: funding(), amount: -1000n },
      { account: m(), amount: 1000n },
    ]);
    expect(v.merchantId).toBe("mch_a");
    expect(v.postings.map((p) => [p.row.id, p.bucket, p.amount])).toEqual([
      ["p:sandbox:XOF:sandbox_funding", "available", -1000n],
      ["m:mch_a:sandbox:XOF:collect", "available", 1000n],
    ]);
  });

  it("nets several postings on one account into one balance change, accounts sorted by id", () => {
    const v = validatePostings("sandbox", [
      { account: m(), bucket: "pending", amount: -700n },
      { account: m(), bucket: "available", amount: 700n },
      { account: m("payout"), amount: 5n },
      { account: m("collect"), amount: -5n },
    ]);
    expect(v.deltas.map((d) => [d.row.id, d.available, d.pending])).toEqual([
      ["m:mch_a:sandbox:XOF:collect", 695n, -700n],
      ["m:mch_a:sandbox:XOF:payout", 5n, 0n],
    ]);
  });

  it.each([
    ["not summing to zero", [{ account: funding(), amount: -1000n }, { account: m(), amount: 999n }], /XOF sums to -1/],
    ["summing to zero only across currencies", [{ account: funding("USD"), amount: -100n }, { account: m(), amount: 100n }], /USD sums to -100/],
    ["a single posting", [{ account: m(), amount: 0n }], /at least two postings/],
    ["a zero amount", [{ account: funding(), amount: 0n }, { account: m(), amount: 0n }], /must not be zero/],
    ["a float amount", [{ account: funding(), amount: -10.5 as unknown as bigint }, { account: m(), amount: 10.5 as unknown as bigint }], /bigint/],
    ["an absurd amount", [{ account: funding(), amount: -(MAX_POSTING_MINOR + 1n) }, { account: m(), amount: MAX_POSTING_MINOR + 1n }], /out of bounds/],
    ["pending on a platform account", [{ account: funding(), bucket: "pending" as const, amount: -1n }, { account: m(), amount: 1n }], /no pending bucket/],
    ["two merchants", [{ account: m(), amount: -1n }, { account: merchantAccount("mch_b", "XOF", "collect"), amount: 1n }], /one merchant/],
    ["an unknown currency", [{ account: platformAccount("fx", "ABC" as "XOF"), amount: -1n }, { account: platformAccount("fx", "ABC" as "XOF"), amount: 1n }], /Unknown currency/],
    ["a provider code that could forge an account id", [{ account: providerClearing("x:y", "XOF"), amount: -1n }, { account: m(), amount: 1n }], /provider code/],
  ])("refuses an entry with %s", (_, postings, message) => {
    expect(() => validatePostings("sandbox", postings)).toThrow(LedgerError);
    expect(() => validatePostings("sandbox", postings)).toThrow(message);
  });

  it("refuses merchant postings for another merchant than the entry's", () => {
    expect(() => validatePostings("sandbox", [{ account: funding(), amount: -1n }, { account: m(), amount: 1n }], "mch_other")).toThrow(/one merchant/);
  });

  it("keeps environments apart in account ids", () => {
    const v = validatePostings("production", [{ account: funding(), amount: -1n }, { account: m(), amount: 1n }]);
    expect(v.deltas.map((d) => d.row.id)).toEqual(["m:mch_a:production:XOF:collect", "p:production:XOF:sandbox_funding"]);
  });
});
