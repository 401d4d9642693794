import { AppError } from "@/lib/errors";
import { checkoutChannels } from "@/lib/payments/checkout-channels";
import { fromMinor, isCurrency, parseTypedAmount, type CurrencyCode } from "@/lib/money";
import { listTransactions, listTransactionsQuery } from "@/lib/payments/list-transactions";
import { createPaymentLink } from "@/lib/payment-links/create-payment-link";
import { deactivatePaymentLink } from "@/lib/payment-links/deactivate-payment-link";
import { getPaymentLinkOrThrow } from "@/lib/payment-links/get-payment-link";
import { listPaymentLinks } from "@/lib/payment-links/list-payment-links";
import { createPaymentLinkBody, listPaymentLinksQuery, MAX_LINK_IMAGE_BYTES } from "@/lib/payment-links/payment-link-schemas";
import { presentPaymentLink } from "@/lib/payment-links/present-payment-link";
import { getCatalogue } from "@/lib/reference";
import { fieldErrorsOf, type FormResult } from "./form-result";
import type { Locale } from "./i18n";
import { paymentLinkMessages } from "./i18n-payment-links";
import { dashboardActor, type DashboardScope } from "./scope";
import { getMerchant } from "@/lib/merchants/merchant-records";

/**
 * The dashboard's payment-link screens over lib/payment-links: the create form becomes the very
 * body POST /payment-links takes (same schema, same createPaymentLink), so every rule holds here
 * too; amounts are read by the dashboard's one rule for typed amounts (parseTypedAmount).
 */
const linkScope = (scope: DashboardScope) => ({ merchantId: scope.merchantId, environment: scope.environment });

export async function listDashboardPaymentLinks(scope: DashboardScope, searchParams: Record<string, string | string[] | undefined>) {
  const page = typeof searchParams.page === "string" ? searchParams.page : undefined;
  const parsed = listPaymentLinksQuery.safeParse({ page, limit: "20" });
  return listPaymentLinks(linkScope(scope), parsed.success ? parsed.data : { page: 1, limit: 20 });
}

/** A link with its first 50 payments (the CSV export has them all); null when not this merchant's. */
export async function getDashboardPaymentLink(scope: DashboardScope, id: string) {
  if (!/^plink_[0-9a-z]{1,60}$/.test(id)) return null;
  let link;
  try {
    link = await getPaymentLinkOrThrow(linkScope(scope), id);
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return null;
    throw err;
  }
  const query = listTransactionsQuery.parse({ paymentLinkId: id, limit: "50", type: "collect" });
  const [view, payments] = await Promise.all([presentPaymentLink(link), listTransactions({ environment: scope.environment, merchant: { id: scope.merchantId } }, query)]);
  return { link: view, expiresAt: link.expiresAt, deactivatedAt: link.deactivatedAt, payments };
}

/** What the create form offers: the currencies, countries and methods the hosted checkout serves here. */
export async function paymentLinkFormOptions(scope: DashboardScope) {
  const catalogue = await getCatalogue();
  const countries = [...catalogue.countryByCode.values()].filter((c) => c.active).sort((a, b) => a.sortOrder - b.sortOrder || a.code.localeCompare(b.code));
  const served = (await Promise.all(countries.map(async (c) => ({ country: c, channels: await checkoutChannels(scope.environment, c.code, c.currency) })))).filter((s) => s.channels.length > 0);
  const currencies = [...new Set(served.map((s) => s.country.currency))];
  const methods = [...new Map(served.flatMap((s) => s.channels.map((ch) => [ch.providerCode, catalogue.providerByCode.get(ch.providerCode)?.name ?? ch.providerCode] as const))).entries()];
  const merchant = await getMerchant(scope.merchantId, { country: true });
  const home = served.find((s) => s.country.code === merchant.country)?.country ?? served[0]?.country ?? null;
  return { countries: served.map((s) => s.country), currencies, methods, defaultCountry: home?.code ?? null, defaultCurrency: home?.currency ?? "XOF" };
}

export type PaymentLinkFormInput = {
  fields: Record<string, string>;
  countries: string[];
  methods: string[];
  /** The uploaded picture; null or empty: none. Past 200 KB its bytes are not read. */
  image: Blob | null;
  /** The member's time zone: "valid until" is typed in it. */
  timeZone: string;
};

const TYPED = ["title", "description", "amountType", "amount", "minAmount", "maxAmount", "currency", "collectName", "collectPhone", "collectEmail", "customFieldLabel", "successMessage", "redirectUrl", "expiresAt", "maxPayments", "slug"];

