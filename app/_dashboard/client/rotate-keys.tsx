"use client";

import { useActionState } from "react";
import { ConfirmRotate } from "./confirm-rotate";
import { SecretBox } from "./secret-box";

type Result =
  | { ok: true; data: { publicKey: string; secretKey: string; previousValidUntil: string } }
  | { ok: false; error: string; fieldErrors?: Record<string, string> };
type Action = (prev: Result | null, form: FormData) => Promise<Result>;
type Labels = {
  rotate: string;
  rotateConfirm: string;
  confirm: string;
  cancel: string;
  newSecret: string;
  publicKey: string;
  secretKey: string;
  copy: string;
  copied: string;
  graceLegend: string;
  grace24: string;
  grace1: string;
  grace0: string;
  graceCustom: string;
  hoursUnit: string;
};

/**
 * Rotate with an explicit confirmation and a chosen overlap for the current pair (24 h, 1 h,
 * none, or a number of hours); the new secret is shown once.
 */
export function RotateKeys({ action, labels }: { action: Action; labels: Labels }) {
  const [state, formAction, pending] = useActionState(action, null);
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
      <ConfirmRotate id="rotate-confirm-text" labels={labels} pending={pending} action={formAction} testId="rotate-keys">
        <fieldset className="grace-choice">
          <legend>{labels.graceLegend}</legend>
          <label>
            <input type="radio" name="grace" value="24" defaultChecked /> {labels.grace24}
          </label>
          <label>
            <input type="radio" name="grace" value="1" /> {labels.grace1}
          </label>
          <label>
            <input type="radio" name="grace" value="0" /> {labels.grace0}
          </label>
          <label>
            <input type="radio" name="grace" value="custom" /> {labels.graceCustom}{" "}
            <input type="number" name="graceHours" min={0} max={24} step="any" inputMode="decimal" aria-label={labels.graceCustom} /> {labels.hoursUnit}
          </label>
        </fieldset>
      </ConfirmRotate>
    </div>
  );
}
