import { appEnv } from "@/lib/config";
import { availableProviders, providerKey } from "@/lib/connectors/get-route";
import type { Db } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { CURRENCY_CODES, type CurrencyCode, fromMinor, isCurrency, minorToDecimalString, toMinor } from "@/lib/money";
import { assetUrl } from "./asset-url";
import type { Catalogue, Channel, Direction } from "./catalogue-types";
import { getCatalogue } from "./get-catalogue";
import { payerAmountFor } from "./payer-amount-for";
import { resolveCountry } from "./resolve-country";

/**
 * Active channels as the spec's payment-method listing: for one country or all (`*`), one
 * currency or all, collect (default) or payout, ordered by priority (1 first). With a merchant
 * amount, merchant currency and payer currency, each channel also gets a `conversion` (what to
 * ask the payer); a channel whose conversion fails (no rate, unrepresentable amount) is listed
 * without it. Unknown country, currency or incomplete conversion parameters: 400.
 */
export type PaymentMethodFilter = {
  country: string;
  currency?: string;
  method?: Direction;
  merchantAmount?: string;
  merchantCurrency?: string;
};

export type Conversion = {
  merchantAmount: number;
  merchantCurrency: string;
  payerAmount: number;
  payerCurrency: string;
  rate: number;
  spreadPercent: number;
  parity: boolean;
  withinLimits: boolean;
};

export type PaymentMethod = {
  id: string;
  name: string;
  logoUrl: string | null;
  providerCode: string;
  color: string;
  minAmount: string;
  maxAmount: string;
  currencies: string[];
  country: string;
  direction: Direction;
  /** Whole units only: an amount with cents is refused (400 invalid_amount). */
  wholeUnits: boolean;
  conversion?: Conversion;
};

export async function listPaymentMethods(filter: PaymentMethodFilter, options: { db?: Db } = {}): Promise<PaymentMethod[]> {
  const catalogue = await getCatalogue(options.db);
  const country = filter.country.trim() === "*" ? null : resolveCountry(catalogue, filter.country, "country").code;
  const currency = filter.currency === undefined ? undefined : parseCurrency(filter.currency, "currency");
  const direction = filter.method ?? "collect";
  const target = parseMerchantTarget(filter, currency);

  // A provider with no usable connector account (production: no route, misconfigured, breaker
  // open) is not offered (docs/design/connectors.md); null in sandbox, where the simulator serves them all.
  const available = await availableProviders(appEnv(), direction, options.db);
  return catalogue.channels
    .filter((c) => c.active && c.direction === direction && (country === null || c.countryCode === country) && (!currency || c.currency === currency))
    .filter((c) => !available || available.has(providerKey(c.countryCode, c.providerCode)))
    .map((c) => toPaymentMethod(catalogue, c, target));
}

function toPaymentMethod(catalogue: Catalogue, c: Channel, target: { amount: bigint; currency: CurrencyCode } | null): PaymentMethod {
  const method: PaymentMethod = {
    id: c.id,
    name: c.displayName,
    logoUrl: assetUrl(c.logoPath),
    providerCode: c.providerCode,
    color: c.color,
    minAmount: minorToDecimalString(c.minAmount, c.currency),
    maxAmount: minorToDecimalString(c.maxAmount, c.currency),
    currencies: [c.currency],
    country: c.countryCode,
    direction: c.direction,
    wholeUnits: c.wholeUnits,
  };
  if (target) {
    const conversion = convertFor(catalogue, c, target);
    if (conversion) method.conversion = conversion;
  }
  return method;
}

function convertFor(catalogue: Catalogue, c: Channel, target: { amount: bigint; currency: CurrencyCode }): Conversion | null {
  try {
    const { payerAmount, fx } = payerAmountFor(catalogue, target.amount, target.currency, c.currency, { wholeUnits: c.wholeUnits });
    return {
      merchantAmount: fromMinor(target.amount, target.currency),
      merchantCurrency: target.currency,
      payerAmount: fromMinor(payerAmount, c.currency),
      payerCurrency: c.currency,
      rate: Number(fx.rate),
      spreadPercent: Number(fx.spreadPercent),
      parity: fx.parity,
      withinLimits: payerAmount >= c.minAmount && payerAmount <= c.maxAmount,
    };
  } catch {
    return null; // spec: the channel is listed without a conversion
  }
}

function parseCurrency(value: string, param: string): CurrencyCode {
  const code = value.trim().toUpperCase();
  if (!isCurrency(code)) {
    throw new AppError("invalid_currency", `Unknown ${param} "${value}": supported currencies are ${CURRENCY_CODES.join(", ")}.`, {
      details: [{ path: `query.${param}`, message: `unknown currency "${value}"` }],
    });
  }
  return code;
}

function parseMerchantTarget(filter: PaymentMethodFilter, currency: CurrencyCode | undefined) {
  const { merchantAmount, merchantCurrency } = filter;
  if (merchantAmount === undefined && merchantCurrency === undefined) return null;
  const missing = (param: string, message: string) =>
    new AppError("validation_error", message, { details: [{ path: `query.${param}`, message }] });
  if (merchantAmount === undefined) throw missing("merchant_amount", "merchant_currency needs merchant_amount: pass both, with currency, to get a conversion per channel.");
  if (merchantCurrency === undefined) throw missing("merchant_currency", "merchant_amount needs merchant_currency: pass both, with currency, to get a conversion per channel.");
  if (currency === undefined) throw missing("currency", "currency is required with merchant_amount: conversions are computed into one payer currency.");
  const code = parseCurrency(merchantCurrency, "merchant_currency");
  try {
    return { amount: toMinor(merchantAmount, code), currency: code };
  } catch (err) {
    if (err instanceof AppError) {
      throw new AppError(err.code, `merchant_amount: ${err.message}`, { details: [{ path: "query.merchant_amount", message: err.message }] });
    }
    throw err;
  }
}
