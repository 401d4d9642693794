import { changePasswordAction } from "@/app/_dashboard/actions";
import { ActionForm } from "@/app/_dashboard/client/action-form";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";

export default async function SettingsPage() {
  await requireScope();
  const m = messages(await currentLocale());
  const s = m.settings;
  return (
    <div className="stack">
      <h1>{s.title}</h1>
      <section className="card stack" aria-labelledby="password-title">
        <h2 id="password-title">{s.password}</h2>
        <ActionForm action={changePasswordAction} submit={s.submit} success={s.changed} testId="password-form">
          <label>
            {s.current}
            <input name="currentPassword" type="password" autoComplete="current-password" required />
          </label>
          <label>
            {s.new}
            <input name="newPassword" type="password" autoComplete="new-password" required minLength={10} />
          </label>
        </ActionForm>
      </section>
    </div>
  );
}
