"use client";

import { useActionState, useState } from "react";
import { SecretBox } from "./secret-box";

type Result =
  | { ok: true; data: { publicKey: string; secretKey: string; previousValidUntil: string } }
  | { ok: false; error: string; fieldErrors?: Record<string, string> };
type Action = (prev: Result | null, form: FormData) => Promise<Result>;
type Labels = { rotate: string; rotateConfirm: string; confirm: string; cancel: string; newSecret: string; publicKey: string; secretKey: string; copy: string; copied: string };

/** Rotate with an explicit confirmation stating the grace period; the new secret is shown once. */
export function RotateKeys({ action, labels }: { action: Action; labels: Labels }) {
  const [state, formAction, pending] = useActionState(action, null);
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="stack">
      {state?.ok ? (
        <div className="panel stack" role="status">
          <p className="warning">{labels.newSecret}</p>
          <SecretBox label={labels.publicKey} value={state.data.publicKey} testId="new-public-key" copy={labels.copy} copied={labels.copied} />
          <SecretBox label={labels.secretKey} value={state.data.secretKey} testId="new-secret-key" copy={labels.copy} copied={labels.copied} />
        </div>
      ) : null}
      {state && !state.ok ? (
        <p role="alert" className="error">
          {state.error}
        </p>
      ) : null}
      {confirming ? (
        <form
          action={(form) => {
            setConfirming(false);
            formAction(form);
          }}
          className="panel stack"
          role="alertdialog"
          aria-labelledby="rotate-confirm-text"
        >
          <p id="rotate-confirm-text">{labels.rotateConfirm}</p>
          <input type="hidden" name="confirm" value="rotate" />
          <div className="row">
            <button className="btn btn-danger" type="submit" autoFocus>
              {labels.confirm}
            </button>
            <button className="btn btn-ghost" type="button" onClick={() => setConfirming(false)}>
              {labels.cancel}
            </button>
          </div>
        </form>
      ) : (
        <button className="btn" type="button" disabled={pending} onClick={() => setConfirming(true)}>
          {labels.rotate}
        </button>
      )}
    </div>
  );
}
