import { generateSecret, generateURI, verify } from "otplib";
import { openAtRest, sealAtRest } from "@/lib/webhooks/seal-at-rest";

/**
 * TOTP (RFC 6238) through otplib: 30-second steps, 6 digits, SHA-1, as every authenticator app
 * reads them. One step of tolerance each side for clock drift; a code is accepted once only
 * (the caller stores the accepted step and passes it back as `lastStep`).
 */
export const TOTP_ISSUER = "Payments";
const TOLERANCE_SECONDS = 30;

export const newTotpSecret = () => generateSecret({ length: 20 });

export const totpUri = (email: string, secret: string) => generateURI({ issuer: TOTP_ISSUER, label: email, secret });

const SIX_DIGITS = /^\d{6}$/;

/** The accepted time step, or null (wrong, malformed, or already used). otplib compares in constant time. */
export async function checkTotp(secret: string, code: string, lastStep: bigint | null, now = new Date()): Promise<bigint | null> {
  const token = code.replace(/\s+/g, "");
  if (!SIX_DIGITS.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastStep !== null ? { afterTimeStep: Number(lastStep) } : {}),
  });
  return result.valid && "timeStep" in result ? BigInt(result.timeStep) : null;
}

/**
 * TOTP secrets at rest: AES-256-GCM under the platform's at-rest keyring (the one that seals
 * webhook secrets, WEBHOOK_SECRET_KEYS), with the user id as additional data so a sealed secret
 * copied onto another user's row does not open. Format `t1:<kid>:<iv>:<ciphertext>:<tag>`.
 */
const aad = (userId: string) => Buffer.from(`totp-secret:${userId}`, "utf8");

export function sealTotpSecret(secret: string, userId: string): string {
  return sealAtRest("t1", secret, aad(userId));
}

export function openTotpSecret(stored: string, userId: string): string {
  return openAtRest("t1", stored, aad(userId), "TOTP secret");
}
