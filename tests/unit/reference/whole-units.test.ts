import Big from "big.js";
import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { percentOf } from "@/lib/money";
import { computeQuote } from "@/lib/payouts/compute-quote";
import { checkChannelAmount, channelTakes } from "@/lib/reference/check-channel-amount";
import { channelFrom } from "@/lib/reference/get-channel";
import { fxRateFrom } from "@/lib/reference/get-fx-rate";
import { SEED_CHANNELS, seedsWholeUnits } from "@/lib/reference/catalogue-seed";
import { seedCatalogue } from "./test-catalogue";

/**
 * Whole-unit channels (docs/decisions/east-africa-ghana.md): operators that take whole units only
 * in a currency that has cents say so in the catalogue, per channel and direction, and an amount
 * with cents is refused before any operator call; a conversion into such a channel rounds to a
 * whole unit.
 */
const catalogue = seedCatalogue();
const channel = (provider: string, country: string, currency: string, direction: "collect" | "payout") => channelFrom(catalogue, provider, country, currency, direction);

function refusal(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error("expected a refusal");
}

describe("the catalogue says which channels take whole units only", () => {
  it("M-Pesa Kenya (Daraja: whole KES) and the shilling wallets pawaPay marks decimalsInAmount NONE, in both directions", () => {
    for (const direction of ["collect", "payout"] as const) {
      expect(channel("mpesa", "KE", "KES", direction).wholeUnits).toBe(true);
      expect(channel("airtel", "KE", "KES", direction).wholeUnits).toBe(true);
      for (const p of ["mpesa", "airtel", "mixx", "halotel"]) expect(channel(p, "TZ", "TZS", direction).wholeUnits, `${p} TZ ${direction}`).toBe(true);
    }
  });

  it("Orange Money DRC pays out whole Congolese francs (ORANGE_COD: NONE in CDF), but cents of a dollar", () => {
    expect(channel("orange", "CD", "CDF", "payout").wholeUnits).toBe(true);
    expect(channel("orange", "CD", "USD", "payout").wholeUnits).toBe(false);
    expect(seedsWholeUnits("orange", "CD", "CDF")).toBe(true);
    expect(seedsWholeUnits("orange", "CD", "USD")).toBe(false);
    // Only the CDF row is marked in the seed: the entry names its currency.
    expect(SEED_CHANNELS.filter((c) => c.countryCode === "CD" && c.wholeUnits).map((c) => `${c.providerCode}:${c.currency}:${c.direction}`)).toEqual(["orange:CDF:payout"]);
  });

  it("channels that take cents keep them: Ghana, Zambia, bank transfers, the CDF and USD corridors of the other operators", () => {
    for (const [p, c, cur] of [["mtn", "GH", "GHS"], ["telecel", "GH", "GHS"], ["mtn", "ZM", "ZMW"], ["bank_transfer", "KE", "KES"], ["airtel", "CD", "CDF"], ["airtel", "CD", "USD"], ["bank_transfer", "CD", "CDF"], ["orange", "CD", "USD"]] as const) {
      expect(channel(p, c, cur, "payout").wholeUnits, `${p} ${c} ${cur}`).toBe(false);
    }
  });

  it("a currency without minor unit is whole everywhere (XOF, UGX), whatever the row says", () => {
    expect(channel("orange", "SN", "XOF", "collect").wholeUnits).toBe(true);
    expect(channel("mtn", "UG", "UGX", "payout").wholeUnits).toBe(true);
    expect(SEED_CHANNELS.find((c) => c.providerCode === "orange" && c.countryCode === "SN")?.wholeUnits ?? false).toBe(false);
  });
});

