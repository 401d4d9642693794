"use client";

import { useActionState } from "react";
import type { PasswordResetRequestState, PasswordResetState } from "../actions";
import type { AuthMessages } from "@/lib/dashboard/i18n-auth";

type RequestAction = (prev: PasswordResetRequestState, form: FormData) => Promise<PasswordResetRequestState>;
type ResetAction = (prev: PasswordResetState, form: FormData) => Promise<PasswordResetState>;

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ""));

/** "Forgot password?": an address → the same answer whatever it is. A plain form post without JavaScript. */
export function ForgotPasswordForm({ action, t }: { action: RequestAction; t: AuthMessages["forgot"] }) {
  const [state, formAction, pending] = useActionState(action, null);
  if (state?.ok) {
    return (
      <p role="status" className="success" data-testid="reset-requested">
        {fill(t.sent, { email: state.data.email, minutes: state.data.minutes })}
      </p>
    );
  }
  const failed = state && !state.ok ? state : null;
  return (
    <form action={formAction} className="stack" data-testid="forgot-form" noValidate>
      {failed ? (
        <p role="alert" className="error">
          {failed.error}
        </p>
      ) : null}
      <label>
        {t.email}
        <input name="email" type="email" autoComplete="email" required defaultValue={failed?.values?.email ?? ""} aria-invalid={failed?.fieldErrors?.email ? true : undefined} />
      </label>
      <button className="btn" type="submit" disabled={pending}>
        {t.submit}
      </button>
    </form>
  );
}

/** The link's form: the new password twice, the rule said before typing. */
export function ResetPasswordForm({ action, token, t, rule }: { action: ResetAction; token: string; t: AuthMessages["reset"]; rule: string }) {
  const [state, formAction, pending] = useActionState(action, null);
  const failed = state && !state.ok ? state : null;
  const linkProblem = failed?.code.startsWith("link_");
  const fieldError = (name: string) =>
    failed?.fieldErrors?.[name] ? (
      <span className="field-error" id={`reset-${name}-error`}>
        {failed.fieldErrors[name]}
      </span>
    ) : null;
  return (
    <form action={formAction} className="stack" data-testid="reset-form">
      <input type="hidden" name="token" value={token} />
      {failed ? (
        <div role="alert" className="error">
          <p>{failed.error}</p>
          {linkProblem ? (
            <p>
              <a href="/login/forgot">{t.askAgain}</a>
            </p>
          ) : null}
        </div>
      ) : null}
      <label>
        {t.password}
        <input
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={10}
          maxLength={200}
          aria-describedby={failed?.fieldErrors?.password ? "reset-password-error reset-rule" : "reset-rule"}
          aria-invalid={failed?.fieldErrors?.password ? true : undefined}
        />
        {fieldError("password")}
      </label>
      <p id="reset-rule" className="help muted">
        {rule}
      </p>
      <label>
        {t.confirm}
        <input name="confirm" type="password" autoComplete="new-password" required maxLength={200} aria-invalid={failed?.fieldErrors?.confirm ? true : undefined} aria-describedby={failed?.fieldErrors?.confirm ? "reset-confirm-error" : undefined} />
        {fieldError("confirm")}
      </label>
      <button className="btn" type="submit" disabled={pending}>
        {t.submit}
      </button>
    </form>
  );
}
