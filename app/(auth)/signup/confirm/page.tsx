import { confirmSignUpAction } from "@/app/_dashboard/actions";
import { ConfirmSignUpForm } from "@/app/_dashboard/client/confirm-signup-form";
import { currentLocale } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";
import { checkSignUpLink } from "@/lib/identity/sign-up";

export const metadata = { title: "Confirm your e-mail · Payments", referrer: "same-origin" };

/**
 * Where the sign-up e-mail's link lands. Opening it changes nothing (mail scanners open links
 * too); its button confirms. A forged, expired or spent link gets a page saying so (and no
 * form, so nothing to post).
 */
export default async function ConfirmSignUpPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = (await searchParams).token;
  const m = messages(await currentLocale());
  const link = await checkSignUpLink(token);
  return (
    <div className="card stack">
      <h1>{m.signupConfirm.title}</h1>
      <ConfirmSignUpForm
        action={confirmSignUpAction}
        token={typeof token === "string" && link.ok ? token : ""}
        email={link.ok ? link.email : ""}
        problem={link.ok ? null : `link_${link.problem}`}
        m={{ signup: m.signup, signupConfirm: m.signupConfirm, publicKey: m.publicKey, secretKey: m.secretKey, copy: m.copy, copied: m.copied }}
      />
    </div>
  );
}
