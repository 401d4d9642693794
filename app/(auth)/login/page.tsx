import { redirect } from "next/navigation";
import { LanguageSwitch } from "@/app/_dashboard/chrome";
import { LoginForm } from "@/app/_dashboard/client/login-form";
import { currentLocale, currentScope } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";

export const metadata = { title: "Log in · Payments" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  if (await currentScope()) redirect("/dashboard");
  const locale = await currentLocale();
  const m = messages(locale);
  const sp = await searchParams;
  const next = sp.callbackUrl && sp.callbackUrl.startsWith("/") && !sp.callbackUrl.startsWith("//") ? sp.callbackUrl : "/dashboard";
  return (
    <div className="card stack">
      <div className="row space-between">
        <h1>{m.login.title}</h1>
        <LanguageSwitch locale={locale} back="/login" m={m} />
      </div>
      <LoginForm labels={m.login} next={next} />
      <p>
        {m.login.noAccount} <a href="/signup">{m.login.signup}</a>
      </p>
    </div>
  );
}
