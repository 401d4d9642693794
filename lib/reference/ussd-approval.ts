/**
 * The USSD code a customer dials to open their mobile-money menu and approve a payment request
 * waiting there, when the operator's push prompt did not show (a phone out of reach, another USSD
 * session open, a prompt that timed out on screen). The hosted checkout shows it on its waiting
 * stage next to the number the prompt went to.
 *
 * Source: each operator's own customer pages for its mobile-money service in that country (the
 * menu code printed on the operator's site and agency material), read 2026-11. Operators change
 * menus: a code here is a best effort, so the page says "dial … and approve the waiting payment"
 * rather than a full menu path, and an operator or country without a known code shows nothing
 * (Wave has no USSD menu: it approves in its app; M-Pesa's STK prompt has no pending list).
 * Fix a code here when an operator changes it; the unit test only checks the shape.
 */
export type UssdApproval = { provider: string; country: string; code: string };

const CODES: UssdApproval[] = [
  { provider: "orange", country: "SN", code: "#144#" },
  { provider: "orange", country: "CI", code: "#144#" },
  { provider: "orange", country: "ML", code: "#144#" },
  { provider: "orange", country: "BF", code: "*144#" },
  { provider: "orange", country: "CM", code: "#150#" },
  { provider: "free", country: "SN", code: "#150#" },
  { provider: "mtn", country: "CI", code: "*133#" },
  { provider: "mtn", country: "CM", code: "*126#" },
  { provider: "mtn", country: "BJ", code: "*880#" },
  { provider: "mtn", country: "GH", code: "*170#" },
  { provider: "mtn", country: "UG", code: "*165#" },
  { provider: "mtn", country: "RW", code: "*182#" },
  { provider: "mtn", country: "ZM", code: "*115#" },
  { provider: "moov", country: "CI", code: "*155#" },
  { provider: "moov", country: "BJ", code: "*855#" },
  { provider: "flooz", country: "TG", code: "*155#" },
  { provider: "tmoney", country: "TG", code: "*145#" },
  { provider: "airtel", country: "UG", code: "*185#" },
  { provider: "telecel", country: "GH", code: "*110#" },
];

const BY_KEY = new Map(CODES.map((c) => [`${c.provider}|${c.country}`, c.code]));

/** The approval menu's code for an operator in a country; null where none is known. */
export function ussdApprovalCode(provider: string | null | undefined, country: string | null | undefined): string | null {
  if (!provider || !country) return null;
  return BY_KEY.get(`${provider}|${country.toUpperCase()}`) ?? null;
}

export const USSD_APPROVAL_CODES: readonly UssdApproval[] = CODES;
