import { confirmSignUpAction } from "@/app/_dashboard/actions";
import { ConfirmSignUpForm, LinkProblem } from "@/app/_dashboard/client/confirm-signup-form";
import { currentLocale } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";
import { checkSignUpLink } from "@/lib/dashboard/sign-up";

export const metadata = { title: "Confirm your e-mail · Payments", referrer: "same-origin" };

/**
 * Where the sign-up e-mail's link lands. Opening it changes nothing (mail scanners open links
 * too); its button confirms. A forged, expired or spent link gets a page saying so.
 */
export default async function ConfirmSignUpPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = (await searchParams).token;
  const m = messages(await currentLocale());
  const link = await checkSignUpLink(token);
  return (
    <div className="card stack">
      <h1>{m.signupConfirm.title}</h1>
      {link.ok ? (
        <ConfirmSignUpForm
          action={confirmSignUpAction}
          token={token as string}
          email={link.email}
          m={{ signup: m.signup, signupConfirm: m.signupConfirm, publicKey: m.publicKey, secretKey: m.secretKey, copy: m.copy, copied: m.copied }}
        />
      ) : (
        <LinkProblem code={`link_${link.problem}`} m={{ signupConfirm: m.signupConfirm }} />
      )}
    </div>
  );
}
