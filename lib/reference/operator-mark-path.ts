import { readdirSync } from "node:fs";
import path from "node:path";

/**
 * The slot for an operator's official logo. We cannot fetch operators' logos here and ship none:
 * each provider shows its generated badge (public/logos/<code>.svg, operator-badge.ts). When an
 * operator supplies its own file, under the terms of its brand guidelines, put it in
 * `public/operators/<code>.svg` (or .webp, .png; square, at least 64 px): from the next catalogue
 * load it replaces the badge everywhere the catalogue's logo is used (checkout, payment-methods
 * API), unless an operator of this platform set another logo path on the channel. Review an SVG
 * before committing it: it is served from our origin (next.config.ts sandboxes it when opened).
 */
export const OFFICIAL_MARKS_DIR = path.join("public", "operators");
const FILE = /^([a-z_]{2,32})\.(svg|webp|png)$/;
const PREFERENCE = ["svg", "webp", "png"];

/** provider code → "/operators/<file>", for the files present (the preferred format when several are). */
// turbopackIgnore: the folder is read at run time; it must not make Next trace the whole project
// into the standalone output (which then carried next.config.ts, and the image failed to start).
export function officialMarks(dir = path.join(/*turbopackIgnore: true*/ process.cwd(), OFFICIAL_MARKS_DIR)): Map<string, string> {
  let names: string[];
  try {
    names = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return new Map();
  }
  const found = new Map<string, string>();
  for (const name of names.filter((n) => FILE.test(n)).sort((a, b) => PREFERENCE.indexOf(FILE.exec(a)![2]) - PREFERENCE.indexOf(FILE.exec(b)![2]))) {
    const code = FILE.exec(name)![1];
    if (!found.has(code)) found.set(code, `/operators/${name}`);
  }
  return found;
}

/** The generated badge's path. */
export const badgePath = (code: string) => `/logos/${code}.svg`;

/** The logo a provider shows: its official file when one is supplied and the stored path is still the badge (or none). */
export function operatorMarkPath(code: string, stored: string | null, official: ReadonlyMap<string, string>): string | null {
  const file = official.get(code);
  return file && (stored === null || stored === badgePath(code)) ? file : stored;
}
