import { currencyExponent, isCurrency, type CurrencyCode } from "@/lib/money";
import { type Catalogue, type Channel, type Corridor, type Country, type NumberingPlan, channelKey, pairKey } from "./catalogue-types";

/**
 * Indexes catalogue rows (from the database, or seedRows() in unit tests) into a Catalogue.
 * Rows naming a currency lib/money does not handle are skipped: they could never be priced.
 * Inactive corridors are dropped; inactive channels are kept (look-ups say "unavailable").
 */
type DecimalValue = string | { toFixed(): string };
const dec = (d: DecimalValue) => (typeof d === "string" ? d : d.toFixed());

export type CatalogueRows = {
  countries: { code: string; name: string; currency: string; phonePrefix: string; nationalNumberLength: number; active: boolean; sortOrder: number }[];
  providers: { code: string; name: string; kind: "mobile_money" | "bank_transfer" | "crypto"; logoPath: string | null; color: string; active: boolean }[];
  channels: {
    id: string;
    providerCode: string;
    countryCode: string;
    currency: string;
    direction: "collect" | "payout";
    minAmount: bigint;
    maxAmount: bigint;
    displayName: string;
    logoPath: string | null;
    color: string;
    priority: number;
    active: boolean;
    /** Absent in rows from before the column: false. */
    wholeUnits?: boolean;
  }[];
  corridors: {
    id: string;
    sourceCountry: string;
    sourceCurrency: string;
    destinationCountry: string;
    destinationCurrency: string;
    methods: string[];
    minAmount: bigint;
    maxAmount: bigint;
    isInternational: boolean;
    active: boolean;
  }[];
  purposes: { code: string; label: string; description: string; sortOrder: number }[];
  corridorPurposes: { corridorId: string; purposeCode: string }[];
  fxRates: { baseCurrency: string; quoteCurrency: string; midRate: DecimalValue; updatedBy: string; updatedAt?: Date }[];
  fxSpreads: { baseCurrency: string; quoteCurrency: string; spreadPercent: DecimalValue; parity: boolean }[];
  payoutTariffs: {
    id: string;
    merchantId: string | null;
    method: string;
    type: "c2c" | "b2b";
    scope: "domestic" | "international";
    percent: DecimalValue;
    minimumXof: bigint;
    flatXof: bigint;
  }[];
  collectTariffs: { id: string; merchantId: string | null; providerCode: string; percent: DecimalValue }[];
  numberingPlans: { countryCode: string; trunkPrefix: string | null; source: string; confidence: string; portability: boolean }[];
  numberingPrefixes: { countryCode: string; prefix: string; operatorName: string; providerCode: string | null }[];
};

