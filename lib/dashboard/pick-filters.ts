import { findUnsafeInput } from "@/lib/http/assert-safe-input";

/**
 * Only the filters a list page knows, first value of each, blanks dropped (a blank field means
 * "any"). A value no field can hold (a NUL, a lone surrogate: never typed into a form, only
 * crafted into a URL) is dropped too, before it reaches the database.
 */
export function pickFilters(searchParams: Record<string, string | string[] | undefined>, keys: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const key of keys) {
    const v = searchParams[key];
    const value = Array.isArray(v) ? v[0] : v;
    if (value !== undefined && value.trim() !== "" && !findUnsafeInput(value)) out[key] = value.trim();
  }
  return out;
}
