import { afterEach, describe, expect, it } from "vitest";
import { setWebhookUrl } from "@/lib/webhooks/set-webhook-url";
import { createTestMerchant } from "../../helpers/merchants";

/**
 * Private webhook targets only when WEBHOOK_ALLOW_PRIVATE says so, in either
 * environment; refused when the URL is set (IP literal, localhost, or a name that resolves to
 * a private address now) and again at send time (post-webhook.test.ts).
 */
const forTests = process.env.WEBHOOK_ALLOW_PRIVATE;
afterEach(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE = forTests;
});

describe("private webhook targets", () => {
  it("are refused in the sandbox by default: any sign-up could otherwise aim the server at its own network", async () => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    const m = await createTestMerchant();
    for (const url of ["http://127.0.0.1:3000/api/v1/health", "http://localhost:5432/", "http://169.254.169.254/latest/meta-data", "http://[::1]/"]) {
      await expect(setWebhookUrl(m.merchant.id, "sandbox", url, "test")).rejects.toMatchObject({ code: "validation_error" });
    }
  });

  it("a name that resolves to a private address is refused when set; one that does not resolve yet is accepted", async () => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    const m = await createTestMerchant();
    const toPrivate = async () => [{ address: "10.0.0.5", family: 4 }];
    const refused = await setWebhookUrl(m.merchant.id, "sandbox", "https://hooks.merchant.example/psp", "test", { lookup: toPrivate }).catch((e) => e);
    expect(refused).toMatchObject({ code: "validation_error", message: expect.stringMatching(/private address/) });
    expect(refused.message).not.toContain("10.0.0.5");

    const notYet = async () => {
      throw Object.assign(new Error("nope"), { code: "ENOTFOUND" });
    };
    const view = await setWebhookUrl(m.merchant.id, "sandbox", "https://hooks.merchant.example/psp", "test", { lookup: notYet });
    expect(view.url).toBe("https://hooks.merchant.example/psp");
    const toPublic = async () => [{ address: "93.184.216.34", family: 4 }];
    expect((await setWebhookUrl(m.merchant.id, "sandbox", "https://other.merchant.example/psp", "test", { lookup: toPublic })).status).toBe("enabled");
  });

  it("are allowed with WEBHOOK_ALLOW_PRIVATE=true (local development, tests)", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    const m = await createTestMerchant();
    expect((await setWebhookUrl(m.merchant.id, "sandbox", "http://127.0.0.1:4000/hooks", "test")).url).toBe("http://127.0.0.1:4000/hooks");
  });
});
