import { buildCatalogue, type CatalogueRows } from "@/lib/reference/build-catalogue";
import type { Catalogue } from "@/lib/reference/catalogue-types";
import { seedRows } from "@/lib/reference/seed-rows";

/** The seed catalogue, built in memory without a database; `edit` may change the rows first. */
export function seedCatalogue(edit?: (rows: CatalogueRows) => void): Catalogue {
  const rows: CatalogueRows = seedRows();
  edit?.(rows);
  return buildCatalogue(rows);
}
