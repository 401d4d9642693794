import { requestPasswordResetAction } from "@/app/_dashboard/actions";
import { LanguageSwitch } from "@/app/_dashboard/chrome";
import { ForgotPasswordForm } from "@/app/_dashboard/client/password-reset-forms";
import { currentLocale } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";
import { authMessages } from "@/lib/dashboard/i18n-auth";

export const metadata = { title: "Reset your password · Payments" };

/** "Forgot password?": asks for the address, answers the same whatever it is (lib/identity/password-reset). */
export default async function ForgotPasswordPage() {
  const locale = await currentLocale();
  const t = authMessages(locale).forgot;
  return (
    <div className="card stack">
      <div className="row space-between">
        <h1>{t.title}</h1>
        <LanguageSwitch locale={locale} back="/login/forgot" m={messages(locale)} />
      </div>
      <p>{t.intro}</p>
      <ForgotPasswordForm action={requestPasswordResetAction} t={t} />
      <p>
        <a href="/login">{t.back}</a>
      </p>
    </div>
  );
}
