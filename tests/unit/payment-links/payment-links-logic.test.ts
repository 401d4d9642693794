import { describe, expect, it } from "vitest";
import { zonedToIso } from "@/lib/dashboard/payment-links";
import { generatedSlug } from "@/lib/payment-links/create-payment-link";
import { linkStatus } from "@/lib/payment-links/link-status";
import { SLUG_PATTERN } from "@/lib/payment-links/payment-link-schemas";

describe("generatedSlug", () => {
  it("keeps the title's words, without accents or punctuation, then 4 random characters", () => {
    const slug = generatedSlug("Robe wax — taille unique (été)");
    expect(slug).toMatch(/^robe-wax-taille-unique-ete-[a-hj-km-np-tv-z0-9]{4}$/);
    expect(SLUG_PATTERN.test(slug)).toBe(true);
    expect(generatedSlug("Robe wax")).not.toBe(generatedSlug("Robe wax"));
  });

  it("stays short and valid for a long title, and has a fallback for one without letters", () => {
    const long = generatedSlug("a".repeat(30) + " " + "b".repeat(30));
    expect(long.length).toBeLessThanOrEqual(45);
    expect(SLUG_PATTERN.test(long)).toBe(true);
    expect(generatedSlug("!!! ???")).toMatch(/^link-[a-z0-9]{4}$/);
  });
});

describe("linkStatus", () => {
  const now = new Date("2026-11-27T12:00:00Z");
  const base = { deactivatedAt: null, expiresAt: null, maxPayments: null };
  it("deactivated beats expired beats completed beats active", () => {
    expect(linkStatus(base, { paidCount: 0 }, now)).toBe("active");
    expect(linkStatus({ ...base, maxPayments: 2 }, { paidCount: 1 }, now)).toBe("active");
    expect(linkStatus({ ...base, maxPayments: 2 }, { paidCount: 2 }, now)).toBe("completed");
    expect(linkStatus({ ...base, maxPayments: 2, expiresAt: now }, { paidCount: 2 }, now)).toBe("expired");
    expect(linkStatus({ ...base, expiresAt: new Date(now.getTime() + 1) }, { paidCount: 0 }, now)).toBe("active");
    expect(linkStatus({ ...base, expiresAt: now, deactivatedAt: now }, { paidCount: 0 }, now)).toBe("deactivated");
  });
});

describe("zonedToIso", () => {
  it("reads a typed date and time in the member's zone", () => {
    expect(zonedToIso("2026-12-24T18:00", "UTC")).toBe("2026-12-24T18:00:00.000Z");
    expect(zonedToIso("2026-12-24T18:00", "Africa/Dakar")).toBe("2026-12-24T18:00:00.000Z");
    expect(zonedToIso("2026-12-24T18:00", "Africa/Lagos")).toBe("2026-12-24T17:00:00.000Z");
    expect(zonedToIso("2026-07-01T12:00", "Europe/Paris")).toBe("2026-07-01T10:00:00.000Z");
    expect(zonedToIso("2026-01-01T12:00", "Europe/Paris")).toBe("2026-01-01T11:00:00.000Z");
  });

  it("refuses what is not a date and a time", () => {
    expect(zonedToIso("24/12/2026", "UTC")).toBeNull();
    expect(zonedToIso("", "UTC")).toBeNull();
  });
});
