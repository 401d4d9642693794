import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { Purpose } from "./catalogue-types";
import { getCatalogue } from "./get-catalogue";
import { resolveCountry } from "./resolve-country";

/**
 * Transfer purposes allowed from `sourceCountry` to `destinationCountry` (on any of the pair's
 * active corridors), in catalogue order. Unknown country: 400 `invalid_country`; no corridor
 * between the two: 400 `corridor_unsupported`.
 */
export async function listPurposes(
  filter: { sourceCountry: string; destinationCountry: string },
  options: { db?: Db } = {},
): Promise<Purpose[]> {
  const catalogue = await getCatalogue(options.db);
  const source = resolveCountry(catalogue, filter.sourceCountry, "sourceCountry").code;
  const destination = resolveCountry(catalogue, filter.destinationCountry, "destinationCountry").code;
  const corridors = catalogue.corridors.filter((c) => c.sourceCountry === source && c.destinationCountry === destination);
  if (corridors.length === 0) {
    throw new AppError(
      "corridor_unsupported",
      `No payout corridor from ${source} to ${destination}. See GET /payouts/reference/corridors?sourceCountry=${source}.`,
    );
  }
  const allowed = new Set(corridors.flatMap((c) => c.purposes));
  return catalogue.purposes.filter((p) => allowed.has(p.code));
}
