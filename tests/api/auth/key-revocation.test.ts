import { afterEach, describe, expect, it } from "vitest";
import { GET as balance } from "@/app/api/v1/payments/balance/route";
import { invalidateApiKeyCache } from "@/lib/auth/api-key-cache";
import { getApiKeysPage, revokeDashboardKey, rotateDashboardKeys } from "@/lib/dashboard/api-keys";
import { getPrisma } from "@/lib/db/client";
import { parseOpsArgs } from "@/lib/ops/command";
import { opsCommands } from "@/lib/ops/commands";
import { revokeApiKey } from "@/lib/merchants/revoke-api-key";
import { rotateApiKeys } from "@/lib/merchants/rotate-api-keys";
import { call } from "../../helpers/http";
import { createTestMerchant } from "../../helpers/merchants";
import { signedUpMerchant } from "../../unit/dashboard/helpers";

/**
 * A leaked secret must be endable at once (revocation), and a rotation's overlap is
 * the merchant's choice (0 to 24 h). Checked through a real route handler.
 */
const read = (headers: Record<string, string>) => call(balance, { path: "/payments/balance", headers });
const headersOf = (k: { publicKey: string; secretKey: string }) => ({ "X-API-Key": `${k.publicKey}:${k.secretKey}` });

async function ops(...line: string[]) {
  const [name, ...rest] = line;
  const command = opsCommands.find((c) => c.name === name)!;
  const lines: string[] = [];
  await command.run(parseOpsArgs(rest), (l) => lines.push(l));
  return lines.join("\n");
}

const audit = async (merchantId: string) =>
  (await (await getPrisma()).auditLog.findMany({ where: { merchantId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })).map((a) => ({ action: a.action, actor: a.actor, details: a.details as Record<string, unknown> }));

afterEach(() => {
  process.env.API_KEY_CACHE_MS = "0";
  invalidateApiKeyCache();
});

describe("revocation", () => {
  it("ends a pair at once, even one this instance had cached, and is audited", async () => {
    process.env.API_KEY_CACHE_MS = "60000";
    const m = await createTestMerchant();
    expect((await read(m.headers)).status).toBe(200); // now cached for a minute
    const revoked = await revokeApiKey(m.merchant.id, m.keys.publicKey, "test");
    expect(revoked.alreadyRevoked).toBe(false);
    const res = await read(m.headers);
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ statusCode: 401, code: "unauthenticated", message: expect.stringMatching(/revoked/) });
    expect(res.headers.get("www-authenticate")).toMatch(/^ApiKey realm="api", header="X-API-Key", Bearer realm="api"$/);
    // A wrong secret for the revoked key does not learn that it was revoked.
    const wrong = await read({ "X-API-Key": `${m.keys.publicKey}:sk_test_${"x".repeat(40)}` });
    expect(wrong.json.message).toBe("Invalid API credentials.");
    // Twice: same instant, no second audit row.
    expect((await revokeApiKey(m.merchant.id, m.keys.publicKey, "test")).revokedAt).toEqual(revoked.revokedAt);
    expect((await audit(m.merchant.id)).filter((a) => a.action === "api_keys.revoked")).toEqual([
      { action: "api_keys.revoked", actor: "test", details: { publicKey: m.keys.publicKey, wasCurrent: true, usablePairsLeft: 0 } },
    ]);
  });

  it("ends a pair in its rotation grace without touching the new pair", async () => {
    const m = await createTestMerchant();
    const rotated = await rotateApiKeys(m.merchant.id, "test");
    expect((await read(m.headers)).status).toBe(200);
    await revokeApiKey(m.merchant.id, m.keys.publicKey, "test");
    expect((await read(m.headers)).status).toBe(401);
    expect((await read(headersOf(rotated))).status).toBe(200);
  });

  it("cannot touch another merchant's key: not found, and that key keeps working", async () => {
    const a = await createTestMerchant();
    const b = await createTestMerchant();
    await expect(revokeApiKey(a.merchant.id, b.keys.publicKey, "test")).rejects.toMatchObject({ code: "not_found" });
    expect((await read(b.headers)).status).toBe(200);
  });

  it("ops keys:revoke revokes by public key; a key of another merchant is not found", async () => {
    const m = await createTestMerchant();
    const other = await createTestMerchant();
    const out = JSON.parse(await ops("keys:revoke", "--merchant", m.merchant.email, "--key", m.keys.publicKey, "--json"));
    expect(out).toMatchObject({ merchantId: m.merchant.id, publicKey: m.keys.publicKey, alreadyRevoked: false });
    expect((await read(m.headers)).status).toBe(401);
    await expect(ops("keys:revoke", "--merchant", m.merchant.id, "--key", other.keys.publicKey)).rejects.toMatchObject({ code: "not_found" });
    await expect(ops("keys:revoke", "--merchant", m.merchant.id, "--key", "sk_test_whatever")).rejects.toThrow(/public key/);
    expect((await audit(m.merchant.id)).at(-1)).toMatchObject({ action: "api_keys.revoked", actor: "ops" });
  });
});

