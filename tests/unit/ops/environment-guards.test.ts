import { afterEach, describe, expect, it } from "vitest";
import { authenticateApiKey } from "@/lib/auth/authenticate";
import { getPrisma } from "@/lib/db/client";
import { createMerchant } from "@/lib/merchants/create-merchant";
import { parseOpsArgs } from "@/lib/ops/command";
import { opsCommands } from "@/lib/ops/commands";
import { claimDatabaseEnvironment, DatabaseEnvironmentMismatch, judgeDatabaseEnvironment } from "@/lib/platform/claim-database-environment";

/**
 * Hardening (docs/design/environments.md): keys of one environment are never written into the other's
 * database; production merchants get no live key before merchant:verify.
 */
const savedEnv = process.env.APP_ENV;
afterEach(() => {
  process.env.APP_ENV = savedEnv;
});

async function ops(...line: string[]) {
  const [name, ...rest] = line;
  const command = opsCommands.find((c) => c.name === name)!;
  const lines: string[] = [];
  await command.run(parseOpsArgs(rest), (l) => lines.push(l));
  return lines.join("\n");
}

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

describe("production merchants", () => {
  it("merchant:create issues no live key; merchant:verify issues the first pair, which works", async () => {
    process.env.APP_ENV = "production";
    const email = `prod-${unique()}@test.local`;
    const created = JSON.parse(await ops("merchant:create", "--name", "Prod Co", "--email", email, "--json"));
    expect(created).toMatchObject({ email, environment: "production", verificationStatus: "unverified", publicKey: null, secretKey: null });
    const prisma = await getPrisma();
    expect(await prisma.apiKey.count({ where: { merchantId: created.merchantId } })).toBe(0);
    expect(await ops("merchant:create", "--name", "Prod Co 2", "--email", `prod2-${unique()}@test.local`)).toMatch(/no live keys yet/);

    const verified = JSON.parse(await ops("merchant:verify", "--merchant", email, "--json"));
    expect(verified.publicKey).toMatch(/^pk_live_/);
    const auth = await authenticateApiKey(new Headers({ "X-API-Key": `${verified.publicKey}:${verified.secretKey}` }));
    expect(auth.merchant.id).toBe(created.merchantId);
  });

  it("fixed keys are refused in production: live keys come from verification only", async () => {
    process.env.APP_ENV = "production";
    const keys = { publicKey: `pk_live_${"A".repeat(24)}`, secretKey: `sk_live_${"B".repeat(40)}` };
    await expect(createMerchant({ name: "X", email: `x-${unique()}@test.local`, keys })).rejects.toMatchObject({ code: "invalid_state" });
  });
});

describe("keys of the other environment", () => {
  it("merchant:verify in a sandbox deployment writes no live key", async () => {
    process.env.APP_ENV = "sandbox";
    const email = `sbx-${unique()}@test.local`;
    const created = JSON.parse(await ops("merchant:create", "--name", "Sbx Co", "--email", email, "--json"));
    await expect(ops("merchant:verify", "--merchant", email)).rejects.toMatchObject({ code: "invalid_state", message: expect.stringMatching(/production/) });
    const prisma = await getPrisma();
    expect(await prisma.apiKey.count({ where: { merchantId: created.merchantId, environment: "production" } })).toBe(0);
    expect((await prisma.merchant.findUniqueOrThrow({ where: { id: created.merchantId } })).verificationStatus).toBe("unverified");
  });

  it("a live pair given to a sandbox merchant is refused", async () => {
    process.env.APP_ENV = "sandbox";
    const keys = { publicKey: `pk_live_${"C".repeat(24)}`, secretKey: `sk_live_${"D".repeat(40)}` };
    await expect(createMerchant({ name: "X", email: `y-${unique()}@test.local`, keys })).rejects.toMatchObject({ code: "invalid_state" });
    expect(await (await getPrisma()).apiKey.count({ where: { publicKey: keys.publicKey } })).toBe(0);
  });
});

describe("the database's environment", () => {
  it("is claimed by the first server or ops command; the other APP_ENV is then refused", async () => {
    const prisma = await getPrisma();
    await prisma.databaseEnvironment.deleteMany({});
    process.env.APP_ENV = "sandbox";
    expect(await claimDatabaseEnvironment("ops")).toBe("sandbox");
    expect(await prisma.databaseEnvironment.findUniqueOrThrow({ where: { id: 1 } })).toMatchObject({ environment: "sandbox", claimedBy: "ops" });
    expect(await claimDatabaseEnvironment("server")).toBe("sandbox");
    process.env.APP_ENV = "production";
    const refused = await claimDatabaseEnvironment("ops").catch((e) => e);
    expect(refused).toBeInstanceOf(DatabaseEnvironmentMismatch);
    expect(refused.message).toMatch(/serves the sandbox environment .* APP_ENV is production/);
    await prisma.databaseEnvironment.deleteMany({});
  });

  it("an unclaimed database is judged by its keys", () => {
    expect(judgeDatabaseEnvironment(null, [], "sandbox")).toBeNull();
    expect(judgeDatabaseEnvironment(null, ["production"], "sandbox")).toBe("production");
    expect(judgeDatabaseEnvironment(null, ["production", "production"], "production")).toBeNull();
    expect(judgeDatabaseEnvironment(null, ["sandbox"], "production")).toBe("sandbox");
    expect(judgeDatabaseEnvironment(null, ["sandbox", "production"], "production")).toBeNull(); // mixed (tests): the claim decides from now on
    expect(judgeDatabaseEnvironment("production", ["sandbox"], "sandbox")).toBe("production");
  });
});
