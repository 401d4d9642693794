/** Deterministic, readable ids of catalogue rows, so seeds and operator edits upsert by id. */
export const channelId = (provider: string, country: string, currency: string, direction: string) =>
  `${provider}-${country}-${currency}-${direction}`.toLowerCase();

export const corridorId = (c: { sourceCountry: string; sourceCurrency: string; destinationCountry: string; destinationCurrency: string }) =>
  `${c.sourceCountry}-${c.sourceCurrency}-${c.destinationCountry}-${c.destinationCurrency}`;

export const payoutTariffId = (merchantId: string | null, method: string, type: string, scope: string) =>
  `pft-${merchantId ?? "default"}-${method}-${type}-${scope}`;

export const collectTariffId = (merchantId: string | null, provider: string) => `cft-${merchantId ?? "default"}-${provider}`;
