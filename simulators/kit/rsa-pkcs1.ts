import { constants, privateDecrypt, type KeyObject } from "node:crypto";

/**
 * RSA PKCS#1 v1.5 decryption for simulators, done on the simulator's own reading of the scheme
 * (RFC 8017 §7.2.2): Node 20 refuses that padding in privateDecrypt (CVE-2023-46809, a timing
 * oracle for servers), so the raw RSA is undone and the padding checked here. A simulator is not a
 * target for that attack. The plaintext, or null when the ciphertext is not one.
 */
export function decryptPkcs1v15(privateKey: KeyObject | string, ciphertextBase64: string): string | null {
  try {
    const em = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, Buffer.from(ciphertextBase64, "base64"));
    // EM = 0x00 || 0x02 || PS (at least 8 non-zero bytes) || 0x00 || M
    if (em[0] !== 0x00 || em[1] !== 0x02) return null;
    const separator = em.indexOf(0x00, 2);
    if (separator < 10) return null;
    return em.subarray(separator + 1).toString("utf8");
  } catch {
    return null;
  }
}

/** RSA-OAEP with SHA-256 (and MGF1-SHA-256): Node decrypts it itself. */
export function decryptOaepSha256(privateKey: KeyObject | string, ciphertextBase64: string): string | null {
  try {
    return privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, Buffer.from(ciphertextBase64, "base64")).toString("utf8");
  } catch {
    return null;
  }
}
