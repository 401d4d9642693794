import { getPrisma, type Db } from "@/lib/db/client";
import { log } from "@/lib/log";
import {
  SEED_CHANNELS,
  SEED_COLLECT_TARIFFS,
  SEED_CORRIDORS,
  SEED_COUNTRIES,
  SEED_FX_RATES,
  SEED_FX_SPREADS,
  SEED_PAYOUT_TARIFFS,
  SEED_PROVIDERS,
  SEED_PURPOSES,
} from "./catalogue-seed";
import { channelId, collectTariffId, corridorId, payoutTariffId } from "./catalogue-ids";
import { invalidateReferenceCache } from "./get-catalogue";

/**
 * Inserts the seed catalogue (catalogue-seed.ts) where rows are missing. Idempotent and safe to
 * run concurrently (INSERT … ON CONFLICT DO NOTHING), so every start-up calls it. It never
 * updates an existing row: an operator's change made with the ops CLI survives a restart.
 */
export async function seedReferenceData(db?: Db): Promise<{ inserted: number }> {
  const prisma = db ?? (await getPrisma());
  const providers = new Map(SEED_PROVIDERS.map((p) => [p.code, p]));
  const counts = [
    await prisma.country.createMany({
      data: SEED_COUNTRIES.map((c, i) => ({ ...c, sortOrder: (i + 1) * 10 })),
      skipDuplicates: true,
    }),
    await prisma.paymentProvider.createMany({
      data: SEED_PROVIDERS.map((p) => ({ code: p.code, name: p.name, kind: p.kind, color: p.color, logoPath: `/logos/${p.code}.svg` })),
      skipDuplicates: true,
    }),
    await prisma.paymentChannel.createMany({
      data: SEED_CHANNELS.map((c) => {
        const p = providers.get(c.providerCode)!;
        return {
          id: channelId(c.providerCode, c.countryCode, c.currency, c.direction),
          ...c,
          displayName: p.name,
          logoPath: `/logos/${p.code}.svg`,
          color: p.color,
          priority: p.basePriority,
        };
      }),
      skipDuplicates: true,
    }),
    await prisma.purpose.createMany({
      data: SEED_PURPOSES.map((p, i) => ({ ...p, sortOrder: (i + 1) * 10 })),
      skipDuplicates: true,
    }),
    await prisma.corridor.createMany({
      data: SEED_CORRIDORS.map(({ purposes: _, ...c }) => ({ id: corridorId(c), ...c })),
      skipDuplicates: true,
    }),
    await prisma.corridorPurpose.createMany({
      data: SEED_CORRIDORS.flatMap((c) => c.purposes.map((purposeCode) => ({ corridorId: corridorId(c), purposeCode }))),
      skipDuplicates: true,
    }),
    await prisma.fxRate.createMany({
      data: SEED_FX_RATES.map((r) => ({ baseCurrency: r.base, quoteCurrency: r.quote, midRate: r.midRate })),
      skipDuplicates: true,
    }),
    await prisma.fxSpread.createMany({
      data: SEED_FX_SPREADS.map((s) => ({ baseCurrency: s.base, quoteCurrency: s.quote, spreadPercent: s.spreadPercent, parity: s.parity })),
      skipDuplicates: true,
    }),
    await prisma.payoutFeeTariff.createMany({
      data: SEED_PAYOUT_TARIFFS.map((t) => ({ id: payoutTariffId(null, t.method, t.type, t.scope), merchantId: null, ...t })),
      skipDuplicates: true,
    }),
    await prisma.collectFeeTariff.createMany({
      data: SEED_COLLECT_TARIFFS.map((t) => ({ id: collectTariffId(null, t.providerCode), merchantId: null, ...t })),
      skipDuplicates: true,
    }),
  ];
  const inserted = counts.reduce((sum, c) => sum + c.count, 0);
  if (inserted > 0) {
    invalidateReferenceCache();
    log.info("reference data seeded", { inserted });
  }
  return { inserted };
}
