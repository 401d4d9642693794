import { redirect } from "next/navigation";
import { loginAction } from "@/app/_dashboard/actions";
import { LanguageSwitch } from "@/app/_dashboard/chrome";
import { LoginForm } from "@/app/_dashboard/client/login-form";
import { currentLocale, currentScope } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";
import { safeRedirectPath } from "@/lib/dashboard/safe-redirect-path";
import { authMessages } from "@/lib/dashboard/i18n-auth";

export const metadata = { title: "Log in · Payments" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const sp = await searchParams;
  if (await currentScope()) redirect(safeRedirectPath(sp.callbackUrl, "/dashboard"));
  const locale = await currentLocale();
  const m = messages(locale);
  const next = safeRedirectPath(sp.callbackUrl, "/dashboard");
  return (
    <div className="card stack">
      <div className="row space-between">
        <h1>{m.login.title}</h1>
        <LanguageSwitch locale={locale} back="/login" m={m} />
      </div>
      {sp.reset === "1" ? (
        <p role="status" className="success" data-testid="password-reset-done">
          {authMessages(locale).reset.done}
        </p>
      ) : null}
      <LoginForm action={loginAction} labels={m.login} next={next} />
      <p>
        <a href="/login/forgot" data-testid="forgot-password">
          {authMessages(locale).forgotLink}
        </a>
      </p>
      <p>
        {m.login.noAccount} <a href="/signup">{m.login.signup}</a>
      </p>
    </div>
  );
}
