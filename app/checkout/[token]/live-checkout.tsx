"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import styles from "./checkout.module.css";

/**
 * The page's only moving parts: a countdown to expiresAt and, while the payment is on its way
 * to the phone, a poll of /checkout/<token>/status every 2 s. When the stage changes (or time
 * runs out) the server re-renders the page (router.refresh), whose live region announces the
 * new state. Without JavaScript the page still works: it shows the time left when it loaded and
 * the customer reloads.
 */
type Props = { token: string; stage: string; expiresAt: string; initialSeconds: number; poll: boolean; timeLeftLabel: string };

const format = (seconds: number) => {
  const s = Math.max(0, seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
};

export function LiveCheckout({ token, stage, expiresAt, initialSeconds, poll, timeLeftLabel }: Props) {
  const router = useRouter();
  const [seconds, setSeconds] = useState(initialSeconds);

  useEffect(() => {
    const end = Date.parse(expiresAt);
    let refreshed = false;
    const tick = () => {
      const left = Math.ceil((end - Date.now()) / 1000);
      setSeconds(left);
      if (left <= 0 && !refreshed) {
        refreshed = true;
        router.refresh();
      }
    };
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, [expiresAt, router]);

  useEffect(() => {
    if (!poll) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const check = async () => {
      try {
        const res = await fetch(`/checkout/${token}/status`, { cache: "no-store" });
        if (res.ok) {
          const body = (await res.json()) as { stage: string };
          if (body.stage !== stage) {
            stopped = true;
            router.refresh();
            return;
          }
        }
      } catch {
        // Offline for a moment: try again at the next tick.
      }
      if (!stopped) timer = setTimeout(check, 2000);
    };
    timer = setTimeout(check, 1500);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [poll, stage, token, router]);

  return (
    <p className={styles.countdown}>
      {timeLeftLabel}{" "}
      <time role="timer" aria-live="off" dateTime={`PT${Math.max(0, seconds)}S`}>
        {format(seconds)}
      </time>
    </p>
  );
}
