"use client";

import { type ReactNode, useActionState } from "react";
import type { RecoveryCodesState, StartTwoFactorState } from "../actions";
import type { TeamMessages } from "@/lib/dashboard/i18n-team";
import { SecretBox } from "./secret-box";

type StartAction = (prev: unknown, form: FormData) => Promise<StartTwoFactorState>;
type CodesAction = (prev: unknown, form: FormData) => Promise<RecoveryCodesState>;
type Labels = TeamMessages["twoFactor"] & { copy: string; copied: string };

/**
 * Two-factor set-up: a button that makes the key, then the first code, then the recovery
 * codes. The key and the codes live only in this component's state (never in the URL, never
 * logged) and are gone when the person leaves the page. Plain form posts: no JavaScript needed.
 * The page renders this component whether two-factor is on or not (`enabled`, with what to show
 * then as `children`): after the last step the page renders again and finds it on, and the
 * action's answer (the recovery codes, shown once) must win over that.
 */
export function TwoFactorSetup({ start, confirm, t, enabled, children }: { start: StartAction; confirm: CodesAction; t: Labels; enabled: boolean; children: ReactNode }) {
  const [started, startAction, starting] = useActionState(start, null);
  const [confirmed, confirmAction, confirming] = useActionState(confirm, null);

  if (confirmed?.ok) return <RecoveryCodes codes={confirmed.data.recoveryCodes} t={t} />;
  if (enabled) return <>{children}</>;

  if (!started?.ok) {
    return (
      <form action={startAction} className="stack" data-testid="two-factor-start">
        <p data-testid="two-factor-status">{t.statusOff}</p>
        {started && !started.ok ? (
          <p role="alert" className="error">
            {started.error}
          </p>
        ) : null}
        <button className="btn" type="submit" disabled={starting}>
          {t.start}
        </button>
      </form>
    );
  }

  return (
    <div className="stack">
      <p>{t.scan}</p>
      <svg
        className="totp-qr"
        role="img"
        aria-label={t.qr}
        data-testid="totp-qr"
        viewBox={`-4 -4 ${started.data.qr.size + 8} ${started.data.qr.size + 8}`}
        width="200"
        height="200"
        shapeRendering="crispEdges"
      >
        <rect x="-4" y="-4" width={started.data.qr.size + 8} height={started.data.qr.size + 8} fill="#fff" />
        <path d={started.data.qr.d} fill="#000" />
      </svg>
      <SecretBox label={t.key} value={started.data.secret} testId="totp-secret" copy={t.copy} copied={t.copied} />
      <p>
        <a href={started.data.uri}>{t.openApp}</a>
      </p>
      <form action={confirmAction} className="stack" data-testid="two-factor-confirm">
        <label>
          {t.code}
          <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]{6,7}" maxLength={7} required aria-invalid={confirmed && !confirmed.ok ? true : undefined} />
        </label>
        {confirmed && !confirmed.ok ? (
          <p role="alert" className="error">
            {confirmed.error}
          </p>
        ) : null}
        <button className="btn" type="submit" disabled={confirming}>
          {t.confirm}
        </button>
      </form>
    </div>
  );
}

/** New recovery codes for a member who has two-factor on (a current code first). */
export function RegenerateRecoveryCodes({ action, t }: { action: CodesAction; t: Labels }) {
  const [state, formAction, pending] = useActionState(action, null);
  if (state?.ok) return <RecoveryCodes codes={state.data.recoveryCodes} t={t} />;
  return (
    <form action={formAction} className="stack" data-testid="two-factor-regenerate">
      <p className="muted">{t.regenerateHelp}</p>
      <label>
        {t.code}
        <input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} required />
      </label>
      {state && !state.ok ? (
        <p role="alert" className="error">
          {state.error}
        </p>
      ) : null}
      <button className="btn" type="submit" disabled={pending}>
        {t.regenerate}
      </button>
    </form>
  );
}

function RecoveryCodes({ codes, t }: { codes: string[]; t: Labels }) {
  return (
    <section className="stack" aria-labelledby="codes-title">
      <p className="success" role="status">
        {t.enabled}
      </p>
      <h3 id="codes-title">{t.codesTitle}</h3>
      <p className="warning" role="note">
        {t.codesWarning}
      </p>
      <ul data-testid="recovery-codes" className="stack">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <a className="btn" href="/dashboard">
        {t.done}
      </a>
    </section>
  );
}
