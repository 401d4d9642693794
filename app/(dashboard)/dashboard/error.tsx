"use client";

import { useEffect, useState } from "react";
import type { Locale } from "@/lib/dashboard/i18n";
import { listMessages } from "@/lib/dashboard/i18n-lists";

/**
 * An unexpected failure while rendering a dashboard page (database unreachable…): said plainly,
 * with a retry, inside the dashboard's layout. The details stay in the server log; the digest
 * lets support find them. The words follow the layout's language (its `lang`), read once mounted.
 */
export default function DashboardError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const [locale, setLocale] = useState<Locale>("en");
  useEffect(() => setLocale(document.querySelector(".dash-shell")?.getAttribute("lang") === "fr" ? "fr" : "en"), []);
  const t = listMessages(locale).errorPage;
  return (
    <div className="stack" role="alert">
      <h1>{t.title}</h1>
      <p>{t.text}</p>
      {error.digest ? (
        <p className="muted">
          {t.reference} {error.digest}
        </p>
      ) : null}
      <p>
        <button className="btn" type="button" onClick={reset}>
          {t.retry}
        </button>
      </p>
    </div>
  );
}
