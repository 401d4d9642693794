/** Only the filters a list page knows, first value of each, blanks dropped (a blank field means "any"). */
export function pickFilters(searchParams: Record<string, string | string[] | undefined>, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const v = searchParams[key];
    const value = Array.isArray(v) ? v[0] : v;
    if (value !== undefined && value.trim() !== "") out[key] = value.trim();
  }
  return out;
}
