"use client";

import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode, useActionState, useEffect, useRef, useState } from "react";

type Result = { ok: true; data?: unknown } | { ok: false; error: string; fieldErrors?: Record<string, string>; values?: Record<string, string> };
type Action = (prev: Result | null, form: FormData) => Promise<Result>;

// Fields whose typed value is never put back (a secret, a file) or that carry their own state.
const NOT_RESTORED = new Set(["password", "file", "hidden", "checkbox", "radio", "submit", "button"]);

/**
 * A form bound to a server action that shows its success message or its errors, field by field.
 * React resets a form once its action completes, which put back the page's old values (the
 * saved webhook URL) over what the person typed: after a failure the typed values are restored,
 * each refused field is marked aria-invalid, and the summary names fields by their labels.
 * Without JavaScript no effect runs: the server action sends the typed values back (`values`,
 * never a secret) and they are rendered into the fields, and labels are read from the markup.
 */
export function ActionForm({
  action,
  children,
  submit,
  success,
  className,
  testId,
  tone = "primary",
}: {
  action: Action;
  children: ReactNode;
  submit: string;
  success: string;
  className?: string;
  testId?: string;
  /** The submit button's weight: the page's main action, a secondary one (Resend), or one that destroys (Revoke). */
  tone?: "primary" | "secondary" | "danger";
}) {
  const [state, formAction, pending] = useActionState(action, null);
  const formRef = useRef<HTMLFormElement>(null);
  const typed = useRef<[string, string][]>([]);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const failed = state && !state.ok ? state : null;
  const markupLabels: Record<string, string> = {};
  const fields = withTypedValues(children, failed?.values, markupLabels, failed?.fieldErrors ?? {});

  useEffect(() => {
    const form = formRef.current;
    if (!form || !state) return;
    const failed = !state.ok;
    if (failed) {
      for (const [name, value] of typed.current) {
        const el = form.elements.namedItem(name);
        if ((el instanceof HTMLInputElement && !NOT_RESTORED.has(el.type)) || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) el.value = value;
      }
    }
    const errors = !state.ok ? (state.fieldErrors ?? {}) : {};
    for (const el of Array.from(form.elements)) {
      if (!(el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement) || !el.name) continue;
      if (errors[el.name]) el.setAttribute("aria-invalid", "true");
      else el.removeAttribute("aria-invalid");
    }
    setLabels(labelsOf(form));
  }, [state]);

  return (
    <form
      ref={formRef}
      action={formAction}
      onSubmit={(e) => {
        typed.current = [...new FormData(e.currentTarget).entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string");
      }}
      className={className ?? "stack"}
      data-testid={testId}
    >
      {fields}
      <button className={tone === "secondary" ? "btn btn-ghost btn-small" : tone === "danger" ? "btn btn-danger" : "btn"} type="submit" disabled={pending}>
        {submit}
      </button>
      <div aria-live="polite">
        {state?.ok ? <p className="success">{success}</p> : null}
        {state && !state.ok ? (
          <div role="alert" className="error">
            <p>{state.error}</p>
            {state.fieldErrors ? (
              <ul>
                {Object.entries(state.fieldErrors)
                  // The form-level message already says it when it is the only field's message.
                  .filter(([, v], _i, all) => !(all.length === 1 && v === state.error))
                  .map(([k, v]) => (
                    <li key={k}>
                      {labels[k] ?? markupLabels[k] ?? k} — {v}
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

const FIELD_TYPES = new Set(["input", "select", "textarea"]);
type Props = { name?: string; type?: string; children?: ReactNode };

/**
 * The form's children as the page wrote them, with each refused post's typed values as the
 * fields' defaultValue (what a page rendered without JavaScript shows), each refused field
 * marked invalid with its message inside its label, under it (server errors sit on their field,
 * not only in the summary), and each field's label text collected into `labels` on the way.
 */
function withTypedValues(node: ReactNode, values: Record<string, string> | undefined, labels: Record<string, string>, errors: Record<string, string>): ReactNode {
  return Children.map(node, (child) => {
    if (!isValidElement<Props>(child)) return child;
    const { name, type, children } = child.props;
    if (typeof child.type === "string" && FIELD_TYPES.has(child.type) && name) {
      const typed = values?.[name];
      const restored = typed !== undefined && !NOT_RESTORED.has(type ?? "text") ? { defaultValue: typed } : {};
      const described = (child.props as Record<string, unknown>)["aria-describedby"];
      const marked = errors[name] ? { "aria-invalid": true, "aria-describedby": [described, errorId(name)].filter(Boolean).join(" ") } : {};
      return Object.keys(restored).length || Object.keys(marked).length ? cloneElement(child as ReactElement<Record<string, unknown>>, { ...restored, ...marked }) : child;
    }
    if (child.type === "label") {
      const text = Children.toArray(children)
        .filter((c): c is string => typeof c === "string")
        .join(" ")
        .trim();
      const field = firstFieldName(children);
      if (text && field) labels[field] ??= text;
      if (field && errors[field]) {
        return cloneElement(
          child,
          undefined,
          withTypedValues(children, values, labels, errors),
          <span key="field-error" className="field-error" id={errorId(field)} data-testid={`field-error-${field}`}>
            {errors[field]}
          </span>,
        );
      }
    }
    return children === undefined ? child : cloneElement(child, undefined, withTypedValues(children, values, labels, errors));
  });
}

const errorId = (field: string) => `field-error-${field.replace(/[^A-Za-z0-9_-]/g, "_")}`;

function firstFieldName(node: ReactNode): string | undefined {
  for (const child of Children.toArray(node)) {
    if (!isValidElement<Props>(child)) continue;
    if (typeof child.type === "string" && FIELD_TYPES.has(child.type) && child.props.name) return child.props.name;
    const inner = firstFieldName(child.props.children);
    if (inner) return inner;
  }
  return undefined;
}

/** Each field's visible label (the text of its <label>, without the field's own text), by name. */
function labelsOf(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const label of Array.from(form.querySelectorAll("label"))) {
    const field = label.querySelector("input[name], select[name], textarea[name]") as HTMLInputElement | null;
    if (!field) continue;
    const text = Array.from(label.childNodes)
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent ?? "")
      .join(" ")
      .trim();
    if (text) out[field.name] ??= text;
  }
  return out;
}