export async function createDashboardPaymentLink(scope: DashboardScope, input: PaymentLinkFormInput, locale: Locale): Promise<FormResult<{ id: string }>> {
  const m = paymentLinkMessages(locale).create;
  const f = input.fields;
  const values = Object.fromEntries(TYPED.filter((k) => typeof f[k] === "string").map((k) => [k, f[k].slice(0, 300)]));
  const fail = (fieldErrors: Record<string, string>) => ({ ok: false as const, code: "validation_error", error: Object.keys(fieldErrors).length === 1 ? Object.values(fieldErrors)[0] : m.summary, fieldErrors, values });

  const currency = (f.currency ?? "XOF").trim().toUpperCase();
  const fieldErrors: Record<string, string> = {};
  const typedAmount = (name: string) => {
    const text = (f[name] ?? "").trim();
    if (!text || !isCurrency(currency)) return undefined;
    try {
      return fromMinor(parseTypedAmount(text, currency as CurrencyCode), currency);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      fieldErrors[name] = err.message;
      return undefined;
    }
  };
  const fixed = f.amountType !== "open";
  const amount = fixed ? typedAmount("amount") : undefined;
  if (fixed && amount === undefined && !fieldErrors.amount) fieldErrors.amount = locale === "fr" ? "Indiquez le montant, ou laissez le client le choisir." : "Enter the amount, or let the customer choose it.";
  const minAmount = fixed ? undefined : typedAmount("minAmount");
  const maxAmount = fixed ? undefined : typedAmount("maxAmount");

  let image: string | undefined;
  if (input.image && input.image.size > 0) {
    if (input.image.size > MAX_LINK_IMAGE_BYTES) fieldErrors.image = m.imageTooBig;
    else image = Buffer.from(await input.image.arrayBuffer()).toString("base64");
  }
  const expiresAt = f.expiresAt ? zonedToIso(f.expiresAt, input.timeZone) : undefined;
  if (f.expiresAt && !expiresAt) fieldErrors.expiresAt = locale === "fr" ? "Indiquez une date et une heure." : "Enter a date and a time.";
  const mode = (v: string | undefined) => (v === "optional" || v === "required" ? v : "off");
  const text = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);

  const body = {
    title: f.title ?? "",
    description: text(f.description),
    currency,
    amount,
    minAmount,
    maxAmount,
    slug: text(f.slug),
    countries: input.countries.length > 0 ? input.countries : undefined,
    methods: input.methods.length > 0 ? input.methods : undefined,
    collect: {
      name: mode(f.collectName),
      phone: mode(f.collectPhone),
      email: mode(f.collectEmail),
      customField: text(f.customFieldLabel) ? { label: text(f.customFieldLabel)!, required: f.customFieldRequired === "on" } : undefined,
    },
    successMessage: text(f.successMessage),
    redirectUrl: text(f.redirectUrl),
    expiresAt,
    maxPayments: text(f.maxPayments) !== undefined ? Number(f.maxPayments) : undefined,
    image,
  };
  const parsed = createPaymentLinkBody.safeParse(body);
  if (!parsed.success) Object.assign(fieldErrors, Object.fromEntries(Object.entries(fieldErrorsOf(parsed.error)).filter(([k]) => !fieldErrors[k]).map(([k, v]) => [formField(k), v])));
  if (Object.keys(fieldErrors).length > 0 || !parsed.success) return fail(fieldErrors);
  try {
    const link = await createPaymentLink({ merchantId: scope.merchantId, environment: scope.environment }, parsed.data, { audit: { actor: dashboardActor(scope) } });
    return { ok: true, data: { id: link.id } };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    const field = err.details?.[0]?.path.replace(/^body\./, "");
    return { ...fail(field ? { [formField(field)]: err.message } : {}), error: err.message, code: err.code };
  }
}

/** A body path as the form's field name: `countries.1` → `countries`, `collect.customField.label` → `customFieldLabel`. */
function formField(path: string): string {
  if (path.startsWith("collect.customField")) return "customFieldLabel";
  if (path.startsWith("collect.")) return `collect${path.charAt(8).toUpperCase()}${path.slice(9)}`;
  return path.split(".")[0];
}

export async function deactivateDashboardPaymentLink(scope: DashboardScope, id: unknown): Promise<FormResult<{ id: string }>> {
  if (typeof id !== "string" || !/^plink_[0-9a-z]{1,60}$/.test(id)) return { ok: false, code: "not_found", error: "Unknown payment link." };
  try {
    await deactivatePaymentLink({ merchantId: scope.merchantId, environment: scope.environment }, id, { audit: { actor: dashboardActor(scope) } });
    return { ok: true, data: { id } };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, code: err.code, error: err.message };
    throw err;
  }
}

/**
 * "2026-12-24T18:00" typed in `timeZone` → the UTC instant, ISO 8601; null when it is not a
 * date and time. The zone's offset is read at that instant (Intl), twice, so a change of offset
 * near it (summer time) lands on the right side.
 */
export function zonedToIso(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local.trim());
  if (!match) return null;
  const [y, mo, d, h, mi] = match.slice(1).map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  if (Number.isNaN(wall)) return null;
  const offset = (at: number) => {
    const parts = Object.fromEntries(new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" }).formatToParts(new Date(at)).map((p) => [p.type, p.value]));
    return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute)) - at;
  };
  let at = wall - offset(wall);
  at = wall - offset(at);
  return new Date(at).toISOString();
}
