/**
 * The only provider codes the API accepts (spec: eleven short lower-case mobile-money operator
 * codes, plus `bank_transfer` and `crypto`). The seed and this list must agree (tested).
 */
export const MOBILE_MONEY_CODES = [
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

export const PROVIDER_CODES = [...MOBILE_MONEY_CODES, "bank_transfer", "crypto"] as const;

export type ProviderCode = (typeof PROVIDER_CODES)[number];

export function isProviderCode(code: unknown): code is ProviderCode {
  return typeof code === "string" && (PROVIDER_CODES as readonly string[]).includes(code);
}
