import { getCatalogue } from "@/lib/reference/get-catalogue";
import { parsePhoneNumber } from "@/lib/reference/parse-phone-number";

/**
 * The payments and payouts lists' search box, read for lib/payments' list: the text as typed
 * (trimmed), and when it reads as a phone number, that number in E.164, parsed as customers'
 * numbers are (a national form is read in the merchant's country, so "77 123 45 67" finds
 * +221771234567). A text that is not a whole number searches names and references only.
 */
export type ListSearch = { text: string; phone: string | null };

export const SEARCH_MIN = 2;
export const SEARCH_MAX = 100;
const PHONE_LIKE = /^\+?[\d\s().\-/\u00A0]+$/;

/** `merchantCountry` is asked only when the text reads as a number: a list without a search costs no query more. */
export async function readListSearch(q: string | undefined, merchantCountry: () => Promise<string>): Promise<{ search?: ListSearch; error?: "tooShort" | "tooLong" }> {
  if (q === undefined) return {};
  const text = q.trim();
  if ([...text].length < SEARCH_MIN) return { error: "tooShort" };
  if ([...text].length > SEARCH_MAX) return { error: "tooLong" };
  let phone: string | null = null;
  if (PHONE_LIKE.test(text) && text.replace(/\D/g, "").length >= 6) {
    try {
      phone = parsePhoneNumber(await getCatalogue(), text, await merchantCountry()).e164;
    } catch {
      phone = null; // not a whole number: searched as a reference
    }
  }
  return { search: { text, phone } };
}
