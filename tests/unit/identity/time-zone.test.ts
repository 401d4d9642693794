import { describe, expect, it } from "vitest";
import { loadSessionScope } from "@/lib/identity/authenticate-user";
import { formatInZone, isTimeZone, resolveTimeZone, saveTimeZone } from "@/lib/identity/time-zone";
import { getPrisma } from "@/lib/db/client";
import { signedUpMerchant } from "../dashboard/helpers";

const AT = new Date("2026-11-22T10:05:00Z");

describe("the dashboard's time zone", () => {
  it("shows times in the zone with UTC beside it (the hover title)", () => {
    expect(formatInZone(AT, "en", "Europe/Paris")).toEqual({ local: "22 Nov 2026, 11:05:00 CET", utc: "22 Nov 2026, 10:05:00 UTC" });
    expect(formatInZone(AT, "fr", "Africa/Dakar").utc).toBe("22 nov. 2026, 10:05:00 UTC");
    expect(formatInZone(AT, "en", "America/New_York").local).toMatch(/^22 Nov 2026, 05:05:00 /);
    expect(formatInZone(AT, "en", "UTC").local).toBe("22 Nov 2026, 10:05:00 UTC");
  });

  it("formatters are reused per locale and zone, never one zone's or language's for another", () => {
    const first = formatInZone(AT, "en", "Europe/Paris");
    expect(formatInZone(AT, "en", "Asia/Tokyo").local).toBe("22 Nov 2026, 19:05:00 GMT+9");
    expect(formatInZone(AT, "fr", "Europe/Paris").local).toBe("22 nov. 2026, 11:05:00 UTC+1");
    expect(formatInZone(AT, "en", "Europe/Paris")).toEqual(first);
    // Intl takes any casing of a zone: a stream of them (cookies) must not break the cached ones.
    const casing = (zone: string, bits: number) => [...zone].map((c, k) => ((bits >> k) & 1 ? c.toUpperCase() : c.toLowerCase())).join("");
    for (let bits = 0; bits < 300; bits++) expect(formatInZone(AT, "en", casing("africa/dakar", bits)).utc).toBe("22 Nov 2026, 10:05:00 UTC");
    expect(formatInZone(AT, "en", "Europe/Paris")).toEqual(first);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });

  it("the zone chosen in settings wins over the browser's, which wins over UTC; junk is ignored", () => {
    expect(resolveTimeZone("Africa/Abidjan", "Europe/Paris")).toBe("Africa/Abidjan");
    expect(resolveTimeZone(null, "Europe/Paris")).toBe("Europe/Paris");
    expect(resolveTimeZone(null, "Mars/Olympus")).toBe("UTC");
    expect(resolveTimeZone(undefined, "<script>")).toBe("UTC");
    expect(isTimeZone("Africa/Dakar")).toBe(true);
    expect(isTimeZone("Africa/Dakar; path=/")).toBe(false);
  });

  it("settings: saved on the user, carried by the session scope, cleared with the browser choice; an unknown zone is refused", async () => {
    const m = await signedUpMerchant();
    expect(await saveTimeZone(m.scope, { timeZone: "Africa/Lagos" })).toEqual({ ok: true, data: { timeZone: "Africa/Lagos" } });
    const user = await (await getPrisma()).dashboardUser.findUniqueOrThrow({ where: { id: m.scope.userId } });
    expect(user.timeZone).toBe("Africa/Lagos");
    const scope = await loadSessionScope({ userId: user.id, merchantId: user.merchantId, environment: "sandbox", sessionVersion: user.sessionVersion });
    expect(scope?.timeZone).toBe("Africa/Lagos");
    expect(await saveTimeZone(m.scope, { timeZone: "Nowhere/Land" })).toMatchObject({ ok: false, fieldErrors: { timeZone: expect.any(String) } });
    expect(await saveTimeZone(m.scope, { timeZone: "" })).toEqual({ ok: true, data: { timeZone: null } });
  });
});
