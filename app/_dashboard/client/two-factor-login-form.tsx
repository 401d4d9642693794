"use client";

import { useActionState } from "react";
import type { TwoFactorLoginState } from "../actions";
import type { TeamMessages } from "@/lib/dashboard/i18n-team";

type Action = (prev: TwoFactorLoginState, form: FormData) => Promise<TwoFactorLoginState>;

/** Sign-in, step two: one field for the app's code or a recovery code. A plain form post. */
export function TwoFactorLoginForm({ action, next, t }: { action: Action; next: string; t: TeamMessages["login2fa"] }) {
  const [state, formAction, pending] = useActionState(action, null);
  if (state?.error === "challenge_invalid") {
    return (
      <section className="stack">
        <p role="alert" className="error">
          {t.expired}
        </p>
        <a className="btn" href={`/login?callbackUrl=${encodeURIComponent(next)}`}>
          {t.again}
        </a>
      </section>
    );
  }
  return (
    <form action={formAction} className="stack" data-testid="two-factor-login">
      <input type="hidden" name="callbackUrl" value={next} />
      <p>{t.intro}</p>
      <label>
        {t.code}
        <input name="code" autoComplete="one-time-code" autoFocus required maxLength={20} aria-invalid={state ? true : undefined} aria-describedby="recovery-help" />
      </label>
      <p id="recovery-help" className="muted">
        {t.recoveryHelp}
      </p>
      {state ? (
        <p role="alert" className="error">
          {state.error === "rate_limited" ? t.rateLimited : t.wrong}
        </p>
      ) : null}
      <button className="btn" type="submit" disabled={pending}>
        {t.submit}
      </button>
    </form>
  );
}
