import { confirmTwoFactorAction, disableTwoFactorAction, regenerateRecoveryCodesAction, startTwoFactorAction } from "@/app/_dashboard/actions";
import { ActionForm } from "@/app/_dashboard/client/action-form";
import { RegenerateRecoveryCodes, TwoFactorSetup } from "@/app/_dashboard/client/two-factor-setup";
import { formatDate } from "@/app/_dashboard/format";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";
import { teamMessages } from "@/lib/dashboard/i18n-team";
import { getTwoFactorStatus } from "@/lib/identity/two-factor/manage-two-factor";

/** The member's own two-factor sign-in; where the team's rule sends members who have not set it up. */
export default async function TwoFactorPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const scope = await requireScope("self");
  const locale = await currentLocale();
  const m = messages(locale);
  const t = teamMessages(locale).twoFactor;
  const status = await getTwoFactorStatus(scope);
  const sentHere = (await searchParams).required === "1" || (status.teamRequires && !status.enabled);
  const labels = { ...t, copy: m.copy, copied: m.copied };
  return (
    <div className="stack">
      <p>
        <a href="/dashboard/settings">← {m.settings.title}</a>
      </p>
      <h1>{t.title}</h1>
      <p className="muted">{t.intro}</p>
      {sentHere && !status.enabled ? (
        <p className="warning" role="alert" data-testid="two-factor-required">
          {t.required}
        </p>
      ) : null}
      <TwoFactorSetup start={startTwoFactorAction} confirm={confirmTwoFactorAction} t={labels} enabled={status.enabled}>
        <div className="stack">
          <p data-testid="two-factor-status">
            {t.statusOn.replace("{date}", formatDate(status.enabledAt, locale))} {t.codesLeft.replace("{n}", String(status.recoveryCodesLeft))}
          </p>
          <section className="card stack" aria-labelledby="codes-title-2">
            <h2 id="codes-title-2">{t.regenerate}</h2>
            <RegenerateRecoveryCodes action={regenerateRecoveryCodesAction} t={labels} />
          </section>
          {status.teamRequires ? null : (
            <section className="card stack" aria-labelledby="disable-title">
              <h2 id="disable-title">{t.disable}</h2>
              <ActionForm action={disableTwoFactorAction} submit={t.disable} success={t.disabled} testId="two-factor-disable">
                <p className="muted">{t.disableHelp}</p>
                <label>
                  {t.codeOrRecovery}
                  <input name="code" autoComplete="one-time-code" maxLength={20} required />
                </label>
              </ActionForm>
            </section>
          )}
        </div>
      </TwoFactorSetup>
    </div>
  );
}
