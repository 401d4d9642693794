"use client";

import { useActionState } from "react";
import { ConfirmRotate } from "./confirm-rotate";
import { SecretBox } from "./secret-box";

type Result<T> = { ok: true; data: T } | { ok: false; error: string };
type Labels = { secret: string; reveal: string; rotate: string; rotateConfirm: string; confirm: string; cancel: string; newSecret: string; previousUntil: string; copy: string; copied: string; alreadyShown: string };

/**
 * The signing secret is shown once: a reveal while nobody has seen it (audited), or the new
 * secret a rotation returns. Rotation sits behind a confirmation that states the overlap.
 */
export function WebhookSecret({
  reveal,
  rotate,
  labels,
  shownAt,
}: {
  /** When the current secret was shown, already formatted; null while it can be revealed. */
  shownAt: string | null;
  reveal: (prev: Result<{ secret: string }> | null, form: FormData) => Promise<Result<{ secret: string }>>;
  rotate: (prev: Result<{ secret: string; previousValidUntil: string }> | null, form: FormData) => Promise<Result<{ secret: string; previousValidUntil: string }>>;
  labels: Labels;
}) {
  const [revealed, revealAction, revealing] = useActionState(reveal, null);
  const [rotated, rotateAction, rotating] = useActionState(rotate, null);
  return (
    <div className="stack">
      {rotated?.ok ? (
        <div className="stack" role="status">
          <p className="warning">{labels.newSecret}</p>
          <SecretBox label={labels.secret} value={rotated.data.secret} testId="webhook-secret" copy={labels.copy} copied={labels.copied} />
          <p className="muted">
            {labels.previousUntil} {new Date(rotated.data.previousValidUntil).toISOString().replace("T", " ").slice(0, 16)} UTC
          </p>
        </div>
      ) : revealed?.ok ? (
        <SecretBox label={labels.secret} value={revealed.data.secret} testId="webhook-secret" copy={labels.copy} copied={labels.copied} />
      ) : shownAt ? (
        <p className="muted" data-testid="webhook-secret-shown">
          {labels.alreadyShown.replace("{date}", shownAt)}
        </p>
      ) : (
        <form action={revealAction}>
          <button className="btn btn-ghost" type="submit" disabled={revealing}>
            {labels.reveal}
          </button>
        </form>
      )}
      {revealed && !revealed.ok ? <p role="alert" className="error">{revealed.error}</p> : null}
      {rotated && !rotated.ok ? <p role="alert" className="error">{rotated.error}</p> : null}
      <ConfirmRotate id="webhook-rotate-text" labels={labels} pending={rotating} action={rotateAction} />
    </div>
  );
}
