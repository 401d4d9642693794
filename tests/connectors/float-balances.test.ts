import { describe, expect, it } from "vitest";
import { airtelBalanceMinor, airtelWalletOf } from "@/lib/connectors/airtel/balance";
import { balanceAmountMinor } from "@/lib/connectors/wave/balance";

/**
 * How the float check reads a balance each operator writes it (the connectors' READMEs,
 * "Balance"): every plausible shape into minor units through lib/money, anything else refused
 * (null: the run notes the float could not be read) rather than guessed.
 */
describe("Wave's GET /v1/balance amount", () => {
  it.each([
    ["150000", 150000n],
    ["150000.00", 150000n],
    [" 0 ", 0n],
    [150000, 150000n],
  ])("%j → %s minor units of XOF", (value, minor) => expect(balanceAmountMinor(value, "XOF")).toBe(minor));

  it.each([["150000.50"], ["-5"], ["1,500"], [""], [null], [1.5], ["1e6"]])("%j is not read", (value) => expect(balanceAmountMinor(value, "XOF")).toBeNull());
});

describe("Airtel's GET /standard/v1/users/balance balance", () => {
  it.each([
    ["37,600.00", "XAF", 37600n],
    ["37600.00", "XAF", 37600n],
    ["1,234,567", "XAF", 1234567n],
    ["37600", "XAF", 37600n],
    [37600, "XAF", 37600n],
    ["1,234.56", "ZMW", 123456n],
  ])("%j → %s %s", (value, currency, minor) => expect(airtelBalanceMinor(value, currency)).toBe(minor));

  // A comma that is not a thousands separator (a decimal comma?) is ambiguous: refused, not guessed.
  it.each([["1,5"], ["37,60.00"], ["37600.5"], ["-100"], ["abc"], [undefined]])("%j is not read (XAF)", (value) => expect(airtelBalanceMinor(value, "XAF")).toBeNull());

  it("collects land in collection and refunds leave it; payouts leave disbursement", () => {
    expect([airtelWalletOf("collect"), airtelWalletOf("refund"), airtelWalletOf("payout")]).toEqual(["collection", "collection", "disbursement"]);
  });
});
