import { AuditTable } from "@/app/_dashboard/audit-table";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { AUDIT_ACTIONS, isAuditActionFilter, listAudit } from "@/lib/audit/list-audit";
import { teamMessages } from "@/lib/dashboard/i18n-team";
import { auditActionLabel, auditAreaLabel } from "@/lib/dashboard/i18n-audit";

type SearchParams = Record<string, string | string[] | undefined>;
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : "");

/** The cursor of the "older" link: `<ISO time>~<id>` of the last row shown. */
function parseBefore(raw: string): { createdAt: Date; id: string } | undefined {
  const [iso, id] = raw.split("~");
  const at = new Date(iso ?? "");
  return id && /^aud_[0-9a-z]{1,40}$/.test(id) && !Number.isNaN(at.getTime()) ? { createdAt: at, id } : undefined;
}

/** The audit log, for owners: filterable by action (an area or one action) and by who did it. A plain GET form. */
export default async function AuditPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const scope = await requireScope("audit");
  const locale = await currentLocale();
  const t = teamMessages(locale).audit;
  const sp = await searchParams;
  const action = isAuditActionFilter(one(sp.action)) ? one(sp.action) : "";
  const actor = one(sp.actor).trim().slice(0, 254);
  const { rows, next } = await listAudit(scope, { action: action || undefined, actor: actor || undefined, before: parseBefore(one(sp.before)) });
  const older = next ? new URLSearchParams({ ...(action ? { action } : {}), ...(actor ? { actor } : {}), before: `${next.createdAt.toISOString()}~${next.id}` }) : null;
  return (
    <div className="stack">
      <h1>{t.title}</h1>
      <p className="muted">{t.intro}</p>
      <form method="get" className="filters" data-testid="audit-filters">
        <label>
          {t.action}
          <select name="action" defaultValue={action}>
            <option value="">{t.any}</option>
            {Object.entries(AUDIT_ACTIONS).map(([area, actions]) => (
              <optgroup key={area} label={auditAreaLabel(area, locale)}>
                <option value={area}>{`${auditAreaLabel(area, locale)} · ${t.any}`}</option>
                {actions.map((a) => (
                  <option key={a} value={a}>
                    {auditActionLabel(a, locale)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        <label>
          {t.actor}
          <input name="actor" type="search" defaultValue={actor} />
        </label>
        <div className="row">
          <button className="btn" type="submit">
            {t.filter}
          </button>
          <a className="btn btn-ghost" href="/dashboard/audit">
            {t.reset}
          </a>
        </div>
      </form>
      {rows.length === 0 ? <p data-testid="audit-empty">{t.none}</p> : <AuditTable rows={rows} labels={t} locale={locale} />}
      {older ? (
        <p>
          <a href={`/dashboard/audit?${older}`}>{t.older} →</a>
        </p>
      ) : null}
    </div>
  );
}
