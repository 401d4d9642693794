import { AppError } from "@/lib/errors";
import type { Catalogue, Country } from "./catalogue-types";

/**
 * A country code from a query parameter, checked against the catalogue (case-insensitive).
 * Throws AppError `invalid_country` (400) naming the parameter and the accepted codes.
 */
export function resolveCountry(catalogue: Catalogue, value: string, param: string): Country {
  const country = catalogue.countryByCode.get(value.trim().toUpperCase());
  if (!country) {
    const codes = catalogue.countries.map((c) => c.code).join(", ");
    throw new AppError("invalid_country", `Unknown ${param} "${value}": use an ISO 3166-1 alpha-2 code this API serves (${codes}).`, {
      details: [{ path: `query.${param}`, message: `unknown country "${value}"` }],
    });
  }
  return country;
}
