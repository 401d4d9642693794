import type { Db } from "@/lib/db/client";
import type { Catalogue, Corridor } from "./catalogue-types";
import { getCatalogue } from "./get-catalogue";

/**
 * The active corridor from `source` to `destination` that offers `method` (a provider code or
 * `bank_transfer`), or null. With no `destinationCurrency`, the destination country's main
 * currency is preferred (CD: CDF before USD).
 */
export async function findCorridor(
  source: string,
  destination: string,
  method: string,
  options: { destinationCurrency?: string; db?: Db } = {},
): Promise<Corridor | null> {
  return corridorFrom(await getCatalogue(options.db), source, destination, method, options.destinationCurrency);
}

export function corridorFrom(catalogue: Catalogue, source: string, destination: string, method: string, destinationCurrency?: string): Corridor | null {
  const main = catalogue.countryByCode.get(destination)?.currency;
  const candidates = (byRoute(catalogue.corridors).get(`${source}>${destination}`) ?? NONE)
    .filter((c) => c.methods.includes(method) && (destinationCurrency === undefined || c.destinationCurrency === destinationCurrency))
    .sort((a, b) => Number(b.destinationCurrency === main) - Number(a.destinationCurrency === main));
  return candidates[0] ?? null;
}

const NONE: Corridor[] = [];

/**
 * The corridors by source and destination country, in the catalogue's order, built once per
 * catalogue (a loaded catalogue is never changed, get-catalogue.ts replaces it whole): a quote
 * or a legacy payout looked its corridor up in all of them, up to three times.
 */
const routes = new WeakMap<readonly Corridor[], Map<string, Corridor[]>>();
function byRoute(corridors: readonly Corridor[]): Map<string, Corridor[]> {
  let index = routes.get(corridors);
  if (!index) {
    index = new Map();
    for (const c of corridors) {
      const key = `${c.sourceCountry}>${c.destinationCountry}`;
      const list = index.get(key);
      if (list) list.push(c);
      else index.set(key, [c]);
    }
    routes.set(corridors, index);
  }
  return index;
}
