import { changeMemberRoleAction, inviteMemberAction, removeMemberAction, revokeInvitationAction, setTeamTwoFactorAction } from "@/app/_dashboard/actions";
import { ActionForm } from "@/app/_dashboard/client/action-form";
import { when } from "@/app/_dashboard/format";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { teamMessages } from "@/lib/dashboard/i18n-team";
import { ROLE_NAMES, ROLES } from "@/lib/dashboard/roles";
import { getTeam } from "@/lib/dashboard/team/members";

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
  return (
    <div className="stack">
      <h1>{t.title}</h1>
      <p className="muted">{t.intro}</p>
      <p className="muted">{t.roles}</p>

      <section aria-labelledby="members-title" className="stack">
        <h2 id="members-title">{t.members}</h2>
        <div className="table-wrap" tabIndex={0}>
          <table data-testid="team-members">
            <thead>
              <tr>
                <th scope="col">{t.email}</th>
                <th scope="col">{t.role}</th>
                <th scope="col">{t.twoFactor}</th>
                <th scope="col">{t.joined}</th>
                <th scope="col">
                  <span className="visually-hidden">{t.remove}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {team.members.map((member) => (
                <tr key={member.userId} data-testid="team-member" data-email={member.email}>
                  <td>
                    {member.email}
                    {member.you ? <span className="muted"> ({t.you})</span> : null}
                  </td>
                  <td>
                    <ActionForm action={changeMemberRoleAction} submit={t.changeRole} success={t.roleChanged} className="row" testId="role-form">
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
                  </td>
                  <td>{member.twoFactor ? t.on : t.off}</td>
                  <td>{when(member.joinedAt, locale)}</td>
                  <td>
                    <details>
                      <summary>{t.remove}</summary>
                      <ActionForm action={removeMemberAction} submit={t.removeYes} success={t.removed} testId="remove-member-form">
                        <p>{t.removeConfirm.replace("{email}", member.email)}</p>
                        <input type="hidden" name="userId" value={member.userId} />
                      </ActionForm>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
          <div className="table-wrap" tabIndex={0}>
            <table data-testid="team-invitations">
              <thead>
                <tr>
                  <th scope="col">{t.email}</th>
                  <th scope="col">{t.role}</th>
                  <th scope="col">{t.expires}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t.revoke}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {team.invitations.map((inv) => (
                  <tr key={inv.id}>
                    <td>{inv.email}</td>
                    <td>{names[inv.role]}</td>
                    <td>{when(inv.expiresAt, locale)}</td>
                    <td>
                      <ActionForm action={revokeInvitationAction} submit={t.revoke} success={t.revoked} className="row">
                        <input type="hidden" name="invitationId" value={inv.id} />
                      </ActionForm>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
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
