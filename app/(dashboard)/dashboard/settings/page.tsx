import { cookies } from "next/headers";
import { authMessages } from "@/lib/dashboard/i18n-auth";
import { changePasswordAction, saveTimeZoneAction } from "@/app/_dashboard/actions";
import { ActionForm } from "@/app/_dashboard/client/action-form";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";
import { teamMessages } from "@/lib/dashboard/i18n-team";
import { TIME_ZONE_COOKIE, timeZoneChoices } from "@/lib/identity/time-zone";
import { brandingMessages } from "@/lib/dashboard/i18n-branding";
import { can } from "@/lib/identity/roles";

export default async function SettingsPage() {
  const scope = await requireScope("self");
  const locale = await currentLocale();
  const m = messages(locale);
  const tf = teamMessages(locale).twoFactor;
  const s = m.settings;
  const browserZone = (await cookies()).get(TIME_ZONE_COOKIE)?.value;
  const brand = brandingMessages(locale);
  return (
    <div className="stack">
      <h1>{s.title}</h1>
      {can(scope.role, "branding") ? (
        <section className="card stack" aria-labelledby="branding-title">
          <h2 id="branding-title">{brand.title}</h2>
          <p className="muted">{brand.intro}</p>
          <p>
            <a href="/dashboard/settings/branding">{brand.open}</a>
          </p>
        </section>
      ) : null}
      <section className="card stack" aria-labelledby="zone-title">
        <h2 id="zone-title">{s.timeZoneTitle}</h2>
        <p className="muted">{s.timeZoneHelp}</p>
        <ActionForm action={saveTimeZoneAction} submit={s.timeZoneSave} success={s.timeZoneSaved} testId="time-zone-form">
          <label>
            {s.timeZone}
            <select name="timeZone" defaultValue={scope.timeZone ?? ""}>
              <option value="">{s.timeZoneBrowser.replace("{zone}", browserZone ?? "UTC")}</option>
              {timeZoneChoices().map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </select>
          </label>
        </ActionForm>
      </section>
      <section className="card stack" aria-labelledby="two-factor-title">
        <h2 id="two-factor-title">{tf.title}</h2>
        <p data-testid="two-factor-summary">{scope.twoFactorEnabled ? tf.enabled : tf.statusOff}</p>
        <p>
          <a href="/dashboard/settings/two-factor">{scope.twoFactorEnabled ? tf.regenerate + " / " + tf.disable : tf.start}</a>
        </p>
      </section>
      <section className="card stack" aria-labelledby="password-title">
        <h2 id="password-title">{s.password}</h2>
        <ActionForm action={changePasswordAction} submit={s.submit} success={s.changed} testId="password-form">
          <label>
            {s.current}
            <input name="currentPassword" type="password" autoComplete="current-password" required />
          </label>
          <label>
            {s.new}
            <input name="newPassword" type="password" autoComplete="new-password" required minLength={10} aria-describedby="new-password-rule" />
          </label>
          <p id="new-password-rule" className="muted">
            {authMessages(locale).passwordRule}
          </p>
        </ActionForm>
      </section>
    </div>
  );
}
