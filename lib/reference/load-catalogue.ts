import type { Db } from "@/lib/db/client";
import { buildCatalogue } from "./build-catalogue";
import type { Catalogue } from "./catalogue-types";
import { officialMarks, operatorMarkPath } from "./operator-mark-path";

/** Reads the whole catalogue (a few hundred rows) in one go; buildCatalogue indexes it. */
export async function loadCatalogue(db: Db): Promise<Catalogue> {
  const [countryRows, providerRows, channelRows, corridorRows, purposeRows, links, rateRows, spreadRows, payoutRows, collectRows, planRows, prefixRows] =
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
      db.numberingPlan.findMany(),
      db.numberingPrefix.findMany(),
    ]);
  // An operator's official logo file, where one is supplied, replaces its badge (operator-mark-path.ts).
  const official = officialMarks();
  return buildCatalogue({
    countries: countryRows,
    providers: official.size ? providerRows.map((p) => ({ ...p, logoPath: operatorMarkPath(p.code, p.logoPath, official) })) : providerRows,
    channels: official.size ? channelRows.map((c) => ({ ...c, logoPath: operatorMarkPath(c.providerCode, c.logoPath, official) })) : channelRows,
    corridors: corridorRows,
    purposes: purposeRows,
    corridorPurposes: links,
    fxRates: rateRows,
    fxSpreads: spreadRows,
    payoutTariffs: payoutRows,
    collectTariffs: collectRows,
    numberingPlans: planRows,
    numberingPrefixes: prefixRows,
  });
}
