import { AppError } from "@/lib/errors";

/** The AppError thrown by fn (fails the test if fn returns or throws something else). */
export function appErrorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("expected an AppError, nothing was thrown");
}
