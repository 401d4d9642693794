import { saveBrandingAction } from "@/app/_dashboard/actions";
import { ActionForm } from "@/app/_dashboard/client/action-form";
import { FileInput } from "@/app/_dashboard/client/file-input";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { getBrandingSettings, ratioText } from "@/lib/dashboard/branding";
import { messages } from "@/lib/dashboard/i18n";
import { brandingMessages } from "@/lib/dashboard/i18n-branding";

/**
 * Settings › Checkout branding (owners): the name, accent colour and logo customers see on the
 * hosted checkout. One multipart form, a server action that also works as a plain POST without
 * JavaScript. The preview is an SVG whose `fill` is the colour: no style attribute needed.
 */
export default async function BrandingPage() {
  const scope = await requireScope("branding");
  const locale = await currentLocale();
  const m = messages(locale);
  const t = brandingMessages(locale);
  const branding = await getBrandingSettings(scope);
  return (
    <div className="stack">
      <p>
        <a href="/dashboard/settings">← {m.settings.title}</a>
      </p>
      <h1>{t.title}</h1>
      <p className="muted">{t.intro}</p>
      <section className="card stack" aria-labelledby="brand-preview-title" data-testid="branding-preview">
        <h2 id="brand-preview-title">{t.preview}</h2>
        <div className="row">
          {branding.logo ? <img src={branding.logo.src} alt={t.currentLogo} width={branding.logo.width} height={branding.logo.height} className="brand-logo" data-testid="branding-logo" /> : null}
          <strong data-testid="branding-name">{branding.displayName}</strong>
        </div>
        <svg viewBox="0 0 240 44" width="240" height="44" role="img" aria-label={`${t.preview}: ${branding.accentColor}`} data-testid="branding-swatch">
          <rect width="240" height="44" rx="8" fill={branding.accentColor} />
          <text x="120" y="28" textAnchor="middle" fill="#fff" fontWeight="700" fontSize="16" fontFamily="system-ui, sans-serif">
            {t.previewLabel}
          </text>
        </svg>
        <p className="muted" data-testid="branding-contrast">
          {t.currentContrast.replace("{colour}", branding.accentColor).replace("{ratio}", ratioText(branding.contrast, locale))}
        </p>
        {branding.logo ? null : <p className="muted">{t.noLogo}</p>}
      </section>
      <section className="card stack" aria-labelledby="brand-form-title">
        <h2 id="brand-form-title">{t.title}</h2>
        <ActionForm action={saveBrandingAction} submit={t.save} success={t.saved} testId="branding-form">
          <label>
            {t.displayName}
            <input name="displayName" defaultValue={branding.displayName} required maxLength={60} autoComplete="organization" aria-describedby="display-name-help" />
          </label>
          <p id="display-name-help" className="muted">
            {t.displayNameHelp}
          </p>
          <label>
            {t.accentColor}
            <input name="accentColor" defaultValue={branding.accentColor} required maxLength={7} spellCheck={false} autoComplete="off" aria-describedby="accent-help" />
          </label>
          <p id="accent-help" className="muted">
            {t.accentHelp}
          </p>
          <FileInput label={t.logo} words={m.fileInput} name="logo" accept="image/png,image/jpeg,image/webp" describedBy="logo-help" />
          <p id="logo-help" className="muted">
            {t.logoHelp}
          </p>
          {branding.logo ? (
            <label className="radio">
              <input type="checkbox" name="removeLogo" /> {t.removeLogo}
            </label>
          ) : null}
          <fieldset aria-describedby="support-help">
            <legend>{t.supportTitle}</legend>
            <p id="support-help" className="muted">
              {t.supportHelp}
            </p>
            <label>
              {t.supportPhone}
              <input name="supportPhone" type="tel" defaultValue={branding.support?.phone ?? ""} maxLength={40} autoComplete="tel" aria-describedby="support-phone-help" />
            </label>
            <p id="support-phone-help" className="muted">
              {t.supportPhoneHelp}
            </p>
            <label>
              {t.supportEmail}
              <input name="supportEmail" type="email" defaultValue={branding.support?.email ?? ""} maxLength={254} autoComplete="email" />
            </label>
          </fieldset>
        </ActionForm>
      </section>
    </div>
  );
}
