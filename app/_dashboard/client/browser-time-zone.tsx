"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/**
 * The browser's time zone, for users who chose none in settings: written into the `tz` cookie
 * (lib/identity/time-zone), read by the server. When it was missing or stale, the server
 * components are fetched again once (router.refresh: no reload, nothing typed is lost), so the
 * times on this first page show in the right zone too.
 */
export function BrowserTimeZone({ current }: { current: string | null }) {
  const router = useRouter();
  useEffect(() => {
    let zone: string | undefined;
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    } catch {
      return;
    }
    if (!zone || !/^[A-Za-z0-9_+\-/]{1,64}$/.test(zone) || zone === current) return;
    document.cookie = `tz=${zone}; path=/; max-age=${365 * 86400}; samesite=lax`;
    // `current` becomes the zone after the refresh (the effect then stops); with cookies
    // blocked it stays as it was, so the effect does not run again: one refresh at most.
    router.refresh();
  }, [current, router]);
  return null;
}
