import type { Db } from "@/lib/db/client";
import { getCatalogue } from "./get-catalogue";

/**
 * Whether `purpose` (any case: "salary" and "SALARY" are the same code) is allowed on some
 * active corridor from `source` to `destination` (optionally in `destinationCurrency`).
 */
export async function isPurposeAllowed(
  source: string,
  destination: string,
  purpose: string,
  options: { destinationCurrency?: string; db?: Db } = {},
): Promise<boolean> {
  const code = purpose.trim().toUpperCase();
  return (await getCatalogue(options.db)).corridors.some(
    (c) =>
      c.sourceCountry === source &&
      c.destinationCountry === destination &&
      (options.destinationCurrency === undefined || c.destinationCurrency === options.destinationCurrency) &&
      c.purposes.includes(code),
  );
}
