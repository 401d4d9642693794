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
  const rows = seedRows();
  const skipDuplicates = true;
  // Only the rows whose key is not there yet are sent: a start (or a test file) on a seeded
  // database reads the keys and writes nothing, instead of offering thousands of rows to
  // ON CONFLICT. skipDuplicates still settles two starts seeding at once.
  const insert = async <R>(seed: R[], present: string[], key: (row: R) => string, create: (data: R[]) => Promise<{ count: number }>) => {
    const have = new Set(present);
    const data = seed.filter((row) => !have.has(key(row)));
    return data.length ? create(data) : { count: 0 };
  };
  // In foreign-key order; one INSERT per table that lacks rows.
  const counts = [
    await insert(rows.countries, (await prisma.country.findMany({ select: { code: true } })).map((r) => r.code), (r) => r.code, (data) => prisma.country.createMany({ data, skipDuplicates })),
    await insert(rows.providers, (await prisma.paymentProvider.findMany({ select: { code: true } })).map((r) => r.code), (r) => r.code, (data) => prisma.paymentProvider.createMany({ data, skipDuplicates })),
    await insert(rows.channels, (await prisma.paymentChannel.findMany({ select: { id: true } })).map((r) => r.id), (r) => r.id, (data) => prisma.paymentChannel.createMany({ data, skipDuplicates })),
    await insert(rows.purposes, (await prisma.purpose.findMany({ select: { code: true } })).map((r) => r.code), (r) => r.code, (data) => prisma.purpose.createMany({ data, skipDuplicates })),
    await insert(rows.corridors, (await prisma.corridor.findMany({ select: { id: true } })).map((r) => r.id), (r) => r.id, (data) => prisma.corridor.createMany({ data, skipDuplicates })),
    await insert(
      rows.corridorPurposes,
      (await prisma.corridorPurpose.findMany({ select: { corridorId: true, purposeCode: true } })).map((r) => `${r.corridorId}|${r.purposeCode}`),
      (r) => `${r.corridorId}|${r.purposeCode}`,
      (data) => prisma.corridorPurpose.createMany({ data, skipDuplicates }),
    ),
    await (async () => {
      const data = await missingFxPairs(prisma, rows.fxRates);
      return data.length ? prisma.fxRate.createMany({ data, skipDuplicates }) : { count: 0 };
    })(),
    await insert(
      rows.fxSpreads,
      (await prisma.fxSpread.findMany({ select: { baseCurrency: true, quoteCurrency: true } })).map((r) => `${r.baseCurrency}|${r.quoteCurrency}`),
      (r) => `${r.baseCurrency}|${r.quoteCurrency}`,
      (data) => prisma.fxSpread.createMany({ data, skipDuplicates }),
    ),
    await insert(rows.payoutTariffs, (await prisma.payoutFeeTariff.findMany({ select: { id: true } })).map((r) => r.id), (r) => r.id, (data) => prisma.payoutFeeTariff.createMany({ data, skipDuplicates })),
    await insert(rows.collectTariffs, (await prisma.collectFeeTariff.findMany({ select: { id: true } })).map((r) => r.id), (r) => r.id, (data) => prisma.collectFeeTariff.createMany({ data, skipDuplicates })),
    ...(await seedNumberingPlans(prisma, rows)),
  ];
  const inserted = counts.reduce((sum, c) => sum + c.count, 0);
  if (inserted > 0) {
    invalidateReferenceCache();
    log.info("reference data seeded", { inserted });
  }
  return { inserted };
}

/**
 * A country's numbering plan is seeded whole, once: only for countries that have no plan row yet.
 * Prefixes are not seeded one by one, or a prefix ops removed (numbering:remove) would come back
 * at the next start.
 */
async function seedNumberingPlans(prisma: Db, rows: ReturnType<typeof seedRows>): Promise<{ count: number }[]> {
  const existing = new Set((await prisma.numberingPlan.findMany({ select: { countryCode: true } })).map((p) => p.countryCode));
  const plans = rows.numberingPlans.filter((p) => !existing.has(p.countryCode));
  if (plans.length === 0) return [];
  const seeded = new Set(plans.map((p) => p.countryCode));
  return [
    await prisma.numberingPlan.createMany({ data: plans, skipDuplicates: true }),
    await prisma.numberingPrefix.createMany({ data: rows.numberingPrefixes.filter((p) => seeded.has(p.countryCode)), skipDuplicates: true }),
  ];
}

async function missingFxPairs<R extends { baseCurrency: string; quoteCurrency: string }>(prisma: Db, seed: R[]): Promise<R[]> {
  const existing = await prisma.fxRate.findMany({ select: { baseCurrency: true, quoteCurrency: true } });
  const present = new Set(existing.map((r) => pairKey(r.baseCurrency, r.quoteCurrency)));
  return seed.filter((r) => !present.has(pairKey(r.baseCurrency, r.quoteCurrency)));
}
