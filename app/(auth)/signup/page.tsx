import { signUpAction } from "@/app/_dashboard/actions";
import { LanguageSwitch } from "@/app/_dashboard/chrome";
import { SignUpForm } from "@/app/_dashboard/client/signup-form";
import { currentLocale, currentScope } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";

export const metadata = { title: "Sign up · Payments" };

export default async function SignUpPage() {
  // No redirect when signed in: the sign-up action itself signs the new account in, and this
  // page, rendered again with the action's answer, must still show the keys (the form shows a
  // link to the dashboard instead of the form for someone already signed in).
  const signedIn = !!(await currentScope());
  const locale = await currentLocale();
  const m = messages(locale);
  return (
    <div className="card stack">
      <div className="row space-between">
        <h1>{m.signup.title}</h1>
        <LanguageSwitch locale={locale} back="/signup" m={m} />
      </div>
      <SignUpForm action={signUpAction} signedIn={signedIn} m={{ signup: m.signup, login: m.login, publicKey: m.publicKey, secretKey: m.secretKey, copy: m.copy, copied: m.copied }} />
      <p>
        {m.signup.haveAccount} <a href="/login">{m.signup.login}</a>
      </p>
    </div>
  );
}
