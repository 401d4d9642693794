"use client";

import { useActionState } from "react";
import type { LoginState } from "../actions";

type Labels = { email: string; password: string; submit: string; wrong: string; rateLimited: string };
type Action = (prev: LoginState, form: FormData) => Promise<LoginState>;

/**
 * A server-action form: rendered as `<form method="post">`, so submitted before hydration or
 * without JavaScript it still posts (never a GET with the password in the URL).
 */
export function LoginForm({ action, labels, next }: { action: Action; labels: Labels; next: string }) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} className="stack">
      <input type="hidden" name="callbackUrl" value={next} />
      <label>
        {labels.email}
        <input name="email" type="email" autoComplete="email" required defaultValue={state?.email ?? ""} />
      </label>
      <label>
        {labels.password}
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {state?.error ? (
        <p role="alert" className="error">
          {state.error === "rate_limited" ? labels.rateLimited : labels.wrong}
        </p>
      ) : null}
      <button className="btn" type="submit" disabled={pending}>
        {labels.submit}
      </button>
    </form>
  );
}
