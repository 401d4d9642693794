"use client";

import { useActionState } from "react";
import type { SignUpState } from "../actions";
import type { Messages } from "@/lib/dashboard/i18n";
import { SecretBox } from "./secret-box";

type Action = (prev: SignUpState | null, form: FormData) => Promise<SignUpState>;

/**
 * Sign-up, then the keys: the secret comes back from the action once, lives only in this
 * component's state, and is gone when the person leaves the page. The action has already
 * signed the new account in (its session cookie), so this works as a plain form post too.
 */
export function SignUpForm({ action, signedIn, m }: { action: Action; signedIn: boolean; m: Pick<Messages, "signup" | "login" | "publicKey" | "secretKey" | "copy" | "copied"> }) {
  const [state, formAction, pending] = useActionState(action, null);

  if (state?.ok && state.data.outcome !== "created") {
    return (
      <section className="stack" aria-labelledby="keys-title">
        <h2 id="keys-title">{m.signup.checkEmailTitle}</h2>
        <p role="status">{m.signup.checkEmail.replace("{email}", state.data.email)}</p>
      </section>
    );
  }

  if (state?.ok && state.data.outcome === "created") {
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
            <a className="btn" href="/dashboard">
              {m.signup.continue}
            </a>
          </>
        ) : (
          <>
            <h2 id="keys-title">{m.signup.title}</h2>
            <p>{m.signup.verifyNext}</p>
            <a className="btn" href="/dashboard/verification">
              {m.signup.verifyCta}
            </a>
          </>
        )}
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
