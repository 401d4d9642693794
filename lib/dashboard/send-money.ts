import { z } from "zod";
import { getPrisma } from "@/lib/db/client";
import type { Merchant, PayoutQuote } from "@/lib/db/generated/client";
import { type AppError, isAppError } from "@/lib/errors";
import { type CurrencyCode, formatAmount, isCurrency, minorToDecimalString, parseTypedAmount, toMinorAllowZero } from "@/lib/money";
import { createQuote } from "@/lib/payouts/create-quote";
import { initiatePayout } from "@/lib/payouts/initiate-payout";
import { approvalNeeded, approvalTotals, readApprovalThresholds } from "@/lib/payouts/approvals";
import { type Catalogue, getCatalogue, numberOwner, parsePhoneNumber, predictProvider } from "@/lib/reference";
import { sampleNumber } from "@/lib/reference/sample-numbers";
import type { FormResult } from "./form-result";
import type { Locale } from "./i18n";
import { fill, moneyMessages } from "./i18n-money";
import { formatInZone } from "@/lib/identity/time-zone";
import { dashboardActor, type DashboardScope } from "./scope";
import { getMerchantRow } from "@/lib/merchants/merchant-records";
import { findScopedPayout } from "@/lib/payouts/payout-records";

/**
 * "Send money": one payout from the dashboard, as the API makes it (docs/design/quotes-and-payouts.md):
 * the form's fields become a quote (createQuote, the same engine and checks as POST /payouts/quote),
 * the person reads every number of it, then confirms, which initiates with that quote
 * (initiatePayout, as POST /payouts/initiate). No HTTP to ourselves; the quote fixes what is sent.
 *
 * Domestic only: every other corridor is international, and an international payout needs the
 * sender's identity documents, which this form does not collect (the API and the bulk CSV do).
 */

/** The form's fields, all plain strings (a form post, with or without JavaScript). */
export const SEND_FIELDS = ["payTo", "country", "phone", "operator", "name", "accountNumber", "accountName", "bankName", "amount", "currency", "description"] as const;
export type SendFields = Partial<Record<(typeof SEND_FIELDS)[number], string>>;

export type SendDestination = {
  country: string;
  countryName: string;
  /** What the merchant pays in (the corridor's source currency). */
  currency: string;
  operators: { code: string; name: string }[];
  bank: boolean;
  /** How a number of this country is typed, for the help text. */
  phoneExample: string;
};

export type SendMoneyOptions = { destinations: SendDestination[]; defaultCountry: string; currencies: string[] };

async function loadMerchant(scope: DashboardScope): Promise<Merchant> {
  return getMerchantRow(scope.merchantId);
}

const countryName = (code: string, locale: Locale) => new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;

/** National form of a sample number ("77 000 00 12"): what a person types. */
function nationalExample(catalogue: Catalogue, country: string, operator: string | undefined): string {
  const c = catalogue.countryByCode.get(country);
  if (!c) return "";
  try {
    const national = sampleNumber(country, operator ?? "").slice(c.phonePrefix.length);
    // Pairs, as numbers are read out in these countries; an odd length starts 2-3 ("77 000 00 12").
    const head = national.length % 2 === 1 ? [national.slice(0, 2), national.slice(2, 5)] : [];
    const rest = national.slice(head.join("").length).match(/\d{2}/g) ?? [];
    return [...head, ...rest].join("\u00A0");
  } catch {
    return `${c.phonePrefix} …`;
  }
}

