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
/** `countries`: the catalogue's collect countries (the merchant settles in its country's currency). */
export function SignUpForm({
  action,
  signedIn,
  consoleHint,
  countries,
  m,
  passwordRule,
}: {
  action: Action;
  signedIn: boolean;
  consoleHint: boolean;
  countries: { code: string; name: string }[];
  m: Pick<Messages, "signup" | "login">;
  /** The password rule, shown under the field before anything is typed. */
  passwordRule: string;
}) {
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
  // After a failure the fields come back as typed (the password excepted) and each field in
  // error is marked (aria-invalid + message); the summary names the fields as the form labels
  // them and links to each. The key remounts the form so the returned values fill it.
  const values = err?.values ?? {};
  const labels: Record<string, string> = { businessName: m.signup.businessName, email: m.login.email, password: m.login.password, country: m.signup.country };
  const invalid = (name: string) => !!err?.fieldErrors?.[name];
  const fieldProps = (name: string) => ({
    name,
    id: `signup-${name}`,
    "aria-invalid": invalid(name) || undefined,
    "aria-describedby": [invalid(name) ? `${name}-error` : null, name === "password" ? "password-rule" : null].filter(Boolean).join(" ") || undefined,
    className: invalid(name) ? "invalid" : undefined,
  });
  const fieldError = (name: string) =>
    err?.fieldErrors?.[name] ? (
      <span className="field-error" id={`${name}-error`}>
        {err.fieldErrors[name]}
      </span>
    ) : null;
  const codes = countries.map((c) => c.code);
  return (
    <form action={formAction} className="stack" noValidate key={JSON.stringify(values)} data-testid="signup-form">
      {err ? (
        <div role="alert" className="error" tabIndex={-1}>
          <p>{err.error}</p>
          {err.fieldErrors && Object.keys(err.fieldErrors).length > 0 ? (
            <ul>
              {Object.entries(err.fieldErrors).map(([k, v]) => (
                <li key={k}>
                  <a href={`#signup-${k}`}>{labels[k] ?? k}</a> — {v}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <label>
        {m.signup.businessName}
        <input {...fieldProps("businessName")} autoComplete="organization" required defaultValue={values.businessName ?? ""} />
        {fieldError("businessName")}
      </label>
      <label>
        {m.login.email}
        <input {...fieldProps("email")} type="email" autoComplete="email" required defaultValue={values.email ?? ""} />
        {fieldError("email")}
      </label>
      <label>
        {m.login.password}
        <input {...fieldProps("password")} type="password" autoComplete="new-password" required minLength={10} />
        {fieldError("password")}
      </label>
      <p id="password-rule" className="help muted" data-testid="password-rule">
        {passwordRule}
      </p>
      <label>
        {m.signup.country}
        <select {...fieldProps("country")} defaultValue={codes.includes(values.country ?? "") ? values.country : "SN"}>
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        {fieldError("country")}
      </label>
      <button className="btn" type="submit" disabled={pending}>
        {m.signup.submit}
      </button>
    </form>
  );
}
