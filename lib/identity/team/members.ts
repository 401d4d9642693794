import { z } from "zod";
import { writeAudit } from "@/lib/audit/write-audit";
import { getPrisma, type Tx } from "@/lib/db/client";
import type { DashboardRole } from "@/lib/db/generated/client";
import type { FormResult } from "@/lib/dashboard/form-result";
import { ROLES } from "../roles";
import { dashboardActor, type DashboardScope } from "@/lib/dashboard/scope";
import { getMerchant, lockMerchant } from "@/lib/merchants/merchant-records";

export type MemberView = { userId: string; email: string; role: DashboardRole; twoFactor: boolean; joinedAt: Date; you: boolean };
export type PendingInvitationView = { id: string; email: string; role: DashboardRole; expiresAt: Date; createdAt: Date };

/** The team page: members (owners first) and invitations still pending. */
export async function getTeam(scope: DashboardScope, now = new Date()): Promise<{ members: MemberView[]; invitations: PendingInvitationView[]; requireTwoFactor: boolean }> {
  const prisma = await getPrisma();
  const [users, invitations, merchant] = await Promise.all([
    prisma.dashboardUser.findMany({ where: { merchantId: scope.merchantId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] }),
    prisma.teamInvitation.findMany({ where: { merchantId: scope.merchantId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } }, orderBy: { createdAt: "desc" } }),
    getMerchant(scope.merchantId, { requireTwoFactor: true }, prisma),
  ]);
  const order = (r: DashboardRole) => ROLES.indexOf(r);
  return {
    members: users
      .map((u) => ({ userId: u.id, email: u.email, role: u.role, twoFactor: u.totpEnabledAt !== null, joinedAt: u.createdAt, you: u.id === scope.userId }))
      .sort((a, b) => order(a.role) - order(b.role)),
    invitations: invitations.map((i) => ({ id: i.id, email: i.email, role: i.role, expiresAt: i.expiresAt, createdAt: i.createdAt })),
    requireTwoFactor: merchant.requireTwoFactor,
  };
}

const USER_ID = /^usr_[0-9a-z]{1,40}$/;
const LAST_OWNER = "The account must keep at least one owner: make another member owner first.";

/**
 * Takes the merchant's row lock, then checks the acting member is still an owner: two owners
 * removing each other at once are serialised, so the account never ends up without an owner.
 */
async function lockTeam(tx: Tx, scope: DashboardScope) {
  await lockMerchant(tx, scope.merchantId);
  const me = await tx.dashboardUser.findFirst({ where: { id: scope.userId, merchantId: scope.merchantId }, select: { role: true } });
  return me?.role === "owner";
}

/**
 * Removes a member: their account is deleted, which ends their sessions at the next request
 * (loadSessionScope no longer finds them). The last owner cannot be removed (nor remove
 * themselves). Another merchant's member is not_found.
 */
export async function removeMember(scope: DashboardScope, userId: unknown): Promise<FormResult<{ userId: string; self: boolean }>> {
  if (typeof userId !== "string" || !USER_ID.test(userId)) return { ok: false, code: "not_found", error: "Unknown member." };
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx): Promise<FormResult<{ userId: string; self: boolean }>> => {
    if (!(await lockTeam(tx, scope))) return { ok: false, code: "forbidden", error: "Only an owner can remove members." };
    const member = await tx.dashboardUser.findFirst({ where: { id: userId, merchantId: scope.merchantId } });
    if (!member) return { ok: false, code: "not_found", error: "Unknown member." };
    if (member.role === "owner" && (await tx.dashboardUser.count({ where: { merchantId: scope.merchantId, role: "owner" } })) <= 1) {
      return { ok: false, code: "last_owner", error: LAST_OWNER };
    }
    await tx.dashboardUser.delete({ where: { id: member.id } });
    await writeAudit(tx, { merchantId: scope.merchantId, environment: null, actor: dashboardActor(scope), action: "team.member_removed", details: { email: member.email, role: member.role } });
    return { ok: true, data: { userId: member.id, self: member.id === scope.userId } };
  });
}

const roleInput = z.object({ userId: z.string().regex(USER_ID, "Unknown member."), role: z.enum(ROLES as [DashboardRole, ...DashboardRole[]], { message: "Choose a role." }) });

/**
 * Changes a member's role (it applies from their next request: the role is read on every one).
 * The last owner cannot be made anything else.
 */
export async function changeMemberRole(scope: DashboardScope, raw: unknown): Promise<FormResult<{ userId: string; role: DashboardRole }>> {
  const parsed = roleInput.safeParse(raw);
  if (!parsed.success) return { ok: false, code: "validation_error", error: parsed.error.issues[0].message };
  const { userId, role } = parsed.data;
  const prisma = await getPrisma();
  return prisma.$transaction(async (tx): Promise<FormResult<{ userId: string; role: DashboardRole }>> => {
    if (!(await lockTeam(tx, scope))) return { ok: false, code: "forbidden", error: "Only an owner can change roles." };
    const member = await tx.dashboardUser.findFirst({ where: { id: userId, merchantId: scope.merchantId } });
    if (!member) return { ok: false, code: "not_found", error: "Unknown member." };
    if (member.role === role) return { ok: true, data: { userId, role } };
    if (member.role === "owner" && (await tx.dashboardUser.count({ where: { merchantId: scope.merchantId, role: "owner" } })) <= 1) {
      return { ok: false, code: "last_owner", error: LAST_OWNER };
    }
    await tx.dashboardUser.update({ where: { id: member.id }, data: { role } });
    await writeAudit(tx, { merchantId: scope.merchantId, environment: null, actor: dashboardActor(scope), action: "team.role_changed", details: { email: member.email, from: member.role, to: role } });
    return { ok: true, data: { userId, role } };
  });
}
