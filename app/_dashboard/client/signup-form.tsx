"use client";

import { useActionState } from "react";
import type { SignUpState } from "../actions";
import type { Messages } from "@/lib/dashboard/i18n";

type Action = (prev: SignUpState | null, form: FormData) => Promise<SignUpState>;

/**
 * Sign-up: one answer for every address, "check your e-mail" (the account is created from the
 * link in that e-mail, see confirm-signup-form.tsx). `consoleHint`: local development without
 * a mail server, where the link is printed on the server console — said for every address alike.
 */
export function SignUpForm({ action, signedIn, consoleHint, m }: { action: Action; signedIn: boolean; consoleHint: boolean; m: Pick<Messages, "signup" | "login"> }) {
  const [state, formAction, pending] = useActionState(action, null);

  if (state?.ok) {
    return (
      <section className="stack" aria-labelledby="check-email-title">
        <h2 id="check-email-title">{m.signup.checkEmailTitle}</h2>
        <p role="status">{m.signup.checkEmail.replace("{email}", state.data.email)}</p>
        {consoleHint ? <p className="muted">{m.signup.checkEmailConsole}</p> : null}
      </section>
    );
  }

  if (signedIn && !state) {
    return (
      <a className="btn" href="/dashboard">
        {m.signup.continue}
      </a>
    );
  }

  const err = state && !state.ok ? state : null;
  const fieldError = (name: string) =>
    err?.fieldErrors?.[name] ? (
      <span className="field-error" id={`${name}-error`}>
        {err.fieldErrors[name]}
      </span>
    ) : null;
  return (
    <form action={formAction} className="stack" noValidate>
      <label>
        {m.signup.businessName}
        <input name="businessName" autoComplete="organization" required aria-describedby="businessName-error" />
        {fieldError("businessName")}
      </label>
      <label>
        {m.login.email}
        <input name="email" type="email" autoComplete="email" required aria-describedby="email-error" />
        {fieldError("email")}
      </label>
      <label>
        {m.login.password}
        <input name="password" type="password" autoComplete="new-password" required minLength={10} aria-describedby="password-error" />
        {fieldError("password")}
      </label>
      <label>
        {m.signup.country}
        <select name="country" defaultValue="SN">
          {["SN", "CI", "CM", "BJ", "BF", "ML", "TG", "NE", "GN", "CD", "GA", "CG"].map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      {err ? (
        <p role="alert" className="error">
          {err.error}
        </p>
      ) : null}
      <button className="btn" type="submit" disabled={pending}>
        {m.signup.submit}
      </button>
    </form>
  );
}
