import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/providers/payment-methods/route";
import { getPrisma } from "@/lib/db/client";
import { parseOpsArgs } from "@/lib/ops/command";
import { opsCommands } from "@/lib/ops/commands";
import { call } from "../../helpers/http";
import { createTestMerchant } from "../../helpers/merchants";
import { ensureReferenceData } from "../../helpers/reference";

/** The operator CLI's reference commands, run as scripts/ops.ts runs them. */
beforeAll(ensureReferenceData);
afterAll(async () => {
  await (await getPrisma()).paymentChannel.deleteMany({ where: { id: "wave-gq-xaf-payout" } });
});

async function ops(line: string): Promise<string> {
  const [name, ...argv] = line.split(" ");
  const command = opsCommands.find((c) => c.name === name);
  if (!command) throw new Error(`no command ${name}`);
  const lines: string[] = [];
  await command.run(parseOpsArgs(argv), (l) => lines.push(l));
  return lines.join("\n");
}

describe("ops reference commands", () => {
  it("are registered", () => {
    const names = opsCommands.map((c) => c.name);
    for (const n of ["fx:set", "fx:list", "channel:set", "channel:list", "tariff:list", "tariff:set-payout", "tariff:set-collect"]) expect(names).toContain(n);
  });

  it("fx:set prints the new rate, the old one and the rates with spread", async () => {
    await ops("fx:set --from GBP --to GHS --rate 15");
    const out = await ops("fx:set --from GBP --to GHS --rate 16.5");
    expect(out).toContain("GBP→GHS mid rate set to 16.5 (was 15).");
    expect(out).toContain("spread 1.5 %: converting the merchant's GBP gives 16.2525 GHS per GBP;");
    expect(out).toContain("pricing what the merchant pays: 16.7475.");
    expect(out).toContain("GHS→GBP now derives as 0.06060606061 (mid).");
  });

  it("fx:set refuses bad input with a clear message", async () => {
    await expect(ops("fx:set --from XOF --to XAF --rate 2")).rejects.toThrow(/fixed parity pair/);
    await expect(ops("fx:set --from XOF --to USD --rate abc")).rejects.toThrow(/plain decimal number/);
    await expect(ops("fx:set --from XOF --to ABC --rate 1")).rejects.toThrow(/Unsupported currency: ABC/);
    await expect(ops("fx:set --from XOF --rate 1")).rejects.toThrow(/--to is required/);
  });

  it("fx:list shows stored rates, the default spread and parity; --all every pair in use", async () => {
    const out = await ops("fx:list");
    expect(out).toMatch(/USD→XOF\s+600\s+by seed/);
    expect(out).toMatch(/default\s+1\.5 %/);
    expect(out).toMatch(/XAF↔XOF\s+parity: rate 1, no spread/);
    const all = await ops("fx:list --all");
    expect(all).toMatch(/XOF→USD {2}mid 0\.001666666667\s+rate 0\.0016416667/);
    expect(all).toMatch(/XAF→XOF {2}mid 1\s+rate 1 \(parity\)/);
  });

  it("channel:set creates, edits and switches off a channel, and the public listing follows", async () => {
    const created = await ops("channel:set --provider wave --country GQ --currency XAF --direction payout --min 500 --max 1000000");
    expect(created).toMatch(/(Created|Updated) channel wave-gq-xaf-payout:/);
    expect(created).toContain("Wave, GQ payout, 500 – 1000000 XAF, priority 10, active");
    const listed = async () =>
      (await call(GET, { path: "/providers/payment-methods?country=GQ&method=payout&currency=XAF" })).json.data.map((m: { id: string }) => m.id);
    expect(await listed()).toContain("wave-gq-xaf-payout");

    const edited = await ops("channel:set --provider wave --country GQ --currency XAF --direction payout --max 750000 --priority 5 --active false");
    expect(edited).toContain("Updated channel wave-gq-xaf-payout:");
    expect(edited).toContain("500 – 750000 XAF, priority 5, INACTIVE");
    expect(await listed()).not.toContain("wave-gq-xaf-payout");
    await expect(ops("channel:set --provider wave --country GQ --currency XAF --direction payout --active maybe")).rejects.toThrow(/true or false/);
  });

  it("channel:set --whole-units: an operator that takes no cents says so in the listing, and can take them again", async () => {
    const listed = async () =>
      (await call(GET, { path: "/providers/payment-methods?country=GH&currency=GHS" })).json.data.find((m: { id: string }) => m.id === "telecel-gh-ghs-collect");
    expect(await listed()).toMatchObject({ wholeUnits: false });
    const out = await ops("channel:set --provider telecel --country GH --currency GHS --direction collect --whole-units true");
    expect(out).toContain("Telecel Cash, GH collect, 1.00 – 20000.00 GHS, priority 30, active, whole units only");
    expect(await listed()).toMatchObject({ wholeUnits: true });
    expect(await ops("channel:set --provider telecel --country GH --currency GHS --direction collect --whole-units false")).not.toContain("whole units only");
    expect(await listed()).toMatchObject({ wholeUnits: false });
    await expect(ops("channel:set --provider telecel --country GH --currency GHS --direction collect --whole-units maybe")).rejects.toThrow(/true or false/);
  });

  it("channel:list filters", async () => {
    const out = await ops("channel:list --country SN --direction payout");
    expect(out).toMatch(/wave-sn-xof-payout\s+Wave, SN payout, 500 – 1500000 XOF, priority 10, active/);
    expect(out).toContain("3 channel(s)");
  });

  it("tariff:list shows defaults; tariff:set-* adds a merchant's override that --merchant shows", async () => {
    const out = await ops("tariff:list");
    expect(out).toMatch(/default\s+mobile_money\s+c2c domestic\s+1 %\s+min 100\s+flat 0/);
    expect(out).toMatch(/default\s+bank_transfer\s+c2c international\s+0 %\s+min 0\s+flat 15000/);
    expect(out).toMatch(/default\s+emoney\s+1\.75 %/);

    const m = await createTestMerchant();
    expect(await ops(`tariff:set-payout --merchant ${m.merchant.id} --method wave --type b2b --scope domestic --percent 0.6 --minimum 300`)).toBe(
      `Payout tariff pft-${m.merchant.id}-wave-b2b-domestic: 0.6 %, minimum 300 XOF, flat 0 XOF`,
    );
    expect(await ops(`tariff:set-collect --merchant ${m.merchant.id} --provider wave --percent 0.75`)).toBe(`Collect tariff cft-${m.merchant.id}-wave: 0.75 %`);
    const mine = await ops(`tariff:list --merchant ${m.merchant.id}`);
    expect(mine).toContain(m.merchant.id);
    expect(mine).toMatch(new RegExp(`${m.merchant.id}\\s+wave\\s+0\\.75 %`));
    await expect(ops("tariff:set-payout --method wave --type c2b --scope domestic --percent 1")).rejects.toThrow(/type must be c2c or b2b/);
    await expect(ops("tariff:set-collect --provider wave --percent 150")).rejects.toThrow(/too large/);
  });
});

