"use client";

import { useActionState } from "react";

type Result = { ok: true; data?: unknown } | { ok: false; error: string };
type Action = (prev: Result | null, form: FormData) => Promise<Result>;

/**
 * The confirmation step's form of a link's deactivation (inside a native <details>, so it opens
 * without JavaScript too); a refusal (a role without the permission) is said above the button.
 */
export function DeactivateLinkForm({ action, paymentLinkId, label }: { action: Action; paymentLinkId: string; label: string }) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} className="stack">
      <input type="hidden" name="paymentLinkId" value={paymentLinkId} />
      <input type="hidden" name="confirm" value="deactivate" />
      {state && !state.ok ? (
        <p role="alert" className="error">
          {state.error}
        </p>
      ) : null}
      <button type="submit" className="btn btn-danger" disabled={pending} data-testid="deactivate-confirm">
        {label}
      </button>
    </form>
  );
}
