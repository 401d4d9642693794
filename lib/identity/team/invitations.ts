import { z } from "zod";
import { writeAudit } from "@/lib/audit/write-audit";
import { newLinkToken, parseLinkToken, secretMatches } from "@/lib/auth/link-token";
import { hashPassword } from "@/lib/auth/password";
import { checkPasswordStrength, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@/lib/auth/password-strength";
import { appEnv, config } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { Prisma, type DashboardRole } from "@/lib/db/generated/client";
import { type Email, sendEmail } from "@/lib/email/send-email";
import { checkRateLimit } from "@/lib/http/rate-limit";
import { newId } from "@/lib/ids";
import type { DashboardLogin } from "../authenticate-user";
import { type FormResult, typedValues, validationFailure } from "@/lib/dashboard/form-result";
import { messages, type Locale } from "@/lib/dashboard/i18n";
import { teamMessages } from "@/lib/dashboard/i18n-team";
import { ROLE_NAMES, ROLES } from "../roles";
import { dashboardActor, type DashboardScope } from "@/lib/dashboard/scope";
import { getMerchant } from "@/lib/merchants/merchant-records";

/** An invitation link is valid for 7 days (a colleague may be away a few days). */
export const INVITATION_TTL_DAYS = 7;
/** Invitations an account may send per minute (each sends an e-mail to an address typed by hand). */
const INVITES_PER_MINUTE = 10;

function inviteInput(locale: Locale) {
  const email = messages(locale).signupErrors.email;
  return z.object({
    email: z.string({ message: email }).trim().toLowerCase().email(email).max(254, email),
    role: z.enum(ROLES as [DashboardRole, ...DashboardRole[]], { message: teamMessages(locale).team.chooseRole }),
  });
}

/**
 * Invites someone to the team by e-mail: a single-use link (only its secret's hash is stored)
 * valid INVITATION_TTL_DAYS, with the role it grants. The invitation, its e-mail and its audit
 * row are written in one transaction. An address that is already a member is refused; a
 * pending invitation for the same address is replaced (its link stops working).
 */
export async function inviteMember(scope: DashboardScope, raw: unknown, options: { locale?: Locale; now?: Date } = {}): Promise<FormResult<{ invitationId: string; email: string }>> {
  const locale = options.locale ?? "en";
  const now = options.now ?? new Date();
  const t = teamMessages(locale).team;
  const values = typedValues(raw, ["email", "role"]);
  const parsed = inviteInput(locale).safeParse(raw);
  if (!parsed.success) return { ...validationFailure(parsed.error, messages(locale).signupErrors.summary), values };
  const { email, role } = parsed.data;
  const limit = await checkRateLimit(`team-invite:${scope.merchantId}`, INVITES_PER_MINUTE);
  if (!limit.success) return { ok: false, code: "rate_limited", error: t.tooMany, values };
  const prisma = await getPrisma();
  const member = await prisma.dashboardUser.findFirst({ where: { merchantId: scope.merchantId, email }, select: { id: true } });
  if (member) return { ok: false, code: "validation_error", error: t.alreadyMember, fieldErrors: { email: t.alreadyMember }, values };
  const merchant = await getMerchant(scope.merchantId, { name: true }, prisma);
  const { id, token, tokenHash } = newLinkToken(newId("inv"));
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000);
  const link = `${config.publicUrl()}/invite/accept?token=${token}`;
  await prisma.$transaction(async (tx) => {
    await tx.teamInvitation.updateMany({ where: { merchantId: scope.merchantId, email, acceptedAt: null, revokedAt: null }, data: { revokedAt: now } });
    await tx.teamInvitation.create({ data: { id, merchantId: scope.merchantId, email, role, tokenHash, invitedBy: scope.userId, expiresAt } });
    await sendEmail(invitationEmail(email, merchant.name, scope.email, role, link, expiresAt), tx);
    await writeAudit(tx, { merchantId: scope.merchantId, environment: null, actor: dashboardActor(scope), action: "team.member_invited", details: { email, role } });
  });
  return { ok: true, data: { invitationId: id, email } };
}

/** Ends a pending invitation: its link stops working. */
export async function revokeInvitation(scope: DashboardScope, invitationId: unknown, now = new Date()): Promise<FormResult<{ invitationId: string }>> {
  if (typeof invitationId !== "string" || !/^inv_[0-9a-z]{1,40}$/.test(invitationId)) return { ok: false, code: "not_found", error: "Unknown invitation." };
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx): Promise<FormResult<{ invitationId: string }>> => {
    const invitation = await tx.teamInvitation.findFirst({ where: { id: invitationId, merchantId: scope.merchantId, acceptedAt: null, revokedAt: null } });
    if (!invitation) return { ok: false, code: "not_found", error: "This invitation is no longer pending." };
    await tx.teamInvitation.update({ where: { id: invitation.id }, data: { revokedAt: now } });
    await writeAudit(tx, { merchantId: scope.merchantId, environment: null, actor: dashboardActor(scope), action: "team.invitation_revoked", details: { email: invitation.email, role: invitation.role } });
    return { ok: true, data: { invitationId } };
  });
}

