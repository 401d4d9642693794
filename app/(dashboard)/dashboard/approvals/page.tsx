import "@/app/_dashboard/money.css";
import { ActionForm } from "@/app/_dashboard/client/action-form";
import { displayZone } from "@/app/_dashboard/format";
import { decideApprovalAction, saveApprovalThresholdsAction } from "@/app/_dashboard/money-actions";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { getApprovalsPage } from "@/lib/dashboard/approvals";
import { fill, moneyMessages } from "@/lib/dashboard/i18n-money";
import { can } from "@/lib/identity/roles";

export const dynamic = "force-dynamic";

/**
 * Approvals (maker–checker): what waits for a second member, oldest first, each with approve and
 * reject (a native disclosure: works without JavaScript); the code from the authenticator app
 * when the approver has two-factor sign-in. Owners set the thresholds below.
 */
export default async function ApprovalsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const scope = await requireScope("money");
  const locale = await currentLocale();
  const t = moneyMessages(locale).approvals;
  const done = (await searchParams).done;
  const page = await getApprovalsPage(scope, { locale, timeZone: displayZone().timeZone });
  const codeField = (id: string) =>
    page.needsCode ? (
      <>
        <label>
          {t.code}
          <input name="code" inputMode="numeric" autoComplete="one-time-code" required maxLength={40} aria-describedby={`code-help-${id}`} />
        </label>
        <p id={`code-help-${id}`} className="help">
          {t.codeHelp}
        </p>
      </>
    ) : null;
  return (
    <div className="stack money-page">
      <h1>{t.title}</h1>
      <p className="muted">{t.intro}</p>
      {done === "approve" ? (
        <p className="success" role="status" data-testid="approval-done">
          {t.approved}
        </p>
      ) : done === "reject" ? (
        <p className="success" role="status" data-testid="approval-done">
          {t.rejected}
        </p>
      ) : null}
      {page.cards.length === 0 ? <p data-testid="approvals-none">{t.none}</p> : null}
      <ul className="money-list approvals" data-testid="approvals">
        {page.cards.map((c) => (
          <li key={c.id} data-testid={`approval-${c.id}`} className="approval-card">
            <div>
              <a href={c.href}>
                <strong>{c.kind === "payout" ? t.payout : fill(t.bulk, { n: c.count })}</strong>
              </a>
              <div>
                {c.recipients.map((r) => (
                  <div key={r.destination + r.amount}>
                    {r.name ? `${r.name} · ` : ""}
                    {r.destination}
                    {c.kind === "bulk" ? ` · ${r.amount}` : ""}
                  </div>
                ))}
                {c.count > c.recipients.length ? <div className="muted">{fill(t.more, { n: c.count - c.recipients.length })}</div> : null}
              </div>
            </div>
            <span className="amount" data-testid="approval-amount">
              {c.totals.join(" · ")}
            </span>
            <span className="meta">
              {fill(t.requestedBy, { email: c.requestedEmail })} · {c.createdAt}
            </span>
            <div className="meta stack">
              {c.mine ? (
                <p data-testid="approval-mine">{t.yours}</p>
              ) : !page.canDecide ? (
                <p>{t.cannotDecide}</p>
              ) : (
                <>
                  <ActionForm action={decideApprovalAction} submit={t.approve} success={t.approved} testId={`approve-${c.id}`}>
                    <input type="hidden" name="approvalId" value={c.id} />
                    <input type="hidden" name="decision" value="approve" />
                    {codeField(`a-${c.id}`)}
                  </ActionForm>
                  <details className="confirm">
                    <summary className="btn btn-ghost">{t.reject}</summary>
                    <ActionForm action={decideApprovalAction} submit={t.reject} success={t.rejected} testId={`reject-${c.id}`}>
                      <input type="hidden" name="approvalId" value={c.id} />
                      <input type="hidden" name="decision" value="reject" />
                      <p>{t.rejectConfirm}</p>
                      <label>
                        {t.note}
                        <input name="note" maxLength={500} />
                      </label>
                      {codeField(`r-${c.id}`)}
                    </ActionForm>
                  </details>
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
      {can(scope.role, "team") ? (
        <section className="stack panel" aria-labelledby="thresholds-title">
          <h2 id="thresholds-title">{t.settings}</h2>
          <p className="help">{t.settingsHelp}</p>
          <ActionForm action={saveApprovalThresholdsAction} submit={t.save} success={t.saved} testId="approval-thresholds">
            {page.thresholds.map((th) => (
              <label key={th.currency}>
                {fill(t.threshold, { currency: th.currency })}
                <input name={`threshold_${th.currency}`} inputMode="decimal" autoComplete="off" defaultValue={th.value} aria-describedby={`th-${th.currency}`} />
                <span id={`th-${th.currency}`} className="help">
                  {th.label}
                </span>
              </label>
            ))}
          </ActionForm>
        </section>
      ) : null}
    </div>
  );
}
