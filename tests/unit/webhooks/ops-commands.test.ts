import { describe, expect, it } from "vitest";
import { getOrCreateEndpoint } from "@/lib/webhooks/get-or-create-endpoint";
import { signingSecrets } from "@/lib/webhooks/signing-secrets";
import { parseOpsArgs, type OpsCommand } from "@/lib/ops/command";
import { opsCommands } from "@/lib/ops/commands";
import { createTestMerchant } from "../../helpers/merchants";

/** The webhook operator commands, run the way scripts/ops.ts runs them. */
async function ops(name: string, ...argv: string[]) {
  const command = opsCommands.find((c) => c.name === name) as OpsCommand;
  expect(command, name).toBeDefined();
  const lines: string[] = [];
  const code = await command.run(parseOpsArgs(argv), (line) => lines.push(line));
  return { code: code ?? 0, text: lines.join("\n") };
}

describe("webhook ops commands", () => {
  it("set, show, rotate-secret and enable a merchant's webhook endpoint, by id or email", async () => {
    const m = await createTestMerchant();
    const set = await ops("webhook:set", "--merchant", m.merchant.email, "--url", "https://hooks.merchant.example/psp");
    expect(set.text).toContain("https://hooks.merchant.example/psp");
    expect(set.text).toContain("enabled");

    // Shown once: webhook:show never prints the secret; the rotation prints the new one.
    const shownText = (await ops("webhook:show", "--merchant", m.merchant.id)).text;
    const shown = JSON.parse((await ops("webhook:show", "--merchant", m.merchant.id, "--json")).text);
    expect(shown).toMatchObject({ url: "https://hooks.merchant.example/psp", status: "enabled", secretShownAt: null });
    expect(shown).not.toHaveProperty("secret");
    expect(shownText).toContain("not shown yet");
    const original = signingSecrets(await getOrCreateEndpoint(m.merchant.id, "sandbox"))[0];
    expect(shownText).not.toContain(original);

    const rotated = JSON.parse((await ops("webhook:rotate-secret", "--merchant", m.merchant.id, "--json")).text);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(original);
    const endpoint = await getOrCreateEndpoint(m.merchant.id, "sandbox");
    expect(signingSecrets(endpoint)).toEqual([rotated.secret, original]);
    expect((await ops("webhook:show", "--merchant", m.merchant.id)).text).not.toContain(rotated.secret);
    expect((await ops("webhook:show", "--merchant", m.merchant.id)).text).toContain("previous secret still signs until");

    const { getPrisma } = await import("@/lib/db/client");
    await (await getPrisma()).webhookEndpoint.update({
      where: { merchantId_environment: { merchantId: m.merchant.id, environment: "sandbox" } },
      data: { disabledAt: new Date(), disabledReason: "The webhook URL answered 410 Gone to event evt_x." },
    });
    expect((await ops("webhook:show", "--merchant", m.merchant.id)).text).toContain("disabled since");
    expect((await ops("webhook:enable", "--merchant", m.merchant.id)).text).toContain("re-enabled");
    expect((await getOrCreateEndpoint(m.merchant.id, "sandbox")).disabledAt).toBeNull();

    expect((await ops("webhook:set", "--merchant", m.merchant.id, "--url", "none")).text).toContain("(none");
  });

  it("refuses an invalid URL and an unknown merchant", async () => {
    const m = await createTestMerchant();
    await expect(ops("webhook:set", "--merchant", m.merchant.id, "--url", "ftp://x.example/")).rejects.toThrow(/https/);
    await expect(ops("webhook:show", "--merchant", "mch_nobody")).rejects.toThrow(/No merchant/);
    await expect(ops("webhook:set", "--merchant", m.merchant.id)).rejects.toThrow(/--url is required/);
  });
});
