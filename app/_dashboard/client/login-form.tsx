"use client";

import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";

type Labels = { email: string; password: string; submit: string; wrong: string; rateLimited: string };

export function LoginForm({ labels, next }: { labels: Labels; next: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="stack"
      onSubmit={async (e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        setBusy(true);
        setError(null);
        const result = await signIn("credentials", { email: String(form.get("email")), password: String(form.get("password")), redirect: false });
        setBusy(false);
        if (result?.ok && !result.error) {
          router.replace(next);
          router.refresh();
        } else {
          setError(result?.error === "rate_limited" ? labels.rateLimited : labels.wrong);
        }
      }}
    >
      <label>
        {labels.email}
        <input name="email" type="email" autoComplete="email" required />
      </label>
      <label>
        {labels.password}
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      <button className="btn" type="submit" disabled={busy}>
        {labels.submit}
      </button>
    </form>
  );
}