describe("checkChannelAmount", () => {
  const mpesa = channel("mpesa", "KE", "KES", "collect");

  it("refuses cents on a whole-unit channel: 400 invalid_amount naming the field and the rule", () => {
    const err = refusal(() => checkChannelAmount(mpesa, 10_050n));
    expect(err.code).toBe("invalid_amount");
    expect(err.message).toBe("Amount 100.50 KES has cents, but M-Pesa (mpesa) in KE takes whole KES only: send 100 or 101.");
    expect(err.details).toEqual([{ path: "amount", message: "must be a whole number of KES for M-Pesa in KE (wholeUnits)" }]);
    expect(refusal(() => checkChannelAmount(mpesa, 10_001n, "items.3.amount")).details?.[0]?.path).toBe("items.3.amount");
    expect(channelTakes(mpesa, 10_050n)).toBe(false);
  });

  it("takes whole amounts within bounds, and cents where the channel takes them", () => {
    expect(() => checkChannelAmount(mpesa, 10_000n)).not.toThrow();
    expect(channelTakes(mpesa, 10_000n)).toBe(true);
    expect(() => checkChannelAmount(channel("mtn", "GH", "GHS", "collect"), 1_050n)).not.toThrow();
  });

  it("refuses 1,500.50 CDF to Orange Money DRC, naming the rule; 1,500 CDF and 15.50 USD go", () => {
    const orangeCdf = channel("orange", "CD", "CDF", "payout");
    const err = refusal(() => checkChannelAmount(orangeCdf, 150_050n));
    expect(err.message).toBe("Amount 1500.50 CDF has cents, but Orange Money (orange) in CD takes whole CDF only: send 1500 or 1501.");
    expect(err.details).toEqual([{ path: "amount", message: "must be a whole number of CDF for Orange Money in CD (wholeUnits)" }]);
    expect(() => checkChannelAmount(orangeCdf, 150_000n)).not.toThrow();
    expect(() => checkChannelAmount(channel("orange", "CD", "USD", "payout"), 1_550n)).not.toThrow();
  });

  it("bounds still come first, with their own message", () => {
    expect(refusal(() => checkChannelAmount(mpesa, 950n)).message).toMatch(/below the minimum of 10.00 KES/);
  });
});

describe("a quote converted into a whole-unit channel", () => {
  const fx = (from: Parameters<typeof fxRateFrom>[1], to: Parameters<typeof fxRateFrom>[2], direction: Parameters<typeof fxRateFrom>[3]) => fxRateFrom(catalogue, from, to, direction);
  const base = {
    amount: 100_000n,
    currency: "XOF" as const,
    destinationCurrency: "KES" as const,
    destinationCountry: "KE",
    settlementCurrency: "XOF" as const,
    balanceCategory: "collect" as const,
    wallets: [{ currency: "XOF" as const, available: 10_000_000n }],
    feeXof: (a: bigint) => percentOf(a, "1", "half-up"),
    fx,
  };

  it("rounds the destination down to a whole unit, once, from the exact product (never pays what was not debited)", () => {
    const rate = fx("XOF", "KES", "against-merchant-selling").rate;
    const exactMajor = new Big(100_000).times(rate);
    expect(exactMajor.mod(1).eq(0)).toBe(false); // the test needs a fraction to round
    const whole = computeQuote({ ...base, destinationWholeUnits: true });
    expect(whole.destination.amount).toBe(BigInt(exactMajor.round(0, Big.roundDown).toFixed(0)) * 100n);
    // Without the flag the cents stay (half-up to the cent): the two differ.
    const cents = computeQuote(base);
    expect(cents.destination.amount % 100n).not.toBe(0n);
    expect(whole.destination.amount).toBeLessThan(cents.destination.amount);
    // Nothing else moves: the debit is the same.
    expect(whole.totalDebit).toEqual(cents.totalDebit);
  });

  it("into Orange Money DRC in CDF: whole francs, rounded down from the exact product", () => {
    const cdf = { ...base, destinationCurrency: "CDF" as const, destinationCountry: "CD" };
    const rate = fx("XOF", "CDF", "against-merchant-selling").rate;
    const exactMajor = new Big(100_000).times(rate);
    expect(exactMajor.mod(1).eq(0)).toBe(false); // the test needs a fraction to round
    const whole = computeQuote({ ...cdf, destinationWholeUnits: channel("orange", "CD", "CDF", "payout").wholeUnits });
    expect(whole.destination.amount).toBe(BigInt(exactMajor.round(0, Big.roundDown).toFixed(0)) * 100n);
    expect(computeQuote(cdf).destination.amount % 100n).not.toBe(0n);
  });
});
