import { type CurrencyCode, minorPerMajor } from "@/lib/money";
import { PAYOUT_OPERATORS } from "./provider-codes";

/**
 * The catalogue the platform starts with (sandbox and first production start). seedReferenceData
 * inserts what is missing and never overwrites a row, so an operator's edit (ops CLI) survives
 * restarts. Amounts are integer minor units: XOF/XAF/UGX/RWF have 0 decimals, the others 2; the
 * East African and Ghanaian tables below are written in major units and converted by `major()`,
 * so no bound can be off by a factor of 100. Sources for phone plans: ITU-T E.164 assignments and
 * the national numbering plans (numbering-seed.ts, docs/numbering-plans.md).
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
  /** Whole units only in a currency with cents (WHOLE_UNIT_CHANNELS); absent = cents accepted. */
  wholeUnits?: boolean;
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
/**
 * The 14 collect countries of the XOF and XAF zones, the payout-only corridor destinations, then
 * the six East African and Ghanaian collect countries.
 */
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
  // East Africa and Ghana, after the rows above so that their listing order (sortOrder) is unchanged.
  { code: "KE", name: "Kenya", currency: "KES", phonePrefix: "+254", nationalNumberLength: 9, active: true },
  { code: "UG", name: "Uganda", currency: "UGX", phonePrefix: "+256", nationalNumberLength: 9, active: true },
  { code: "TZ", name: "Tanzania", currency: "TZS", phonePrefix: "+255", nationalNumberLength: 9, active: true },
  { code: "RW", name: "Rwanda", currency: "RWF", phonePrefix: "+250", nationalNumberLength: 9, active: true },
  { code: "ZM", name: "Zambia", currency: "ZMW", phonePrefix: "+260", nationalNumberLength: 9, active: true },
  { code: "GH", name: "Ghana", currency: "GHS", phonePrefix: "+233", nationalNumberLength: 9, active: true },
];

const ACTIVE = SEED_COUNTRIES.filter((c) => c.active);

// ── Providers ────────────────────────────────────────────────────────────────────────────────
/**
 * The eleven original mobile-money operators (short codes, no country suffix), then bank transfer
 * and crypto, then the East African and Ghanaian operators (provider-codes.ts).
 */
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
  // East Africa and Ghana (provider-codes.ts): the wallet's name as customers know it.
  { code: "mpesa", name: "M-Pesa", kind: "mobile_money", color: "#39B54A", basePriority: 15 },
  { code: "mixx", name: "Mixx by Yas", kind: "mobile_money", color: "#1B3C8C", basePriority: 30 },
  { code: "halotel", name: "HaloPesa", kind: "mobile_money", color: "#F68B1F", basePriority: 40 },
  { code: "zamtel", name: "Zamtel Kwacha", kind: "mobile_money", color: "#00843D", basePriority: 40 },
  { code: "telecel", name: "Telecel Cash", kind: "mobile_money", color: "#D6001C", basePriority: 30 },
  { code: "at", name: "AT Money", kind: "mobile_money", color: "#0057B8", basePriority: 40 },
  { code: "bank_transfer", name: "Bank transfer", kind: "bank_transfer", color: "#1F3A5F", basePriority: 90 },
  { code: "crypto", name: "Crypto (USDT, USDC)", kind: "crypto", color: "#26A17B", basePriority: 95 },
];

/** Where each operator runs (collect). */
const OPERATOR_COUNTRIES: Record<string, string[]> = {
  orange: ["SN", "CI", "BF", "ML", "GW", "CM", "CF"],
  mtn: ["CI", "BJ", "CM", "CG", "UG", "RW", "ZM", "GH"],
  moov: ["CI", "BJ", "BF", "ML", "NE", "GA", "TD", "CF"],
  wave: ["SN", "CI", "BF", "ML"],
  free: ["SN"],
  airtel: ["NE", "GA", "CG", "TD", "KE", "UG", "TZ", "RW", "ZM"],
  tmoney: ["TG"],
  flooz: ["TG"],
  emoney: ["SN"],
  celtiis: ["BJ"],
  coris: ["BF"],
  mpesa: ["KE", "TZ"],
  mixx: ["TZ"],
  halotel: ["TZ"],
  zamtel: ["ZM"],
  telecel: ["GH"],
  at: ["GH"],
};

/** Collect bounds in the CFA zones, XOF/XAF (0 decimals, so minor = major). */
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

/** The CFA zones' payout bounds of the five original operators that pay out (provider-codes.ts). */
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

/** `amount` major units of `currency` in minor units (× 10^exponent), exactly. */
function major(amount: number, currency: CurrencyCode): bigint {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`seed amounts are whole major units, got ${amount}`);
  return BigInt(amount) * minorPerMajor(currency);
}

