import { AppError } from "@/lib/errors";
import type { Catalogue, Country } from "./catalogue-types";

/**
 * A phone number as people write it → its country and national significant number (NSN, the
 * digits after the calling code) and its E.164 form. Accepted (docs/numbering-plans.md "Parsing"):
 * `+CC…`, `00CC…`, `CC…` (digits only, when they fit the country's length exactly) and national
 * forms (with `country`); spaces, dots, dashes, slashes and brackets are formatting. A trunk
 * prefix is dropped only where the country's plan has one (CD, GA: "0"); in CI, BJ and CG the
 * leading 0 is part of the number. Benin's old 8-digit mobiles gain "01" (renumbered 2024);
 * Côte d'Ivoire's old 8-digit numbers are refused (01/05/07 cannot be inferred reliably).
 * Every refusal is an AppError `invalid_phone` (or `invalid_country`) a client can show; messages
 * never repeat the number (it is personal data), only its country and lengths.
 */
export type ParsedPhone = { country: Country; nsn: string; e164: string };

/** Old national lengths still typed after a renumbering. */
const LEGACY_FORMS: Record<string, { length: number; addPrefix?: string; refusal?: string }> = {
  BJ: { length: 8, addPrefix: "01" },
  CI: {
    length: 8,
    refusal:
      "Côte d'Ivoire numbers have 10 digits since 31 January 2021; an old 8-digit number cannot be converted reliably. " +
      "Ask for the 10-digit number (mobiles start with 01, 05 or 07).",
  },
};

const MAX_INPUT_CHARS = 40;

export function parsePhoneNumber(catalogue: Catalogue, raw: unknown, countryHint?: string | null): ParsedPhone {
  if (typeof raw !== "string" || raw.trim() === "") throw invalid("A phone number is required.");
  if (raw.length > MAX_INPUT_CHARS) throw invalid(`A phone number has at most 15 digits; this input has ${raw.length} characters.`);
  const hint = countryHint ? countryFromHint(catalogue, countryHint) : null;
  const compact = raw.trim().replace(/[\s.\-()/\u00A0\u202F]/g, "");
  let digits: string;
  let international: boolean;
  if (compact.startsWith("+")) [digits, international] = [compact.slice(1), true];
  else if (compact.startsWith("00")) [digits, international] = [compact.slice(2), true];
  else [digits, international] = [compact, false];
  if (!/^\d+$/.test(digits)) throw invalid("A phone number may contain only digits, after an optional + or 00 (spaces, dots and dashes are fine).");
  if (digits.length > 15) throw invalid(`Phone number is too long: E.164 numbers have at most 15 digits; this one has ${digits.length}.`);

  if (!international) {
    // "221770000012" without + or 00: the country code, if the digits fit that country exactly.
    const candidates = (hint ? [hint] : catalogue.countries).filter((c) => {
      const cc = callingCode(c);
      return digits.startsWith(cc) && digits.length === cc.length + c.nationalNumberLength;
    });
    if (candidates.length === 1) return finish(catalogue, candidates[0], digits.slice(callingCode(candidates[0]).length), true);
    if (!hint) {
      throw invalid("A national number needs its country: send `country` (ISO 3166-1 alpha-2), or the number with + and the country code.");
    }
    return finish(catalogue, hint, digits, false);
  }

  const country = countryOfCallingCode(catalogue, digits);
  if (!country) {
    throw invalid(`+${digits.slice(0, 3)}… is not the calling code of a country this API serves (${catalogue.countries.map((c) => c.phonePrefix).join(", ")}).`);
  }
  if (hint && hint.code !== country.code) {
    throw invalid(`This is a ${country.name} (${country.phonePrefix}) number, not a ${hint.name} (${hint.phonePrefix}) one.`);
  }
  return finish(catalogue, country, digits.slice(callingCode(country).length), true);
}

function finish(catalogue: Catalogue, country: Country, nsnIn: string, international: boolean): ParsedPhone {
  let nsn = nsnIn;
  const trunk = catalogue.numberingPlans.get(country.code)?.trunkPrefix;
  // "081…" at home, or "+243 (0)81…" written with the trunk kept: the 0 is not part of the number.
  if (trunk && nsn.startsWith(trunk) && nsn.length === country.nationalNumberLength + trunk.length) nsn = nsn.slice(trunk.length);
  const legacy = LEGACY_FORMS[country.code];
  if (legacy && nsn.length === legacy.length) {
    if (legacy.refusal) throw invalid(legacy.refusal);
    if (legacy.addPrefix) nsn = legacy.addPrefix + nsn;
  }
  const expected = country.nationalNumberLength;
  if (nsn.length !== expected) {
    const where = international ? `after ${country.phonePrefix}` : "in its national form";
    const trunkNote = trunk ? ` (plus the trunk prefix ${trunk} when dialled at home)` : "";
    throw invalid(
      `Phone number is too ${nsn.length < expected ? "short" : "long"}: a ${country.name} number has ${expected} digits ${where}${trunkNote}; this one has ${nsn.length}.`,
    );
  }
  return { country, nsn, e164: `${country.phonePrefix}${nsn}` };
}

const callingCode = (c: Pick<Country, "phonePrefix">) => c.phonePrefix.replace(/^\+/, "");

/** The catalogue country whose calling code starts these digits (the longest code wins). */
function countryOfCallingCode(catalogue: Catalogue, digits: string): Country | null {
  let best: Country | null = null;
  for (const c of catalogue.countries) {
    if (digits.startsWith(callingCode(c)) && (!best || callingCode(c).length > callingCode(best).length)) best = c;
  }
  return best;
}

function countryFromHint(catalogue: Catalogue, value: string): Country {
  const country = catalogue.countryByCode.get(value.trim().toUpperCase());
  if (!country) {
    throw new AppError("invalid_country", `Unknown country "${value}": use an ISO 3166-1 alpha-2 code this API serves (${catalogue.countries.map((c) => c.code).join(", ")}).`, {
      details: [{ path: "country", message: `unknown country "${value}"` }],
    });
  }
  return country;
}

function invalid(message: string): AppError {
  return new AppError("invalid_phone", message, { details: [{ path: "phoneNumber", message }] });
}