/** Where this merchant can send from the dashboard, with the operators and bank option of each. */
export async function sendMoneyOptions(scope: DashboardScope, locale: Locale): Promise<SendMoneyOptions> {
  const [merchant, catalogue] = await Promise.all([loadMerchant(scope), getCatalogue()]);
  const destinations = catalogue.corridors
    .filter((c) => c.sourceCountry === merchant.country && !c.isInternational)
    .map((c) => {
      const operators = c.methods.filter((m) => m !== "bank_transfer").map((code) => ({ code, name: catalogue.providerByCode.get(code)?.name ?? code }));
      return {
        country: c.destinationCountry,
        countryName: countryName(c.destinationCountry, locale),
        currency: c.sourceCurrency,
        operators,
        bank: c.methods.includes("bank_transfer"),
        phoneExample: nationalExample(catalogue, c.destinationCountry, operators[0]?.code),
      };
    });
  const currencies = [...new Set([merchant.settlementCurrency, ...destinations.map((d) => d.currency)])];
  return { destinations, defaultCountry: destinations.find((d) => d.country === merchant.country)?.country ?? destinations[0]?.country ?? merchant.country, currencies };
}

/** What the review step shows: every number of the quote, formatted, and what the confirm form posts back. */
export type SendReview = {
  quoteId: string;
  values: SendFields;
  recipient: { name: string | null; phone: string | null; account: string | null; bankName: string | null; operator: string; operatorCode: string; country: string };
  /** The operator was read from the number (not chosen), and whether numbers move between operators there. */
  predicted: { portability: boolean } | null;
  /** The number belongs to another operator than the chosen one (numbering plan). */
  ownerMismatch: string | null;
  amount: string;
  fees: string;
  fx: { from: string; to: string; rate: string; spread: string } | null;
  topUp: { from: string; to: string } | null;
  receives: string;
  leaves: string;
  /** Local time the quote stops holding. */
  validUntil: string;
  /** Operators of the country, to change the predicted one. */
  operators: { code: string; name: string }[];
  /** The team's approval threshold this payout is above (formatted), or null: it is sent at once. */
  approvalAbove: string | null;
};

type Parsed = {
  payTo: "wallet" | "bank";
  country: string;
  currency: CurrencyCode;
  amount: bigint;
  phone?: string;
  operator?: string;
  name?: string;
  bank?: { accountNumber: string; accountName?: string; bankName?: string };
  description?: string;
  predicted: { portability: boolean } | null;
};

type Failure = Extract<FormResult<never>, { ok: false }>;

const trimmed = (v: string | undefined) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);

/** The fields as one payout request, or the failure to show on the form (each message on its field). */
async function parseFields(raw: SendFields, options: SendMoneyOptions, locale: Locale): Promise<Parsed | Failure> {
  const e = moneyMessages(locale).errors;
  const values = keptValues(raw);
  const fieldErrors: Record<string, string> = {};
  const fail = (): Failure => ({ ok: false, code: "validation_error", error: e.summary, fieldErrors, values });
  const destination = options.destinations.find((d) => d.country === trimmed(raw.country)?.toUpperCase());
  if (!destination) {
    fieldErrors.country = e.country;
    return fail();
  }
  const payTo = raw.payTo === "bank" ? "bank" : "wallet";
  const currencyCode = trimmed(raw.currency)?.toUpperCase() ?? destination.currency;
  const currency = isCurrency(currencyCode) && options.currencies.includes(currencyCode) ? currencyCode : null;
  if (!currency) fieldErrors.currency = e.amount;
  let amount = 0n;
  try {
    if (currency) amount = parseTypedAmount(trimmed(raw.amount) ?? "", currency);
  } catch (err) {
    if (!isAppError(err)) throw err;
    fieldErrors.amount = e.amount;
  }
  const name = trimmed(raw.name);
  if (name && name.length > 200) fieldErrors.name = e.name;
  const description = trimmed(raw.description);
  if (description && description.length > 500) fieldErrors.description = e.description;

  let phone: string | undefined;
  let operator: string | undefined;
  let predicted: Parsed["predicted"] = null;
  let bank: Parsed["bank"];
  if (payTo === "wallet") {
    const typed = trimmed(raw.phone);
    const catalogue = await getCatalogue();
    if (!typed) fieldErrors.phone = e.phoneRequired;
    else {
      try {
        phone = parsePhoneNumber(catalogue, typed, destination.country).e164;
      } catch (err) {
        if (!isAppError(err)) throw err;
        fieldErrors.phone = fill(e.phone, { example: destination.phoneExample });
      }
    }
    const chosen = trimmed(raw.operator);
    if (chosen && chosen !== "auto") {
      if (destination.operators.some((o) => o.code === chosen)) operator = chosen;
      else fieldErrors.operator = fill(e.operatorNotHere, { country: destination.countryName });
    } else if (phone) {
      // The operator from the national numbering plan, as POST /providers/predict answers it.
      try {
        const prediction = await predictProvider({ phoneNumber: phone, country: destination.country });
        if (destination.operators.some((o) => o.code === prediction.provider)) {
          operator = prediction.provider;
          predicted = { portability: prediction.portability };
        } else fieldErrors.operator = e.operator;
      } catch (err) {
        if (!isAppError(err)) throw err;
        fieldErrors.operator = e.operator;
      }
    }
  } else {
    const accountNumber = trimmed(raw.accountNumber);
    if (!destination.bank) fieldErrors.payTo = fill(e.corridor, { country: destination.countryName });
    if (!accountNumber || accountNumber.length > 64) fieldErrors.accountNumber = e.accountNumber;
    else bank = { accountNumber, accountName: trimmed(raw.accountName)?.slice(0, 200), bankName: trimmed(raw.bankName)?.slice(0, 200) };
  }
  if (Object.keys(fieldErrors).length > 0 || !currency) return fail();
  return { payTo, country: destination.country, currency, amount, phone, operator, name, bank, description, predicted };
}