describe("rotation grace", () => {
  it("0 h ends the previous pair at once; the audit row records the choice", async () => {
    const m = await createTestMerchant();
    const rotated = await rotateApiKeys(m.merchant.id, "test", { graceHours: 0 });
    expect(rotated.graceHours).toBe(0);
    const res = await read(m.headers);
    expect(res.status).toBe(401);
    expect(res.json.message).toMatch(/grace period has ended/);
    expect((await read(headersOf(rotated))).status).toBe(200);
    expect((await audit(m.merchant.id)).at(-1)).toMatchObject({ action: "api_keys.rotated", details: { graceHours: 0, previousPairs: 1 } });
  });

  it("1 h keeps the previous pair for an hour; a later shorter rotation shortens older pairs too", async () => {
    const m = await createTestMerchant();
    const now = new Date();
    const first = await rotateApiKeys(m.merchant.id, "test", { graceHours: 1, now });
    expect(first.previousValidUntil.getTime() - now.getTime()).toBe(3600_000);
    expect((await read(m.headers)).status).toBe(200);
    // A leak: rotate again with no overlap. The original pair (1 h left) stops now as well.
    const second = await rotateApiKeys(m.merchant.id, "test", { graceHours: 0 });
    expect((await read(m.headers)).status).toBe(401);
    expect((await read(headersOf(first))).status).toBe(401);
    expect((await read(headersOf(second))).status).toBe(200);
  });

  it("refuses a grace outside 0 to 24 h", async () => {
    const m = await createTestMerchant();
    for (const graceHours of [25, -1, Number.NaN]) {
      await expect(rotateApiKeys(m.merchant.id, "test", { graceHours })).rejects.toMatchObject({ code: "validation_error" });
    }
    expect((await read(m.headers)).status).toBe(200);
  });

  it("ops keys:rotate --grace-hours N", async () => {
    const m = await createTestMerchant();
    const before = Date.now();
    const out = JSON.parse(await ops("keys:rotate", "--merchant", m.merchant.id, "--grace-hours", "2", "--json"));
    expect(out.graceHours).toBe(2);
    expect(Date.parse(out.previousValidUntil) - before).toBeGreaterThanOrEqual(2 * 3600_000);
    expect(Date.parse(out.previousValidUntil) - before).toBeLessThan(2 * 3600_000 + 60_000);
    await expect(ops("keys:rotate", "--merchant", m.merchant.id, "--grace-hours", "48")).rejects.toThrow(/0 to 24/);
  });
});

describe("dashboard", () => {
  it("rotation takes the chosen grace: none, 1 h, or a number of hours", async () => {
    const m = await signedUpMerchant();
    const none = await rotateDashboardKeys(m.scope, { confirm: "rotate", grace: "0" });
    expect(none.ok).toBe(true);
    expect((await read(m.headers)).status).toBe(401);
    const custom = await rotateDashboardKeys(m.scope, { confirm: "rotate", grace: "custom", graceHours: "6" });
    expect(custom.ok && custom.data.graceHours).toBe(6);
    const bad = await rotateDashboardKeys(m.scope, { confirm: "rotate", grace: "custom", graceHours: "30" });
    expect(bad).toMatchObject({ ok: false, code: "validation_error", fieldErrors: { graceHours: expect.stringMatching(/0 to 24/) } });
    expect(await rotateDashboardKeys(m.scope, { confirm: "rotate", grace: "48" })).toMatchObject({ ok: false, code: "validation_error" });
  });

  it("revocation needs the confirmation, touches only the session merchant's keys, and a new pair can be issued after", async () => {
    const a = await signedUpMerchant();
    const b = await signedUpMerchant();
    expect(await revokeDashboardKey(a.scope, { publicKey: a.keys.publicKey })).toMatchObject({ ok: false, code: "validation_error", fieldErrors: { confirm: expect.any(String) } });
    expect((await read(a.headers)).status).toBe(200);
    expect(await revokeDashboardKey(a.scope, { publicKey: b.keys.publicKey, confirm: "revoke" })).toMatchObject({ ok: false, code: "not_found" });
    expect((await read(b.headers)).status).toBe(200);

    const revoked = await revokeDashboardKey(a.scope, { publicKey: a.keys.publicKey, confirm: "revoke" });
    expect(revoked.ok).toBe(true);
    expect((await read(a.headers)).status).toBe(401);
    const page = await getApiKeysPage(a.scope);
    expect(page.keys).toEqual([]);
    expect(page.canRotate).toBe(true);
    expect(page.audit[0]).toMatchObject({ action: "api_keys.revoked", actor: `dashboard:${a.email}` });

    const fresh = await rotateDashboardKeys(a.scope, { confirm: "rotate" });
    expect(fresh.ok).toBe(true);
    if (fresh.ok) expect((await read(headersOf(fresh.data))).status).toBe(200);
  });
});
