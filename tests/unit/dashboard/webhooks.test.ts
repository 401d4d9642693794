import { describe, expect, it } from "vitest";
import { getWebhooksPage, revealDashboardWebhookSecret, rotateDashboardWebhookSecret, saveWebhookUrl } from "@/lib/dashboard/webhooks";
import { getPrisma } from "@/lib/db/client";
import { recordTestEvent } from "../../helpers/webhooks";
import { signedUpMerchant } from "./helpers";

describe("webhooks page", () => {
  it("sets and clears the session merchant's URL; an invalid URL is a field error", async () => {
    const a = await signedUpMerchant();
    const b = await signedUpMerchant();
    expect(await saveWebhookUrl(a.scope, { url: "https://example.com/hooks" })).toMatchObject({ ok: true, data: { url: "https://example.com/hooks", status: "enabled" } });
    expect((await getWebhooksPage(b.scope, undefined)).endpoint.url).toBeNull();
    const bad = await saveWebhookUrl(a.scope, { url: "ftp://example.com/x" });
    expect(bad).toMatchObject({ ok: false, code: "validation_error" });
    if (!bad.ok) expect(bad.fieldErrors?.url).toMatch(/https/);
    expect((await getWebhooksPage(a.scope, "1")).endpoint.url).toBe("https://example.com/hooks");
    expect(await saveWebhookUrl(a.scope, { url: "  " })).toMatchObject({ ok: true, data: { url: null, status: "not_configured" } });
  });

  it("production rules: http and private addresses are refused", async () => {
    const a = await signedUpMerchant();
    const saved = process.env.APP_ENV;
    const allowPrivate = process.env.WEBHOOK_ALLOW_PRIVATE;
    process.env.APP_ENV = "production";
    delete process.env.WEBHOOK_ALLOW_PRIVATE; // the production default (the test setup turns it on for local receivers)
    try {
      const scope = { ...a.scope, environment: "production" as const };
      expect(await saveWebhookUrl(scope, { url: "http://example.com/hooks" })).toMatchObject({ ok: false, code: "validation_error" });
      expect(await saveWebhookUrl(scope, { url: "https://127.0.0.1/hooks" })).toMatchObject({ ok: false, code: "validation_error" });
    } finally {
      process.env.APP_ENV = saved;
      process.env.WEBHOOK_ALLOW_PRIVATE = allowPrivate;
    }
  });

  it("reveal (once) and rotate act on the session merchant's secret, audited; rotation needs the confirmation", async () => {
    const a = await signedUpMerchant();
    const b = await signedUpMerchant();
    const before = await revealDashboardWebhookSecret(a.scope);
    const beforeB = await revealDashboardWebhookSecret(b.scope);
    expect(before.ok && beforeB.ok && before.data.secret !== beforeB.data.secret).toBe(true);
    expect(await rotateDashboardWebhookSecret(a.scope, {})).toMatchObject({ ok: false, code: "validation_error" });
    const rotated = await rotateDashboardWebhookSecret(a.scope, { confirm: "rotate" });
    expect(rotated.ok).toBe(true);
    if (!rotated.ok || !before.ok) return;
    expect(rotated.data.secret).not.toBe(before.data.secret);
    // Shown once: the rotation showed the new secret; no reveal shows it again, nor B's.
    expect(await revealDashboardWebhookSecret(a.scope)).toMatchObject({ ok: false, code: "invalid_state", error: expect.stringMatching(/Rotate/) });
    expect(await revealDashboardWebhookSecret(b.scope)).toMatchObject({ ok: false, code: "invalid_state" });
    expect((await getWebhooksPage(a.scope, undefined)).endpoint.secretShownAt).not.toBeNull();
    expect((await getWebhooksPage(a.scope, undefined)).endpoint.previousSecretValidUntil).toBe(rotated.data.previousValidUntil);
    const actions = (await (await getPrisma()).auditLog.findMany({ where: { merchantId: a.scope.merchantId } })).map((x) => x.action).sort();
    expect(actions).toEqual(["webhook.secret_revealed", "webhook.secret_rotated"]); // a refused reveal shows and records nothing
  });

  it("the delivery log lists the session merchant's events only", async () => {
    const a = await signedUpMerchant();
    const b = await signedUpMerchant();
    const event = await recordTestEvent(a.scope.merchantId, { hold: true });
    expect((await getWebhooksPage(a.scope, undefined)).events.map((e) => e.id)).toEqual([event.id]);
    expect((await getWebhooksPage(b.scope, undefined)).events).toEqual([]);
  });
});
