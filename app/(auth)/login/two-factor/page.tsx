import { redirect } from "next/navigation";
import { twoFactorLoginAction } from "@/app/_dashboard/actions";
import { TwoFactorLoginForm } from "@/app/_dashboard/client/two-factor-login-form";
import { currentLocale, currentScope } from "@/app/_dashboard/session";
import { teamMessages } from "@/lib/dashboard/i18n-team";
import { safeRedirectPath } from "@/lib/dashboard/safe-redirect-path";

export const metadata = { title: "Two-factor sign-in · Payments" };

/** Sign-in, step two (the password was right; loginAction set the challenge cookie). */
export default async function TwoFactorLoginPage({ searchParams }: { searchParams: Promise<Record<string, string | undefined>> }) {
  const sp = await searchParams;
  const next = safeRedirectPath(sp.callbackUrl, "/dashboard");
  if (await currentScope()) redirect(next);
  const t = teamMessages(await currentLocale()).login2fa;
  return (
    <div className="card stack">
      <h1>{t.title}</h1>
      <TwoFactorLoginForm action={twoFactorLoginAction} next={next} t={t} />
    </div>
  );
}
