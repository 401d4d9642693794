import { randomBytes } from "node:crypto";
import { checkLogo, type LogoRefusal } from "@/lib/branding/logo-image";
import type { MerchantScope } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { Prisma, type PaymentLink } from "@/lib/db/generated/client";
import { AppError, type ErrorDetail } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { asJsonb } from "@/lib/db/as-jsonb";
import { type AuditBy, writeAudit } from "@/lib/audit/write-audit";
import { isCurrency, minorPerMajor, minorToDecimalString, toMinor, type CurrencyCode } from "@/lib/money";
import { type Channel, getCatalogue, hasRefusedCents, MOBILE_MONEY_CODES } from "@/lib/reference";
import { assertSomeChannelTakes, channelBounds } from "@/lib/payments/checkout-channels";
import { linkChannels } from "./link-channels";
import { MAX_LINK_IMAGE_BYTES, type CreatePaymentLinkInput } from "./payment-link-schemas";
import { getMerchant } from "@/lib/merchants/merchant-records";

/** Who owns a link: the merchant and the environment (API key or dashboard session). */
export type LinkScope = MerchantScope;

/**
 * Creates a payment link (POST /payment-links, and the dashboard's form). Everything the
 * merchant can get wrong is refused before the write, in the API's error bodies: a currency we
 * do not handle, a country without a checkout method in that currency, a method the countries do
 * not offer, amounts outside what the offered methods take (so a customer never meets a link
 * nobody can pay), an expiry in the past, an image that is not a small PNG, JPEG or WebP.
 */
export async function createPaymentLink(scope: LinkScope, input: CreatePaymentLinkInput, options: { audit?: AuditBy } = {}, now = new Date()): Promise<PaymentLink> {
  const prisma = await getPrisma();
  if (!isCurrency(input.currency)) throw new AppError("invalid_currency", `Unsupported currency ${input.currency}.`);
  const currency: CurrencyCode = input.currency;
  const merchant = await getMerchant(scope.merchantId, { country: true }, prisma);
  const countries = [...new Set(input.countries ?? [merchant.country])];
  const methods = [...new Set(input.methods ?? [])];

  const catalogue = await getCatalogue();
  for (const [i, country] of countries.entries()) {
    if (!catalogue.countryByCode.has(country)) throw invalid("invalid_country", `Payments are not offered in ${country}.`, `countries.${i}`);
  }
  for (const [i, code] of methods.entries()) {
    if (!(MOBILE_MONEY_CODES as readonly string[]).includes(code)) {
      throw invalid("validation_error", `${code} is not a mobile-money provider code the checkout offers.`, `methods.${i}`);
    }
  }
  const channels = await linkChannels(scope.environment, { countries, currency, methods });
  for (const [i, country] of countries.entries()) {
    if (!channels.some((c) => c.countryCode === country)) {
      throw invalid("provider_unavailable", `No payment method${methods.length ? " of those named in methods" : ""} is available in ${country} for ${currency}.`, `countries.${i}`);
    }
  }
  for (const [i, code] of methods.entries()) {
    if (!channels.some((c) => c.providerCode === code)) throw invalid("provider_unavailable", `${code} is not offered in ${countries.join(", ")} for ${currency}.`, `methods.${i}`);
  }

  const bounds = channelBounds(channels)!;
  const range = `from ${minorToDecimalString(bounds.min, currency)} to ${minorToDecimalString(bounds.max, currency)} ${currency}`;
  const amount = input.amount === undefined ? null : toMinor(input.amount, currency);
  if (amount !== null) {
    assertSomeChannelTakes(channels, amount, () => invalid("invalid_amount", `Amount ${minorToDecimalString(amount, currency)} ${currency} is outside what the link's payment methods accept: ${range}.`, "amount"));
  }
  const minAmount = input.minAmount === undefined ? null : toMinor(input.minAmount, currency);
  const maxAmount = input.maxAmount === undefined ? null : toMinor(input.maxAmount, currency);
  if (minAmount !== null && maxAmount !== null && minAmount > maxAmount) throw invalid("invalid_amount", "minAmount must not be above maxAmount.", "minAmount");
  if (minAmount !== null && minAmount > bounds.max) throw invalid("invalid_amount", `minAmount is above what the link's payment methods accept: ${range}.`, "minAmount");
  if (maxAmount !== null && maxAmount < bounds.min) throw invalid("invalid_amount", `maxAmount is below what the link's payment methods accept: ${range}.`, "maxAmount");
  // A bound with cents when every method the link offers takes whole units only: the customer
  // could never pay that bound exactly, so the merchant is told now (naming the field and the rule).
  for (const [field, bound] of [["minAmount", minAmount], ["maxAmount", maxAmount]] as const) {
    if (amount === null && bound !== null && channels.every((c) => hasRefusedCents(c, bound))) throw wholeUnitsOnly(channels, bound, field);
  }

  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
  if (expiresAt && expiresAt.getTime() <= now.getTime()) throw invalid("validation_error", "expiresAt must be in the future.", "expiresAt");

  const image = input.image ? readImage(input.image) : null;
  const collect = input.collect;
  const row: Omit<PaymentLink, "slug"> = {
    id: newId("plink", now.getTime()),
    merchantId: scope.merchantId,
    environment: scope.environment,
    title: input.title,
    description: input.description || null,
    currency,
    amount,
    minAmount: amount === null ? minAmount : null,
    maxAmount: amount === null ? maxAmount : null,
    countries,
    methods,
    collectName: collect?.name ?? "off",
    collectPhone: collect?.phone ?? "off",
    collectEmail: collect?.email ?? "off",
    customFieldLabel: collect?.customField?.label ?? null,
    customFieldRequired: collect?.customField?.required ?? false,
    successMessage: input.successMessage ?? null,
    redirectUrl: input.redirectUrl ?? null,
    metadata: input.metadata ? (asJsonb(input.metadata) as Prisma.JsonObject) : null,
    image: image?.bytes ?? null,
    imageType: image?.type ?? null,
    imageSha256: image?.sha256 ?? null,
    imageWidth: image?.width ?? null,
    imageHeight: image?.height ?? null,
    expiresAt,
    maxPayments: input.maxPayments ?? null,
    deactivatedAt: null,
    createdAt: now,
    updatedAt: now,
  };

  // The unique (environment, slug) index decides: a chosen slug already taken is the merchant's
  // to change; a generated one simply draws new random characters.
  for (let attempt = 0; attempt < 5; attempt++) {
    const slug = input.slug ?? generatedSlug(input.title);
    const created = await prisma.$transaction(async (tx) => {
      const [link] = await tx.paymentLink.createManyAndReturn({ data: [{ ...row, metadata: row.metadata ?? Prisma.DbNull, slug }], skipDuplicates: true });
      if (link && options.audit) {
        await writeAudit(tx, { merchantId: scope.merchantId, environment: scope.environment, actor: options.audit.actor, action: "payment_link.created", details: { paymentLinkId: link.id, slug } });
      }
      return link;
    });
    if (created) return created;
    if (input.slug) throw new AppError("slug_taken", `The slug "${input.slug}" is already used by another payment link.`, { details: [{ path: "slug", message: "already used" }] });
  }
  throw new Error("could not draw a free payment-link slug in 5 attempts");
}

