import { describe, expect, it } from "vitest";
import { checkAccentColour, contrastWithWhite, darkenToContrast, DEFAULT_ACCENT, formatRatio, MIN_CONTRAST } from "@/lib/branding";

describe("accent colour", () => {
  it("measures white text's contrast as WCAG 2 does", () => {
    expect(formatRatio(contrastWithWhite("#000000"))).toBe("21.00:1");
    expect(formatRatio(contrastWithWhite("#FFFFFF"))).toBe("1.00:1");
    // The usual boundary: #767676 is the lightest grey that passes AA with white, #777777 fails.
    expect(contrastWithWhite("#767676")).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastWithWhite("#777777")).toBeLessThan(MIN_CONTRAST);
    expect(formatRatio(contrastWithWhite("#777777"))).toBe("4.47:1"); // rounded down, never up to 4.5
  });

  it("accepts #RRGGBB in either case and stores it upper case", () => {
    expect(checkAccentColour(" #0b5fff ")).toMatchObject({ ok: true, colour: "#0B5FFF" });
    expect(checkAccentColour(DEFAULT_ACCENT)).toMatchObject({ ok: true });
  });

  it.each(["0B5FFF", "#0B5FF", "#0B5FFFF", "#abc", "#GGGGGG", "red", "rgb(0,0,0)", "", null, 42, "#0B5FFF;}body{display:none"])("refuses %j as a format error", (value) => {
    expect(checkAccentColour(value)).toEqual({ ok: false, reason: "format" });
  });

  it("refuses a colour too light for white text, and suggests the nearest darker shade that passes", () => {
    const check = checkAccentColour("#FFCB05"); // MTN yellow: about 1.5:1
    expect(check).toMatchObject({ ok: false, reason: "contrast", colour: "#FFCB05" });
    if (check.ok || check.reason !== "contrast") throw new Error("expected a contrast refusal");
    expect(check.ratio).toBeLessThan(2);
    expect(contrastWithWhite(check.suggestion)).toBeGreaterThanOrEqual(MIN_CONTRAST);
    // Nearest: one step lighter would fail.
    const lighter = check.suggestion.slice(1).match(/../g)!.map((h) => Math.min(255, parseInt(h, 16) + 3));
    expect(contrastWithWhite(`#${lighter.map((c) => c.toString(16).padStart(2, "0")).join("")}`)).toBeLessThan(MIN_CONTRAST);
    expect(checkAccentColour(check.suggestion)).toMatchObject({ ok: true });
  });

  it("keeps a colour that already passes", () => {
    expect(darkenToContrast("#0B5FFF")).toBe("#0B5FFF");
    expect(contrastWithWhite(darkenToContrast("#1DC8F2"))).toBeGreaterThanOrEqual(MIN_CONTRAST);
  });
});
