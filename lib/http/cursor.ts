import { z } from "zod";

/**
 * Opaque keyset cursors: a position in a list's total order, base64url-encoded with a tag naming
 * the list, so a client treats it as a token and a cursor of one list is refused by another.
 * Anything that does not decode is a 400 validation error on `cursor`, never a 500 or an empty page.
 */
export function encodeCursor(tag: string, position: bigint): string {
  return Buffer.from(`${tag}:${position}`, "utf8").toString("base64url");
}

const MAX_POSITION = 9_223_372_036_854_775_807n; // BIGINT

export function decodeCursor(tag: string, cursor: string): bigint | null {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(cursor)) return null;
  const match = /^([a-z0-9]+):(\d{1,19})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match || match[1] !== tag) return null;
  const position = BigInt(match[2]);
  return position <= MAX_POSITION ? position : null;
}

/** The `cursor` query parameter of a keyset list: the `nextCursor` of its previous page, unchanged. */
export const cursorParam = (tag: string) =>
  z.string().transform((value, ctx) => {
    const position = decodeCursor(tag, value);
    if (position === null) {
      ctx.addIssue({ code: "custom", message: "is not a cursor of this list (pass meta.nextCursor of the previous page unchanged)" });
      return z.NEVER;
    }
    return position;
  });
