import { z } from "zod";
import { AppError } from "@/lib/errors";

/** What a server action hands back to its form: data, or errors a person can read and fix. */
export type FormResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      error: string;
      code: string;
      fieldErrors?: Record<string, string>;
      /** What the person typed (never a secret), so the form comes back filled in, not wiped. */
      values?: Record<string, string>;
    };

export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    out[key] ??= issue.message;
  }
  return out;
}

/** A validation AppError's details as form field errors (`query.page` → `page`), or null for any other error. */
export function fieldErrorsOfAppError(err: unknown): Record<string, string> | null {
  if (!(err instanceof AppError) || err.code !== "validation_error" || !err.details?.length) return null;
  const out: Record<string, string> = {};
  for (const d of err.details) out[d.path.replace(/^(query|body|path)\./, "")] ??= d.message;
  return out;
}

export function validationFailure(error: z.ZodError, summary = "Please correct the highlighted fields."): Extract<FormResult<never>, { ok: false }> {
  return { ok: false, code: "validation_error", error: summary, fieldErrors: fieldErrorsOf(error) };
}

/** The typed values of `names` in a form's fields, to hand back with a failure (strings only, capped). */
export function typedValues(raw: unknown, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (!raw || typeof raw !== "object") return out;
  for (const name of names) {
    const v = (raw as Record<string, unknown>)[name];
    if (typeof v === "string") out[name] = v.slice(0, 300);
  }
  return out;
}

/** Runs a domain call; AppErrors become a readable failure, anything else is rethrown (a bug). */
export async function toFormResult<T>(run: () => Promise<T>): Promise<FormResult<T>> {
  try {
    return { ok: true, data: await run() };
  } catch (err) {
    if (err instanceof AppError) return { ok: false, code: err.code, error: err.message };
    throw err;
  }
}
