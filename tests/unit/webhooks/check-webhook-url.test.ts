import { afterEach, describe, expect, it } from "vitest";
import { isAppError } from "@/lib/errors";
import { assertWebhookUrlAllowed, checkWebhookUrl } from "@/lib/webhooks/check-webhook-url";
import { webhookUrlPolicy } from "@/lib/webhooks/webhook-config";

const allowPrivateForTests = process.env.WEBHOOK_ALLOW_PRIVATE;
afterEach(() => {
  process.env.APP_ENV = "sandbox";
  process.env.WEBHOOK_ALLOW_PRIVATE = allowPrivateForTests;
});

describe("webhook URL policy per environment", () => {
  it("refuses private targets by default in both environments; http only in the sandbox; WEBHOOK_ALLOW_PRIVATE opens private targets in both", () => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    expect(webhookUrlPolicy()).toEqual({ requireHttps: false, allowPrivate: false });
    process.env.APP_ENV = "production";
    expect(webhookUrlPolicy()).toEqual({ requireHttps: true, allowPrivate: false });
    process.env.WEBHOOK_ALLOW_PRIVATE = "true";
    expect(webhookUrlPolicy()).toEqual({ requireHttps: true, allowPrivate: true });
    process.env.APP_ENV = "sandbox";
    expect(webhookUrlPolicy()).toEqual({ requireHttps: false, allowPrivate: true });
    process.env.WEBHOOK_ALLOW_PRIVATE = "false";
    expect(webhookUrlPolicy()).toEqual({ requireHttps: false, allowPrivate: false });
  });
});

describe("static webhook URL check", () => {
  const production = { requireHttps: true, allowPrivate: false };

  it.each([
    ["http://127.0.0.1/hook", "https"],
    ["http://10.0.0.1/hook", "https"],
    ["http://[::1]/hook", "https"],
    ["http://169.254.169.254/latest/meta-data", "https"],
    ["https://127.0.0.1/hook", "loopback"],
    ["https://10.0.0.1/hook", "private"],
    ["https://[::1]/hook", "loopback"],
    ["https://[::ffff:127.0.0.1]/hook", "loopback"],
    ["https://169.254.169.254/latest/meta-data", "link-local"],
    ["https://100.64.0.1/", "CGNAT"],
    ["https://[fd00::1]/", "unique-local"],
    ["https://0.0.0.0/", "unspecified"],
    ["https://2130706433/", "loopback"], // 127.0.0.1 as one number: the URL parser normalises it
    ["https://0x7f.1/", "loopback"],
    ["https://localhost/hook", "localhost"],
    ["https://api.localhost./hook", "localhost"],
    ["https://user:pw@example.com/hook", "user name or password"],
    ["ftp://example.com/hook", "https"],
    ["not a url", "valid absolute URL"],
    ["", "empty"],
  ])("production refuses %s", (url, reason) => {
    const check = checkWebhookUrl(url, production);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reason).toContain(reason);
  });

  it("production accepts a public https URL", () => {
    expect(checkWebhookUrl("https://hooks.merchant.example/payments?src=psp", production)).toMatchObject({ ok: true });
    expect(checkWebhookUrl("https://203.0.114.10:8443/hook", production)).toMatchObject({ ok: true });
  });

  it("sandbox accepts local receivers", () => {
    const sandbox = { requireHttps: false, allowPrivate: true };
    for (const url of ["http://127.0.0.1:4000/hook", "http://localhost:3001/x", "http://[::1]:9000/", "http://192.168.1.20/hook"]) {
      expect(checkWebhookUrl(url, sandbox).ok).toBe(true);
    }
  });

  it("assertWebhookUrlAllowed throws a 400 validation error naming the field, using the current environment", () => {
    process.env.APP_ENV = "production";
    try {
      assertWebhookUrlAllowed("http://127.0.0.1/hook", { field: "callbackUrl" });
      expect.unreachable();
    } catch (err) {
      expect(isAppError(err) && err.code).toBe("validation_error");
      expect(isAppError(err) && err.details).toEqual([{ path: "callbackUrl", message: expect.stringContaining("https") }]);
    }
    expect(assertWebhookUrlAllowed("https://hooks.merchant.example/x").hostname).toBe("hooks.merchant.example");
  });
});
