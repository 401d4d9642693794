import type { Db } from "@/lib/db/client";
import { isCurrency, type CurrencyCode } from "@/lib/money";
import { type Catalogue, type Channel, type Corridor, type Country, channelKey, pairKey } from "./catalogue-types";

/**
 * Reads the whole catalogue (a few hundred rows) in one go and indexes it. Rows naming a
 * currency lib/money does not handle are skipped: they could never be priced.
 */
type DecimalLike = { toFixed(): string };
const dec = (d: DecimalLike) => d.toFixed();

export async function loadCatalogue(db: Db): Promise<Catalogue> {
  const [countryRows, providerRows, channelRows, corridorRows, purposeRows, links, rateRows, spreadRows, payoutRows, collectRows] =
    await Promise.all([
      db.country.findMany({ orderBy: [{ sortOrder: "asc" }, { code: "asc" }] }),
      db.paymentProvider.findMany(),
      db.paymentChannel.findMany(),
      db.corridor.findMany({ where: { active: true } }),
      db.purpose.findMany({ orderBy: [{ sortOrder: "asc" }, { code: "asc" }] }),
      db.corridorPurpose.findMany(),
      db.fxRate.findMany(),
      db.fxSpread.findMany(),
      db.payoutFeeTariff.findMany(),
      db.collectFeeTariff.findMany(),
    ]);

  const countries: Country[] = countryRows
    .filter((c) => isCurrency(c.currency))
    .map((c) => ({ ...c, currency: c.currency as CurrencyCode }));
  const countryByCode = new Map(countries.map((c) => [c.code, c]));
  const order = (code: string) => countryByCode.get(code)?.sortOrder ?? Number.MAX_SAFE_INTEGER;
  const providerByCode = new Map(providerRows.map((p) => [p.code, p]));

  const channels: Channel[] = channelRows
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
      active: c.active && (providerByCode.get(c.providerCode)?.active ?? false),
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
  for (const l of links) purposesOf.set(l.corridorId, [...(purposesOf.get(l.corridorId) ?? []), l.purposeCode]);
  const purposeOrder = new Map(purposeRows.map((p, i) => [p.code, i]));

  const corridors: Corridor[] = corridorRows
    .filter((c) => isCurrency(c.sourceCurrency) && isCurrency(c.destinationCurrency))
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

  return {
    loadedAt: Date.now(),
    countries,
    countryByCode,
    providerByCode,
    channels,
    channelByKey: new Map(channels.map((c) => [channelKey(c.providerCode, c.countryCode, c.currency, c.direction), c])),
    corridors,
    purposes: purposeRows.map(({ code, label, description }) => ({ code, label, description })),
    fxRates: new Map(
      rateRows.map((r) => [`${r.baseCurrency}/${r.quoteCurrency}`, { midRate: dec(r.midRate), updatedAt: r.updatedAt, updatedBy: r.updatedBy }]),
    ),
    fxSpreads: new Map(spreadRows.map((s) => [pairKey(s.baseCurrency, s.quoteCurrency), { spreadPercent: dec(s.spreadPercent), parity: s.parity }])),
    payoutTariffs: payoutRows.map((t) => ({ ...t, percent: dec(t.percent) })),
    collectTariffs: collectRows.map((t) => ({ id: t.id, merchantId: t.merchantId, providerCode: t.providerCode, percent: dec(t.percent) })),
  };
}
