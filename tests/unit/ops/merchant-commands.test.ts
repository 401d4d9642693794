import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { parseOpsArgs } from "@/lib/ops/command";
import { opsCommands } from "@/lib/ops/commands";

async function ops(line: string[]): Promise<{ code: number; output: string }> {
  const [name, ...rest] = line;
  const command = opsCommands.find((c) => c.name === name)!;
  const lines: string[] = [];
  const code = (await command.run(parseOpsArgs(rest), (l) => lines.push(l))) ?? 0;
  return { code, output: lines.join("\n") };
}

describe("ops merchant commands", () => {
  it("merchant:create --json prints a usable sandbox key pair; set-plan and keys:rotate act on it", async () => {
    const email = `ops-${Date.now()}@test.local`;
    const created = JSON.parse((await ops(["merchant:create", "--name", "Ops Co", "--email", email, "--plan", "business", "--json"])).output);
    expect(created).toMatchObject({ name: "Ops Co", email, plan: "business", environment: "sandbox" });
    expect(created.publicKey).toMatch(/^pk_test_/);
    expect(created.secretKey).toMatch(/^sk_test_/);

    expect((await ops(["merchant:set-plan", "--merchant", email, "--plan", "enterprise"])).output).toMatch(/enterprise/);
    const prisma = await getPrisma();
    expect((await prisma.merchant.findUniqueOrThrow({ where: { id: created.merchantId } })).plan).toBe("enterprise");

    const rotated = JSON.parse((await ops(["keys:rotate", "--merchant", created.merchantId, "--json"])).output);
    expect(rotated.publicKey).not.toBe(created.publicKey);
    const old = await prisma.apiKey.findUniqueOrThrow({ where: { publicKey: created.publicKey } });
    expect(old.expiresAt?.toISOString()).toBe(rotated.previousValidUntil);
  });

  it("refuses an unknown plan and missing flags", async () => {
    await expect(ops(["merchant:create", "--name", "X", "--email", "x@test.local", "--plan", "gold"])).rejects.toThrow(/plan must be one of/);
    await expect(ops(["merchant:create", "--email", "x@test.local"])).rejects.toThrow(/--name is required/);
  });
});
