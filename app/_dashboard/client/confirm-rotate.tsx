"use client";

import { useState } from "react";

/**
 * A rotation button that first asks, in words that state the overlap period, and only then
 * submits (`confirm=rotate`, which the server action also checks). Shared by API keys and the
 * webhook secret.
 */
type Props = {
  id: string;
  labels: { rotate: string; rotateConfirm: string; confirm: string; cancel: string };
  pending: boolean;
  action: (form: FormData) => void;
};

export function ConfirmRotate({ id, labels, pending, action }: Props) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <button className="btn" type="button" disabled={pending} onClick={() => setConfirming(true)}>
        {labels.rotate}
      </button>
    );
  }
  return (
    <form
      action={(form) => {
        setConfirming(false);
        action(form);
      }}
      className="panel stack"
      role="alertdialog"
      aria-labelledby={id}
    >
      <p id={id}>{labels.rotateConfirm}</p>
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
  );
}
