import type { AppEnvironment } from "@/lib/config";
import type { Locale, Messages } from "@/lib/dashboard/i18n";
import { setLanguageAction } from "./actions";

/** Always visible: which environment these keys and balances belong to. */
export function EnvBadge({ environment, m }: { environment: AppEnvironment; m: Messages }) {
  const live = environment === "production";
  return (
    <span className={live ? "env-badge env-live" : "env-badge env-sandbox"} data-testid="env-badge" title={live ? "Live" : "Sandbox"}>
      {live ? m.live : m.sandbox}
    </span>
  );
}

export function LanguageSwitch({ locale, back, m }: { locale: Locale; back: string; m: Messages }) {
  const other: Locale = locale === "fr" ? "en" : "fr";
  return (
    <form action={setLanguageAction} className="lang-switch">
      <input type="hidden" name="lang" value={other} />
      <input type="hidden" name="back" value={back} />
      <button type="submit" className="btn btn-ghost btn-small" aria-label={`${m.language}: ${other === "fr" ? "Français" : "English"}`} lang={other}>
        {other === "fr" ? "FR" : "EN"}
      </button>
    </form>
  );
}