export function buildCatalogue(rows: CatalogueRows): Catalogue {
  const countries: Country[] = rows.countries
    .filter((c) => isCurrency(c.currency))
    .map((c) => ({ ...c, currency: c.currency as CurrencyCode }))
    .sort((a, b) => a.sortOrder - b.sortOrder || a.code.localeCompare(b.code));
  const countryByCode = new Map(countries.map((c) => [c.code, c]));
  const order = (code: string) => countryByCode.get(code)?.sortOrder ?? Number.MAX_SAFE_INTEGER;
  const providerActive = new Map(rows.providers.map((p) => [p.code, p.active]));

  const channels: Channel[] = rows.channels
    .filter((c) => isCurrency(c.currency) && countryByCode.has(c.countryCode))
    .map((c) => ({
      id: c.id,
      providerCode: c.providerCode,
      countryCode: c.countryCode,
      currency: c.currency as CurrencyCode,
      direction: c.direction,
      minAmount: c.minAmount,
      maxAmount: c.maxAmount,
      displayName: c.displayName,
      logoPath: c.logoPath,
      color: c.color,
      priority: c.priority,
      active: c.active && (providerActive.get(c.providerCode) ?? false),
      wholeUnits: (c.wholeUnits ?? false) || currencyExponent(c.currency as CurrencyCode) === 0,
    }))
    .sort(
      (a, b) =>
        a.priority - b.priority ||
        order(a.countryCode) - order(b.countryCode) ||
        a.providerCode.localeCompare(b.providerCode) ||
        a.currency.localeCompare(b.currency) ||
        a.direction.localeCompare(b.direction),
    );

  const purposesOf = new Map<string, string[]>();
  for (const l of rows.corridorPurposes) purposesOf.set(l.corridorId, [...(purposesOf.get(l.corridorId) ?? []), l.purposeCode]);
  const purposeOrder = new Map(rows.purposes.map((p) => [p.code, p.sortOrder]));

  const corridors: Corridor[] = rows.corridors
    .filter((c) => c.active && isCurrency(c.sourceCurrency) && isCurrency(c.destinationCurrency))
    .map((c) => ({
      id: c.id,
      sourceCountry: c.sourceCountry,
      sourceCurrency: c.sourceCurrency as CurrencyCode,
      destinationCountry: c.destinationCountry,
      destinationCurrency: c.destinationCurrency as CurrencyCode,
      methods: c.methods,
      minAmount: c.minAmount,
      maxAmount: c.maxAmount,
      isInternational: c.isInternational,
      purposes: (purposesOf.get(c.id) ?? []).sort((a, b) => (purposeOrder.get(a) ?? 0) - (purposeOrder.get(b) ?? 0)),
    }))
    .sort(
      (a, b) =>
        order(a.sourceCountry) - order(b.sourceCountry) ||
        Number(a.isInternational) - Number(b.isInternational) ||
        order(a.destinationCountry) - order(b.destinationCountry) ||
        a.destinationCurrency.localeCompare(b.destinationCurrency),
    );

  const numberingPlans = new Map<string, NumberingPlan>(
    rows.numberingPlans.map((p) => [
      p.countryCode,
      { countryCode: p.countryCode, trunkPrefix: p.trunkPrefix, source: p.source, confidence: p.confidence, portability: p.portability, prefixes: [] },
    ]),
  );
  for (const { countryCode, prefix, operatorName, providerCode } of rows.numberingPrefixes) {
    numberingPlans.get(countryCode)?.prefixes.push({ prefix, operatorName, providerCode });
  }
  // Longest first: "650" (MTN) is tried before "65" would be; the first match owns the number.
  for (const plan of numberingPlans.values()) plan.prefixes.sort((a, b) => b.prefix.length - a.prefix.length || a.prefix.localeCompare(b.prefix));

  return {
    loadedAt: Date.now(),
    countries,
    countryByCode,
    providerByCode: new Map(rows.providers.map((p) => [p.code, { ...p }])),
    channels,
    channelByKey: new Map(channels.map((c) => [channelKey(c.providerCode, c.countryCode, c.currency, c.direction), c])),
    corridors,
    purposes: [...rows.purposes].sort((a, b) => a.sortOrder - b.sortOrder || a.code.localeCompare(b.code)).map(({ code, label, description }) => ({ code, label, description })),
    fxRates: new Map(
      rows.fxRates.map((r) => [`${r.baseCurrency}/${r.quoteCurrency}`, { midRate: dec(r.midRate), updatedAt: r.updatedAt ?? new Date(0), updatedBy: r.updatedBy }]),
    ),
    fxSpreads: new Map(rows.fxSpreads.map((s) => [pairKey(s.baseCurrency, s.quoteCurrency), { spreadPercent: dec(s.spreadPercent), parity: s.parity }])),
    payoutTariffs: rows.payoutTariffs.map((t) => ({
      id: t.id,
      merchantId: t.merchantId,
      method: t.method,
      type: t.type,
      scope: t.scope,
      percent: dec(t.percent),
      minimumXof: t.minimumXof,
      flatXof: t.flatXof,
    })),
    collectTariffs: rows.collectTariffs.map((t) => ({ id: t.id, merchantId: t.merchantId, providerCode: t.providerCode, percent: dec(t.percent) })),
    numberingPlans,
  };
}
