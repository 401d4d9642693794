import type { CurrencyCode } from "@/lib/money";

/**
 * The catalogue the platform starts with (sandbox and first production start). seedReferenceData
 * inserts what is missing and never overwrites a row, so an operator's edit (ops CLI) survives
 * restarts. Amounts are integer minor units: XOF/XAF have 0 decimals, CDF/USD/EUR/MAD/INR 2.
 * Sources for phone plans: ITU-T E.164 assignments and the national numbering plans (Benin moved
 * to 10 digits in November 2024, Côte d'Ivoire in January 2021).
 */
export type Direction = "collect" | "payout";
export type ProviderKind = "mobile_money" | "bank_transfer" | "crypto";

export type SeedCountry = {
  code: string;
  name: string;
  currency: CurrencyCode;
  phonePrefix: string;
  nationalNumberLength: number;
  active: boolean;
};

export type SeedProvider = { code: string; name: string; kind: ProviderKind; color: string; basePriority: number };

export type SeedChannel = {
  providerCode: string;
  countryCode: string;
  currency: CurrencyCode;
  direction: Direction;
  minAmount: bigint;
  maxAmount: bigint;
};

export type SeedCorridor = {
  sourceCountry: string;
  sourceCurrency: CurrencyCode;
  destinationCountry: string;
  destinationCurrency: CurrencyCode;
  methods: string[];
  minAmount: bigint;
  maxAmount: bigint;
  isInternational: boolean;
  purposes: string[];
};

export type SeedPayoutTariff = {
  method: string;
  type: "c2c" | "b2b";
  scope: "domestic" | "international";
  percent: string;
  minimumXof: bigint;
  flatXof: bigint;
};

// ── Countries ────────────────────────────────────────────────────────────────────────────────
/** The 14 collect countries (XOF then XAF zone), then payout-only corridor destinations. */
export const SEED_COUNTRIES: SeedCountry[] = [
  { code: "SN", name: "Senegal", currency: "XOF", phonePrefix: "+221", nationalNumberLength: 9, active: true },
  { code: "CI", name: "Côte d'Ivoire", currency: "XOF", phonePrefix: "+225", nationalNumberLength: 10, active: true },
  { code: "BJ", name: "Benin", currency: "XOF", phonePrefix: "+229", nationalNumberLength: 10, active: true },
  { code: "BF", name: "Burkina Faso", currency: "XOF", phonePrefix: "+226", nationalNumberLength: 8, active: true },
  { code: "ML", name: "Mali", currency: "XOF", phonePrefix: "+223", nationalNumberLength: 8, active: true },
  { code: "NE", name: "Niger", currency: "XOF", phonePrefix: "+227", nationalNumberLength: 8, active: true },
  { code: "TG", name: "Togo", currency: "XOF", phonePrefix: "+228", nationalNumberLength: 8, active: true },
  { code: "GW", name: "Guinea-Bissau", currency: "XOF", phonePrefix: "+245", nationalNumberLength: 9, active: true },
  { code: "CM", name: "Cameroon", currency: "XAF", phonePrefix: "+237", nationalNumberLength: 9, active: true },
  { code: "GA", name: "Gabon", currency: "XAF", phonePrefix: "+241", nationalNumberLength: 8, active: true },
  { code: "CG", name: "Republic of the Congo", currency: "XAF", phonePrefix: "+242", nationalNumberLength: 9, active: true },
  { code: "TD", name: "Chad", currency: "XAF", phonePrefix: "+235", nationalNumberLength: 8, active: true },
  { code: "CF", name: "Central African Republic", currency: "XAF", phonePrefix: "+236", nationalNumberLength: 8, active: true },
  { code: "GQ", name: "Equatorial Guinea", currency: "XAF", phonePrefix: "+240", nationalNumberLength: 9, active: true },
  { code: "CD", name: "Democratic Republic of the Congo", currency: "CDF", phonePrefix: "+243", nationalNumberLength: 9, active: false },
  { code: "MA", name: "Morocco", currency: "MAD", phonePrefix: "+212", nationalNumberLength: 9, active: false },
  { code: "IN", name: "India", currency: "INR", phonePrefix: "+91", nationalNumberLength: 10, active: false },
  { code: "FR", name: "France", currency: "EUR", phonePrefix: "+33", nationalNumberLength: 9, active: false },
  { code: "US", name: "United States", currency: "USD", phonePrefix: "+1", nationalNumberLength: 10, active: false },
];

const ACTIVE = SEED_COUNTRIES.filter((c) => c.active);

