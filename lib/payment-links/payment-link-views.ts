import { LOGO_EXTENSION, type LogoType } from "@/lib/branding/logo-image";
import { config } from "@/lib/config";
import type { PaymentLink } from "@/lib/db/generated/client";
import { fromMinor } from "@/lib/money";
import { linkStatus, type LinkTotals } from "./link-status";

/** The link as the API shows it (PaymentLink in the OpenAPI document). */
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const money = (minor: bigint | null, currency: string) => (minor === null ? null : fromMinor(minor, currency));

export const linkPath = (slug: string) => `/pay/${slug}`;
export const linkUrl = (slug: string) => `${config.publicUrl().replace(/\/$/, "")}${linkPath(slug)}`;

/** The image on our own origin, named by its content (a new image is a new URL, cached for a year). */
export function linkImagePath(link: Pick<PaymentLink, "slug" | "imageSha256" | "imageType">): string | null {
  if (!link.imageSha256 || !link.imageType || !(link.imageType in LOGO_EXTENSION)) return null;
  return `${linkPath(link.slug)}/image/${link.imageSha256}.${LOGO_EXTENSION[link.imageType as LogoType]}`;
}

export function paymentLinkView(link: PaymentLink, totals: LinkTotals, now = new Date()) {
  const image = linkImagePath(link);
  const url = linkUrl(link.slug);
  return {
    id: link.id,
    slug: link.slug,
    url,
    qrCode: { png: `${url}/qr.png`, svg: `${url}/qr.svg` },
    status: linkStatus(link, totals, now),
    title: link.title,
    description: link.description,
    imageUrl: image ? `${config.publicUrl().replace(/\/$/, "")}${image}` : null,
    currency: link.currency,
    amount: money(link.amount, link.currency),
    minAmount: money(link.minAmount, link.currency),
    maxAmount: money(link.maxAmount, link.currency),
    countries: link.countries,
    methods: link.methods,
    collect: {
      name: link.collectName,
      phone: link.collectPhone,
      email: link.collectEmail,
      customField: link.customFieldLabel ? { label: link.customFieldLabel, required: link.customFieldRequired } : null,
    },
    successMessage: link.successMessage,
    redirectUrl: link.redirectUrl,
    expiresAt: iso(link.expiresAt),
    maxPayments: link.maxPayments,
    metadata: (link.metadata as Record<string, unknown> | null) ?? null,
    paymentsCount: totals.paidCount,
    amountCollected: fromMinor(totals.collected, link.currency),
    createdAt: link.createdAt.toISOString(),
    updatedAt: link.updatedAt.toISOString(),
    deactivatedAt: iso(link.deactivatedAt),
  };
}

export type PaymentLinkView = ReturnType<typeof paymentLinkView>;
