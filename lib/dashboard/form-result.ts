import { z } from "zod";
import { AppError } from "@/lib/errors";

/** What a server action hands back to its form: data, or errors a person can read and fix. */
export type FormResult<T> =
  | { ok: true; data: T }
  | { ok: false; error: string; code: string; fieldErrors?: Record<string, string> };

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

export function validationFailure(error: z.ZodError): FormResult<never> {
  return { ok: false, code: "validation_error", error: "Please correct the highlighted fields.", fieldErrors: fieldErrorsOf(error) };
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