type MajorBounds = [min: number, max: number];
type LocalBounds = {
  /** Per operator: collect and payout bounds in major units of the country's currency. */
  operators: Record<string, { collect: MajorBounds; payout: MajorBounds }>;
  bank: { collect: MajorBounds; payout: MajorBounds };
  crypto: MajorBounds;
};

/**
 * Amount bounds outside the CFA zones, in major units of the country's currency: what each
 * operator takes per transaction for a registered wallet (published tariff and limit sheets,
 * rounded inwards; an operator's own refusal stays the last word), and the bank and crypto
 * channels on the same scale. UGX and RWF bounds are whole by construction.
 */
const LOCAL_BOUNDS: Record<string, LocalBounds> = {
  KE: {
    operators: {
      mpesa: { collect: [10, 250_000], payout: [10, 250_000] },
      airtel: { collect: [10, 150_000], payout: [10, 150_000] },
    },
    bank: { collect: [100, 5_000_000], payout: [100, 10_000_000] },
    crypto: [100, 2_000_000],
  },
  UG: {
    operators: {
      mtn: { collect: [500, 5_000_000], payout: [500, 5_000_000] },
      airtel: { collect: [500, 5_000_000], payout: [500, 5_000_000] },
    },
    bank: { collect: [5_000, 200_000_000], payout: [5_000, 400_000_000] },
    crypto: [5_000, 50_000_000],
  },
  TZ: {
    operators: {
      mpesa: { collect: [1_000, 5_000_000], payout: [1_000, 5_000_000] },
      airtel: { collect: [1_000, 5_000_000], payout: [1_000, 5_000_000] },
      mixx: { collect: [1_000, 5_000_000], payout: [1_000, 5_000_000] },
      halotel: { collect: [1_000, 3_000_000], payout: [1_000, 3_000_000] },
    },
    bank: { collect: [5_000, 100_000_000], payout: [5_000, 250_000_000] },
    crypto: [5_000, 30_000_000],
  },
  RW: {
    operators: {
      mtn: { collect: [100, 2_000_000], payout: [100, 2_000_000] },
      airtel: { collect: [100, 1_000_000], payout: [100, 1_000_000] },
    },
    bank: { collect: [1_000, 50_000_000], payout: [1_000, 100_000_000] },
    crypto: [2_000, 15_000_000],
  },
  ZM: {
    operators: {
      mtn: { collect: [1, 50_000], payout: [1, 50_000] },
      airtel: { collect: [1, 50_000], payout: [1, 50_000] },
      zamtel: { collect: [1, 20_000], payout: [1, 20_000] },
    },
    bank: { collect: [10, 1_000_000], payout: [10, 2_500_000] },
    crypto: [50, 300_000],
  },
  GH: {
    operators: {
      mtn: { collect: [1, 20_000], payout: [1, 20_000] },
      telecel: { collect: [1, 20_000], payout: [1, 20_000] },
      at: { collect: [1, 10_000], payout: [1, 10_000] },
    },
    bank: { collect: [10, 500_000], payout: [10, 1_000_000] },
    crypto: [25, 250_000],
  },
};

/**
 * Operators that move whole units only in a currency that has cents, per country, both
 * directions: a channel here refuses an amount with cents at initiate (checkChannelAmount) and a
 * conversion into it rounds down to a whole unit (compute-quote.ts). An entry is a provider code
 * (every currency it has in that country) or `provider:CURRENCY` (that currency only). Sources
 * (docs/numbering-plans.md, "Whole units"):
 * - M-Pesa Kenya: Daraja's `Amount` is whole shillings (STK push and B2C);
 * - pawaPay's providers page and active-conf: `decimalsInAmount: NONE` for the Kenyan and Tanzanian
 *   shilling wallets (`MPESA_KEN`, `AIRTEL_KEN`; `VODACOM_TZA`, `AIRTEL_TZA`, `TIGO_TZA`,
 *   `HALOTEL_TZA`) [M]; the Ghanaian and Zambian ones take `TWO_PLACES`;
 * - Orange Money DRC (`ORANGE_COD`, through pawaPay: Orange's own Web Payment API has no payouts):
 *   `NONE` in CDF, `TWO_PLACES` in USD in the active-conf our pawaPay connector and simulator are
 *   built on [L: integrators' catalogues list two places in both; see the doc]. Whole francs is
 *   the side that fails early and costs least; the USD channel keeps its cents.
 * Every route of such a channel then takes the amount, whichever connector serves it. The
 * account's active-conf stays the last word at submission (lib/connectors/pawapay: cents to a
 * NONE provider are refused, never rounded); ops corrects a row with `channel:set --whole-units`.
 * Migrations `channel_whole_units` and `orange_cd_whole_units` mark the same rows in databases
 * seeded before.
 */
