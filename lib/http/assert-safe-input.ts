import { AppError, type ErrorDetail } from "@/lib/errors";

/**
 * What no request may carry, wherever it comes from (JSON body, query string, path): a NUL
 * character, a lone UTF-16 surrogate, or nesting deeper than MAX_INPUT_DEPTH. None of them is
 * a valid value of any field, and each used to reach PostgreSQL (which refuses NUL in text and
 * lone surrogates in JSON) or blow the stack of a recursive walk, i.e. a 500, and, echoed in a
 * 4xx body, made the idempotency record unstorable. Refused up front as the client's
 * mistake: 400 validation_error naming where.
 *
 * 32 levels: our deepest body (a payout's sender identity) uses 4; metadata (docs/design/authentication-and-limits.md, at most
 * 8 KB) gets the rest. The walk is iterative, so a 20,000-deep body is refused, not a crash.
 */
export const MAX_INPUT_DEPTH = 32;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function textProblem(text: string): string | null {
  if (text.includes("\u0000")) return "must not contain NUL characters";
  if (LONE_SURROGATE.test(text)) return "must be valid Unicode (lone surrogate)";
  return null;
}

/** A path segment as text that is safe to send back: the offending characters escaped. */
function printable(key: string): string {
  return textProblem(key) ? JSON.stringify(key).slice(1, -1) : key;
}

/** The first problem in `value`, with the path to it, or null. */
export function findUnsafeInput(value: unknown, prefix?: string): ErrorDetail | null {
  const stack: { value: unknown; path: string[]; depth: number }[] = [{ value, path: prefix ? [prefix] : [], depth: 0 }];
  while (stack.length > 0) {
    const { value: v, path, depth } = stack.pop()!;
    const where = () => path.join(".") || "(root)";
    if (typeof v === "string") {
      const problem = textProblem(v);
      if (problem) return { path: where(), message: problem };
      continue;
    }
    if (v === null || typeof v !== "object") continue;
    if (depth >= MAX_INPUT_DEPTH) return { path: where(), message: `must not be nested deeper than ${MAX_INPUT_DEPTH} levels` };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: [...path, String(i)], depth: depth + 1 });
      continue;
    }
    const entries = Object.entries(v);
    for (const [key] of entries) {
      const problem = textProblem(key);
      if (problem) return { path: [...path, printable(key)].join("."), message: `field name ${problem}` };
    }
    // Pushed last first, so problems are found in document order.
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i][1], path: [...path, entries[i][0]], depth: depth + 1 });
  }
  return null;
}

/** Throws 400 validation_error (the same shape as a schema failure) when `value` is unsafe. */
export function assertSafeInput(value: unknown, where: "body" | "query" | "path"): void {
  const detail = findUnsafeInput(value, where === "body" ? undefined : where);
  if (detail) throw new AppError("validation_error", `Invalid request ${where}: ${detail.path}: ${detail.message}`, { details: [detail] });
}
