"use client";

import { useActionState, type ReactNode } from "react";

type Result = { ok: true; data?: unknown } | { ok: false; error: string; fieldErrors?: Record<string, string> };
type Action = (prev: Result | null, form: FormData) => Promise<Result>;

/** A form bound to a server action that shows its success message or its errors, field by field. */
export function ActionForm({ action, children, submit, success, className, testId }: { action: Action; children: ReactNode; submit: string; success: string; className?: string; testId?: string }) {
  const [state, formAction, pending] = useActionState(action, null);
  return (
    <form action={formAction} className={className ?? "stack"} data-testid={testId}>
      {children}
      <button className="btn" type="submit" disabled={pending}>
        {submit}
      </button>
      <div aria-live="polite">
        {state?.ok ? <p className="success">{success}</p> : null}
        {state && !state.ok ? (
          <div role="alert" className="error">
            <p>{state.error}</p>
            {state.fieldErrors ? (
              <ul>
                {Object.entries(state.fieldErrors).map(([k, v]) => (
                  <li key={k}>
                    {k}: {v}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>
    </form>
  );
}
