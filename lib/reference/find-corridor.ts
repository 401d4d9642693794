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
  const candidates = catalogue.corridors
    .filter(
      (c) =>
        c.sourceCountry === source &&
        c.destinationCountry === destination &&
        c.methods.includes(method) &&
        (destinationCurrency === undefined || c.destinationCurrency === destinationCurrency),
    )
    .sort((a, b) => Number(b.destinationCurrency === main) - Number(a.destinationCurrency === main));
  return candidates[0] ?? null;
}
