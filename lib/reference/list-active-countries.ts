import type { Db } from "@/lib/db/client";
import { assetUrl } from "./asset-url";
import { getCatalogue } from "./get-catalogue";

/** The countries open for collect, in catalogue order, as the spec's country resource. */
export type ActiveCountry = { code: string; name: string; currency: string; phonePrefix: string; flagUrl: string | null };

export async function listActiveCountries(options: { db?: Db } = {}): Promise<ActiveCountry[]> {
  const catalogue = await getCatalogue(options.db);
  return catalogue.countries
    .filter((c) => c.active)
    .map((c) => ({
      code: c.code,
      name: c.name,
      currency: c.currency,
      phonePrefix: c.phonePrefix,
      flagUrl: assetUrl(`/flags/${c.code.toLowerCase()}.svg`),
    }));
}
