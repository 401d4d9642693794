"use client";

import { useEffect, useId, useRef, useState, useSyncExternalStore, type ChangeEvent } from "react";

/** The field's own words, from the dashboard's catalogue (lib/dashboard/i18n.ts `fileInput`). */
export type FileInputWords = { choose: string; none: string };

const subscribeNothing = () => () => {};

/**
 * A file field in the page's language. Chromium draws the native control's "Choose File" and "No
 * file chosen" in the browser's language, whatever the page's, so the input is visually hidden
 * (not display:none: it stays focusable, keeps its label and is posted with the form) and its
 * label, styled as a button, opens the file picker — with or without JavaScript. The chosen file's
 * name is said next to it once the page has hydrated; before that (or without JavaScript) nothing
 * is said rather than a "no file chosen" that could be wrong. A form reset (React resets a form
 * after its action) clears the name with the file.
 */
export function FileInput({
  label,
  words,
  name,
  accept,
  required,
  describedBy,
}: {
  label: string;
  words: FileInputWords;
  name: string;
  accept?: string;
  required?: boolean;
  describedBy?: string;
}) {
  const id = useId();
  const statusId = `${id}-chosen`;
  const hydrated = useSyncExternalStore(subscribeNothing, () => true, () => false);
  const [chosen, setChosen] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const clear = () => setChosen(null);
    form.addEventListener("reset", clear);
    return () => form.removeEventListener("reset", clear);
  }, []);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => setChosen(Array.from(event.currentTarget.files ?? [], (f) => f.name).join(", ") || null);
  const described = [hydrated ? statusId : null, describedBy].filter(Boolean).join(" ") || undefined;
  return (
    <div className="file-field">
      <input ref={input} id={id} className="visually-hidden file-input" type="file" name={name} accept={accept} required={required} aria-describedby={described} onChange={onChange} />
      <label htmlFor={id} className="file-label">
        <span>{label}</span>
        <span className="btn btn-ghost file-button">{words.choose}</span>
      </label>
      {hydrated ? (
        <span id={statusId} className="file-chosen muted" aria-live="polite" data-testid={`file-chosen-${name}`} translate={chosen ? "no" : undefined}>
          {chosen ?? words.none}
        </span>
      ) : null}
    </div>
  );
}
