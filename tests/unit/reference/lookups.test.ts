import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { checkChannelAmount } from "@/lib/reference/check-channel-amount";
import { corridorFrom } from "@/lib/reference/find-corridor";
import { channelFrom } from "@/lib/reference/get-channel";
import { seedCatalogue } from "./test-catalogue";

const catalogue = seedCatalogue();

function appError(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("expected an AppError");
}

describe("channel look-up", () => {
  it("finds a channel with its own bounds per direction", () => {
    expect(channelFrom(catalogue, "orange", "SN", "XOF", "collect")).toMatchObject({
      id: "orange-sn-xof-collect",
      displayName: "Orange Money",
      minAmount: 100n,
      maxAmount: 1_000_000n,
    });
    expect(channelFrom(catalogue, "wave", "SN", "XOF", "payout")).toMatchObject({ minAmount: 500n, maxAmount: 1_500_000n });
    expect(channelFrom(catalogue, "orange", "CD", "USD", "payout")).toMatchObject({ minAmount: 100n, maxAmount: 250_000n });
  });

  it("says why a channel is unavailable", () => {
    const unknown = appError(() => channelFrom(catalogue, "orange_sn", "SN", "XOF", "collect"));
    expect(unknown.code).toBe("provider_unavailable");
    expect(unknown.message).toMatch(/Unknown provider "orange_sn".*wave, orange/);
    expect(appError(() => channelFrom(catalogue, "tmoney", "SN", "XOF", "collect")).message).toMatch(/tmoney does not offer payments in SN in XOF/);
    expect(appError(() => channelFrom(catalogue, "free", "SN", "XOF", "payout")).message).toMatch(/free does not offer payouts in SN/);
    expect(appError(() => channelFrom(catalogue, "orange", "SN", "EUR", "collect")).code).toBe("provider_unavailable");

    const off = seedCatalogue((rows) => (rows.channels.find((c) => c.id === "wave-sn-xof-collect")!.active = false));
    expect(appError(() => channelFrom(off, "wave", "SN", "XOF", "collect")).message).toMatch(/wave is temporarily unavailable for payments in SN/);
    const providerOff = seedCatalogue((rows) => (rows.providers.find((p) => p.code === "mtn")!.active = false));
    expect(appError(() => channelFrom(providerOff, "mtn", "CI", "XOF", "collect")).message).toMatch(/temporarily unavailable/);
  });

  it("checks an amount against the bounds with a clear message", () => {
    const orange = channelFrom(catalogue, "orange", "SN", "XOF", "collect");
    expect(() => checkChannelAmount(orange, 100n)).not.toThrow();
    expect(() => checkChannelAmount(orange, 1_000_000n)).not.toThrow();
    const low = appError(() => checkChannelAmount(orange, 99n));
    expect(low.code).toBe("invalid_amount");
    expect(low.message).toBe("Amount 99 XOF is below the minimum of 100 XOF for Orange Money (orange) in SN.");
    expect(appError(() => checkChannelAmount(orange, 1_000_001n)).message).toMatch(/above the maximum of 1000000 XOF/);
    const usd = channelFrom(catalogue, "crypto", "SN", "USD", "collect");
    expect(appError(() => checkChannelAmount(usd, 199n)).message).toBe("Amount 1.99 USD is below the minimum of 2.00 USD for Crypto (USDT, USDC) (crypto) in SN.");
  });
});

describe("corridor look-up", () => {
  it("finds domestic, regional and international corridors", () => {
    expect(corridorFrom(catalogue, "SN", "SN", "wave")).toMatchObject({ id: "SN-XOF-SN-XOF", isInternational: false, methods: ["orange", "wave", "bank_transfer"] });
    expect(corridorFrom(catalogue, "SN", "CI", "mtn")).toMatchObject({ destinationCurrency: "XOF", isInternational: true });
    expect(corridorFrom(catalogue, "SN", "CM", "orange")).toMatchObject({ sourceCurrency: "XOF", destinationCurrency: "XAF", isInternational: true });
    expect(corridorFrom(catalogue, "SN", "FR", "bank_transfer")).toMatchObject({ destinationCurrency: "EUR", minAmount: 10_000n, maxAmount: 50_000_000n });
  });

  it("prefers the destination's main currency unless one is named", () => {
    expect(corridorFrom(catalogue, "CI", "CD", "airtel")?.destinationCurrency).toBe("CDF");
    expect(corridorFrom(catalogue, "CI", "CD", "airtel", "USD")?.id).toBe("CI-XOF-CD-USD");
  });

  it("returns null for a method the corridor does not offer", () => {
    expect(corridorFrom(catalogue, "SN", "FR", "wave")).toBeNull();
    expect(corridorFrom(catalogue, "SN", "TG", "orange")).toBeNull(); // no mobile payouts in TG
    expect(corridorFrom(catalogue, "FR", "SN", "bank_transfer")).toBeNull();
    expect(corridorFrom(catalogue, "SN", "CD", "orange", "EUR")).toBeNull();
  });

  it("lists the purposes allowed: all inside the CFA zones, a stated one abroad", () => {
    expect(corridorFrom(catalogue, "SN", "CI", "wave")!.purposes).toEqual(["SALARY", "INVOICE", "SERVICES", "GOODS", "FAMILY_SUPPORT", "EDUCATION", "OTHER"]);
    expect(corridorFrom(catalogue, "SN", "IN", "bank_transfer")!.purposes).not.toContain("OTHER");
  });
});
