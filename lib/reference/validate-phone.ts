import type { Db } from "@/lib/db/client";
import type { Country } from "./catalogue-types";
import { getCatalogue } from "./get-catalogue";

/**
 * Phone numbers must be E.164 ("+" then at most 15 digits), start with the country's calling
 * code and have its national number length (docs/design/order-lifecycle.md). Spaces, dots, dashes and parentheses
 * are tolerated as formatting and removed; the normalised number is returned as `e164`.
 */
export type PhoneCheck = { ok: true; e164: string } | { ok: false; reason: string };

export async function validatePhone(country: string, phone: unknown, options: { db?: Db } = {}): Promise<PhoneCheck> {
  const c = (await getCatalogue(options.db)).countryByCode.get(String(country).toUpperCase());
  if (!c) return { ok: false, reason: `Unknown country "${country}".` };
  return checkPhoneForCountry(c, phone);
}

export function checkPhoneForCountry(country: Pick<Country, "code" | "name" | "phonePrefix" | "nationalNumberLength">, phone: unknown): PhoneCheck {
  const example = `${country.phonePrefix}${"1234567890123".slice(0, country.nationalNumberLength)}`;
  if (typeof phone !== "string" || phone.trim() === "") return { ok: false, reason: "A phone number is required." };
  const compact = phone.trim().replace(/[\s.\-()]/g, "");
  if (!compact.startsWith("+")) {
    return { ok: false, reason: `Phone number must be in E.164 format, starting with + and the country code, e.g. ${example}.` };
  }
  if (!/^\+\d+$/.test(compact)) return { ok: false, reason: "Phone number may contain only digits after the +." };
  if (compact.length - 1 > 15) return { ok: false, reason: "Phone number is too long: E.164 numbers have at most 15 digits." };
  if (!compact.startsWith(country.phonePrefix)) {
    return { ok: false, reason: `Phone number must start with ${country.phonePrefix} for ${country.name} (${country.code}), e.g. ${example}.` };
  }
  const national = compact.slice(country.phonePrefix.length);
  if (national.length !== country.nationalNumberLength) {
    return {
      ok: false,
      reason: `A ${country.name} number has ${country.nationalNumberLength} digits after ${country.phonePrefix}; this one has ${national.length}.`,
    };
  }
  return { ok: true, e164: compact };
}
