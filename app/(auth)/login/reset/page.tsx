import { resetPasswordAction } from "@/app/_dashboard/actions";
import { LanguageSwitch } from "@/app/_dashboard/chrome";
import { ResetPasswordForm } from "@/app/_dashboard/client/password-reset-forms";
import { currentLocale } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";
import { authMessages } from "@/lib/dashboard/i18n-auth";
import { checkResetLink } from "@/lib/identity/password-reset";

export const metadata = { title: "Choose a new password · Payments" };

/**
 * The e-mailed link's page. Opening it spends nothing (a mail scanner fetching the link changes
 * nothing): the form's POST does. A bad, used or expired link says so and offers a new one.
 */
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const token = (await searchParams).token ?? "";
  const locale = await currentLocale();
  const a = authMessages(locale);
  const t = a.reset;
  const link = await checkResetLink(token);
  return (
    <div className="card stack">
      <div className="row space-between">
        <h1>{t.title}</h1>
        <LanguageSwitch locale={locale} back={`/login/reset?token=${encodeURIComponent(token)}`} m={messages(locale)} />
      </div>
      {link.ok ? (
        <>
          <p>{t.intro.replace("{email}", link.email)}</p>
          <ResetPasswordForm action={resetPasswordAction} token={token} t={t} rule={a.passwordRule} />
        </>
      ) : (
        <>
          <p role="alert" className="error" data-testid="reset-link-problem">
            {t[link.problem]}
          </p>
          <p>
            <a className="btn" href="/login/forgot">
              {t.askAgain}
            </a>
          </p>
        </>
      )}
    </div>
  );
}
