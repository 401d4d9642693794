import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isCurrency } from "@/lib/money";
import {
  EAST_AFRICA_GHANA_SPREAD_PERCENT,
  SEED_CHANNELS,
  SEED_COLLECT_TARIFFS,
  SEED_CORRIDORS,
  SEED_COUNTRIES,
  SEED_FX_SPREADS,
  SEED_PAYOUT_TARIFFS,
  SEED_PROVIDERS,
  SEED_PURPOSES,
} from "@/lib/reference/catalogue-seed";
import { fxRateFrom } from "@/lib/reference/get-fx-rate";
import { payoutFeeFrom } from "@/lib/reference/payout-fee-xof";
import { EAST_AFRICA_GHANA_CODES, MOBILE_MONEY_CODES, ORIGINAL_MOBILE_MONEY_CODES, PAYOUT_OPERATORS, PROVIDER_CODES } from "@/lib/reference/provider-codes";
import { seedRows } from "@/lib/reference/seed-rows";
import { seedCatalogue } from "./test-catalogue";

/** The seed catalogue must hold together: a mistake here would surface as a payment failing. */
const countries = new Map(SEED_COUNTRIES.map((c) => [c.code, c]));
const providers = new Map(SEED_PROVIDERS.map((p) => [p.code, p]));
const catalogue = seedCatalogue();

describe("countries", () => {
  it("are the 14 XOF and XAF collect countries, the corridor destinations, then East Africa and Ghana", () => {
    const active = SEED_COUNTRIES.filter((c) => c.active);
    const cfa = ["SN", "CI", "BJ", "BF", "ML", "NE", "TG", "GW", "CM", "GA", "CG", "TD", "CF", "GQ"];
    expect(active.map((c) => c.code)).toEqual([...cfa, "KE", "UG", "TZ", "RW", "ZM", "GH"]);
    for (const c of active.filter((c) => cfa.includes(c.code))) expect(["XOF", "XAF"]).toContain(c.currency);
    expect(Object.fromEntries(active.filter((c) => !cfa.includes(c.code)).map((c) => [c.code, c.currency]))).toEqual({
      KE: "KES", UG: "UGX", TZ: "TZS", RW: "RWF", ZM: "ZMW", GH: "GHS",
    });
    expect(SEED_COUNTRIES.filter((c) => !c.active).map((c) => c.code)).toEqual(["CD", "MA", "IN", "FR", "US"]);
  });

  it("have a currency we handle, an E.164 calling code and a plausible national length", () => {
    for (const c of SEED_COUNTRIES) {
      expect(isCurrency(c.currency), c.code).toBe(true);
      expect(c.phonePrefix, c.code).toMatch(/^\+[1-9]\d{0,2}$/);
      expect(c.nationalNumberLength, c.code).toBeGreaterThanOrEqual(8);
      expect(c.nationalNumberLength + c.phonePrefix.length - 1, c.code).toBeLessThanOrEqual(15);
      expect(existsSync(path.resolve("public/flags", `${c.code.toLowerCase()}.svg`)), `flag of ${c.code}`).toBe(true);
    }
  });
});

