import { describe, expect, it } from "vitest";
import { startBanner } from "@/lib/platform/boot";

/**
 * The start banner suggests only what works while the server runs: with the embedded database
 * an ops command cannot open it (the server holds it), so webhook URL and key rotation go
 * through the API or the dashboard.
 */
describe("the start banner", () => {
  const demo = {
    merchantId: "mch_demo",
    email: "demo@sandbox.local",
    password: "pw",
    publicKey: "pk_test_demo",
    secretKey: "sk_test_demo",
    webhookSecret: "whsec_demo",
  };

  it("suggests the API and the dashboard for the webhook URL, never an ops command", () => {
    const text = startBanner("pglite", "inline", demo).join("\n");
    expect(text).toContain("curl -s -X PUT");
    expect(text).toContain("/api/v1/webhooks/endpoint");
    expect(text).toContain("/dashboard/webhooks");
    expect(text).not.toContain("npm run ops");
  });

  it("without the secret key (a reused database): rotation on the dashboard's API keys page", () => {
    const text = startBanner("pglite", "inline", { ...demo, secretKey: null }).join("\n");
    expect(text).toContain("/dashboard/api-keys");
    expect(text).not.toContain("npm run ops");
  });
});
