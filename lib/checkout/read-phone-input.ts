import type { FormErrorKey, FormErrorParams } from "./messages";

/**
 * What the customer typed next to the fixed country prefix → an E.164 number, or the reason it
 * is not one (as a message key, so it can be said in the customer's language). The customer may
 * type the national number ("77 000 00 12") or paste the whole number ("+221 77…", "00221 77…").
 * Where the country's numbering plan has a trunk prefix, the number as dialled at home is taken
 * too ("0712 345 678" in Kenya): the trunk is dropped, as the API's phone parser drops it
 * (docs/numbering-plans.md). The result is then checked by lib/reference validatePhone, exactly
 * as the API checks it.
 */
export type PhoneInput = { ok: true; e164: string } | { ok: false; key: FormErrorKey; params: FormErrorParams };

export function readPhoneInput(raw: unknown, country: { phonePrefix: string; nationalNumberLength: number; trunkPrefix?: string | null }): PhoneInput {
  const prefix = country.phonePrefix;
  const params = { prefix, length: country.nationalNumberLength };
  const text = typeof raw === "string" ? raw.trim().replace(/[\s.\-()\u00A0\u202F]/g, "") : "";
  if (text === "") return { ok: false, key: "phone_required", params };
  let full: string;
  if (text.startsWith("+")) full = text;
  else if (text.startsWith("00")) full = `+${text.slice(2)}`;
  else full = `${prefix}${text}`;
  if (!/^\+\d+$/.test(full)) return { ok: false, key: "phone_digits", params };
  if (!full.startsWith(prefix)) return { ok: false, key: "phone_prefix", params };
  let national = full.slice(prefix.length);
  const trunk = country.trunkPrefix;
  if (trunk && national.startsWith(trunk) && national.length === country.nationalNumberLength + trunk.length) national = national.slice(trunk.length);
  if (national.length !== country.nationalNumberLength) return { ok: false, key: "phone_length", params: { ...params, got: national.length } };
  return { ok: true, e164: `${prefix}${national}` };
}
