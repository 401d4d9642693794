import { signUpAction } from "@/app/_dashboard/actions";
import { LanguageSwitch } from "@/app/_dashboard/chrome";
import { SignUpForm } from "@/app/_dashboard/client/signup-form";
import { currentLocale, currentScope } from "@/app/_dashboard/session";
import { messages, type Locale } from "@/lib/dashboard/i18n";
import { authMessages } from "@/lib/dashboard/i18n-auth";
import { emailsOnConsole } from "@/lib/email/send-email";
import { listActiveCountries } from "@/lib/reference/list-active-countries";
import { countryName } from "@/lib/dashboard/i18n-labels";

export const metadata = { title: "Sign up · Payments" };

/** The countries by their names in the page's language ("Côte d’Ivoire", "Sénégal"), in that language's order. */
function countryChoices(countries: { code: string; name: string }[], locale: Locale) {
  const region = new Intl.DisplayNames([locale], { type: "region" });
  return countries.map(({ code, name }) => ({ code, name: region.of(code) ?? name })).sort((a, b) => a.name.localeCompare(b.name, locale));
}

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
      <SignUpForm
        action={signUpAction}
        signedIn={signedIn}
        consoleHint={emailsOnConsole()}
        countries={countryChoices(await listActiveCountries(), locale)}
        m={{ signup: m.signup, login: m.login }}
        passwordRule={authMessages(locale).passwordRule}
      />
      <p>
        {m.signup.haveAccount} <a href="/login">{m.signup.login}</a>
      </p>
    </div>
  );
}
