import type { components } from "./schema.js";

/**
 * One object model over the spec's quirks (the wire is unchanged; the API answers as the spec
 * says). Pure functions, applied by the client's `objects` namespace and usable on anything read
 * through `raw` or received by webhook:
 *
 * - One envelope rule: an answer is the object itself. `{success: true, data}` (collect initiate,
 *   balance, the later POSTs) loses its wrapper; lists keep `{data, meta}` (a page is an object).
 * - One id name per object: a payment is `paymentId`, a payout `payoutId`, a quote `quoteId`
 *   (the spec calls both a payment's and a payout's id `transactionId` in bodies).
 * - One name per field: a payment's `externalReference` (status and detail say `merchantReference`).
 * - Typed enums: a payout's method is `mobile_money` | `bank_transfer` whatever the spelling
 *   (`MOBILE_MONEY`, a provider code such as `orange`); its operator is `provider`.
 * - Error codes normalised: `INSUFFICIENT_BALANCE` (the quote's spec body) is `insufficient_balance`,
 *   like the payout initiate's; every code is lower case.
 *
 * Fields not named here pass through untouched, so nothing the API adds is lost.
 */
type Schemas = components["schemas"];
export type ErrorCodeOnWire = NonNullable<Schemas["Error"]["code"]>;
/** The codes as the SDK reports them: the wire's, lower case (two differed only by case). */
export type NormalisedErrorCode = Lowercase<ErrorCodeOnWire>;

export type PayoutMethod = "mobile_money" | "bank_transfer";

/** `{success: true, data}` → data; anything else (bare objects, `{data, meta}` pages) as it is. */
export function unwrapEnvelope<T>(body: T): T extends { success: true; data: infer D } ? D : T {
  if (body && typeof body === "object" && (body as { success?: unknown }).success === true && "data" in (body as object) && !("meta" in (body as object))) {
    return (body as unknown as { data: never }).data;
  }
  return body as never;
}

export function normaliseErrorCode(code: string | undefined | null): NormalisedErrorCode | undefined {
  return code ? (code.toLowerCase() as NormalisedErrorCode) : undefined;
}

const PROVIDER_CODE = /^[a-z][a-z0-9_]*$/;

/** `MOBILE_MONEY`, `mobile_money`, `BANK_TRANSFER`, `bank_transfer`, or a provider code (`orange` → mobile money). */
export function normalisePayoutMethod(method: string): { method: PayoutMethod; provider?: string } {
  const lower = method.trim().toLowerCase();
  if (lower === "bank_transfer") return { method: "bank_transfer" };
  if (lower === "mobile_money") return { method: "mobile_money" };
  if (PROVIDER_CODE.test(lower)) return { method: "mobile_money", provider: lower };
  throw new TypeError(`Unknown payout method "${method}"`);
}

type WithTransactionId = { transactionId: string };

/** A payment (initiate's data, status, detail, public status, list item): `paymentId` and `externalReference`. */
export function toPayment<T extends WithTransactionId & { merchantReference?: string; externalReference?: string }>(payment: T) {
  const { transactionId, merchantReference, ...rest } = payment;
  const externalReference = payment.externalReference ?? merchantReference;
  return { paymentId: transactionId, ...rest, ...(externalReference !== undefined ? { externalReference } : {}) } as Omit<T, "transactionId" | "merchantReference"> & {
    paymentId: string;
    externalReference?: string;
  };
}

/** A payout (initiate, status, webhook data): `payoutId`, method typed, the operator as `provider`. */
export function toPayout<T extends WithTransactionId & { method: string; mobileWallet?: { provider?: string } }>(payout: T) {
  const { transactionId, ...rest } = payout;
  const { method, provider } = normalisePayoutMethod(payout.method);
  const operator = payout.mobileWallet?.provider ?? provider;
  return { payoutId: transactionId, ...rest, method, ...(operator ? { provider: operator } : {}) } as Omit<T, "transactionId" | "method"> & {
    payoutId: string;
    method: PayoutMethod;
    provider?: string;
  };
}

/** A quote: its `method` (a provider code or `bank_transfer`) as a typed method plus `provider`. */
export function toQuote<T extends { quoteId: string; method: string }>(quote: T) {
  const { method, provider } = normalisePayoutMethod(quote.method);
  return { ...quote, method, ...(provider ? { provider } : {}) } as Omit<T, "method"> & { method: PayoutMethod; provider?: string };
}
