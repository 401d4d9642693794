"use client";

import { useState, useSyncExternalStore } from "react";
import styles from "./docs.module.css";

const noSubscription = () => () => undefined;

/**
 * Copies the text of the element `targetId` (a <pre> the server rendered) to the clipboard. It is
 * rendered `hidden` on the server and shows itself only once React runs in the browser, so a
 * reader without JavaScript never meets a button that does nothing: the <pre> stays selectable.
 * The text is read from the page rather than passed in, so an example is not sent twice.
 */
export function CopyCodeButton({ targetId, label = "Copy" }: { targetId: string; label?: string }) {
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <button
      type="button"
      className={styles.copy}
      data-copy-target={targetId}
      hidden={!hydrated}
      aria-label={`${label} this example`}
      onClick={async () => {
        const text = document.getElementById(targetId)?.textContent ?? "";
        try {
          await navigator.clipboard.writeText(text);
          setState("copied");
        } catch {
          // Clipboard refused (an insecure origin, a denied permission): the text stays selectable.
          setState("failed");
        }
      }}
    >
      <span aria-live="polite">{state === "copied" ? "Copied" : state === "failed" ? "Select and copy" : label}</span>
    </button>
  );
}
