"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";

/**
 * Keeps a page that is still moving (a bulk in progress) up to date without reloading it: the
 * server components are fetched again every `seconds` (router.refresh keeps scroll, focus and
 * whatever is selected), and the user can pause that (WCAG 2.2.1, 2.2.2), which a <meta
 * refresh> would not let them do. The page renders it only while there is something to wait for.
 */
export function AutoRefresh({ seconds, startPaused, labels }: { seconds: number; startPaused: boolean; labels: { running: string; paused: string; pause: string } }) {
  const router = useRouter();
  const [paused, setPaused] = useState(startPaused);
  // The button works only with the script: without it the page offers a link instead.
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  useEffect(() => {
    if (paused) return;
    const timer = setInterval(() => router.refresh(), seconds * 1000);
    return () => clearInterval(timer);
  }, [paused, seconds, router]);
  return (
    <p className="muted row" data-testid="auto-refresh">
      <span>{paused ? labels.paused : labels.running}</span>
      {scripted ? (
        <button type="button" className="btn btn-ghost btn-small" aria-pressed={paused} onClick={() => setPaused(!paused)}>
          {labels.pause}
        </button>
      ) : null}
    </p>
  );
}