const invalid = (code: "invalid_country" | "validation_error" | "provider_unavailable" | "invalid_amount", message: string, path: string) =>
  new AppError(code, message, { details: [{ path: `body.${path}`, message } satisfies ErrorDetail] });

/** 400 invalid_amount on `field`: a bound with cents that none of the link's methods (all whole-unit) can take. */
function wholeUnitsOnly(channels: Channel[], bound: bigint, field: "minAmount" | "maxAmount"): AppError {
  const currency = channels[0].currency;
  const unit = minorPerMajor(currency);
  const down = bound / unit;
  const methods = [...new Set(channels.map((c) => `${c.displayName} (${c.providerCode}) in ${c.countryCode}`))].join(", ");
  const rule = `must be a whole number of ${currency}: every method of the link takes whole ${currency} only, ${[...new Set(channels.map((c) => `${c.displayName} in ${c.countryCode}`))].join(", ")} (wholeUnits)`;
  return new AppError("invalid_amount", `${field} ${minorToDecimalString(bound, currency)} ${currency} has cents, but every payment method of this link takes whole ${currency} only (${methods}): use ${field === "minAmount" ? down + 1n : down}.`, {
    details: [{ path: field, message: rule }],
  });
}

/** 32 letters and digits without look-alikes (no i, l, o, u): easy to read off a poster. */
const SLUG_ALPHABET = "abcdefghjkmnpqrstvwxyz0123456789";

/** "Robe wax — taille unique" → "robe-wax-taille-unique-k3x9": the title's words, then 4 random characters (20 bits). */
export function generatedSlug(title: string): string {
  const words = title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  const suffix = Array.from(randomBytes(4), (b) => SLUG_ALPHABET[b & 31]).join("");
  return words ? `${words}-${suffix}` : `link-${suffix}`;
}

const IMAGE_REFUSALS: Record<LogoRefusal, string> = {
  empty: "The image is empty.",
  too_big: `The image is larger than ${MAX_LINK_IMAGE_BYTES / 1024} KB.`,
  svg: "SVG images are not accepted: use PNG, JPEG or WebP.",
  not_image: "The image must be a PNG, JPEG or WebP file.",
  unreadable: "The image's size could not be read: save it again as PNG, JPEG or WebP.",
  too_large_image: "The image is larger than 2048 pixels on a side.",
};

/** The picture's bytes, checked by the checkout logo's own rule (lib/branding checkLogo). */
export function checkLinkImage(bytes: Uint8Array<ArrayBuffer>) {
  const check = checkLogo(bytes);
  return check.ok ? { ok: true as const, image: { ...check } } : { ok: false as const, reason: check.reason, message: IMAGE_REFUSALS[check.reason] };
}

function readImage(base64: string) {
  const bytes = new Uint8Array(Buffer.from(base64, "base64"));
  const checked = checkLinkImage(bytes);
  if (!checked.ok) throw invalid("validation_error", checked.message, "image");
  return checked.image;
}
