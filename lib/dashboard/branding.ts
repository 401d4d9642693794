import { writeAudit } from "@/lib/audit/write-audit";
import { BRANDING_COLUMNS, checkAccentColour, checkLogo, contrastWithWhite, DEFAULT_ACCENT, formatRatio, MAX_LOGO_BYTES, presentBranding, type Branding } from "@/lib/branding";
import { getPrisma } from "@/lib/db/client";
import { getCatalogue } from "@/lib/reference/get-catalogue";
import { parsePhoneNumber } from "@/lib/reference/parse-phone-number";
import type { FormResult } from "./form-result";
import type { Locale } from "./i18n";
import { brandingMessages } from "./i18n-branding";
import { dashboardActor, type DashboardScope } from "./scope";
import { getMerchant, merchantCountry } from "@/lib/merchants/merchant-records";
import { saveBranding as writeBranding } from "@/lib/branding/save-branding";

/**
 * Settings › Checkout branding (owners: permission `branding`). The merchant's display name,
 * accent colour and logo (lib/branding holds the checks), one row per merchant, written with its
 * audit row in one transaction.
 */
export type BrandingSettings = Branding & { saved: boolean; contrast: number };

/** The form's values: the saved branding, else the merchant's name in the checkout's own colour. */
export async function getBrandingSettings(scope: DashboardScope): Promise<BrandingSettings> {
  const prisma = await getPrisma();
  const merchant = await getMerchant(scope.merchantId, { name: true, branding: { select: BRANDING_COLUMNS } }, prisma);
  const branding = merchant.branding ? presentBranding(scope.merchantId, merchant.branding) : { displayName: merchant.name.slice(0, 60), accentColor: DEFAULT_ACCENT, logo: null, support: null };
  return { ...branding, saved: merchant.branding !== null, contrast: contrastWithWhite(branding.accentColor) };
}

/** "4.48:1" / "4,48:1". */
export const ratioText = (ratio: number, locale: Locale) => (locale === "fr" ? formatRatio(ratio).replace(".", ",") : formatRatio(ratio));

export type BrandingInput = {
  displayName: unknown;
  accentColor: unknown;
  /** The uploaded file (a File is a Blob); null or empty: keep the current logo. Past 200 KB its bytes are not read. */
  logo: Blob | null;
  /** Remove the current logo (ignored when a new one is uploaded). */
  removeLogo: boolean;
  /** Customer support contact shown on the checkout; empty or absent: none. */
  supportPhone?: unknown;
  supportEmail?: unknown;
};

const TYPED = ["displayName", "accentColor", "supportPhone", "supportEmail"] as const;
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

/** An optional text field: trimmed, "" → null. */
const optionalText = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

export async function saveBranding(scope: DashboardScope, input: BrandingInput, options: { locale?: Locale } = {}): Promise<FormResult<Branding>> {
  const m = brandingMessages(options.locale ?? "en");
  const fieldErrors: Record<string, string> = {};

  const displayName = typeof input.displayName === "string" ? input.displayName.trim().replace(/\s+/g, " ") : "";
  if (displayName.length < 1 || [...displayName].length > 60) fieldErrors.displayName = m.errors.displayName;

  const accent = checkAccentColour(input.accentColor);
  if (!accent.ok && accent.reason === "format") fieldErrors.accentColor = m.errors.accentFormat;
  if (!accent.ok && accent.reason === "contrast") {
    fieldErrors.accentColor = m.errors.accentContrast
      .replace("{colour}", accent.colour)
      .replace("{ratio}", ratioText(accent.ratio, options.locale ?? "en"))
      .replace("{suggestion}", accent.suggestion);
  }

  // The support number as E.164, read like any number customers type (national forms in the merchant's country).
  let supportPhone = optionalText(input.supportPhone);
  if (supportPhone) {
    try {
      supportPhone = parsePhoneNumber(await getCatalogue(), supportPhone, await merchantCountry(scope.merchantId)).e164;
    } catch {
      fieldErrors.supportPhone = m.errors.supportPhone;
    }
  }
  const supportEmail = optionalText(input.supportEmail);
  if (supportEmail && (supportEmail.length > 254 || !EMAIL.test(supportEmail))) fieldErrors.supportEmail = m.errors.supportEmail;

  const file = input.logo && input.logo.size > 0 ? input.logo : null;
  const upload = file && file.size <= MAX_LOGO_BYTES ? new Uint8Array(await file.arrayBuffer()) : null;
  const logo = file ? (upload ? checkLogo(upload) : ({ ok: false, reason: "too_big" } as const)) : null;
  if (logo && !logo.ok) fieldErrors.logo = m.errors.logo[logo.reason];

  if (Object.keys(fieldErrors).length > 0 || !accent.ok) {
    const values: Record<string, string> = {};
    for (const name of TYPED) if (typeof input[name] === "string") values[name] = (input[name] as string).slice(0, 300);
    const only = Object.values(fieldErrors);
    return { ok: false, code: "validation_error", error: only.length === 1 ? only[0] : m.summary, fieldErrors, values };
  }

  const prisma = await getPrisma();
  const row = await prisma.$transaction(async (tx) => {
    const logoData =
      logo && logo.ok && upload
        ? { logo: logo.bytes, logoType: logo.type, logoSha256: logo.sha256, logoWidth: logo.width, logoHeight: logo.height }
        : input.removeLogo
          ? { logo: null, logoType: null, logoSha256: null, logoWidth: null, logoHeight: null }
          : {};
    const data = { displayName, accentColor: accent.colour, supportPhone, supportEmail, updatedBy: dashboardActor(scope), ...logoData };
    const { before, after } = await writeBranding(tx, scope.merchantId, data);
    const logoChange = (before?.logoSha256 ?? null) === (after.logoSha256 ?? null) ? "unchanged" : !after.logoSha256 ? "removed" : before?.logoSha256 ? "replaced" : "added";
    const supportChanged = (before?.supportPhone ?? null) !== after.supportPhone || (before?.supportEmail ?? null) !== after.supportEmail;
    const changed = !before || before.displayName !== after.displayName || before.accentColor !== after.accentColor || logoChange !== "unchanged" || supportChanged;
    if (changed) {
      await writeAudit(tx, {
        merchantId: scope.merchantId,
        environment: null,
        actor: dashboardActor(scope),
        action: "branding.updated",
        details: {
          displayName: after.displayName,
          accentColor: after.accentColor,
          ...(before && before.displayName !== after.displayName ? { previousDisplayName: before.displayName } : {}),
          ...(before && before.accentColor !== after.accentColor ? { previousAccentColor: before.accentColor } : {}),
          logo: logoChange,
          ...(supportChanged ? { supportPhone: after.supportPhone, supportEmail: after.supportEmail } : {}),
          ...(after.logoSha256 && logoChange !== "unchanged" ? { logoSha256: after.logoSha256, logoType: after.logoType, logoBytes: logo?.ok ? logo.bytes.byteLength : null } : {}),
        },
      });
    }
    return after;
  });
  return { ok: true, data: presentBranding(scope.merchantId, row) };
}