export const WHOLE_UNIT_CHANNELS: Record<string, string[]> = {
  KE: ["mpesa", "airtel"],
  TZ: ["mpesa", "airtel", "mixx", "halotel"],
  CD: ["orange:CDF"],
};

/** Whether the seed marks this channel whole-unit (WHOLE_UNIT_CHANNELS), either direction. */
export function seedsWholeUnits(providerCode: string, countryCode: string, currency: string): boolean {
  const entries = WHOLE_UNIT_CHANNELS[countryCode] ?? [];
  return entries.includes(providerCode) || entries.includes(`${providerCode}:${currency}`);
}

function buildChannels(): SeedChannel[] {
  const out: SeedChannel[] = [];
  const add = (providerCode: string, countryCode: string, currency: CurrencyCode, direction: Direction, [min, max]: [bigint, bigint]) =>
    out.push({
      providerCode,
      countryCode,
      currency,
      direction,
      minAmount: min,
      maxAmount: max,
      ...(seedsWholeUnits(providerCode, countryCode, currency) ? { wholeUnits: true } : {}),
    });
  const addMajor = (providerCode: string, country: SeedCountry, direction: Direction, [min, max]: MajorBounds) =>
    add(providerCode, country.code, country.currency, direction, [major(min, country.currency), major(max, country.currency)]);

  for (const country of ACTIVE) {
    const local = LOCAL_BOUNDS[country.code];
    for (const [operator, countries] of Object.entries(OPERATOR_COUNTRIES)) {
      if (!countries.includes(country.code)) continue;
      if (local) {
        const bounds = local.operators[operator];
        if (!bounds) throw new Error(`no bounds for ${operator} in ${country.code}`);
        addMajor(operator, country, "collect", bounds.collect);
        addMajor(operator, country, "payout", bounds.payout);
        continue;
      }
      add(operator, country.code, country.currency, "collect", COLLECT_BOUNDS[operator]);
      if (operator in PAYOUT_BOUNDS) add(operator, country.code, country.currency, "payout", PAYOUT_BOUNDS[operator]);
    }
    if (local) {
      addMajor("bank_transfer", country, "collect", local.bank.collect);
      addMajor("bank_transfer", country, "payout", local.bank.payout);
      addMajor("crypto", country, "collect", local.crypto);
    } else {
      add("bank_transfer", country.code, country.currency, "collect", COLLECT_BOUNDS.bank_transfer);
      add("bank_transfer", country.code, country.currency, "payout", PAYOUT_BOUNDS.bank_transfer);
      add("crypto", country.code, country.currency, "collect", COLLECT_BOUNDS.crypto);
    }
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
const isCfa = (currency: CurrencyCode) => currency === "XOF" || currency === "XAF";

function payoutMethodsIn(country: string, currency: CurrencyCode): string[] {
  const methods = SEED_CHANNELS.filter((c) => c.direction === "payout" && c.countryCode === country && c.currency === currency).map(
    (c) => c.providerCode,
  );
  // Mobile money first (in the order of PAYOUT_OPERATORS), bank transfer last.
  const rank = (m: string) => (m === "bank_transfer" ? 99 : PAYOUT_OPERATORS.indexOf(m as (typeof PAYOUT_OPERATORS)[number]));
  return [...new Set(methods)].sort((a, b) => rank(a) - rank(b));
}

type CorridorKind = "domestic" | "regional" | "mobileAbroad" | "bankAbroad";
/**
 * Corridor bounds in major units of the source country's currency: domestic, to another collect
 * country (regional), and to the payout-only destinations by mobile money or by bank only. The
 * other currencies' rows sit near the XOF row's value (docs/numbering-plans.md, "Amounts").
 */
const CORRIDOR_BOUNDS: Record<string, Record<CorridorKind, MajorBounds>> = {
  XOF: { domestic: [500, 10_000_000], regional: [1_000, 5_000_000], mobileAbroad: [5_000, 5_000_000], bankAbroad: [10_000, 50_000_000] },
  XAF: { domestic: [500, 10_000_000], regional: [1_000, 5_000_000], mobileAbroad: [5_000, 5_000_000], bankAbroad: [10_000, 50_000_000] },
  KES: { domestic: [10, 2_000_000], regional: [100, 1_000_000], mobileAbroad: [1_000, 1_000_000], bankAbroad: [2_000, 10_000_000] },
  UGX: { domestic: [500, 50_000_000], regional: [5_000, 20_000_000], mobileAbroad: [25_000, 20_000_000], bankAbroad: [50_000, 200_000_000] },
  TZS: { domestic: [1_000, 30_000_000], regional: [2_000, 10_000_000], mobileAbroad: [20_000, 10_000_000], bankAbroad: [40_000, 100_000_000] },
  RWF: { domestic: [100, 10_000_000], regional: [1_000, 5_000_000], mobileAbroad: [10_000, 5_000_000], bankAbroad: [20_000, 50_000_000] },
  ZMW: { domestic: [5, 200_000], regional: [10, 100_000], mobileAbroad: [50, 100_000], bankAbroad: [100, 1_000_000] },
  GHS: { domestic: [5, 100_000], regional: [10, 50_000], mobileAbroad: [50, 50_000], bankAbroad: [100, 500_000] },
};

function corridorBounds(source: SeedCountry, kind: CorridorKind): [bigint, bigint] {
  const row = CORRIDOR_BOUNDS[source.currency];
  if (!row) throw new Error(`no corridor bounds for ${source.currency}`);
  const [min, max] = row[kind];
  return [major(min, source.currency), major(max, source.currency)];
}

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
    // Domestic first, then regional (every other collect country), then abroad.
    for (const destination of [source, ...ACTIVE.filter((c) => c.code !== source.code)]) {
      const domestic = destination.code === source.code;
      const [min, max] = corridorBounds(source, domestic ? "domestic" : "regional");
      out.push({
        sourceCountry: source.code,
        sourceCurrency: source.currency,
        destinationCountry: destination.code,
        destinationCurrency: destination.currency,
        methods: payoutMethodsIn(destination.code, destination.currency),
        minAmount: min,
        maxAmount: max,
        isInternational: !domestic,
        purposes: domestic || (isCfa(source.currency) && isCfa(destination.currency)) ? ALL_PURPOSES : FOREIGN_PURPOSES,
      });
    }
    for (const [country, currency] of FOREIGN_DESTINATIONS) {
      const methods = payoutMethodsIn(country, currency);
      const [min, max] = corridorBounds(source, methods.length > 1 ? "mobileAbroad" : "bankAbroad");
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
  // East Africa and Ghana, from USD rates of late 2026 (KES 129, UGX 3,690, TZS 2,600, RWF 1,430,
  // ZMW 26.7, GHS 12.4 per USD) through USD = 600 XOF.
  { base: "KES", quote: "XOF", midRate: "4.65" },
  { base: "UGX", quote: "XOF", midRate: "0.1626" },
  { base: "TZS", quote: "XOF", midRate: "0.2308" },
  { base: "RWF", quote: "XOF", midRate: "0.4196" },
  { base: "ZMW", quote: "XOF", midRate: "22.47" },
  { base: "GHS", quote: "XOF", midRate: "48.39" },
];

export const DEFAULT_SPREAD_PERCENT = "1.5";
/**
 * The East African and Ghanaian currencies against the CFA franc and the dollar: 2 %, for markets
 * with thinner liquidity (a cross between two of them takes the default).
 */
export const EAST_AFRICA_GHANA_SPREAD_PERCENT = "2";
const EAST_AFRICA_GHANA_CURRENCIES = ["GHS", "KES", "RWF", "TZS", "UGX", "ZMW"] as const;
/** Spread rows; "*"/"*" is the default. Pairs are stored in alphabetical order. */
export const SEED_FX_SPREADS = [
  { base: "*", quote: "*", spreadPercent: DEFAULT_SPREAD_PERCENT, parity: false },
  { base: "XAF", quote: "XOF", spreadPercent: "0", parity: true },
  ...EAST_AFRICA_GHANA_CURRENCIES.flatMap((c) =>
    ["USD", "XAF", "XOF"].map((other) => ({ ...(c < other ? { base: c, quote: other } : { base: other, quote: c }), spreadPercent: EAST_AFRICA_GHANA_SPREAD_PERCENT, parity: false })),
  ),
];

// ── Tariffs ──────────────────────────────────────────────────────────────────────────────────
/**
 * Payout fees in XOF (docs/design/quotes-and-payouts.md): mobile money is a percentage with a minimum; bank transfers
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
  { providerCode: "mpesa", percent: "1.5" },
  { providerCode: "mixx", percent: "1.75" },
  { providerCode: "halotel", percent: "1.75" },
  { providerCode: "zamtel", percent: "1.75" },
  { providerCode: "telecel", percent: "1.5" },
  { providerCode: "at", percent: "1.75" },
  { providerCode: "bank_transfer", percent: "0.8" },
  { providerCode: "crypto", percent: "1" },
];
