import { contrastWithWhite, darkenToContrast } from "@/lib/branding/accent-colour";
import type { SeedProvider } from "./catalogue-seed";

/**
 * Each provider's mark (public/logos/<code>.svg) as an SVG badge drawn from the catalogue: its
 * colour (catalogue-seed.ts) and a monogram. Not the operators' trademarks, which we do not hold
 * (an operator's own file goes in the slot of operator-mark-path.ts); a badge a customer can
 * match to the name next to it.
 * - The monogram is drawn as strokes, not <text>: an SVG in an <img> cannot load fonts, so text
 *   would look different on every phone (and be missing on some).
 * - Its ink is white where white reaches 3:1 on the colour (WCAG's large-text and graphics level),
 *   else near-black: legible on Wave's light blue and MTN's yellow alike.
 * - A colour under 3:1 against the white page gets a darker rim, so the badge's edge stays
 *   visible (WCAG 1.4.11).
 * scripts/operator-marks.ts writes the files; a unit test fails when a file differs from this.
 */
const INK = "#14171F";

/** Monograms: a few letters a customer links to the name written beside the badge. */
export const MONOGRAMS: Record<string, string> = {
  wave: "W",
  orange: "OM",
  mtn: "MTN",
  tmoney: "T",
  moov: "M",
  airtel: "A",
  flooz: "F",
  free: "FM",
  celtiis: "C",
  emoney: "E",
  coris: "CM",
  mpesa: "MP",
  mixx: "MX",
  halotel: "HP",
  zamtel: "Z",
  telecel: "TC",
  at: "AT",
};

/** A stroke alphabet on a 14-unit cap height: [advance width, path]. Only the letters used above. */
const GLYPHS: Record<string, [number, string]> = {
  A: [10, "M0 14L5 0L10 14M2.1 8.6H7.9"],
  C: [9.5, "M9.2 2.3A5 7 0 1 0 9.2 11.7"],
  E: [8, "M8 0H0V14H8M0 7H6.5"],
  F: [8, "M8 0H0V14M0 7H6.5"],
  H: [10, "M0 0V14M10 0V14M0 7H10"],
  M: [11, "M0 14V0L5.5 9L11 0V14"],
  N: [10, "M0 14V0L10 14V0"],
  O: [10, "M5 0A5 7 0 1 1 5 14A5 7 0 1 1 5 0Z"],
  P: [8.5, "M0 14V0H5A3.5 3.6 0 0 1 5 7.2H0"],
  T: [10, "M0 0H10M5 0V14"],
  W: [13, "M0 0L3.2 14L6.5 4L9.8 14L13 0"],
  X: [10, "M0 0L10 14M10 0L0 14"],
  Z: [9, "M0 0H9L0 14H9"],
};
const GAP = 3.5;

function monogram(letters: string, ink: string): string {
  const glyphs = [...letters].map((l) => GLYPHS[l]);
  if (glyphs.some((g) => !g)) throw new Error(`no glyph for a letter of "${letters}"`);
  const width = glyphs.reduce((sum, [w]) => sum + w, 0) + GAP * (glyphs.length - 1);
  // As tall as fits (30 px for one letter), never wider than 42 px.
  const scale = Math.min((letters.length === 1 ? 30 : 24) / 14, 42 / width);
  const strokePx = letters.length >= 3 ? 4.5 : 6;
  const x0 = 32 - (width * scale) / 2;
  const y0 = 32 - (14 * scale) / 2;
  let x = 0;
  const paths = glyphs.map(([w, d]) => {
    const path = `<path transform="translate(${r(x)} 0)" d="${d}"/>`;
    x += w + GAP;
    return path;
  });
  return `<g transform="translate(${r(x0)} ${r(y0)}) scale(${r(scale)})" fill="none" stroke="${ink}" stroke-width="${r(strokePx / scale)}" stroke-linecap="round" stroke-linejoin="round">${paths.join("")}</g>`;
}

/** The two non-operator methods keep a pictogram: a bank's columns, a coin. */
function pictogram(kind: "bank_transfer" | "crypto", ink: string): string {
  return kind === "bank_transfer"
    ? `<g fill="${ink}"><path d="M32 12L52 22H12Z"/><rect x="16" y="25" width="5" height="17"/><rect x="29.5" y="25" width="5" height="17"/><rect x="43" y="25" width="5" height="17"/><rect x="12" y="45" width="40" height="5"/></g>`
    : `<g fill="none" stroke="${ink}" stroke-width="4" stroke-linecap="round"><circle cx="32" cy="32" r="18"/><path d="M23 23.5H41M32 23.5V43"/></g>`;
}

const r = (n: number) => String(Math.round(n * 1000) / 1000);

export function operatorBadgeSvg(provider: Pick<SeedProvider, "code" | "name" | "kind" | "color">): string {
  const colour = provider.color.toUpperCase();
  const onWhite = contrastWithWhite(colour);
  const ink = onWhite >= 3 ? "#FFFFFF" : INK;
  const rim = onWhite < 3 ? `<rect x="1" y="1" width="62" height="62" rx="13" fill="none" stroke="${darkenToContrast(colour, 3)}" stroke-width="2"/>` : "";
  // A coin's edge in the corner, in the ink at low opacity: a badge, not a flat tile.
  const coin = `<circle cx="64" cy="64" r="15" fill="none" stroke="${ink}" stroke-opacity=".22" stroke-width="5"/>`;
  const mark = provider.kind === "mobile_money" ? monogram(MONOGRAMS[provider.code] ?? provider.name.slice(0, 1).toUpperCase(), ink) : pictogram(provider.kind, ink);
  const title = provider.name.replace(/[<>&"]/g, "");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="${title}">` +
    `<title>${title}</title>` +
    `<clipPath id="c"><rect width="64" height="64" rx="14"/></clipPath>` +
    `<g clip-path="url(#c)"><rect width="64" height="64" fill="${colour}"/>${provider.kind === "mobile_money" ? coin : ""}</g>` +
    rim +
    mark +
    `</svg>\n`
  );
}
