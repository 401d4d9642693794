import type { ReactNode } from "react";
import { CopyCodeButton } from "./copy-code-button";
import styles from "./docs.module.css";

/** Text whose `backticks` mark code (descriptions in the contracts, the changelog), with <code> for them. */
export function InlineCode({ text }: { text: string }) {
  return (
    <>
      {text.split(/(`[^`]+`)/).map((part, i) => (part.startsWith("`") && part.endsWith("`") && part.length > 1 ? <code key={i}>{part.slice(1, -1)}</code> : part))}
    </>
  );
}

/** Pretty JSON for an example value; a string is shown as is. */
export const exampleText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value, null, 2));

/**
 * A <pre> with a copy button. `id` must be unique on the page: the button copies the block by it,
 * and tests find the block by it. `label` names the block for screen readers.
 */
export function CodeBlock({ id, children, label, testId }: { id: string; children: string; label?: string; testId?: string }) {
  return (
    <div className={styles.code}>
      <pre id={id} tabIndex={0} aria-label={label} data-testid={testId}>
        <code>{children}</code>
      </pre>
      <CopyCodeButton targetId={id} />
    </div>
  );
}

/**
 * A table that may scroll sideways on a phone: the scrolling box takes keyboard focus (axe
 * scrollable-region-focusable) and is named for screen readers.
 */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}