/** What goes back into the form after a refusal, or into the confirm form's hidden fields. */
function keptValues(raw: SendFields): SendFields {
  const out: SendFields = {};
  for (const key of SEND_FIELDS) {
    const v = raw[key];
    if (typeof v === "string") out[key] = v.slice(0, 300);
  }
  return out;
}

/** An AppError of the quote or the initiate, said in the person's language and placed on its field. */
export function payoutFailure(err: AppError, ctx: { locale: Locale; destination: SendDestination; values: SendFields }): Failure {
  const e = moneyMessages(ctx.locale).errors;
  const on = (field: string, message: string): Failure => ({ ok: false, code: err.code, error: message, fieldErrors: { [field]: message }, values: ctx.values });
  switch (err.code) {
    case "invalid_amount": {
      const bounds = /\(([\d.]+) ([A-Z]{3}) to ([\d.]+) [A-Z]{3}\)/.exec(err.message);
      if (bounds && isCurrency(bounds[2])) {
        const show = (major: string) => formatAmount(toMinorAllowZero(major, bounds[2] as CurrencyCode), bounds[2] as CurrencyCode, ctx.locale);
        return on("amount", fill(e.amountBounds, { country: ctx.destination.countryName, min: show(bounds[1]), max: show(bounds[3]) }));
      }
      return on("amount", e.amount);
    }
    case "INSUFFICIENT_BALANCE":
    case "insufficient_balance": {
      const attempt = (err.extra?.attempts as { currency: string; required: number; available: number }[] | undefined)?.at(-1);
      if (attempt && isCurrency(attempt.currency)) {
        const c = attempt.currency;
        const show = (major: number) => formatAmount(toMinorAllowZero(major, c), c, ctx.locale);
        return on("amount", fill(e.insufficient, { available: show(attempt.available), required: show(attempt.required) }));
      }
      return on("amount", fill(e.insufficient, { available: "—", required: "—" }));
    }
    case "limit_exceeded":
      return on("amount", e.limit);
    case "corridor_unsupported":
    case "provider_unavailable":
      return on("operator", fill(e.corridor, { country: ctx.destination.countryName }));
    case "invalid_phone":
      return on("phone", fill(e.phone, { example: ctx.destination.phoneExample }));
    case "validation_error": {
      const path = err.details?.[0]?.path ?? "";
      if (path.startsWith("bankAccount")) return on("accountNumber", e.accountInvalid);
      if (path.startsWith("recipient.phone")) return on("phone", e.phoneRequired);
      break;
    }
    case "quote_expired":
      return { ok: false, code: err.code, error: e.expired, values: ctx.values };
    case "quote_already_used":
      return { ok: false, code: err.code, error: e.used, values: ctx.values };
  }
  return { ok: false, code: err.code, error: fill(e.generic, { code: err.code }), values: ctx.values };
}

