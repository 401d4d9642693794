/**
 * Bank identifier checks (pure): IBAN (ISO 13616 mod-97) and SWIFT BIC (ISO 9362) formats.
 */
const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** Upper case without spaces: how an account number is compared and stored. */
export const compactAccount = (s: string) => s.replace(/\s+/g, "").toUpperCase();

/** An account number "looks like an IBAN" when it has the IBAN shape (country, check digits, BBAN). */
export function looksLikeIban(accountNumber: string): boolean {
  return IBAN_SHAPE.test(compactAccount(accountNumber));
}

/** ISO 13616: move the first four characters to the end, letters to 10..35, the number mod 97 is 1. */
export function isValidIban(accountNumber: string): boolean {
  const iban = compactAccount(accountNumber);
  if (!IBAN_SHAPE.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const digits = ch >= "A" && ch <= "Z" ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}

/** 4-letter bank code, 2-letter country, 2-character location, optional 3-character branch. */
export function isValidBic(bic: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compactAccount(bic));
}
