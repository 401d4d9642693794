"use client";

import { useActionState } from "react";
import { ConfirmRotate } from "./confirm-rotate";

type Result = { ok: true; data: { publicKey: string; revokedAt: string } } | { ok: false; error: string };
type Action = (prev: Result | null, form: FormData) => Promise<Result>;
type Labels = { revoke: string; revokeConfirm: string; confirm: string; cancel: string; revoked: string };

/** Revokes one pair at once (a leaked secret), after a confirmation naming the pair. */
export function RevokeKey({ action, publicKey, labels }: { action: Action; publicKey: string; labels: Labels }) {
  const [state, formAction, pending] = useActionState(action, null);
  if (state?.ok) return <p role="status" className="success">{labels.revoked}</p>;
  return (
    <div className="stack">
      {state && !state.ok ? (
        <p role="alert" className="error">
          {state.error}
        </p>
      ) : null}
      <ConfirmRotate
        id={`revoke-${publicKey}`}
        labels={{ rotate: labels.revoke, rotateConfirm: labels.revokeConfirm.replace("{key}", publicKey), confirm: labels.confirm, cancel: labels.cancel }}
        pending={pending}
        action={formAction}
        confirmValue="revoke"
        hidden={{ publicKey }}
        testId="revoke-key"
        destructive
      />
    </div>
  );
}
