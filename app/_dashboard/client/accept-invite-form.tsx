"use client";

import { useActionState } from "react";
import type { AcceptInvitationState } from "../actions";
import type { TeamMessages } from "@/lib/dashboard/i18n-team";

type Action = (prev: AcceptInvitationState, form: FormData) => Promise<AcceptInvitationState>;

/** The invitation link's page: the new member's password, posted with the link's token. */
export function AcceptInviteForm({ action, token, intro, problem, t, rule }: { action: Action; token: string; intro: string; problem: string | null; t: TeamMessages["invite"]; rule?: string }) {
  const [state, formAction, pending] = useActionState(action, null);
  const code = state && !state.ok ? state.code : problem;
  if (code && code !== "validation_error" && code !== "rate_limited") {
    const text = code === "link_expired" ? t.expired : code === "link_used" ? t.used : code === "account_exists" ? t.accountExists : code === "link_invalid" ? t.invalid : state && !state.ok ? state.error : t.invalid;
    return (
      <section className="stack">
        <p role="alert" className="error" data-testid="invite-problem">
          {text}
        </p>
        <a className="btn" href="/login">
          {t.login}
        </a>
      </section>
    );
  }
  const fieldError = state && !state.ok ? (state.fieldErrors?.password ?? state.error) : null;
  return (
    <form action={formAction} className="stack" data-testid="accept-invite">
      <p>{intro}</p>
      <input type="hidden" name="token" value={token} />
      <label>
        {t.password}
        <input name="password" type="password" autoComplete="new-password" required minLength={10} aria-invalid={fieldError ? true : undefined} aria-describedby={rule ? "invite-password-rule" : undefined} />
      </label>
      {rule ? (
        <p id="invite-password-rule" className="help muted">
          {rule}
        </p>
      ) : null}
      {fieldError ? (
        <p role="alert" className="error">
          {fieldError}
        </p>
      ) : null}
      <button className="btn" type="submit" disabled={pending}>
        {t.submit}
      </button>
    </form>
  );
}
