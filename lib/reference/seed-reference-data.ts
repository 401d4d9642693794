import { getPrisma, type Db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { pairKey } from "./catalogue-types";
import { invalidateReferenceCache } from "./get-catalogue";
import { seedRows } from "./seed-rows";

/**
 * Inserts the seed catalogue (catalogue-seed.ts) where rows are missing. Idempotent and safe to
 * run concurrently (INSERT … ON CONFLICT DO NOTHING), so every start-up calls it. It never
 * updates an existing row: an operator's change made with the ops CLI survives a restart.
 * An FX pair counts as present in either direction (fx:set may have replaced USD→XOF by XOF→USD).
 */
export async function seedReferenceData(db?: Db): Promise<{ inserted: number }> {
  const prisma = db ?? (await getPrisma());
  const missing = await missingSeedRows(prisma);
  const skipDuplicates = true;
  // Only the rows whose key is not there yet are sent: a start (or a test file) on a seeded
  // database reads the keys and writes nothing, instead of offering thousands of rows to
  // ON CONFLICT. skipDuplicates still settles two starts seeding at once.
  const create = async <R>(data: R[], write: (data: R[]) => Promise<{ count: number }>) => (data.length ? write(data) : { count: 0 });
  // In foreign-key order; one INSERT per table that lacks rows.
  const counts = [
    await create(missing.countries, (data) => prisma.country.createMany({ data, skipDuplicates })),
    await create(missing.providers, (data) => prisma.paymentProvider.createMany({ data, skipDuplicates })),
    await create(missing.channels, (data) => prisma.paymentChannel.createMany({ data, skipDuplicates })),
    await create(missing.purposes, (data) => prisma.purpose.createMany({ data, skipDuplicates })),
    await create(missing.corridors, (data) => prisma.corridor.createMany({ data, skipDuplicates })),
    await create(missing.corridorPurposes, (data) => prisma.corridorPurpose.createMany({ data, skipDuplicates })),
    await create(missing.fxRates, (data) => prisma.fxRate.createMany({ data, skipDuplicates })),
    await create(missing.fxSpreads, (data) => prisma.fxSpread.createMany({ data, skipDuplicates })),
    await create(missing.payoutTariffs, (data) => prisma.payoutFeeTariff.createMany({ data, skipDuplicates })),
    await create(missing.collectTariffs, (data) => prisma.collectFeeTariff.createMany({ data, skipDuplicates })),
    await create(missing.numberingPlans, (data) => prisma.numberingPlan.createMany({ data, skipDuplicates })),
    await create(missing.numberingPrefixes, (data) => prisma.numberingPrefix.createMany({ data, skipDuplicates })),
  ];
  const inserted = counts.reduce((sum, c) => sum + c.count, 0);
  if (inserted > 0) {
    invalidateReferenceCache();
    log.info("reference data seeded", { inserted });
  }
  return { inserted };
}

type SeedRows = ReturnType<typeof seedRows>;

/**
 * The seed's rows that the database lacks, per table (what seedReferenceData inserts, and what
 * `ops reference:sync` reports it would add). A country's numbering plan counts whole, once:
 * only for countries that have no plan row yet; prefixes are not compared one by one, or a prefix
 * ops removed (numbering:remove) would come back at the next start.
 */
export async function missingSeedRows(db?: Db): Promise<SeedRows> {
  const prisma = db ?? (await getPrisma());
  const rows = seedRows();
  const missing = <R>(seed: R[], present: string[], key: (row: R) => string) => {
    const have = new Set(present);
    return seed.filter((row) => !have.has(key(row)));
  };
  const existingPlans = new Set((await prisma.numberingPlan.findMany({ select: { countryCode: true } })).map((p) => p.countryCode));
  const plans = rows.numberingPlans.filter((p) => !existingPlans.has(p.countryCode));
  const seededPlans = new Set(plans.map((p) => p.countryCode));
  return {
    countries: missing(rows.countries, (await prisma.country.findMany({ select: { code: true } })).map((r) => r.code), (r) => r.code),
    providers: missing(rows.providers, (await prisma.paymentProvider.findMany({ select: { code: true } })).map((r) => r.code), (r) => r.code),
    channels: missing(rows.channels, (await prisma.paymentChannel.findMany({ select: { id: true } })).map((r) => r.id), (r) => r.id),
    purposes: missing(rows.purposes, (await prisma.purpose.findMany({ select: { code: true } })).map((r) => r.code), (r) => r.code),
    corridors: missing(rows.corridors, (await prisma.corridor.findMany({ select: { id: true } })).map((r) => r.id), (r) => r.id),
    corridorPurposes: missing(
      rows.corridorPurposes,
      (await prisma.corridorPurpose.findMany({ select: { corridorId: true, purposeCode: true } })).map((r) => `${r.corridorId}|${r.purposeCode}`),
      (r) => `${r.corridorId}|${r.purposeCode}`,
    ),
    fxRates: await missingFxPairs(prisma, rows.fxRates),
    fxSpreads: missing(
      rows.fxSpreads,
      (await prisma.fxSpread.findMany({ select: { baseCurrency: true, quoteCurrency: true } })).map((r) => `${r.baseCurrency}|${r.quoteCurrency}`),
      (r) => `${r.baseCurrency}|${r.quoteCurrency}`,
    ),
    payoutTariffs: missing(rows.payoutTariffs, (await prisma.payoutFeeTariff.findMany({ select: { id: true } })).map((r) => r.id), (r) => r.id),
    collectTariffs: missing(rows.collectTariffs, (await prisma.collectFeeTariff.findMany({ select: { id: true } })).map((r) => r.id), (r) => r.id),
    numberingPlans: plans,
    numberingPrefixes: rows.numberingPrefixes.filter((p) => seededPlans.has(p.countryCode)),
  };
}

async function missingFxPairs<R extends { baseCurrency: string; quoteCurrency: string }>(prisma: Db, seed: R[]): Promise<R[]> {
  const existing = await prisma.fxRate.findMany({ select: { baseCurrency: true, quoteCurrency: true } });
  const present = new Set(existing.map((r) => pairKey(r.baseCurrency, r.quoteCurrency)));
  return seed.filter((r) => !present.has(pairKey(r.baseCurrency, r.quoteCurrency)));
}
