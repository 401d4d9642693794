import { channelId, collectTariffId, corridorId, payoutTariffId } from "./catalogue-ids";
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
import { SEED_NUMBERING_PLANS } from "./numbering-seed";
import { badgePath } from "./operator-mark-path";

/** The seed catalogue as table rows: what seedReferenceData inserts (and unit tests load). */
export function seedRows() {
  const providers = new Map(SEED_PROVIDERS.map((p) => [p.code, p]));
  return {
    countries: SEED_COUNTRIES.map((c, i) => ({ ...c, sortOrder: (i + 1) * 10 })),
    providers: SEED_PROVIDERS.map((p) => ({
      code: p.code,
      name: p.name,
      kind: p.kind,
      color: p.color,
      logoPath: badgePath(p.code),
      active: true,
    })),
    channels: SEED_CHANNELS.map((c) => {
      const p = providers.get(c.providerCode)!;
      return {
        id: channelId(c.providerCode, c.countryCode, c.currency, c.direction),
        ...c,
        wholeUnits: c.wholeUnits ?? false,
        displayName: p.name,
        logoPath: badgePath(p.code),
        color: p.color,
        priority: p.basePriority,
        active: true,
      };
    }),
    purposes: SEED_PURPOSES.map((p, i) => ({ ...p, sortOrder: (i + 1) * 10 })),
    corridors: SEED_CORRIDORS.map(({ purposes: _, ...c }) => ({ id: corridorId(c), ...c, active: true })),
    corridorPurposes: SEED_CORRIDORS.flatMap((c) => c.purposes.map((purposeCode) => ({ corridorId: corridorId(c), purposeCode }))),
    fxRates: SEED_FX_RATES.map((r) => ({ baseCurrency: r.base, quoteCurrency: r.quote, midRate: r.midRate, updatedBy: "seed" })),
    fxSpreads: SEED_FX_SPREADS.map((s) => ({ baseCurrency: s.base, quoteCurrency: s.quote, spreadPercent: s.spreadPercent, parity: s.parity })),
    payoutTariffs: SEED_PAYOUT_TARIFFS.map((t) => ({ id: payoutTariffId(null, t.method, t.type, t.scope), merchantId: null, ...t })),
    collectTariffs: SEED_COLLECT_TARIFFS.map((t) => ({ id: collectTariffId(null, t.providerCode), merchantId: null, ...t })),
    numberingPlans: SEED_NUMBERING_PLANS.map((p) => ({ countryCode: p.country, trunkPrefix: p.trunkPrefix, source: p.source, confidence: p.confidence, portability: p.portability })),
    numberingPrefixes: SEED_NUMBERING_PLANS.flatMap((p) =>
      p.operators.flatMap((o) => o.prefixes.map((prefix) => ({ countryCode: p.country, prefix, operatorName: o.name, providerCode: o.provider }))),
    ),
  };
}
