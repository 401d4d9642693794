import { changeMemberRoleAction, inviteMemberAction, removeMemberAction, revokeInvitationAction, setTeamTwoFactorAction } from "@/app/_dashboard/actions";
import { ActionForm } from "@/app/_dashboard/client/action-form";
import { when } from "@/app/_dashboard/format";
import { DataList, type DataColumn } from "@/app/_dashboard/data-list";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { teamMessages } from "@/lib/dashboard/i18n-team";
import { ROLE_NAMES, ROLES } from "@/lib/identity/roles";
import { getTeam } from "@/lib/identity/team/members";

/** The team, for owners: members and their roles, pending invitations, the two-factor rule. */
export default async function TeamPage() {
  const scope = await requireScope("team");
  const locale = await currentLocale();
  const t = teamMessages(locale).team;
  const names = ROLE_NAMES[locale];
  const team = await getTeam(scope);
  const roleOptions = ROLES.map((r) => (
    <option key={r} value={r}>
      {names[r]}
    </option>
  ));
  type Member = (typeof team.members)[number];
  type Invitation = (typeof team.invitations)[number];
  const memberColumns: DataColumn<Member>[] = [
    {
      label: t.email,
      role: "title",
      cell: (member) => (
        <>
          <span translate="no">{member.email}</span>
          {member.you ? <span className="muted"> ({t.you})</span> : null}
        </>
      ),
    },
    {
      label: t.role,
      cell: (member) => (
        <ActionForm action={changeMemberRoleAction} submit={t.changeRole} success={t.roleChanged} className="row" testId="role-form" tone="secondary">
          <input type="hidden" name="userId" value={member.userId} />
          <label>
            <span className="visually-hidden">
              {t.role} — {member.email}
            </span>
            <select name="role" defaultValue={member.role}>
              {roleOptions}
            </select>
          </label>
        </ActionForm>
      ),
    },
    { label: t.twoFactor, cell: (member) => (member.twoFactor ? t.on : t.off) },
    { label: t.joined, cell: (member) => when(member.joinedAt, locale) },
    {
      label: t.remove,
      role: "action",
      hiddenLabel: true,
      cell: (member) => (
        <details>
          <summary className="btn btn-danger-outline btn-small">{t.remove}</summary>
          <ActionForm action={removeMemberAction} submit={t.removeYes} success={t.removed} testId="remove-member-form" tone="danger">
            <p>{t.removeConfirm.replace("{email}", member.email)}</p>
            <input type="hidden" name="userId" value={member.userId} />
          </ActionForm>
        </details>
      ),
    },
  ];
  const invitationColumns: DataColumn<Invitation>[] = [
    { label: t.email, role: "title", userData: true, cell: (inv) => inv.email },
    { label: t.role, cell: (inv) => names[inv.role] },
    { label: t.expires, cell: (inv) => when(inv.expiresAt, locale) },
    {
      label: t.revoke,
      role: "action",
      hiddenLabel: true,
      cell: (inv) => (
        <ActionForm action={revokeInvitationAction} submit={t.revoke} success={t.revoked} className="row" tone="danger">
          <input type="hidden" name="invitationId" value={inv.id} />
        </ActionForm>
      ),
    },
  ];
  return (
    <div className="stack">
      <h1>{t.title}</h1>
      <p className="muted">{t.intro}</p>
      <p className="muted">{t.roles}</p>

      <section aria-labelledby="members-title" className="stack">
        <h2 id="members-title">{t.members}</h2>
        <DataList rows={team.members} columns={memberColumns} rowKey={(member) => member.userId} testId="team-members" rowTestId="team-member" rowProps={(member) => ({ "data-email": member.email })} />
      </section>

      <section aria-labelledby="invite-title" className="panel stack">
        <h2 id="invite-title">{t.invite}</h2>
        <ActionForm action={inviteMemberAction} submit={t.inviteSubmit} success={t.invited} className="filters" testId="invite-form">
          <label>
            {t.email}
            <input name="email" type="email" autoComplete="off" required maxLength={254} />
          </label>
          <label>
            {t.role}
            <select name="role" defaultValue="viewer">
              {roleOptions}
            </select>
          </label>
        </ActionForm>
      </section>

      <section aria-labelledby="pending-title" className="stack">
        <h2 id="pending-title">{t.pending}</h2>
        {team.invitations.length === 0 ? (
          <p className="muted">{t.noPending}</p>
        ) : (
          <DataList rows={team.invitations} columns={invitationColumns} rowKey={(inv) => inv.id} testId="team-invitations" />
        )}
      </section>

      <section aria-labelledby="require-title" className="panel stack">
        <h2 id="require-title">{t.requireTitle}</h2>
        <p className="muted">{t.requireHelp}</p>
        <ActionForm action={setTeamTwoFactorAction} submit={t.requireSave} success={t.requireSaved} testId="require-2fa-form">
          <label className="radio">
            <input type="checkbox" name="required" defaultChecked={team.requireTwoFactor} /> {t.require}
          </label>
        </ActionForm>
      </section>
    </div>
  );
}
