/**
 * The checkout's accent colour: a #RRGGBB hex on which the page writes white text (the primary
 * button), so it must reach WCAG AA's 4.5:1 contrast against white. A lighter colour is refused,
 * never silently changed: the merchant chose it, and the form offers the nearest darker shade of
 * the same hue that passes.
 */
export const MIN_CONTRAST = 4.5;
/** The checkout's own accent (lib/checkout/page/styles.ts `--accent`), for a merchant without branding. */
export const DEFAULT_ACCENT = "#0B5FFF";

const HEX = /^#[0-9A-Fa-f]{6}$/;

export const isHexColour = (value: unknown): value is string => typeof value === "string" && HEX.test(value);

function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

const toHex = (channels: number[]) => `#${channels.map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`.toUpperCase();

/** WCAG 2 relative luminance (sRGB). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of white text on `hex` (1 to 21). */
export const contrastWithWhite = (hex: string): number => 1.05 / (relativeLuminance(hex) + 0.05);

/** "4.48:1": rounded down, so a colour that fails never reads as 4.5. */
export const formatRatio = (ratio: number): string => `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;

/** The lightest shade of `hex` (its channels scaled towards black, hue kept) that reaches `target` with white. */
export function darkenToContrast(hex: string, target = MIN_CONTRAST): string {
  if (contrastWithWhite(hex) >= target) return hex.toUpperCase();
  const channels = rgb(hex);
  let low = 0; // passes (black)
  let high = 1; // fails (the colour itself)
  for (let i = 0; i < 20; i++) {
    const mid = (low + high) / 2;
    if (contrastWithWhite(toHex(channels.map((c) => c * mid))) >= target) low = mid;
    else high = mid;
  }
  // Rounding to whole channel values may land just under the target: step down until it passes.
  let factor = low;
  let shade = toHex(channels.map((c) => c * factor));
  while (contrastWithWhite(shade) < target) {
    factor -= 0.005;
    shade = toHex(channels.map((c) => c * Math.max(0, factor)));
  }
  return shade;
}

export type AccentCheck =
  | { ok: true; colour: string; ratio: number }
  | { ok: false; reason: "format" }
  | { ok: false; reason: "contrast"; colour: string; ratio: number; suggestion: string };

/** Checks a typed colour: the #RRGGBB form (stored upper case), then its contrast with white text. */
export function checkAccentColour(raw: unknown): AccentCheck {
  const value = typeof raw === "string" ? raw.trim() : "";
  if (!isHexColour(value)) return { ok: false, reason: "format" };
  const colour = value.toUpperCase();
  const ratio = contrastWithWhite(colour);
  if (ratio < MIN_CONTRAST) return { ok: false, reason: "contrast", colour, ratio, suggestion: darkenToContrast(colour) };
  return { ok: true, colour, ratio };
}
