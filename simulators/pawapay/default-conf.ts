/**
 * The simulator's active configuration (lib/connectors/pawapay/README.md shape): country (ISO3, prefix) >
 * provider > currency > operationTypes.DEPOSIT|PAYOUT|REFUND with limits and decimals. Limits
 * are illustrative [L]; tests and `startPawapaySimulator({ activeConf })` replace them.
 */
export type SimOperationConf = {
  minAmount: string;
  maxAmount: string;
  decimalsInAmount: "NONE" | "TWO_PLACES";
  status: "OPERATIONAL" | "DELAYED" | "CLOSED";
  callbackUrl?: string;
  authType?: "PROVIDER_AUTH" | "PREAUTH" | "REDIRECT_AUTH";
  pinPrompt?: "AUTOMATIC" | "MANUAL";
};
export type SimOperation = "DEPOSIT" | "PAYOUT" | "REFUND";
export type SimProviderConf = {
  provider: string;
  displayName: string;
  nameDisplayedToCustomer: string;
  logo: string;
  currencies: { currency: string; displayName: string; operationTypes: Partial<Record<SimOperation, SimOperationConf>> }[];
};
export type SimActiveConf = {
  companyName: string;
  countries: { country: string; prefix: string; displayName: { en: string; fr: string }; providers: SimProviderConf[] }[];
};

function ops(
  currency: string,
  limits: { min: string; max: string; decimals: "NONE" | "TWO_PLACES" },
  extra: { deposit?: Partial<SimOperationConf>; noRefund?: boolean; noPayout?: boolean } = {},
): SimProviderConf["currencies"][number] {
  const base = { minAmount: limits.min, maxAmount: limits.max, decimalsInAmount: limits.decimals, status: "OPERATIONAL" as const };
  return {
    currency,
    displayName: currency,
    operationTypes: {
      DEPOSIT: { ...base, authType: "PROVIDER_AUTH", pinPrompt: "AUTOMATIC", ...extra.deposit },
      ...(extra.noPayout ? {} : { PAYOUT: { ...base } }),
      ...(extra.noRefund ? {} : { REFUND: { ...base } }),
    },
  };
}

const XOF = { min: "100", max: "2000000", decimals: "NONE" as const };
const XAF = { min: "100", max: "1000000", decimals: "NONE" as const };

function provider(code: string, name: string, currencies: SimProviderConf["currencies"]): SimProviderConf {
  return { provider: code, displayName: name, nameDisplayedToCustomer: name, logo: `https://example.invalid/logos/${code}.png`, currencies };
}

export function defaultActiveConf(): SimActiveConf {
  return {
    companyName: "Simulated merchant",
    countries: [
      {
        country: "CIV",
        prefix: "225",
        displayName: { en: "Côte d'Ivoire", fr: "Côte d'Ivoire" },
        providers: [
          provider("MTN_MOMO_CIV", "MTN", [ops("XOF", XOF)]),
          provider("ORANGE_CIV", "Orange", [ops("XOF", XOF)]),
          provider("MOOV_CIV", "Moov", [ops("XOF", XOF, { noRefund: true })]),
          // Wave authorises deposits by sending the customer to a page (v2 REDIRECT_AUTH) [M].
          provider("WAVE_CIV", "Wave", [ops("XOF", XOF, { deposit: { authType: "REDIRECT_AUTH" } })]),
        ],
      },
      {
        country: "SEN",
        prefix: "221",
        displayName: { en: "Senegal", fr: "Sénégal" },
        providers: [provider("ORANGE_SEN", "Orange", [ops("XOF", XOF)]), provider("FREE_SEN", "Free", [ops("XOF", XOF)]), provider("WAVE_SEN", "Wave", [ops("XOF", XOF, { deposit: { authType: "REDIRECT_AUTH" } })])],
      },
      {
        country: "BEN",
        prefix: "229",
        displayName: { en: "Benin", fr: "Bénin" },
        providers: [provider("MTN_MOMO_BEN", "MTN", [ops("XOF", XOF)]), provider("MOOV_BEN", "Moov", [ops("XOF", XOF)])],
      },
      {
        country: "BFA",
        prefix: "226",
        displayName: { en: "Burkina Faso", fr: "Burkina Faso" },
        providers: [
          provider("ORANGE_BFA", "Orange", [ops("XOF", XOF, { deposit: { authType: "PREAUTH" } })]),
          provider("MOOV_BFA", "Moov", [ops("XOF", XOF)]),
        ],
      },
      {
        country: "CMR",
        prefix: "237",
        displayName: { en: "Cameroon", fr: "Cameroun" },
        providers: [provider("MTN_MOMO_CMR", "MTN", [ops("XAF", XAF)]), provider("ORANGE_CMR", "Orange", [ops("XAF", XAF)])],
      },
      {
        country: "COG",
        prefix: "242",
        displayName: { en: "Republic of the Congo", fr: "Congo" },
        providers: [provider("MTN_MOMO_COG", "MTN", [ops("XAF", XAF)]), provider("AIRTEL_COG", "Airtel", [ops("XAF", XAF)])],
      },
      {
        country: "GAB",
        prefix: "241",
        displayName: { en: "Gabon", fr: "Gabon" },
        providers: [provider("AIRTEL_GAB", "Airtel", [ops("XAF", XAF)])],
      },
      {
        country: "COD",
        prefix: "243",
        displayName: { en: "DR Congo", fr: "RD Congo" },
        providers: [
          provider("VODACOM_MPESA_COD", "Vodacom", [ops("CDF", { min: "100", max: "5000000", decimals: "TWO_PLACES" }), ops("USD", { min: "1", max: "2500", decimals: "TWO_PLACES" })]),
          provider("ORANGE_COD", "Orange", [ops("CDF", { min: "100", max: "5000000", decimals: "NONE" }), ops("USD", { min: "1", max: "2500", decimals: "TWO_PLACES" })]),
          provider("AIRTEL_COD", "Airtel", [ops("CDF", { min: "100", max: "5000000", decimals: "TWO_PLACES" }), ops("USD", { min: "1", max: "2500", decimals: "TWO_PLACES" })]),
        ],
      },
      {
        country: "GHA",
        prefix: "233",
        displayName: { en: "Ghana", fr: "Ghana" },
        providers: [provider("MTN_MOMO_GHA", "MTN", [ops("GHS", { min: "1", max: "20000", decimals: "TWO_PLACES" })])],
      },
      {
        country: "ZMB",
        prefix: "260",
        displayName: { en: "Zambia", fr: "Zambie" },
        providers: [provider("MTN_MOMO_ZMB", "MTN", [ops("ZMW", { min: "1", max: "50000", decimals: "TWO_PLACES" })])],
      },
    ],
  };
}

/** Starting wallet balances per (country, currency), in major units as pawaPay writes them. */
export function defaultWallets(): { country: string; currency: string; balance: string }[] {
  return [
    { country: "CIV", currency: "XOF", balance: "10000000" },
    { country: "SEN", currency: "XOF", balance: "10000000" },
    { country: "BEN", currency: "XOF", balance: "10000000" },
    { country: "BFA", currency: "XOF", balance: "10000000" },
    { country: "CMR", currency: "XAF", balance: "10000000" },
    { country: "COG", currency: "XAF", balance: "10000000" },
    { country: "GAB", currency: "XAF", balance: "10000000" },
    { country: "COD", currency: "CDF", balance: "10000000.00" },
    { country: "COD", currency: "USD", balance: "100000.00" },
    { country: "GHA", currency: "GHS", balance: "100000.00" },
    { country: "ZMB", currency: "ZMW", balance: "100000.00" },
  ];
}
