import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { parseOpsArgs } from "@/lib/ops/command";
import { opsCommands } from "@/lib/ops/commands";
import { getPayoutLimits } from "@/lib/payouts/payout-limits";
import { createTestMerchant } from "../../helpers/merchants";

async function ops(line: string[]) {
  const [name, ...rest] = line;
  const command = opsCommands.find((c) => c.name === name)!;
  const lines: string[] = [];
  await command.run(parseOpsArgs(rest), (l) => lines.push(l));
  return lines.join("\n");
}

describe("ops merchant:set-limits", () => {
  it("overrides limits per merchant and resets them to the default", async () => {
    const m = await createTestMerchant();
    const out = JSON.parse(await ops(["merchant:set-limits", "--merchant", m.merchant.id, "--daily", "250000", "--max", "50000", "--json"]));
    expect(out).toMatchObject({ currency: "XOF", daily: "250000", max: "50000", monthly: "100000000", min: "100" });
    const prisma = await getPrisma();
    expect(await getPayoutLimits(prisma, m.merchant, "sandbox")).toEqual({ currency: "XOF", daily: 250_000n, monthly: 100_000_000n, perTxMin: 100n, perTxMax: 50_000n });
    await ops(["merchant:set-limits", "--merchant", m.merchant.id, "--daily", "default"]);
    expect((await getPayoutLimits(prisma, m.merchant, "sandbox")).daily).toBe(10_000_000n);
  });

  it("refuses bad amounts and no flags", async () => {
    const m = await createTestMerchant();
    await expect(ops(["merchant:set-limits", "--merchant", m.merchant.id, "--daily", "-5"])).rejects.toThrow(/non-negative/);
    await expect(ops(["merchant:set-limits", "--merchant", m.merchant.id])).rejects.toThrow(/at least one/);
  });
});