describe("providers and channels", () => {
  it("are the eleven original short lower-case operator codes, the six East African and Ghanaian ones, bank_transfer and crypto", () => {
    expect(ORIGINAL_MOBILE_MONEY_CODES).toEqual(["wave", "orange", "mtn", "tmoney", "moov", "airtel", "flooz", "free", "celtiis", "emoney", "coris"]);
    expect(EAST_AFRICA_GHANA_CODES).toEqual(["mpesa", "mixx", "halotel", "zamtel", "telecel", "at"]);
    expect(MOBILE_MONEY_CODES).toHaveLength(17);
    for (const code of MOBILE_MONEY_CODES) expect(code).toMatch(/^[a-z]{2,8}$/);
    expect(SEED_PROVIDERS.map((p) => p.code).sort()).toEqual([...PROVIDER_CODES].sort());
    expect(SEED_PROVIDERS.filter((p) => p.kind === "mobile_money").map((p) => p.code).sort()).toEqual([...MOBILE_MONEY_CODES].sort());
    for (const p of SEED_PROVIDERS) {
      expect(p.color, p.code).toMatch(/^#[0-9A-F]{6}$/);
      expect(existsSync(path.resolve("public/logos", `${p.code}.svg`)), `logo of ${p.code}`).toBe(true);
    }
  });

  it("five of the original operators pay out, and every East African and Ghanaian one", () => {
    const payoutOperators = new Set(
      SEED_CHANNELS.filter((c) => c.direction === "payout" && providers.get(c.providerCode)?.kind === "mobile_money").map((c) => c.providerCode),
    );
    expect([...payoutOperators].sort()).toEqual([...PAYOUT_OPERATORS].sort());
    expect(PAYOUT_OPERATORS.filter((p) => (ORIGINAL_MOBILE_MONEY_CODES as readonly string[]).includes(p))).toHaveLength(5);
    // Outside the CFA zones every mobile operator both collects and pays out.
    for (const c of SEED_CHANNELS.filter((c) => ["KE", "UG", "TZ", "RW", "ZM", "GH"].includes(c.countryCode) && c.providerCode !== "crypto")) {
      expect(SEED_CHANNELS.some((o) => o.providerCode === c.providerCode && o.countryCode === c.countryCode && o.direction !== c.direction), `${c.providerCode} ${c.countryCode}`).toBe(true);
    }
  });

  it("UGX and RWF bounds are whole; the others are in cents (KES 10.00 is 1000n)", () => {
    const bound = (provider: string, country: string, direction: "collect" | "payout") =>
      SEED_CHANNELS.find((c) => c.providerCode === provider && c.countryCode === country && c.direction === direction)!;
    expect(bound("mpesa", "KE", "collect")).toMatchObject({ currency: "KES", minAmount: 1_000n, maxAmount: 25_000_000n });
    expect(bound("mtn", "UG", "payout")).toMatchObject({ currency: "UGX", minAmount: 500n, maxAmount: 5_000_000n });
    expect(bound("mtn", "RW", "collect")).toMatchObject({ currency: "RWF", minAmount: 100n, maxAmount: 2_000_000n });
    expect(bound("mixx", "TZ", "collect")).toMatchObject({ currency: "TZS", minAmount: 100_000n });
    expect(bound("zamtel", "ZM", "payout")).toMatchObject({ currency: "ZMW", minAmount: 100n, maxAmount: 2_000_000n });
    expect(bound("telecel", "GH", "collect")).toMatchObject({ currency: "GHS", minAmount: 100n, maxAmount: 2_000_000n });
  });

  it("every channel names a known provider, country and currency, and has 0 < min < max", () => {
    const ids = new Set<string>();
    for (const c of SEED_CHANNELS) {
      const key = `${c.providerCode}/${c.countryCode}/${c.currency}/${c.direction}`;
      expect(ids.has(key), `duplicate ${key}`).toBe(false);
      ids.add(key);
      expect(providers.has(c.providerCode), key).toBe(true);
      expect(countries.has(c.countryCode), key).toBe(true);
      expect(isCurrency(c.currency), key).toBe(true);
      expect(c.minAmount > 0n, key).toBe(true);
      expect(c.minAmount < c.maxAmount, key).toBe(true);
    }
  });

  it("collect only happens in active countries, each of which has mobile money or at least bank and crypto", () => {
    for (const c of SEED_CHANNELS.filter((ch) => ch.direction === "collect")) expect(countries.get(c.countryCode)!.active, c.providerCode).toBe(true);
    for (const country of SEED_COUNTRIES.filter((c) => c.active)) {
      const local = SEED_CHANNELS.filter((c) => c.countryCode === country.code && c.direction === "collect" && c.currency === country.currency);
      expect(local.map((c) => c.providerCode), country.code).toEqual(expect.arrayContaining(["bank_transfer", "crypto"]));
    }
  });

  it("the database form loses no row (every row survives buildCatalogue)", () => {
    const rows = seedRows();
    expect(catalogue.channels).toHaveLength(rows.channels.length);
    expect(catalogue.corridors).toHaveLength(rows.corridors.length);
    expect(catalogue.countries).toHaveLength(rows.countries.length);
  });
});

describe("corridors", () => {
  it("are consistent: known countries, their currencies, 0 < min < max, payable methods", () => {
    const ids = new Set<string>();
    for (const c of SEED_CORRIDORS) {
      const key = `${c.sourceCountry}-${c.sourceCurrency}-${c.destinationCountry}-${c.destinationCurrency}`;
      expect(ids.has(key), `duplicate ${key}`).toBe(false);
      ids.add(key);
      const source = countries.get(c.sourceCountry);
      expect(source?.active, key).toBe(true);
      expect(c.sourceCurrency, key).toBe(source!.currency);
      expect(countries.has(c.destinationCountry), key).toBe(true);
      expect(isCurrency(c.destinationCurrency), key).toBe(true);
      expect(c.minAmount > 0n && c.minAmount < c.maxAmount, key).toBe(true);
      expect(c.isInternational, key).toBe(c.sourceCountry !== c.destinationCountry);
      expect(c.methods.length, key).toBeGreaterThan(0);
      for (const method of c.methods) {
        const channel = SEED_CHANNELS.find(
          (ch) => ch.providerCode === method && ch.countryCode === c.destinationCountry && ch.currency === c.destinationCurrency && ch.direction === "payout",
        );
        expect(channel, `${key} ${method}`).toBeDefined();
      }
      expect(c.purposes.length, key).toBeGreaterThan(0);
      for (const p of c.purposes) expect(SEED_PURPOSES.map((x) => x.code), key).toContain(p);
    }
  });

  it("cover domestic, regional and the required international destinations from every active country", () => {
    const has = (s: string, d: string, cur: string) =>
      SEED_CORRIDORS.some((c) => c.sourceCountry === s && c.destinationCountry === d && c.destinationCurrency === cur);
    const active = SEED_COUNTRIES.filter((c) => c.active);
    for (const s of active) {
      for (const d of active) expect(has(s.code, d.code, d.currency), `${s.code}→${d.code}`).toBe(true);
      for (const [d, cur] of [["CD", "CDF"], ["CD", "USD"], ["MA", "MAD"], ["IN", "INR"], ["FR", "EUR"], ["US", "USD"]]) {
        expect(has(s.code, d, cur), `${s.code}→${d} ${cur}`).toBe(true);
      }
    }
  });
});

describe("FX and tariffs", () => {
  it("every pair of currencies in use converts, XOF↔XAF at parity, East Africa and Ghana against USD/XOF/XAF at 2 %, others at the default 1.5 %", () => {
    const used = [...new Set([...SEED_CHANNELS.map((c) => c.currency), ...SEED_CORRIDORS.map((c) => c.destinationCurrency)])];
    expect(used.sort()).toEqual(["CDF", "EUR", "GHS", "INR", "KES", "MAD", "RWF", "TZS", "UGX", "USD", "XAF", "XOF", "ZMW"]);
    const eastAfricaGhana = ["GHS", "KES", "RWF", "TZS", "UGX", "ZMW"];
    for (const from of used) {
      for (const to of used) {
        const fx = fxRateFrom(catalogue, from, to);
        const parity = from === to || (from !== to && [from, to].every((c) => c === "XOF" || c === "XAF"));
        const wider = [from, to].some((c) => eastAfricaGhana.includes(c)) && [from, to].some((c) => ["USD", "XOF", "XAF"].includes(c));
        expect(fx.parity, `${from}→${to}`).toBe(parity);
        expect(fx.spreadPercent, `${from}→${to}`).toBe(parity ? "0" : wider ? EAST_AFRICA_GHANA_SPREAD_PERCENT : "1.5");
      }
    }
    expect(SEED_FX_SPREADS).toContainEqual({ base: "XAF", quote: "XOF", spreadPercent: "0", parity: true });
  });

  it("every provider has a collect tariff and every payout method is priced for c2c/b2b, domestic/international", () => {
    expect(SEED_COLLECT_TARIFFS.map((t) => t.providerCode).sort()).toEqual([...PROVIDER_CODES].sort());
    const payoutMethods = new Set(SEED_CHANNELS.filter((c) => c.direction === "payout").map((c) => c.providerCode));
    for (const method of payoutMethods) {
      for (const type of ["c2c", "b2b"] as const) {
        for (const international of [false, true]) {
          expect(payoutFeeFrom(catalogue, { amountXof: 10_000n, method, type, international }).feeXof > 0n).toBe(true);
        }
      }
    }
    for (const t of SEED_PAYOUT_TARIFFS) expect(t.minimumXof >= 0n && t.flatXof >= 0n).toBe(true);
  });
});
