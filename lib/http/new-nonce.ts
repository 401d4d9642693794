import { randomBytes } from "node:crypto";

/** A Content-Security-Policy nonce: 128 random bits, base64, fresh for every response. */
export const newNonce = (): string => randomBytes(16).toString("base64");