// ── Providers ────────────────────────────────────────────────────────────────────────────────
/** Eleven mobile-money operators (short codes, no country suffix), then bank transfer and crypto. */
export const SEED_PROVIDERS: SeedProvider[] = [
  { code: "wave", name: "Wave", kind: "mobile_money", color: "#1DC8F2", basePriority: 10 },
  { code: "orange", name: "Orange Money", kind: "mobile_money", color: "#FF7900", basePriority: 20 },
  { code: "mtn", name: "MTN Mobile Money", kind: "mobile_money", color: "#FFCB05", basePriority: 20 },
  { code: "tmoney", name: "T-Money", kind: "mobile_money", color: "#00A651", basePriority: 20 },
  { code: "moov", name: "Moov Money", kind: "mobile_money", color: "#0066B3", basePriority: 30 },
  { code: "airtel", name: "Airtel Money", kind: "mobile_money", color: "#E40000", basePriority: 30 },
  { code: "flooz", name: "Flooz", kind: "mobile_money", color: "#F39200", basePriority: 30 },
  { code: "free", name: "Free Money", kind: "mobile_money", color: "#CD1E25", basePriority: 40 },
  { code: "celtiis", name: "Celtiis Cash", kind: "mobile_money", color: "#FDB913", basePriority: 40 },
  { code: "emoney", name: "E-Money", kind: "mobile_money", color: "#6A1B9A", basePriority: 50 },
  { code: "coris", name: "Coris Money", kind: "mobile_money", color: "#A6192E", basePriority: 60 },
  { code: "bank_transfer", name: "Bank transfer", kind: "bank_transfer", color: "#1F3A5F", basePriority: 90 },
  { code: "crypto", name: "Crypto (USDT, USDC)", kind: "crypto", color: "#26A17B", basePriority: 95 },
];

/** Where each operator runs (collect). */
const OPERATOR_COUNTRIES: Record<string, string[]> = {
  orange: ["SN", "CI", "BF", "ML", "GW", "CM", "CF"],
  mtn: ["CI", "BJ", "CM", "CG"],
  moov: ["CI", "BJ", "BF", "ML", "NE", "GA", "TD", "CF"],
  wave: ["SN", "CI", "BF", "ML"],
  free: ["SN"],
  airtel: ["NE", "GA", "CG", "TD"],
  tmoney: ["TG"],
  flooz: ["TG"],
  emoney: ["SN"],
  celtiis: ["BJ"],
  coris: ["BF"],
};

/** Collect bounds in XOF/XAF (0 decimals, so minor = major). */
const COLLECT_BOUNDS: Record<string, [bigint, bigint]> = {
  orange: [100n, 1_000_000n],
  mtn: [100n, 1_000_000n],
  moov: [100n, 1_000_000n],
  wave: [100n, 2_000_000n],
  free: [100n, 1_000_000n],
  airtel: [100n, 1_000_000n],
  tmoney: [100n, 500_000n],
  flooz: [100n, 500_000n],
  emoney: [100n, 500_000n],
  celtiis: [100n, 500_000n],
  coris: [500n, 2_000_000n],
  bank_transfer: [1_000n, 50_000_000n],
  crypto: [1_000n, 10_000_000n],
};

/** The five operators that pay out, with their XOF/XAF payout bounds. */
export const PAYOUT_OPERATORS = ["orange", "mtn", "moov", "wave", "airtel"] as const;
const PAYOUT_BOUNDS: Record<string, [bigint, bigint]> = {
  orange: [500n, 1_000_000n],
  mtn: [500n, 1_000_000n],
  moov: [500n, 1_000_000n],
  wave: [500n, 1_500_000n],
  airtel: [500n, 1_000_000n],
  bank_transfer: [5_000n, 100_000_000n],
};

/** Payout channels outside the two CFA zones: [provider, country, currency, min, max]. */
const FOREIGN_PAYOUT_CHANNELS: [string, string, CurrencyCode, bigint, bigint][] = [
  ["orange", "CD", "CDF", 100_000n, 500_000_000n], // 1,000.00 – 5,000,000.00 CDF
  ["orange", "CD", "USD", 100n, 250_000n], // 1.00 – 2,500.00 USD
  ["airtel", "CD", "CDF", 100_000n, 500_000_000n],
  ["airtel", "CD", "USD", 100n, 250_000n],
  ["bank_transfer", "CD", "CDF", 1_000_000n, 5_000_000_000n], // 10,000.00 – 50,000,000.00 CDF
  ["bank_transfer", "CD", "USD", 1_000n, 10_000_000n], // 10.00 – 100,000.00 USD
  ["bank_transfer", "MA", "MAD", 10_000n, 50_000_000n], // 100.00 – 500,000.00 MAD
  ["bank_transfer", "IN", "INR", 50_000n, 500_000_000n], // 500.00 – 5,000,000.00 INR
  ["bank_transfer", "FR", "EUR", 1_000n, 10_000_000n], // 10.00 – 100,000.00 EUR
  ["bank_transfer", "US", "USD", 1_000n, 10_000_000n], // 10.00 – 100,000.00 USD
];

