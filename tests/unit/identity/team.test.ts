import { beforeAll, describe, expect, it } from "vitest";
import { authenticateDashboardUser, loadSessionScope } from "@/lib/identity/authenticate-user";
import { acceptInvitation, checkInvitation, inviteMember, revokeInvitation } from "@/lib/identity/team/invitations";
import { changeMemberRole, getTeam, removeMember } from "@/lib/identity/team/members";
import { getPrisma } from "@/lib/db/client";
import { invitationLinkFor, invitedMember, signedUpMerchant, tokenOf } from "../dashboard/helpers";

beforeAll(async () => {
  await getPrisma();
});

const auditOf = async (merchantId: string) =>
  (await (await getPrisma()).auditLog.findMany({ where: { merchantId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })).map((a) => ({ action: a.action, actor: a.actor, details: a.details }));

describe("team invitations", () => {
  it("invite → e-mailed single-use link → the invitee joins with the role, signs in, and both steps are audited", async () => {
    const owner = await signedUpMerchant();
    const email = `Awa.${Date.now()}@Boutique.test`;
    const invited = await inviteMember(owner.scope, { email, role: "finance" });
    expect(invited).toMatchObject({ ok: true, data: { email: email.toLowerCase() } });
    const link = await invitationLinkFor(email.toLowerCase());
    const token = tokenOf(link);
    // Only the secret's hash is stored: the token is nowhere in the table.
    const row = await (await getPrisma()).teamInvitation.findFirstOrThrow({ where: { merchantId: owner.scope.merchantId } });
    expect(JSON.stringify(row)).not.toContain(token.split(".")[1]);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    expect(await checkInvitation(token)).toMatchObject({ ok: true, invitation: { email: email.toLowerCase(), role: "finance", merchantName: "Boutique Test" } });
    const weak = await acceptInvitation(token, { password: "short" });
    expect(weak).toMatchObject({ ok: false, code: "validation_error", fieldErrors: { password: expect.any(String) } });
    const joined = await acceptInvitation(token, { password: "a long member password" });
    expect(joined).toMatchObject({ ok: true, data: { merchantName: "Boutique Test", login: { merchantId: owner.scope.merchantId, email: email.toLowerCase(), sessionVersion: 0 } } });

    // Single use: the same link again is spent, and creates nobody.
    expect(await acceptInvitation(token, { password: "a long member password" })).toMatchObject({ ok: false, code: "link_used" });
    expect(await checkInvitation(token)).toEqual({ ok: false, problem: "used" });

    const login = await authenticateDashboardUser({ email, password: "a long member password", ip: "10.1.0.1" });
    const scope = await loadSessionScope({ ...login! });
    expect(scope).toMatchObject({ merchantId: owner.scope.merchantId, role: "finance", twoFactorEnabled: false });
    expect(await auditOf(owner.scope.merchantId)).toEqual(
      expect.arrayContaining([
        { action: "team.member_invited", actor: `dashboard:${owner.email}`, details: { email: email.toLowerCase(), role: "finance" } },
        { action: "team.member_joined", actor: `dashboard:${email.toLowerCase()}`, details: { email: email.toLowerCase(), role: "finance" } },
      ]),
    );
  });

  it("refuses forged, expired and withdrawn links, a second invitation replacing the first, and a member twice", async () => {
    const owner = await signedUpMerchant();
    const email = `m-${Date.now()}@test.local`;
    expect(await checkInvitation("inv_x.y")).toEqual({ ok: false, problem: "invalid" });
    expect(await checkInvitation(undefined)).toEqual({ ok: false, problem: "invalid" });

    await inviteMember(owner.scope, { email, role: "viewer" });
    const first = tokenOf(await invitationLinkFor(email));
    // A right id with a wrong secret is invalid, not "used" or "expired": nothing is learnt.
    expect(await checkInvitation(`${first.split(".")[0]}.${"A".repeat(43)}`)).toEqual({ ok: false, problem: "invalid" });
    // 8 days later the link has expired.
    expect(await checkInvitation(first, new Date(Date.now() + 8 * 86_400_000))).toEqual({ ok: false, problem: "expired" });
    expect(await acceptInvitation(first, { password: "a long member password" }, { now: new Date(Date.now() + 8 * 86_400_000) })).toMatchObject({ ok: false, code: "link_expired" });

    await inviteMember(owner.scope, { email, role: "developer" });
    const second = tokenOf(await invitationLinkFor(email));
    expect(second).not.toBe(first);
    expect(await checkInvitation(first)).toEqual({ ok: false, problem: "used" });
    const pending = (await getTeam(owner.scope)).invitations;
    expect(pending.map((i) => [i.email, i.role])).toEqual([[email, "developer"]]);

    // Another merchant cannot withdraw it; the owner can, and the link dies.
    const other = await signedUpMerchant();
    expect(await revokeInvitation(other.scope, pending[0].id)).toMatchObject({ ok: false, code: "not_found" });
    expect(await revokeInvitation(owner.scope, pending[0].id)).toMatchObject({ ok: true });
    expect(await acceptInvitation(second, { password: "a long member password" })).toMatchObject({ ok: false, code: "link_used" });

    expect(await inviteMember(owner.scope, { email: owner.email, role: "viewer" })).toMatchObject({ ok: false, fieldErrors: { email: expect.any(String) } });
    expect(await inviteMember(owner.scope, { email: "not-an-email", role: "boss" })).toMatchObject({ ok: false, code: "validation_error", values: { email: "not-an-email" } });
    expect(await inviteMember(owner.scope, { email: "not-an-email", role: "boss" }, { locale: "fr" })).toMatchObject({
      ok: false,
      error: "Corrigez les champs signalés.",
      fieldErrors: { email: expect.stringContaining("adresse e-mail valide"), role: "Choisissez un rôle." },
    });
  });

  it("an address that already has an account (of another business) cannot join: one account, one business", async () => {
    const owner = await signedUpMerchant();
    const elsewhere = await signedUpMerchant();
    await inviteMember(owner.scope, { email: elsewhere.email, role: "viewer" });
    const result = await acceptInvitation(tokenOf(await invitationLinkFor(elsewhere.email)), { password: "a long member password" });
    expect(result).toMatchObject({ ok: false, code: "account_exists" });
    const user = await (await getPrisma()).dashboardUser.findUniqueOrThrow({ where: { email: elsewhere.email } });
    expect(user.merchantId).toBe(elsewhere.scope.merchantId);
  });
});

describe("team members", () => {
  it("an owner changes a role and removes a member; the removed member's session ends; both are audited", async () => {
    const owner = await signedUpMerchant();
    const dev = await invitedMember(owner.scope, "developer");
    expect(await changeMemberRole(owner.scope, { userId: dev.scope.userId, role: "viewer" })).toMatchObject({ ok: true });
    expect((await loadSessionScope({ ...dev.login }))?.role).toBe("viewer");

    expect(await removeMember(owner.scope, dev.scope.userId)).toMatchObject({ ok: true, data: { self: false } });
    expect(await loadSessionScope({ ...dev.login })).toBeNull();
    expect((await getTeam(owner.scope)).members.map((m) => m.email)).toEqual([owner.email]);
    const actions = (await auditOf(owner.scope.merchantId)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["team.role_changed", "team.member_removed"]));
  });

  it("the last owner can be neither removed nor demoted; with a second owner, one of them can go", async () => {
    const owner = await signedUpMerchant();
    expect(await removeMember(owner.scope, owner.scope.userId)).toMatchObject({ ok: false, code: "last_owner" });
    expect(await changeMemberRole(owner.scope, { userId: owner.scope.userId, role: "developer" })).toMatchObject({ ok: false, code: "last_owner" });

    const second = await invitedMember(owner.scope, "owner");
    // Both owners remove each other at once: the merchant's lock lets one through, never both.
    const results = await Promise.all([removeMember(owner.scope, second.scope.userId), removeMember(second.scope, owner.scope.userId)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const owners = await (await getPrisma()).dashboardUser.count({ where: { merchantId: owner.scope.merchantId, role: "owner" } });
    expect(owners).toBe(1);
  });

  it("only owners manage the team, and never another merchant's members", async () => {
    const owner = await signedUpMerchant();
    const finance = await invitedMember(owner.scope, "finance");
    const viewer = await invitedMember(owner.scope, "viewer");
    // The domain re-checks the acting member's role in the transaction (a role lowered meanwhile).
    expect(await removeMember(finance.scope, viewer.scope.userId)).toMatchObject({ ok: false, code: "forbidden" });
    expect(await changeMemberRole(finance.scope, { userId: finance.scope.userId, role: "owner" })).toMatchObject({ ok: false, code: "forbidden" });
    const other = await signedUpMerchant();
    expect(await removeMember(other.scope, viewer.scope.userId)).toMatchObject({ ok: false, code: "not_found" });
    expect(await changeMemberRole(other.scope, { userId: viewer.scope.userId, role: "owner" })).toMatchObject({ ok: false, code: "not_found" });
    expect((await loadSessionScope({ ...viewer.login }))?.role).toBe("viewer");
  });
});