export type InvitationProblem = "invalid" | "expired" | "used";
export type InvitationView = { email: string; role: DashboardRole; merchantName: string };

/** What the invitation page shows before the person accepts: which team and role, or why the link is no good. */
export async function checkInvitation(token: unknown, now = new Date()): Promise<{ ok: true; invitation: InvitationView } | { ok: false; problem: InvitationProblem }> {
  const found = await findInvitation(token, now);
  if (!found.ok) return found;
  const merchant = await getMerchant(found.invitation.merchantId, { name: true });
  return { ok: true, invitation: { email: found.invitation.email, role: found.invitation.role, merchantName: merchant.name } };
}

/**
 * Accepts an invitation: the invitee chooses a password (same strength rules as sign-up) and
 * becomes a member with the invitation's role. The link is spent in the transaction that
 * creates the member, with its audit row. An address that already has a dashboard account
 * (one account belongs to one merchant) is refused: `account_exists`.
 */
export async function acceptInvitation(token: unknown, raw: { password?: unknown }, options: { locale?: Locale; now?: Date } = {}): Promise<FormResult<{ login: DashboardLogin; merchantName: string }>> {
  const now = options.now ?? new Date();
  const m = messages(options.locale ?? "en");
  const found = await findInvitation(token, now);
  if (!found.ok) return linkFailure(found.problem);
  const invitation = found.invitation;
  const password = z.string().min(PASSWORD_MIN_LENGTH, m.passwordRules.too_short).max(PASSWORD_MAX_LENGTH, m.passwordRules.too_long).safeParse(raw.password);
  if (!password.success) return { ok: false, code: "validation_error", error: password.error.issues[0].message, fieldErrors: { password: password.error.issues[0].message } };
  const prisma = await getPrisma();
  const merchant = await getMerchant(invitation.merchantId, { name: true, requireTwoFactor: true }, prisma);
  const problem = checkPasswordStrength(password.data, { email: invitation.email, name: merchant.name });
  if (problem) return { ok: false, code: "validation_error", error: m.passwordRules[problem], fieldErrors: { password: m.passwordRules[problem] } };
  const passwordHash = await hashPassword(password.data);
  const userId = newId("usr");
  try {
    const created = await prisma.$transaction(async (tx) => {
      const spent = await tx.teamInvitation.updateMany({ where: { id: invitation.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } }, data: { acceptedAt: now } });
      if (spent.count !== 1) return false;
      await tx.dashboardUser.create({ data: { id: userId, merchantId: invitation.merchantId, email: invitation.email, passwordHash, role: invitation.role } });
      await writeAudit(tx, { merchantId: invitation.merchantId, environment: null, actor: `dashboard:${invitation.email}`, action: "team.member_joined", details: { email: invitation.email, role: invitation.role } });
      return true;
    });
    if (!created) return linkFailure("used");
  } catch (err) {
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002") {
      return { ok: false, code: "account_exists", error: "This e-mail address already has a dashboard account, and an account belongs to one business. Ask the owner to invite another address." };
    }
    throw err;
  }
  const login: DashboardLogin = {
    userId,
    email: invitation.email,
    merchantId: invitation.merchantId,
    environment: appEnv(),
    sessionVersion: 0,
  };
  return { ok: true, data: { login, merchantName: merchant.name } };
}

async function findInvitation(token: unknown, now: Date) {
  const invalid = { ok: false as const, problem: "invalid" as const };
  const parsed = parseLinkToken(token, "inv");
  if (!parsed) return invalid;
  const invitation = await (await getPrisma()).teamInvitation.findUnique({ where: { id: parsed.id } });
  if (!secretMatches(parsed.secret, invitation?.tokenHash) || !invitation) return invalid;
  if (invitation.acceptedAt || invitation.revokedAt) return { ok: false as const, problem: "used" as const };
  if (invitation.expiresAt <= now) return { ok: false as const, problem: "expired" as const };
  return { ok: true as const, invitation };
}

function linkFailure(problem: InvitationProblem): FormResult<never> {
  const error = {
    invalid: "This invitation link is not valid. Copy the whole link from the e-mail.",
    expired: "This invitation has expired. Ask the team's owner to invite you again.",
    used: "This invitation has already been used or was withdrawn. Log in, or ask the owner for a new one.",
  }[problem];
  return { ok: false, code: `link_${problem}`, error };
}

function invitationEmail(to: string, business: string, inviter: string, role: DashboardRole, link: string, expiresAt: Date): Email {
  const until = `${expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return {
    to,
    kind: "team_invitation",
    subject: `Join ${business} on Payments / Rejoignez ${business} sur Payments`,
    body: [
      `${inviter} invites you to the ${business} dashboard as ${ROLE_NAMES.en[role]}. Open this link to choose your password (it works once, until ${until}):`,
      link,
      "If you did not expect this, ignore this message: nothing happens without it.",
      "",
      `${inviter} vous invite sur le tableau de bord de ${business} avec le rôle ${ROLE_NAMES.fr[role]}. Ouvrez ce lien pour choisir votre mot de passe (valable une fois, jusqu’au ${until}) :`,
      link,
      "Si vous ne vous y attendiez pas, ignorez ce message : rien ne se passe sans lui.",
    ].join("\n"),
  };
}