function buildChannels(): SeedChannel[] {
  const out: SeedChannel[] = [];
  const add = (providerCode: string, countryCode: string, currency: CurrencyCode, direction: Direction, [min, max]: [bigint, bigint]) =>
    out.push({ providerCode, countryCode, currency, direction, minAmount: min, maxAmount: max });

  for (const country of ACTIVE) {
    for (const [operator, countries] of Object.entries(OPERATOR_COUNTRIES)) {
      if (!countries.includes(country.code)) continue;
      add(operator, country.code, country.currency, "collect", COLLECT_BOUNDS[operator]);
      if (operator in PAYOUT_BOUNDS) add(operator, country.code, country.currency, "payout", PAYOUT_BOUNDS[operator]);
    }
    add("bank_transfer", country.code, country.currency, "collect", COLLECT_BOUNDS.bank_transfer);
    add("bank_transfer", country.code, country.currency, "payout", PAYOUT_BOUNDS.bank_transfer);
    add("crypto", country.code, country.currency, "collect", COLLECT_BOUNDS.crypto);
    // Crypto is priced in USD too: 2.00 – 20,000.00 USD.
    add("crypto", country.code, "USD", "collect", [200n, 2_000_000n]);
  }
  // Euro bank collections for the two largest markets: 10.00 – 100,000.00 EUR.
  for (const cc of ["SN", "CI"]) add("bank_transfer", cc, "EUR", "collect", [1_000n, 10_000_000n]);
  for (const [provider, cc, currency, min, max] of FOREIGN_PAYOUT_CHANNELS) add(provider, cc, currency, "payout", [min, max]);
  return out;
}

export const SEED_CHANNELS: SeedChannel[] = buildChannels();

// ── Purposes and corridors ───────────────────────────────────────────────────────────────────
export const SEED_PURPOSES = [
  { code: "SALARY", label: "Salary", description: "Wages or salary paid to an employee or contractor." },
  { code: "INVOICE", label: "Invoice payment", description: "Settlement of an invoice issued by the beneficiary." },
  { code: "SERVICES", label: "Services", description: "Payment for services rendered by the beneficiary." },
  { code: "GOODS", label: "Goods", description: "Payment for goods bought from the beneficiary." },
  { code: "FAMILY_SUPPORT", label: "Family support", description: "Money sent to support relatives." },
  { code: "EDUCATION", label: "Education", description: "School or university fees and related costs." },
  { code: "OTHER", label: "Other", description: "Any other lawful purpose; may be reviewed." },
] as const;

const ALL_PURPOSES = SEED_PURPOSES.map((p) => p.code);
/** Outside the two CFA zones a transfer must state a specific purpose: OTHER is not accepted. */
const FOREIGN_PURPOSES = ALL_PURPOSES.filter((p) => p !== "OTHER");

function payoutMethodsIn(country: string, currency: CurrencyCode): string[] {
  const methods = SEED_CHANNELS.filter((c) => c.direction === "payout" && c.countryCode === country && c.currency === currency).map(
    (c) => c.providerCode,
  );
  // Mobile money first (in the order of PAYOUT_OPERATORS), bank transfer last.
  const rank = (m: string) => (m === "bank_transfer" ? 99 : PAYOUT_OPERATORS.indexOf(m as (typeof PAYOUT_OPERATORS)[number]));
  return [...new Set(methods)].sort((a, b) => rank(a) - rank(b));
}

/** Corridor bounds, in minor units of the source currency (XOF/XAF). */
const CORRIDOR_BOUNDS = {
  domestic: [500n, 10_000_000n],
  regional: [1_000n, 5_000_000n],
  mobileAbroad: [5_000n, 5_000_000n],
  bankAbroad: [10_000n, 50_000_000n],
} as const;

const FOREIGN_DESTINATIONS: [string, CurrencyCode][] = [
  ["CD", "CDF"],
  ["CD", "USD"],
  ["MA", "MAD"],
  ["IN", "INR"],
  ["FR", "EUR"],
  ["US", "USD"],
];

