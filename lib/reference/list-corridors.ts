import type { Db } from "@/lib/db/client";
import { fromMinor } from "@/lib/money";
import { getCatalogue } from "./get-catalogue";
import { resolveCountry } from "./resolve-country";

/**
 * Active payout corridors, optionally from one source and/or to one destination country.
 * minAmount/maxAmount are JSON numbers in the source currency (spec: corridor resource).
 */
export type CorridorItem = {
  sourceCountry: string;
  destinationCountry: string;
  sourceCurrency: string;
  destinationCurrency: string;
  methods: string[];
  minAmount: number;
  maxAmount: number;
  isInternational: boolean;
};

export async function listCorridors(
  filter: { sourceCountry?: string; destinationCountry?: string },
  options: { db?: Db } = {},
): Promise<CorridorItem[]> {
  const catalogue = await getCatalogue(options.db);
  const source = filter.sourceCountry === undefined ? undefined : resolveCountry(catalogue, filter.sourceCountry, "sourceCountry").code;
  const destination =
    filter.destinationCountry === undefined ? undefined : resolveCountry(catalogue, filter.destinationCountry, "destinationCountry").code;
  return catalogue.corridors
    .filter((c) => (!source || c.sourceCountry === source) && (!destination || c.destinationCountry === destination))
    .map((c) => ({
      sourceCountry: c.sourceCountry,
      destinationCountry: c.destinationCountry,
      sourceCurrency: c.sourceCurrency,
      destinationCurrency: c.destinationCurrency,
      methods: c.methods,
      minAmount: fromMinor(c.minAmount, c.sourceCurrency),
      maxAmount: fromMinor(c.maxAmount, c.sourceCurrency),
      isInternational: c.isInternational,
    }));
}
