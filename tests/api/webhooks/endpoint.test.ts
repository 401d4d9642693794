import { beforeAll, describe, expect, it } from "vitest";
import { POST as rotateSecret } from "@/app/api/v1/webhooks/endpoint/rotate-secret/route";
import { GET as getEndpoint, PUT as setEndpoint } from "@/app/api/v1/webhooks/endpoint/route";
import { getPrisma } from "@/lib/db/client";
import { getOrCreateEndpoint } from "@/lib/webhooks";
import { signingSecrets } from "@/lib/webhooks/signing-secrets";
import { call } from "../../helpers/http";
import { createTestMerchant } from "../../helpers/merchants";

/** GET/PUT /webhooks/endpoint and POST /webhooks/endpoint/rotate-secret: what the dashboard does, through the API. */
beforeAll(async () => {
  await getPrisma();
});

describe("the webhook endpoint through the API", () => {
  it("reads, sets and removes the URL; never shows the secret; another merchant's endpoint is untouched", async () => {
    const m = await createTestMerchant();
    const other = await createTestMerchant();
    const initial = await call(getEndpoint, { path: "/webhooks/endpoint", headers: m.headers });
    expect(initial.status).toBe(200);
    expect(initial.json).toEqual({ success: true, data: { url: null, status: "not_configured", disabledAt: null, disabledReason: null, previousSecretValidUntil: null, secretShownAt: null } });

    const set = await call(setEndpoint, { method: "PUT", path: "/webhooks/endpoint", headers: m.headers, body: { url: "https://shop.example/hooks" } });
    expect(set.status).toBe(200);
    expect(set.json.data).toMatchObject({ url: "https://shop.example/hooks", status: "enabled" });
    expect(JSON.stringify(set.json)).not.toContain("whsec_");
    expect((await call(getEndpoint, { path: "/webhooks/endpoint", headers: m.headers })).json.data.url).toBe("https://shop.example/hooks");
    expect((await call(getEndpoint, { path: "/webhooks/endpoint", headers: other.headers })).json.data.url).toBeNull();

    const removed = await call(setEndpoint, { method: "PUT", path: "/webhooks/endpoint", headers: m.headers, body: { url: null } });
    expect(removed.json.data).toMatchObject({ url: null, status: "not_configured" });
  });

  it("refuses a URL the dashboard would refuse, and a body that is not { url }", async () => {
    const m = await createTestMerchant();
    for (const url of ["ftp://shop.example/hooks", "not a url", "https://user:pass@shop.example/hooks"]) {
      const res = await call(setEndpoint, { method: "PUT", path: "/webhooks/endpoint", headers: m.headers, body: { url } });
      expect(res.status, url).toBe(400);
      expect(res.json).toMatchObject({ statusCode: 400 });
    }
    expect((await call(setEndpoint, { method: "PUT", path: "/webhooks/endpoint", headers: m.headers, body: { url: "https://a.example", extra: 1 } })).status).toBe(400);
    expect((await call(setEndpoint, { method: "PUT", path: "/webhooks/endpoint", headers: m.headers, body: {} })).status).toBe(400);
  });

  it("rotates the secret: the new one shown once, both sign during the grace", async () => {
    const m = await createTestMerchant();
    const before = signingSecrets(await getOrCreateEndpoint(m.merchant.id, "sandbox"));
    const res = await call(rotateSecret, { method: "POST", path: "/webhooks/endpoint/rotate-secret", headers: m.headers });
    expect(res.status).toBe(201);
    expect(res.json.data.secret).toMatch(/^whsec_/);
    const graceHours = (Date.parse(res.json.data.previousSecretValidUntil) - Date.now()) / 3600_000;
    expect(graceHours).toBeGreaterThan(23.9);
    const after = signingSecrets(await getOrCreateEndpoint(m.merchant.id, "sandbox"));
    expect(after).toEqual([res.json.data.secret, before[0]]);
    const view = await call(getEndpoint, { path: "/webhooks/endpoint", headers: m.headers });
    expect(view.json.data.previousSecretValidUntil).toBe(res.json.data.previousSecretValidUntil);
    expect(JSON.stringify(view.json)).not.toContain("whsec_");
  });

  it("401 without a key", async () => {
    expect((await call(getEndpoint, { path: "/webhooks/endpoint" })).status).toBe(401);
    expect((await call(rotateSecret, { method: "POST", path: "/webhooks/endpoint/rotate-secret" })).status).toBe(401);
  });
});
