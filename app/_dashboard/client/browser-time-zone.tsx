"use client";

import { useEffect } from "react";

/**
 * The browser's time zone, for users who chose none in settings: written once into the `tz`
 * cookie (lib/dashboard/time-zone), read by the server from the next page on. When it was
 * missing or stale, the page is refreshed once so times show in the right zone at once.
 */
export function BrowserTimeZone({ current }: { current: string | null }) {
  useEffect(() => {
    let zone: string | undefined;
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    } catch {
      return;
    }
    if (!zone || !/^[A-Za-z0-9_+\-/]{1,64}$/.test(zone) || zone === current) return;
    document.cookie = `tz=${zone}; path=/; max-age=${365 * 86400}; samesite=lax`;
    // Once per tab: with cookies blocked the cookie never sticks, and this must not loop.
    try {
      if (sessionStorage.getItem("tz-reloaded") === zone) return;
      sessionStorage.setItem("tz-reloaded", zone);
    } catch {
      return;
    }
    location.reload();
  }, [current]);
  return null;
}
