import { acceptInvitationAction } from "@/app/_dashboard/actions";
import { AcceptInviteForm } from "@/app/_dashboard/client/accept-invite-form";
import { currentLocale } from "@/app/_dashboard/session";
import { teamMessages } from "@/lib/dashboard/i18n-team";
import { authMessages } from "@/lib/dashboard/i18n-auth";
import { ROLE_NAMES } from "@/lib/identity/roles";
import { checkInvitation } from "@/lib/identity/team/invitations";

export const metadata = { title: "Join the team · Payments", referrer: "same-origin" };

/**
 * Where an invitation e-mail's link lands. Opening it changes nothing (mail scanners open links
 * too); the form with the new password accepts it. A forged, expired, spent or withdrawn link
 * gets a page saying so.
 */
export default async function AcceptInvitePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const token = (await searchParams).token;
  const locale = await currentLocale();
  const t = teamMessages(locale).invite;
  const found = await checkInvitation(token);
  const intro = found.ok ? t.intro.replace("{email}", found.invitation.email).replace("{business}", found.invitation.merchantName).replace("{role}", ROLE_NAMES[locale][found.invitation.role]) : "";
  return (
    <div className="card stack">
      <h1>{t.title}</h1>
      <AcceptInviteForm action={acceptInvitationAction} token={found.ok && typeof token === "string" ? token : ""} intro={intro} problem={found.ok ? null : `link_${found.problem}`} t={t} rule={authMessages(locale).passwordRule} />
    </div>
  );
}
