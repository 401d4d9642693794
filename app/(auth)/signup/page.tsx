import { signUpAction } from "@/app/_dashboard/actions";
import { LanguageSwitch } from "@/app/_dashboard/chrome";
import { SignUpForm } from "@/app/_dashboard/client/signup-form";
import { currentLocale, currentScope } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";
import { emailsOnConsole } from "@/lib/email/send-email";

export const metadata = { title: "Sign up · Payments" };

export default async function SignUpPage() {
  // Someone already signed in sees a link to the dashboard instead of the form.
  const signedIn = !!(await currentScope());
  const locale = await currentLocale();
  const m = messages(locale);
  return (
    <div className="card stack">
      <div className="row space-between">
        <h1>{m.signup.title}</h1>
        <LanguageSwitch locale={locale} back="/signup" m={m} />
      </div>
      <SignUpForm action={signUpAction} signedIn={signedIn} consoleHint={emailsOnConsole()} m={{ signup: m.signup, login: m.login }} />
      <p>
        {m.signup.haveAccount} <a href="/login">{m.signup.login}</a>
      </p>
    </div>
  );
}
