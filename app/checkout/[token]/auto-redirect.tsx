"use client";

import { useEffect, useState } from "react";
import styles from "./checkout.module.css";

/**
 * Back to the merchant after a short visible delay, with a link to go at once. Without
 * JavaScript a <meta refresh> (in <noscript>) does the same.
 */
type Props = { href: string; seconds: number; template: string; continueLabel: string };

export function AutoRedirect({ href, seconds, template, continueLabel }: Props) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const end = Date.now() + seconds * 1000;
    const id = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) {
        clearInterval(id);
        window.location.assign(href);
      }
    }, 250);
    return () => clearInterval(id);
  }, [href, seconds]);
  return (
    <>
      <noscript>
        <meta httpEquiv="refresh" content={`${seconds};url=${href}`} />
      </noscript>
      <p>{template.replace("{s}", String(left))}</p>
      <p>
        <a className={styles.button} href={href}>
          {continueLabel}
        </a>
      </p>
    </>
  );
}
