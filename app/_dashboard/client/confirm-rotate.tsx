"use client";

import type { ReactNode } from "react";

/**
 * A dangerous action behind a confirmation step that works without JavaScript: a native
 * <details> disclosure opens the confirming form, whose submit goes to the server action
 * (which checks `confirm` too, so a forged post without it is refused). Shared by API key
 * rotation and revocation and by the webhook secret rotation. `children` adds fields (the
 * grace period of a rotation).
 */
type Props = {
  id: string;
  labels: { rotate: string; rotateConfirm: string; confirm: string; cancel: string };
  pending: boolean;
  action: (form: FormData) => void;
  /** The value the server action expects in `confirm`. */
  confirmValue?: string;
  hidden?: Record<string, string>;
  children?: ReactNode;
  testId?: string;
  /** An action that ends something for good (revoking a key): the opening button is red-outlined, not a neutral one. */
  destructive?: boolean;
};

export function ConfirmRotate({ id, labels, pending, action, confirmValue = "rotate", hidden = {}, children, testId, destructive = false }: Props) {
  return (
    <details className="confirm" data-testid={testId}>
      <summary className={destructive ? "btn btn-danger-outline" : "btn btn-ghost"}>{labels.rotate}</summary>
      <form action={action} className="panel stack" aria-labelledby={id}>
        <p id={id}>{labels.rotateConfirm}</p>
        {children}
        <input type="hidden" name="confirm" value={confirmValue} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="row">
          <button className="btn btn-danger" type="submit" disabled={pending}>
            {labels.confirm}
          </button>
          <button
            className="btn btn-ghost"
            type="button"
            onClick={(event) => event.currentTarget.closest("details")?.removeAttribute("open")}
          >
            {labels.cancel}
          </button>
        </div>
      </form>
    </details>
  );
}