function recipientBody(p: Parsed) {
  return p.payTo === "wallet"
    ? { recipient: { phone: p.phone!, ...(p.name ? { name: p.name } : {}) } }
    : { recipient: p.name || p.bank?.accountName ? { name: (p.name ?? p.bank?.accountName)! } : {}, bankAccount: compact(p.bank!) };
}

function compact<T extends Record<string, unknown>>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/**
 * Step one: the fields → a stored quote (valid QUOTE_TTL_SECONDS) and every number the person
 * must see before money leaves: amount, fees, FX, what the recipient gets, what leaves the wallet.
 */
export async function reviewSendMoney(scope: DashboardScope, raw: SendFields, options: { locale: Locale; timeZone: string }): Promise<FormResult<SendReview>> {
  const { locale } = options;
  const sendOptions = await sendMoneyOptions(scope, locale);
  const parsed = await parseFields(raw, sendOptions, locale);
  if ("ok" in parsed) return parsed;
  const destination = sendOptions.destinations.find((d) => d.country === parsed.country)!;
  const merchant = await loadMerchant(scope);
  const method = parsed.payTo === "bank" ? "bank_transfer" : parsed.operator!;
  let quote: PayoutQuote;
  try {
    quote = await createQuote({ merchant, environment: scope.environment }, { amount: minorToDecimalString(parsed.amount, parsed.currency), currency: parsed.currency, destinationCountry: parsed.country, method, type: "c2c" });
  } catch (err) {
    if (!isAppError(err)) throw err;
    return payoutFailure(err, { locale, destination, values: keptValues(raw) });
  }
  const catalogue = await getCatalogue();
  const operatorName = parsed.payTo === "bank" ? moneyMessages(locale).send.bank : (catalogue.providerByCode.get(method)?.name ?? method);
  // The number's owner by the plan, when the operator was chosen by hand and differs.
  let ownerMismatch: string | null = null;
  if (parsed.payTo === "wallet" && !parsed.predicted && parsed.phone) {
    const country = catalogue.countryByCode.get(parsed.country)!;
    const owner = numberOwner(catalogue.numberingPlans.get(parsed.country), parsed.phone.slice(country.phonePrefix.length));
    if (owner && owner.providerCode && owner.providerCode !== method) ownerMismatch = owner.operatorName;
  }
  const show = (minor: bigint, currency: string) => (isCurrency(currency) ? formatAmount(minor, currency, locale) : `${minor} ${currency}`);
  // Said before the confirmation: above the team's threshold it waits for a second member.
  const thresholds = await readApprovalThresholds(await getPrisma(), { merchantId: scope.merchantId, environment: scope.environment });
  const approvalAbove = approvalNeeded(thresholds, approvalTotals([{ amount: quote.sourceAmount, currency: quote.sourceCurrency }]))
    ? show(thresholds.get(quote.sourceCurrency)!, quote.sourceCurrency)
    : null;
  const values = keptValues({ ...raw, operator: parsed.payTo === "wallet" ? method : raw.operator });
  return {
    ok: true,
    data: {
      quoteId: quote.id,
      values,
      recipient: {
        name: parsed.name ?? parsed.bank?.accountName ?? null,
        phone: parsed.phone ?? null,
        account: parsed.bank?.accountNumber ?? null,
        bankName: parsed.bank?.bankName ?? null,
        operator: operatorName,
        operatorCode: method,
        country: destination.countryName,
      },
      predicted: parsed.predicted,
      ownerMismatch,
      amount: show(quote.inputAmount, quote.inputCurrency),
      fees: show(quote.feeAmount, quote.feeCurrency),
      fx: quote.fxRate ? { from: quote.sourceCurrency, to: quote.destinationCurrency, rate: quote.fxRate, spread: quote.fxSpreadPercent ?? "0" } : null,
      topUp:
        quote.topUpFromCurrency && quote.topUpSourceAmount !== null && quote.topUpTargetAmount !== null
          ? { from: show(quote.topUpSourceAmount, quote.topUpFromCurrency), to: show(quote.topUpTargetAmount, quote.totalDebitCurrency) }
          : null,
      receives: show(quote.destinationAmount, quote.destinationCurrency),
      leaves: show(quote.totalDebitAmount, quote.totalDebitCurrency),
      validUntil: formatInZone(quote.expiresAt, locale, options.timeZone).local,
      operators: destination.operators,
      approvalAbove,
    },
  };
}

