import type { CurrencyCode } from "@/lib/money";

/**
 * The in-memory form of the catalogue: plain values, amounts as bigint minor units, rates and
 * percentages as decimal strings (never floats). Built by load-catalogue.ts, cached by
 * get-catalogue.ts, read by every look-up of lib/reference.
 */
export type Direction = "collect" | "payout";

export type Country = {
  code: string;
  name: string;
  currency: CurrencyCode;
  phonePrefix: string;
  nationalNumberLength: number;
  active: boolean;
  sortOrder: number;
};

export type Provider = {
  code: string;
  name: string;
  kind: "mobile_money" | "bank_transfer" | "crypto";
  logoPath: string | null;
  color: string;
  active: boolean;
};

export type Channel = {
  id: string;
  providerCode: string;
  countryCode: string;
  currency: CurrencyCode;
  direction: Direction;
  minAmount: bigint;
  maxAmount: bigint;
  displayName: string;
  logoPath: string | null;
  color: string;
  priority: number;
  /** Channel and provider both active. */
  active: boolean;
  /**
   * Whole units only: the row says so (an operator without cents in a currency that has them,
   * catalogue-seed.ts WHOLE_UNIT_CHANNELS) or the currency has no minor unit.
   */
  wholeUnits: boolean;
};

export type Corridor = {
  id: string;
  sourceCountry: string;
  sourceCurrency: CurrencyCode;
  destinationCountry: string;
  destinationCurrency: CurrencyCode;
  methods: string[];
  /** Minor units of sourceCurrency. */
  minAmount: bigint;
  maxAmount: bigint;
  isInternational: boolean;
  purposes: string[];
};

export type Purpose = { code: string; label: string; description: string };

export type FxSpread = { spreadPercent: string; parity: boolean };

export type PayoutTariff = {
  id: string;
  merchantId: string | null;
  method: string;
  type: "c2c" | "b2b";
  scope: "domestic" | "international";
  percent: string;
  minimumXof: bigint;
  flatXof: bigint;
};

export type CollectTariff = { id: string; merchantId: string | null; providerCode: string; percent: string };

/** One operator's block of national significant numbers (docs/design/provider-prediction.md). */
export type NumberingPrefix = { prefix: string; operatorName: string; providerCode: string | null };

/** A country's mobile numbering plan; prefixes longest first, so the first match is the owner. */
export type NumberingPlan = {
  countryCode: string;
  trunkPrefix: string | null;
  source: string;
  confidence: string;
  /** Numbers can move between operators: a prediction is a best guess. */
  portability: boolean;
  prefixes: NumberingPrefix[];
};

export type Catalogue = {
  loadedAt: number;
  /** In listing order. */
  countries: Country[];
  countryByCode: Map<string, Country>;
  providerByCode: Map<string, Provider>;
  /** Sorted by priority, then country order, provider code, currency. */
  channels: Channel[];
  /** Key: channelKey(provider, country, currency, direction). */
  channelByKey: Map<string, Channel>;
  /** Active corridors only, sorted by source country, domestic first, destination order. */
  corridors: Corridor[];
  purposes: Purpose[];
  /** Key "BASE/QUOTE" → mid rate (1 BASE = rate QUOTE). */
  fxRates: Map<string, { midRate: string; updatedAt: Date; updatedBy: string }>;
  /** Key: pairKey(a, b) (alphabetical) or "*|*" for the default. */
  fxSpreads: Map<string, FxSpread>;
  payoutTariffs: PayoutTariff[];
  collectTariffs: CollectTariff[];
  /** Key: country code. Countries without a plan (bank-only destinations) are absent. */
  numberingPlans: Map<string, NumberingPlan>;
};

export const channelKey = (provider: string, country: string, currency: string, direction: Direction) =>
  `${provider}|${country}|${currency}|${direction}`;

/** Unordered pair key: the two codes in alphabetical order. */
export const pairKey = (a: string, b: string) => (a <= b ? `${a}|${b}` : `${b}|${a}`);
