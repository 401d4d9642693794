"use client";

import { useActionState } from "react";
import type { ConfirmSignUpState } from "../actions";
import type { Messages } from "@/lib/dashboard/i18n";
import { SecretBox } from "./secret-box";

type Action = (prev: ConfirmSignUpState | null, form: FormData) => Promise<ConfirmSignUpState>;

/**
 * The sign-up link's page: one button (a plain form post, no JavaScript needed), then the keys.
 * The action has signed the new account in (its session cookie); the secret comes back once,
 * lives only in this component's state, and is gone when the person leaves the page.
 * `problem`: what the page found wrong with the link. The page renders this component whatever
 * it found, because after the action it renders again and finds the link spent: the action's
 * answer (the keys) must win over that.
 */
export function ConfirmSignUpForm({
  action,
  token,
  email,
  problem,
  m,
}: {
  action: Action;
  token: string;
  email: string;
  problem: string | null;
  m: Pick<Messages, "signup" | "signupConfirm" | "publicKey" | "secretKey" | "copy" | "copied">;
}) {
  const [state, formAction, pending] = useActionState(action, null);

  if (state?.ok) {
    const keys = state.data.keys;
    return keys ? (
      <section className="stack" aria-labelledby="keys-title">
        <h2 id="keys-title">{m.signup.keysTitle}</h2>
        <p className="warning" role="note">
          {m.signup.keysWarning}
        </p>
        <SecretBox label={m.publicKey} value={keys.publicKey} testId="public-key" copy={m.copy} copied={m.copied} />
        <SecretBox label={m.secretKey} value={keys.secretKey} testId="secret-key" copy={m.copy} copied={m.copied} />
        <a className="btn" href="/dashboard">
          {m.signup.continue}
        </a>
      </section>
    ) : (
      <section className="stack" aria-labelledby="keys-title">
        <h2 id="keys-title">{m.signup.title}</h2>
        <p>{m.signup.verifyNext}</p>
        <a className="btn" href="/dashboard/verification">
          {m.signup.verifyCta}
        </a>
      </section>
    );
  }

  if (state && !state.ok) return <LinkProblem code={state.code} m={m} />;
  if (problem) return <LinkProblem code={problem} m={m} />;

  return (
    <form action={formAction} method="post" className="stack">
      <p>{m.signupConfirm.intro.replace("{email}", email)}</p>
      <input type="hidden" name="token" value={token} />
      <button className="btn" type="submit" disabled={pending}>
        {m.signupConfirm.submit}
      </button>
    </form>
  );
}

/** Why a link cannot be used, and where to go instead (also rendered by the page itself). */
export function LinkProblem({ code, m }: { code: string; m: Pick<Messages, "signupConfirm"> }) {
  const t = m.signupConfirm;
  const text = code === "link_expired" ? t.expired : code === "link_used" ? t.used : code === "account_exists" ? t.accountExists : t.invalid;
  const toLogin = code === "link_used" || code === "account_exists";
  return (
    <section className="stack">
      <p role="alert" className="error">
        {text}
      </p>
      <a className="btn" href={toLogin ? "/login" : "/signup"}>
        {toLogin ? t.login : t.signUpAgain}
      </a>
    </section>
  );
}
