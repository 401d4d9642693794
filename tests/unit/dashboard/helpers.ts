import { randomBytes } from "node:crypto";
import { confirmSignUp, signUp, type SignUpConfirmed } from "@/lib/identity/sign-up";
import type { DashboardMember } from "@/lib/dashboard/scope";
import { getPrisma } from "@/lib/db/client";
import type { DashboardRole } from "@/lib/db/generated/client";
import { loadSessionScope } from "@/lib/identity/authenticate-user";
import { acceptInvitation, inviteMember } from "@/lib/identity/team/invitations";

/** A merchant signed up through the dashboard, and the scope its session would carry. */
export async function signedUpMerchant() {
  const email = `dash-${randomBytes(5).toString("hex")}@test.local`;
  const password = "correct horse battery";
  const result = await signUpAndConfirm({ businessName: "Boutique Test", email, password });
  const user = await (await getPrisma()).dashboardUser.findUniqueOrThrow({ where: { email } });
  const scope: DashboardMember = { userId: user.id, email, merchantId: result.data.merchantId, environment: "sandbox", role: "owner", twoFactorEnabled: false, teamRequiresTwoFactor: false };
  const keys = result.data.keys!;
  return { scope, email, password, keys, headers: { "X-API-Key": `${keys.publicKey}:${keys.secretKey}` } };
}

/** The sign-up link last e-mailed to `email`, as the e-mail log holds it. */
export async function signUpLinkFor(email: string): Promise<string> {
  const mail = await (await getPrisma()).emailMessage.findFirst({ where: { to: email, kind: "signup_confirm" }, orderBy: { createdAt: "desc" } });
  const link = mail?.body.match(/https?:\/\/\S+\/signup\/confirm\?token=\S+/)?.[0];
  if (!link) throw new Error(`no sign-up link e-mailed to ${email}`);
  return link;
}

/** The token in a sign-up link (what the confirmation page's button posts). */
export const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

/** Sign-up as a person does it: the form, then the e-mailed link's button. */
export async function signUpAndConfirm(input: { businessName: string; email: string; password: string }): Promise<{ ok: true; data: SignUpConfirmed }> {
  const asked = await signUp(input);
  if (!asked.ok) throw new Error(asked.error);
  const confirmed = await confirmSignUp(tokenOf(await signUpLinkFor(input.email.toLowerCase())));
  if (!confirmed.ok) throw new Error(confirmed.error);
  return confirmed;
}

/** The invitation link last e-mailed to `email`, as the e-mail log holds it. */
export async function invitationLinkFor(email: string): Promise<string> {
  const mail = await (await getPrisma()).emailMessage.findFirst({ where: { to: email, kind: "team_invitation" }, orderBy: { createdAt: "desc" } });
  const link = mail?.body.match(/https?:\/\/\S+\/invite\/accept\?token=\S+/)?.[0];
  if (!link) throw new Error(`no invitation e-mailed to ${email}`);
  return link;
}

/**
 * A member of `owner`'s team with `role`, joined as a person does: the owner's invitation, then
 * the e-mailed link's form. Returns the member's scope as their session would carry it.
 */
export async function invitedMember(owner: DashboardMember, role: DashboardRole) {
  const email = `${role}-${randomBytes(5).toString("hex")}@test.local`;
  const password = "member long password";
  const invited = await inviteMember(owner, { email, role });
  if (!invited.ok) throw new Error(invited.error);
  const accepted = await acceptInvitation(tokenOf(await invitationLinkFor(email)), { password });
  if (!accepted.ok) throw new Error(accepted.error);
  const { login } = accepted.data;
  const scope = (await loadSessionScope({ ...login }))!;
  return { scope, email, password, login };
}
