import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { config, isSandbox, setting } from "@/lib/config";

/** The sandbox's generated secret per file, read once per process. */
const savedSecrets = new Map<string, string>();

/**
 * The secret that signs and encrypts dashboard sessions (next-auth JWT). NEXTAUTH_SECRET when
 * set. Production refuses to start a session without it. In the sandbox a random one is
 * generated once and kept in <DATA_DIR>/nextauth-secret (mode 600), so sessions survive a
 * restart without anyone having to configure anything.
 */
export function resolveAuthSecret(): string {
  const fromEnv = setting("NEXTAUTH_SECRET");
  if (fromEnv) return fromEnv;
  if (!isSandbox()) throw new Error("NEXTAUTH_SECRET must be set in production (dashboard sessions are signed with it).");
  const file = path.resolve(config.dataDir(), "nextauth-secret");
  // Every dashboard request asks: no file read per page view.
  const known = savedSecrets.get(file);
  if (known) return known;
  if (existsSync(file)) {
    const saved = readFileSync(file, "utf8").trim();
    if (saved.length >= 32) {
      savedSecrets.set(file, saved);
      return saved;
    }
  }
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  chmodSync(file, 0o600);
  savedSecrets.set(file, secret);
  return secret;
}