describe("reference:sync", () => {
  it("dry run by default: lists what a database seeded before lacks or holds differently, and writes nothing; --apply brings it up to the seed once, keeping operators' edits and merchants' data", async () => {
    const prisma = await getPrisma();
    const m = await createTestMerchant();
    await ops(`tariff:set-collect --merchant ${m.merchant.id} --provider wave --percent 0.75`);
    const seededGh = await prisma.paymentChannel.findUniqueOrThrow({ where: { id: "mtn-gh-ghs-collect" } });
    // An operator's edit (first: every ops command seeds what is missing).
    await ops("channel:set --provider mtn --country GH --currency GHS --direction collect --max 30000");
    // A database seeded before: a channel and a corridor purpose it never got, a whole-unit rule,
    // a country's fact and a corridor's bound the seed has since corrected.
    const missingChannel = await prisma.paymentChannel.findUniqueOrThrow({ where: { id: "halotel-tz-tzs-payout" } });
    await prisma.paymentChannel.delete({ where: { id: missingChannel.id } });
    await prisma.corridorPurpose.delete({ where: { corridorId_purposeCode: { corridorId: "SN-XOF-CD-CDF", purposeCode: "EDUCATION" } } });
    await prisma.paymentChannel.update({ where: { id: "orange-cd-cdf-payout" }, data: { wholeUnits: false } });
    await prisma.country.update({ where: { code: "RW" }, data: { name: "Rwanda (old name)" } });
    const corridor = await prisma.corridor.findUniqueOrThrow({ where: { id: "SN-XOF-CD-CDF" } });
    await prisma.corridor.update({ where: { id: corridor.id }, data: { maxAmount: 1n } });

    const dry = await ops("reference:sync");
    expect(dry).toContain("reference:sync: dry run, nothing written (--apply to write).");
    expect(dry).toContain("would add 1 channels: halotel-tz-tzs-payout");
    expect(dry).toContain("would add 1 corridorPurposes: SN-XOF-CD-CDF:EDUCATION");
    expect(dry).toContain("would change channels orange-cd-cdf-payout wholeUnits: false → true");
    expect(dry).toContain("would change countries RW name: Rwanda (old name) → Rwanda");
    expect(dry).toContain(`would change corridors SN-XOF-CD-CDF maxAmount: 1 → ${corridor.maxAmount}`);
    expect(dry).toContain(`kept channels mtn-gh-ghs-collect maxAmount: 3000000 (seed ${seededGh.maxAmount}; an operator's edit, channel:set changes it)`);
    expect(dry).toMatch(/^2 row\(s\) to add, 3 field\(s\) to change, \d+ operator edit\(s\) kept\.$/m);
    expect(await prisma.paymentChannel.findUnique({ where: { id: missingChannel.id } })).toBeNull();
    expect((await prisma.paymentChannel.findUniqueOrThrow({ where: { id: "orange-cd-cdf-payout" } })).wholeUnits).toBe(false);

    const applied = await ops("reference:sync --apply");
    expect(applied).toContain("reference:sync: applied.");
    expect(applied).toContain("changed channels orange-cd-cdf-payout wholeUnits: false → true");
    expect(applied).toMatch(/^2 row\(s\) added, 3 field\(s\) changed/m);
    expect(await prisma.paymentChannel.findUniqueOrThrow({ where: { id: missingChannel.id } })).toMatchObject({ minAmount: missingChannel.minAmount, maxAmount: missingChannel.maxAmount, wholeUnits: true });
    expect(await prisma.corridorPurpose.count({ where: { corridorId: "SN-XOF-CD-CDF", purposeCode: "EDUCATION" } })).toBe(1);
    expect((await prisma.paymentChannel.findUniqueOrThrow({ where: { id: "orange-cd-cdf-payout" } })).wholeUnits).toBe(true);
    expect((await prisma.country.findUniqueOrThrow({ where: { code: "RW" } })).name).toBe("Rwanda");
    expect((await prisma.corridor.findUniqueOrThrow({ where: { id: corridor.id } })).maxAmount).toBe(corridor.maxAmount);
    // The operator's edit and the merchant's own tariff are untouched.
    expect((await prisma.paymentChannel.findUniqueOrThrow({ where: { id: "mtn-gh-ghs-collect" } })).maxAmount).toBe(3_000_000n);
    const tariff = await prisma.collectFeeTariff.findUniqueOrThrow({ where: { id: `cft-${m.merchant.id}-wave` } });
    expect([tariff.merchantId, tariff.percent.toString()]).toEqual([m.merchant.id, "0.75"]);
    // The listing follows at once in this process.
    const listed = await call(GET, { path: "/providers/payment-methods?country=CD&currency=CDF&method=payout" });
    expect(listed.json.data.find((x: { providerCode: string }) => x.providerCode === "orange")).toMatchObject({ wholeUnits: true });

    const again = await ops("reference:sync --apply");
    expect(again).toMatch(/^0 row\(s\) added, 0 field\(s\) changed/m);
    expect(again).not.toMatch(/\b(added|changed) \S+ /);
    await ops(`channel:set --provider mtn --country GH --currency GHS --direction collect --max ${Number(seededGh.maxAmount) / 100}`);
  });
});
