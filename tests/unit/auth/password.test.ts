import { randomBytes, scrypt } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { hashPassword, needsRehash, verifyPassword } from "@/lib/auth/password";
import { validateEnvironment } from "@/lib/config";

/** A hash as the platform stored it before (N=2^15), built independently of the module. */
function legacyHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, 64, { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(["scrypt", 1 << 15, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$")),
    ),
  );
}

/** The suites hash at 2^12 (tests/helpers/setup-env.ts); these tests put the product's cost back. */
const testCost = process.env.PASSWORD_SCRYPT_LOG2_N;
afterEach(() => {
  process.env.PASSWORD_SCRYPT_LOG2_N = testCost;
  process.env.APP_ENV = "sandbox";
});

describe("dashboard passwords", () => {
  it("hashes with scrypt N=2^17, r=8, p=1 and a per-password salt, and verifies", async () => {
    delete process.env.PASSWORD_SCRYPT_LOG2_N;
    const a = await hashPassword("correct horse battery staple");
    const b = await hashPassword("correct horse battery staple");
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse battery staple", a)).toBe(true);
    expect(await verifyPassword("Correct horse battery staple", a)).toBe(false);
    expect(await verifyPassword("x", "not-a-hash")).toBe(false);
    expect(needsRehash(a)).toBe(false);
  });

  it("hashes at a lower cost only outside production: production refuses to start below 2^17 and hashes at 2^17 regardless", async () => {
    process.env.PASSWORD_SCRYPT_LOG2_N = "12";
    const cheap = await hashPassword("correct horse battery staple");
    expect(cheap).toMatch(/^scrypt\$4096\$8\$1\$/);
    expect(await verifyPassword("correct horse battery staple", cheap)).toBe(true);
    expect(validateEnvironment({ PASSWORD_SCRYPT_LOG2_N: "12" })).toEqual([]);
    expect(validateEnvironment({ APP_ENV: "production", PASSWORD_SCRYPT_LOG2_N: "12" })).toContain("PASSWORD_SCRYPT_LOG2_N must be at least 17 in production");
    expect(validateEnvironment({ PASSWORD_SCRYPT_LOG2_N: "9" })).toEqual([expect.stringContaining("PASSWORD_SCRYPT_LOG2_N")]);

    process.env.APP_ENV = "production";
    const hashed = await hashPassword("correct horse battery staple");
    expect(hashed).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(needsRehash(cheap)).toBe(true);
  });

  it("still verifies a hash made at the old N=2^15, and says it needs re-hashing", async () => {
    const old = await legacyHash("correct horse battery staple");
    expect(await verifyPassword("correct horse battery staple", old)).toBe(true);
    expect(await verifyPassword("wrong horse battery staple", old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it("refuses stored parameters that would ask for absurd memory", async () => {
    expect(await verifyPassword("x", `scrypt$${2 ** 24}$8$1$AAAAAAAAAAAAAAAAAAAAAA$${"A".repeat(86)}`)).toBe(false);
    expect(await verifyPassword("x", `scrypt$1000$8$1$AAAAAAAAAAAAAAAAAAAAAA$${"A".repeat(86)}`)).toBe(false);
  });

  it("keeps the event loop free while hashes run", async () => {
    delete process.env.PASSWORD_SCRYPT_LOG2_N;
    let ticks = 0;
    let worstGap = 0;
    const started = performance.now();
    let last = started;
    const timer = setInterval(() => {
      const now = performance.now();
      worstGap = Math.max(worstGap, now - last);
      last = now;
      ticks++;
    }, 10);
    try {
      await Promise.all([hashPassword("one long password"), hashPassword("two long password"), hashPassword("three long password")]);
    } finally {
      clearInterval(timer);
    }
    // Each hash takes hundreds of milliseconds; synchronous ones would freeze the timer for all of
    // them (no tick, one gap as long as the whole). Judged against the run's own length rather
    // than a fixed 150 ms: a loaded CI machine can pause any process for a few hundred ms.
    const elapsed = performance.now() - started;
    expect(ticks).toBeGreaterThan(10);
    expect(worstGap).toBeLessThan(elapsed / 2);
  });
});
