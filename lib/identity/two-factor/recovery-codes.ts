import { randomBytes, timingSafeEqual } from "node:crypto";
import { sha256 } from "@/lib/auth/link-token";
import type { Db } from "@/lib/db/client";
import { newId } from "@/lib/ids";

/** How many recovery codes a set has. */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"; // no 0/o, 1/l/i: read off paper

/** `xxxxx-xxxxx`, 10 characters of a 31-letter alphabet (about 49 bits each). */
function newCode(): string {
  let out = "";
  // Rejection sampling keeps every letter equally likely.
  while (out.length < 10) for (const b of randomBytes(16)) if (b < 248 && out.length < 10) out += ALPHABET[b % 31];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

const normalise = (code: string) => code.trim().toLowerCase().replace(/[\s-]/g, "");
const hashOf = (code: string) => sha256(normalise(code)).toString("hex");

/** Replaces the user's recovery codes with a new set; returns the codes (shown once, stored hashed). */
export async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await db.twoFactorRecoveryCode.deleteMany({ where: { userId } });
  await db.twoFactorRecoveryCode.createMany({ data: codes.map((code) => ({ id: newId("rcv"), userId, codeHash: hashOf(code) })) });
  return codes;
}

export const looksLikeRecoveryCode = (input: string) => /^[a-z0-9]{10}$/.test(normalise(input)) && !/^\d+$/.test(normalise(input));

/**
 * Spends one of the user's unused recovery codes, if `input` is one. Every unused code is
 * compared in constant time, without stopping at a match; the spend is a conditional update,
 * so two sign-ins racing with the same code cannot both pass.
 */
export async function spendRecoveryCode(db: Db, userId: string, input: string, now = new Date()): Promise<boolean> {
  const given = Buffer.from(hashOf(input), "hex");
  const unused = await db.twoFactorRecoveryCode.findMany({ where: { userId, usedAt: null }, select: { id: true, codeHash: true } });
  let match: string | null = null;
  for (const row of unused) if (timingSafeEqual(given, Buffer.from(row.codeHash, "hex")) && match === null) match = row.id;
  if (!match) return false;
  const spent = await db.twoFactorRecoveryCode.updateMany({ where: { id: match, usedAt: null }, data: { usedAt: now } });
  return spent.count === 1;
}
