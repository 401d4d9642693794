import { revokeKeyAction, rotateKeysAction } from "@/app/_dashboard/actions";
import { AuditTable } from "@/app/_dashboard/audit-table";
import { can } from "@/lib/identity/roles";
import { teamMessages } from "@/lib/dashboard/i18n-team";
import { CopyButton } from "@/app/_dashboard/client/copy-button";
import { RevokeKey } from "@/app/_dashboard/client/revoke-key";
import { RotateKeys } from "@/app/_dashboard/client/rotate-keys";
import { when } from "@/app/_dashboard/format";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { getApiKeysPage } from "@/lib/dashboard/api-keys";
import { messages } from "@/lib/dashboard/i18n";
import { onboardingMessages } from "@/lib/dashboard/i18n-onboarding";
import { Command } from "@/app/_dashboard/getting-started";

function remaining(ms: number, m: ReturnType<typeof messages>) {
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  return `${Math.floor(minutes / 60)} ${m.keys.hours} ${minutes % 60} ${m.keys.minutes}`;
}

export default async function ApiKeysPage() {
  const scope = await requireScope("keys");
  const locale = await currentLocale();
  const m = messages(locale);
  const o = onboardingMessages(locale);
  const page = await getApiKeysPage(scope);
  const current = page.keys.filter((k) => k.expiresAt === null);
  const expiring = page.keys.filter((k) => k.expiresAt !== null);
  const revokeLabels = { revoke: m.keys.revoke, revokeConfirm: m.keys.revokeConfirm, confirm: m.keys.revokeYes, cancel: m.keys.cancel, revoked: m.keys.revoked };
  return (
    <div className="stack">
      <h1>{m.keys.title}</h1>
      {page.keys.length === 0 ? <p className="panel">{page.canRotate ? m.keys.noUsableKeys : m.keys.noKeys}</p> : null}
      {current.map((k) => (
        <section key={k.publicKey} className="panel stack" aria-label={m.keys.current} data-testid="current-key">
          <h2>{m.keys.current}</h2>
          <div className="secret">
            <span className="secret-label">{m.publicKey}</span>
            <code data-testid="current-public-key" className="secret-value">
              {k.publicKey}
            </code>
            <CopyButton value={k.publicKey} label={m.copy} copiedLabel={m.copied} />
          </div>
          <p className="muted">
            {m.keys.secretHint} <code>{k.secretHint}</code> · {when(k.createdAt, locale)}
          </p>
          <RevokeKey action={revokeKeyAction} publicKey={k.publicKey} labels={revokeLabels} />
        </section>
      ))}
      {expiring.map((k) => (
        <section key={k.publicKey} className="panel stack" aria-label={m.keys.expiring} data-testid="expiring-key">
          <h2>{m.keys.expiring}</h2>
          <p>
            <code>{k.publicKey}</code> ({k.secretHint})
          </p>
          <p data-testid="expiring-remaining">
            {m.keys.validFor} {remaining(k.remainingMs ?? 0, m)} — {when(k.expiresAt, locale)}
          </p>
          <RevokeKey action={revokeKeyAction} publicKey={k.publicKey} labels={revokeLabels} />
        </section>
      ))}
      {current[0] ? (
        <section aria-labelledby="using-keys-title" className="panel stack" data-testid="using-keys">
          <h2 id="using-keys-title">{o.keys.title}</h2>
          <p>{o.keys.text}</p>
          <Command command={`export API_KEY="${current[0].publicKey}:${o.payments.secretPlaceholder}"`} copyLabel={o.payments.copyKey} m={m} />
          <p>
            <a href="/dashboard/payments">{o.keys.firstPayment}</a> · <a href="/docs">{o.keys.docs}</a>
            {scope.environment === "sandbox" ? (
              <>
                {" "}
                · <a href="/docs/sandbox">{o.testNumbers.title}</a>
              </>
            ) : null}
          </p>
        </section>
      ) : null}
      {page.canRotate ? (
        <RotateKeys
          action={rotateKeysAction}
          labels={{
            rotate: m.keys.rotate,
            rotateConfirm: m.keys.rotateConfirm,
            confirm: m.keys.confirm,
            cancel: m.keys.cancel,
            newSecret: m.keys.newSecret,
            publicKey: m.publicKey,
            secretKey: m.secretKey,
            copy: m.copy,
            copied: m.copied,
            graceLegend: m.keys.graceLegend,
            grace24: m.keys.grace24,
            grace1: m.keys.grace1,
            grace0: m.keys.grace0,
            graceCustom: m.keys.graceCustom,
            hoursUnit: m.keys.hoursUnit,
          }}
        />
      ) : null}
      {/* The audit log is for owners (lib/identity/roles.ts); developers manage keys without it. */}
      {can(scope.role, "audit") ? (
        <section aria-labelledby="audit-title" className="stack">
          <h2 id="audit-title">{m.keys.audit}</h2>
          <AuditTable rows={page.audit} labels={{ when: m.keys.when, action: m.keys.action, actor: m.keys.actor, details: teamMessages(locale).audit.details }} locale={locale} />
          <p>
            <a href="/dashboard/audit">{teamMessages(locale).audit.full}</a>
          </p>
        </section>
      ) : null}
    </div>
  );
}
