"use client";

import { signIn } from "next-auth/react";
import { useActionState, useEffect, useState } from "react";
import type { FormResult } from "@/lib/dashboard/form-result";
import type { SignUpResult } from "@/lib/dashboard/sign-up";
import type { Messages } from "@/lib/dashboard/i18n";
import { SecretBox } from "./secret-box";

type Action = (prev: FormResult<SignUpResult> | null, form: FormData) => Promise<FormResult<SignUpResult>>;

/**
 * Sign-up, then the keys: the secret comes back from the action once, lives only in this
 * component's state, and is gone when the person leaves the page.
 */
export function SignUpForm({ action, m }: { action: Action; m: Pick<Messages, "signup" | "login" | "publicKey" | "secretKey" | "copy" | "copied"> }) {
  const [state, formAction, pending] = useActionState(action, null);
  const [password, setPassword] = useState("");
  const [loggedIn, setLoggedIn] = useState(false);

  useEffect(() => {
    if (state?.ok && !loggedIn) {
      void signIn("credentials", { email: state.data.email, password, redirect: false }).then(() => setLoggedIn(true));
    }
  }, [state, password, loggedIn]);

  if (state?.ok) {
    const keys = state.data.keys;
    return (
      <section className="stack" aria-labelledby="keys-title">
        {keys ? (
          <>
            <h2 id="keys-title">{m.signup.keysTitle}</h2>
            <p className="warning" role="note">
              {m.signup.keysWarning}
            </p>
            <SecretBox label={m.publicKey} value={keys.publicKey} testId="public-key" copy={m.copy} copied={m.copied} />
            <SecretBox label={m.secretKey} value={keys.secretKey} testId="secret-key" copy={m.copy} copied={m.copied} />
            {loggedIn ? (
              <a className="btn" href="/dashboard">
                {m.signup.continue}
              </a>
            ) : (
              <p className="muted" aria-live="polite">
                …
              </p>
            )}
          </>
        ) : (
          <>
            <h2 id="keys-title">{m.signup.title}</h2>
            <p>{m.signup.verifyNext}</p>
            {loggedIn ? (
              <a className="btn" href="/dashboard/verification">
                {m.signup.verifyCta}
              </a>
            ) : (
              <p className="muted" aria-live="polite">
                …
              </p>
            )}
          </>
        )}
      </section>
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
        <input name="password" type="password" autoComplete="new-password" required minLength={10} value={password} onChange={(e) => setPassword(e.target.value)} aria-describedby="password-error" />
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
