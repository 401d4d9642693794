/**
 * The README's "Layout" section as data, and what it must cover (scripts/check-readme-layout.ts,
 * `npm run docs:check`; docs/decisions/ci-and-tests.md "Fast checks before the build").
 *
 * The section's first fenced block lists one path per line, its first word (leading spaces
 * allowed, a trailing `/` optional), then what the path owns. Every top-level folder of the
 * repository, every folder directly under `lib/` and every module directly under `lib/` (which
 * the layering treats as a folder of its own: `lib/errors.ts`) must be named there, and every
 * path named there must exist: a folder added without saying what it owns, or removed while the README still
 * describes it, fails CI.
 */

/** The paths the layout names, in order (first word of each line of the section's first code block). */
export function layoutPaths(readme: string): string[] {
  const section = /^## Layout[^\n]*\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readme)?.[1];
  if (section === undefined) throw new Error('README.md has no "## Layout" section.');
  const block = /^```[^\n]*\n([\s\S]*?)^```/m.exec(section)?.[1];
  if (block === undefined) throw new Error('The README\'s "## Layout" section has no code block listing the folders.');
  return block
    .split("\n")
    .map((line) => line.trim().split(/\s+/)[0])
    .filter((word) => word !== "")
    .map((word) => (word.length > 1 ? word.replace(/\/+$/, "") : word));
}

/**
 * The folders the layout must name, from the repository's files (paths relative to its root,
 * `/`-separated): every top-level folder but hidden ones (`.ci`, `.git`…), every folder directly
 * under `lib/`, and every TypeScript module directly under `lib/`.
 */
export function requiredFolders(files: readonly string[]): string[] {
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split("/");
    if (parts.length < 2 || parts[0].startsWith(".")) continue;
    folders.add(parts[0]);
    if (parts[0] === "lib" && (parts.length >= 3 || /\.tsx?$/.test(parts[1]))) folders.add(`lib/${parts[1]}`);
  }
  return [...folders].sort();
}

/** What is wrong with the layout: folders it leaves out, and paths it names that do not exist. */
export function layoutProblems(named: readonly string[], required: readonly string[], exists: (path: string) => boolean): string[] {
  const listed = new Set(named);
  const shown = (p: string) => (/\.tsx?$/.test(p) ? p : `${p}/`);
  const missing = required.filter((folder) => !listed.has(folder)).map((folder) => `${shown(folder)} is not in the README's layout: add a line saying what it owns`);
  const absent = named.filter((p) => !exists(p)).map((p) => `${p} is named in the README's layout but does not exist: remove or correct its line`);
  return [...missing, ...absent];
}