function buildCorridors(): SeedCorridor[] {
  const out: SeedCorridor[] = [];
  for (const source of ACTIVE) {
    // Domestic first, then regional (inside and across the XOF and XAF zones), then abroad.
    for (const destination of [source, ...ACTIVE.filter((c) => c.code !== source.code)]) {
      const domestic = destination.code === source.code;
      const [min, max] = domestic ? CORRIDOR_BOUNDS.domestic : CORRIDOR_BOUNDS.regional;
      out.push({
        sourceCountry: source.code,
        sourceCurrency: source.currency,
        destinationCountry: destination.code,
        destinationCurrency: destination.currency,
        methods: payoutMethodsIn(destination.code, destination.currency),
        minAmount: min,
        maxAmount: max,
        isInternational: !domestic,
        purposes: ALL_PURPOSES,
      });
    }
    for (const [country, currency] of FOREIGN_DESTINATIONS) {
      const methods = payoutMethodsIn(country, currency);
      const [min, max] = methods.length > 1 ? CORRIDOR_BOUNDS.mobileAbroad : CORRIDOR_BOUNDS.bankAbroad;
      out.push({
        sourceCountry: source.code,
        sourceCurrency: source.currency,
        destinationCountry: country,
        destinationCurrency: currency,
        methods,
        minAmount: min,
        maxAmount: max,
        isInternational: true,
        purposes: FOREIGN_PURPOSES,
      });
    }
  }
  return out;
}

export const SEED_CORRIDORS: SeedCorridor[] = buildCorridors();

// ── FX ───────────────────────────────────────────────────────────────────────────────────────
/**
 * Sandbox mid rates, 1 unit of the first currency in XOF (EUR is the CFA peg, 655.957). Every
 * other pair is derived through XOF (XAF at parity); operators set direct pairs with `fx:set`.
 */
export const SEED_FX_RATES: { base: CurrencyCode; quote: CurrencyCode; midRate: string }[] = [
  { base: "USD", quote: "XOF", midRate: "600" },
  { base: "EUR", quote: "XOF", midRate: "655.957" },
  { base: "MAD", quote: "XOF", midRate: "60.5" },
  { base: "INR", quote: "XOF", midRate: "7.2" },
  { base: "CDF", quote: "XOF", midRate: "0.21" },
];

export const DEFAULT_SPREAD_PERCENT = "1.5";
/** Spread rows; "*"/"*" is the default. Pairs are stored in alphabetical order. */
export const SEED_FX_SPREADS = [
  { base: "*", quote: "*", spreadPercent: DEFAULT_SPREAD_PERCENT, parity: false },
  { base: "XAF", quote: "XOF", spreadPercent: "0", parity: true },
];

// ── Tariffs ──────────────────────────────────────────────────────────────────────────────────
/**
 * Payout fees in XOF (DESIGN §8): mobile money is a percentage with a minimum; bank transfers
 * (domestic) and SWIFT (international bank transfers) are flat.
 */
export const SEED_PAYOUT_TARIFFS: SeedPayoutTariff[] = [
  { method: "mobile_money", type: "c2c", scope: "domestic", percent: "1", minimumXof: 100n, flatXof: 0n },
  { method: "mobile_money", type: "b2b", scope: "domestic", percent: "0.8", minimumXof: 500n, flatXof: 0n },
  { method: "mobile_money", type: "c2c", scope: "international", percent: "2.5", minimumXof: 1_000n, flatXof: 0n },
  { method: "mobile_money", type: "b2b", scope: "international", percent: "2", minimumXof: 2_000n, flatXof: 0n },
  { method: "bank_transfer", type: "c2c", scope: "domestic", percent: "0", minimumXof: 0n, flatXof: 1_000n },
  { method: "bank_transfer", type: "b2b", scope: "domestic", percent: "0", minimumXof: 0n, flatXof: 1_500n },
  { method: "bank_transfer", type: "c2c", scope: "international", percent: "0", minimumXof: 0n, flatXof: 15_000n },
  { method: "bank_transfer", type: "b2b", scope: "international", percent: "0", minimumXof: 0n, flatXof: 20_000n },
];

/** Collect fee, percent of the collected amount, per provider. */
export const SEED_COLLECT_TARIFFS: { providerCode: string; percent: string }[] = [
  { providerCode: "wave", percent: "1" },
  { providerCode: "orange", percent: "1.5" },
  { providerCode: "mtn", percent: "1.5" },
  { providerCode: "tmoney", percent: "1.5" },
  { providerCode: "moov", percent: "1.5" },
  { providerCode: "airtel", percent: "1.5" },
  { providerCode: "flooz", percent: "1.5" },
  { providerCode: "free", percent: "1.5" },
  { providerCode: "celtiis", percent: "1.5" },
  { providerCode: "emoney", percent: "1.75" },
  { providerCode: "coris", percent: "1.75" },
  { providerCode: "bank_transfer", percent: "0.8" },
  { providerCode: "crypto", percent: "1" },
];
