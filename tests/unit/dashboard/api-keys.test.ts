import { describe, expect, it } from "vitest";
import { currentPublicKey, getApiKeysPage, rotateDashboardKeys } from "@/lib/dashboard/api-keys";
import { authenticateApiKey } from "@/lib/auth/authenticate";
import { signedUpMerchant } from "./helpers";

describe("API keys page", () => {
  it("shows the current public key and no secret", async () => {
    const m = await signedUpMerchant();
    const page = await getApiKeysPage(m.scope);
    expect(page.keys).toEqual([expect.objectContaining({ publicKey: m.keys.publicKey, expiresAt: null, remainingMs: null })]);
    expect(JSON.stringify(page)).not.toContain(m.keys.secretKey);
    expect(page.graceHours).toBe(24);
  });

  it("rotation needs the confirmation", async () => {
    const m = await signedUpMerchant();
    const result = await rotateDashboardKeys(m.scope, {});
    expect(result).toMatchObject({ ok: false, code: "validation_error", fieldErrors: { confirm: "Confirm the rotation first." } });
    expect((await getApiKeysPage(m.scope)).keys).toHaveLength(1);
  });

  it("rotates the session merchant's keys only: both pairs work, the old one for 24 h, and the audit log says so", async () => {
    const a = await signedUpMerchant();
    const b = await signedUpMerchant();
    const before = Date.now();
    const result = await rotateDashboardKeys(a.scope, { confirm: "rotate" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const page = await getApiKeysPage(a.scope);
    expect(page.keys.map((k) => k.publicKey)).toEqual([result.data.publicKey, a.keys.publicKey]);
    const old = page.keys[1];
    expect(old.expiresAt!.getTime() - before).toBeGreaterThanOrEqual(24 * 3600_000 - 1000);
    expect(old.remainingMs).toBeLessThanOrEqual(24 * 3600_000);
    expect(old.remainingMs).toBeGreaterThan(23.9 * 3600_000);
    expect(page.audit[0]).toMatchObject({ action: "api_keys.rotated", actor: `dashboard:${a.email}` });
    await expect(authenticateApiKey(new Headers(a.headers))).resolves.toBeTruthy();
    await expect(authenticateApiKey(new Headers({ "X-API-Key": `${result.data.publicKey}:${result.data.secretKey}` }))).resolves.toBeTruthy();
    // B is untouched.
    const pageB = await getApiKeysPage(b.scope);
    expect(pageB.keys).toHaveLength(1);
    expect(pageB.audit).toEqual([]);
  });

  it("after the grace period the previous pair is no longer listed", async () => {
    const m = await signedUpMerchant();
    await rotateDashboardKeys(m.scope, { confirm: "rotate" });
    const later = new Date(Date.now() + 25 * 3600_000);
    expect((await getApiKeysPage(m.scope, later)).keys).toHaveLength(1);
  });

  it("currentPublicKey: the pair in use, not the one in its grace period after a rotation", async () => {
    const m = await signedUpMerchant();
    expect(await currentPublicKey(m.scope)).toBe(m.keys.publicKey);
    const rotated = await rotateDashboardKeys(m.scope, { confirm: "rotate" });
    if (!rotated.ok) throw new Error("rotation refused");
    expect(await currentPublicKey(m.scope)).toBe(rotated.data.publicKey);
  });
});
