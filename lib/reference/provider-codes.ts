/**
 * The only provider codes the API accepts: short lower-case mobile-money operator codes without a
 * country suffix, plus `bank_transfer` and `crypto`. The seed and these lists must agree (tested).
 *
 * The first eleven are the listing's original vocabulary and keep their meaning. The East African
 * and Ghanaian operators came after, additively (docs/numbering-plans.md says which operator each
 * names in which country); where one of them is an operator the list already had (MTN, Airtel),
 * the existing code is reused, so `mtn` means MTN Mobile Money in Ghana as in Côte d'Ivoire.
 */
export const ORIGINAL_MOBILE_MONEY_CODES = [
  "wave",
  "orange",
  "mtn",
  "tmoney",
  "moov",
  "airtel",
  "flooz",
  "free",
  "celtiis",
  "emoney",
  "coris",
] as const;

/**
 * East Africa and Ghana: `mpesa` (Safaricom M-Pesa in KE, Vodacom M-Pesa in TZ), `mixx` (Mixx by
 * Yas, formerly Tigo Pesa, TZ), `halotel` (HaloPesa, TZ), `zamtel` (Zamtel Kwacha, ZM), `telecel`
 * (Telecel Cash, formerly Vodafone Cash, GH), `at` (AT Money, formerly AirtelTigo Money, GH).
 */
export const EAST_AFRICA_GHANA_CODES = ["mpesa", "mixx", "halotel", "zamtel", "telecel", "at"] as const;

export const MOBILE_MONEY_CODES = [...ORIGINAL_MOBILE_MONEY_CODES, ...EAST_AFRICA_GHANA_CODES] as const;

export const PROVIDER_CODES = [...MOBILE_MONEY_CODES, "bank_transfer", "crypto"] as const;

export type ProviderCode = (typeof PROVIDER_CODES)[number];

/**
 * The mobile-money operators that pay out to wallets: five of the original eleven (the spec's
 * "five codes exist for payouts", legacy `mobileWallet.provider`), then every East African and
 * Ghanaian operator, each in its own countries (the catalogue's payout channels say where).
 */
export const PAYOUT_OPERATORS = ["orange", "mtn", "moov", "wave", "airtel", ...EAST_AFRICA_GHANA_CODES] as const;

/** What `POST /payouts/quote` takes as `method`: a payout operator or `bank_transfer`. */
export const PAYOUT_METHODS = [...PAYOUT_OPERATORS, "bank_transfer"] as const;

export function isProviderCode(code: unknown): code is ProviderCode {
  return typeof code === "string" && (PROVIDER_CODES as readonly string[]).includes(code);
}
