import { afterEach, describe, expect, it } from "vitest";
import { invalidateApiKeyCache } from "@/lib/auth/api-key-cache";
import { authenticateApiKey } from "@/lib/auth/authenticate";
import { getPrisma } from "@/lib/db/client";
import { rotateApiKeys } from "@/lib/merchants/rotate-api-keys";
import { setMerchantPlan } from "@/lib/merchants/set-plan";
import { createTestMerchant } from "../../helpers/merchants";

afterEach(() => {
  process.env.API_KEY_CACHE_MS = "0";
  invalidateApiKeyCache();
});

describe("API key cache", () => {
  it("serves a known key without the database for the TTL, still checking the secret", async () => {
    process.env.API_KEY_CACHE_MS = "60000";
    const m = await createTestMerchant();
    const headers = new Headers(m.headers);
    await authenticateApiKey(headers);
    // A change made by another process is not seen until the TTL passes…
    await (await getPrisma()).merchant.update({ where: { id: m.merchant.id }, data: { status: "suspended" } });
    expect((await authenticateApiKey(headers)).merchant.status).toBe("active");
    // …but a wrong secret is refused even when cached.
    await expect(authenticateApiKey(new Headers({ "X-API-Key": `${m.keys.publicKey}:sk_test_${"x".repeat(40)}` }))).rejects.toMatchObject({ code: "unauthenticated" });
    process.env.API_KEY_CACHE_MS = "0";
    await expect(authenticateApiKey(headers)).rejects.toMatchObject({ code: "forbidden" });
  });

  it("is cleared at once by changes made in this process", async () => {
    process.env.API_KEY_CACHE_MS = "60000";
    const m = await createTestMerchant();
    const headers = new Headers(m.headers);
    expect((await authenticateApiKey(headers)).merchant.plan).toBe("standard");
    await setMerchantPlan(m.merchant.id, "business", "test");
    expect((await authenticateApiKey(headers)).merchant.plan).toBe("business");
    await rotateApiKeys(m.merchant.id, "test");
    await (await getPrisma()).apiKey.update({ where: { publicKey: m.keys.publicKey }, data: { expiresAt: new Date(Date.now() - 1000) } });
    invalidateApiKeyCache(); // what the TTL does for a change made elsewhere
    await expect(authenticateApiKey(headers)).rejects.toMatchObject({ code: "unauthenticated" });
  });
});
