import { constants, createPublicKey, privateDecrypt, publicEncrypt, X509Certificate, type KeyObject } from "node:crypto";

/**
 * RSA with PKCS#1 v1.5 padding, the scheme Safaricom (the B2C `SecurityCredential`) and Airtel
 * (the disbursement `pin`, the message-signing `x-key`) publish. Encrypting is plain node:crypto.
 * Decrypting is only for the contract simulators: Node 20 refuses PKCS#1 v1.5 in privateDecrypt
 * (CVE-2023-46809, a timing oracle for servers), so the simulator undoes the raw RSA and checks
 * the padding itself; a simulator is not a target for that attack.
 */

/** A public key from a PEM public key, a PEM certificate, or base64 of either's DER. */
export function readPublicKey(text: string): KeyObject {
  const trimmed = text.trim().replace(/\\n/g, "\n");
  if (trimmed.includes("BEGIN CERTIFICATE")) return new X509Certificate(trimmed).publicKey;
  if (trimmed.includes("BEGIN")) return createPublicKey(trimmed);
  const der = Buffer.from(trimmed.replace(/\s+/g, ""), "base64");
  try {
    return createPublicKey({ key: der, format: "der", type: "spki" });
  } catch {
    return new X509Certificate(der).publicKey;
  }
}

/** base64(RSA-PKCS#1-v1.5(plaintext)) under `publicKey` (PEM, certificate or base64 DER). */
export function rsaPkcs1EncryptBase64(publicKey: string | KeyObject, plaintext: string): string {
  const key = typeof publicKey === "string" ? readPublicKey(publicKey) : publicKey;
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(plaintext, "utf8")).toString("base64");
}

/** Simulators only: the plaintext of base64(RSA-PKCS#1-v1.5(...)), or null when it is not one. */
export function rsaPkcs1DecryptBase64(privateKey: KeyObject | string, ciphertextBase64: string): string | null {
  try {
    const raw = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, Buffer.from(ciphertextBase64, "base64"));
    // EM = 0x00 || 0x02 || PS (≥ 8 non-zero bytes) || 0x00 || M
    if (raw[0] !== 0x00 || raw[1] !== 0x02) return null;
    const end = raw.indexOf(0x00, 2);
    if (end < 10) return null;
    return raw.subarray(end + 1).toString("utf8");
  } catch {
    return null;
  }
}
