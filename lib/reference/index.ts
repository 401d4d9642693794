/**
 * lib/reference — the catalogue: countries, providers and their channels, payout corridors and
 * purposes, FX rates and spreads, fee tariffs. Owns the tables of prisma/schema/reference.prisma.
 *
 * Invariants:
 * - The database is the source of truth; seedReferenceData (run at every start) only inserts
 *   missing rows, so operator edits (ops CLI: fx:set, channel:set, tariff:set-*) survive; only
 *   syncReferenceData (`ops reference:sync --apply`, asked by an operator) sets existing rows'
 *   seed-owned fields back to the seed (sync-reference-data.ts).
 * - Reads go through one in-memory snapshot (getCatalogue) kept REFERENCE_CACHE_TTL_SECONDS
 *   (30 s); edits made through this module invalidate it in the same process.
 * - Amounts are bigint minor units; rates and percentages decimal strings; all arithmetic is in
 *   lib/money with the rounding named where it happens (conversions half-up, payer amounts up,
 *   fees half-up). Nothing here touches a float except the JSON numbers of the wire shapes.
 * - Provider codes are exactly PROVIDER_CODES; country and currency codes are upper case.
 * - Numbering plans (numbering-seed.ts, numbering_plans/numbering_prefixes) are seeded per
 *   country once, then edited with numbering:* ops commands; predictProvider and
 *   phoneOperatorMismatch read them from the same snapshot (docs/design/provider-prediction.md).
 * - Providers' marks: generated SVG badges in public/logos (operator-badge.ts, `npm run marks`,
 *   checked against the catalogue's colours by a test); an operator's official file in
 *   public/operators/<code>.(svg|webp|png) replaces its badge at the next load (operator-mark-path.ts).
 * - Look-ups throw AppError with a message a merchant can act on (`provider_unavailable`,
 *   `invalid_amount`, `invalid_country`, `invalid_currency`, `corridor_unsupported`).
 */
export type { Catalogue, Channel, Corridor, Country, Direction, Purpose } from "./catalogue-types";
export { PROVIDER_CODES, MOBILE_MONEY_CODES, isProviderCode, type ProviderCode } from "./provider-codes";
export { getCatalogue, invalidateReferenceCache } from "./get-catalogue";
export { seedReferenceData } from "./seed-reference-data";
export { getChannel } from "./get-channel";
export { channelTakes, checkChannelAmount, checkWholeUnits, hasRefusedCents } from "./check-channel-amount";
export { validatePhone, checkPhoneForCountry, type PhoneCheck } from "./validate-phone";
export { parsePhoneNumber, type ParsedPhone } from "./parse-phone-number";
export { predictProvider, numberOwner, phoneOperatorMismatch, assertPhoneMatchesProvider, type Prediction } from "./predict-provider";
export { findCorridor } from "./find-corridor";
export { isPurposeAllowed } from "./is-purpose-allowed";
export { getFxRate, type FxRate } from "./get-fx-rate";
export { convertAmount } from "./convert-amount";
export { payerAmountFor } from "./payer-amount-for";
export { payoutFeeXof, type PayoutFee, type PayoutFeeInput } from "./payout-fee-xof";
export { collectFee, type CollectFee } from "./collect-fee";
export { listPaymentMethods, type PaymentMethod, type Conversion } from "./list-payment-methods";
export { listActiveCountries } from "./list-active-countries";
export { listCorridors } from "./list-corridors";
export { listPurposes } from "./list-purposes";
