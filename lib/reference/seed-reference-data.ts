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
  // In foreign-key order; one INSERT per table.
  const counts = [
    await prisma.country.createMany({ data: rows.countries, skipDuplicates }),
    await prisma.paymentProvider.createMany({ data: rows.providers, skipDuplicates }),
    await prisma.paymentChannel.createMany({ data: rows.channels, skipDuplicates }),
    await prisma.purpose.createMany({ data: rows.purposes, skipDuplicates }),
    await prisma.corridor.createMany({ data: rows.corridors, skipDuplicates }),
    await prisma.corridorPurpose.createMany({ data: rows.corridorPurposes, skipDuplicates }),
    await prisma.fxRate.createMany({ data: await missingFxPairs(prisma, rows.fxRates), skipDuplicates }),
    await prisma.fxSpread.createMany({ data: rows.fxSpreads, skipDuplicates }),
    await prisma.payoutFeeTariff.createMany({ data: rows.payoutTariffs, skipDuplicates }),
    await prisma.collectFeeTariff.createMany({ data: rows.collectTariffs, skipDuplicates }),
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
