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
  ];
  const inserted = counts.reduce((sum, c) => sum + c.count, 0);
  if (inserted > 0) {
    invalidateReferenceCache();
    log.info("reference data seeded", { inserted });
  }
  return { inserted };
}

async function missingFxPairs<R extends { baseCurrency: string; quoteCurrency: string }>(prisma: Db, seed: R[]): Promise<R[]> {
  const existing = await prisma.fxRate.findMany({ select: { baseCurrency: true, quoteCurrency: true } });
  const present = new Set(existing.map((r) => pairKey(r.baseCurrency, r.quoteCurrency)));
  return seed.filter((r) => !present.has(pairKey(r.baseCurrency, r.quoteCurrency)));
}