/** The operator a typed number belongs to (numbering plan), for the form's hint; null when unknown. */
export async function predictOperator(scope: DashboardScope, country: unknown, phone: unknown): Promise<{ name: string; portability: boolean } | null> {
  if (typeof country !== "string" || typeof phone !== "string" || phone.length > 40) return null;
  try {
    const prediction = await predictProvider({ phoneNumber: phone, country: country.toUpperCase() });
    const catalogue = await getCatalogue();
    return { name: catalogue.providerByCode.get(prediction.provider)?.name ?? prediction.provider, portability: prediction.portability };
  } catch (err) {
    if (isAppError(err)) return null;
    throw err;
  }
}

export type SendResult = { payoutId: string; awaitingApproval: boolean };

/**
 * Step two: initiates with the reviewed quote and the same recipient (the hidden fields of the
 * review, checked again). A second post of the same review (a double click, a reload) finds the
 * payout the first one made: the quote is used at most once.
 */
export async function confirmSendMoney(scope: DashboardScope, raw: SendFields & { quoteId?: string; confirm?: string }, options: { locale: Locale }): Promise<FormResult<SendResult>> {
  const { locale } = options;
  if (raw.confirm !== "yes") return { ok: false, code: "validation_error", error: moneyMessages(locale).errors.confirm, values: keptValues(raw) };
  const sendOptions = await sendMoneyOptions(scope, locale);
  const parsed = await parseFields(raw, sendOptions, locale);
  if ("ok" in parsed) return parsed;
  const destination = sendOptions.destinations.find((d) => d.country === parsed.country)!;
  const quoteId = typeof raw.quoteId === "string" && /^qt_[A-Za-z0-9]{1,60}$/.test(raw.quoteId) ? raw.quoteId : null;
  const values = keptValues(raw);
  if (!quoteId) return { ok: false, code: "quote_expired", error: moneyMessages(locale).errors.expired, values };
  const merchant = await loadMerchant(scope);
  try {
    const payout = await initiatePayout(
      { merchant, environment: scope.environment },
      { quoteId, ...recipientBody(parsed), ...(parsed.description ? { description: parsed.description } : {}) },
      { audit: { actor: dashboardActor(scope) }, approval: { userId: scope.userId, email: scope.email } },
    );
    return { ok: true, data: { payoutId: payout.id, awaitingApproval: payout.awaitingApproval } };
  } catch (err) {
    if (!isAppError(err)) throw err;
    const usedBy = err.code === "quote_already_used" ? (err.extra?.payoutId as string | undefined) : undefined;
    if (usedBy?.startsWith("po_")) {
      const mine = await findScopedPayout(scope, usedBy, { id: true, awaitingApproval: true });
      if (mine) return { ok: true, data: { payoutId: mine.id, awaitingApproval: mine.awaitingApproval } };
    }
    return payoutFailure(err, { locale, destination, values });
  }
}
