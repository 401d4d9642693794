import type { Prisma } from "@/lib/db/generated/client";
import { LOGO_EXTENSION, type LogoType } from "./logo-image";

/** What a page shows of a merchant's branding (never the logo's bytes: those have their own URL). */
export type Branding = {
  displayName: string;
  accentColor: string;
  logo: { src: string; width: number; height: number } | null;
  /** How customers reach the merchant, shown on every stage of the checkout; null when not given. */
  support: SupportContact | null;
};

/** A phone number (E.164) and/or an e-mail address; at least one. */
export type SupportContact = { phone: string | null; email: string | null };

/** The columns a page reads: everything but the bytes. */
export const BRANDING_COLUMNS = {
  displayName: true,
  accentColor: true,
  logoType: true,
  logoSha256: true,
  logoWidth: true,
  logoHeight: true,
  supportPhone: true,
  supportEmail: true,
} satisfies Prisma.MerchantBrandingSelect;

type BrandingColumns = Prisma.MerchantBrandingGetPayload<{ select: typeof BRANDING_COLUMNS }>;

/**
 * The logo's URL: on our own origin (the checkout's CSP allows images from 'self' only), named by
 * its merchant and its content hash. The hash makes the URL change with the file, so the file can
 * be cached for a year; the merchant id makes a hash useless outside its own merchant.
 */
export function logoPath(merchantId: string, sha256: string, type: LogoType): string {
  return `/branding/${merchantId}/${sha256}.${LOGO_EXTENSION[type]}`;
}

export function presentBranding(merchantId: string, row: BrandingColumns): Branding {
  const logo =
    row.logoSha256 && row.logoType && row.logoType in LOGO_EXTENSION
      ? { src: logoPath(merchantId, row.logoSha256, row.logoType as LogoType), width: row.logoWidth ?? 0, height: row.logoHeight ?? 0 }
      : null;
  const support = row.supportPhone || row.supportEmail ? { phone: row.supportPhone ?? null, email: row.supportEmail ?? null } : null;
  return { displayName: row.displayName, accentColor: row.accentColor, logo, support };
}
