import { beforeAll, afterEach, describe, expect, it } from "vitest";
import { authenticateApiKey } from "@/lib/auth/authenticate";
import { getApiKeysPage, rotateDashboardKeys } from "@/lib/dashboard/api-keys";
import type { DashboardScope } from "@/lib/dashboard/scope";
import { getVerification, submitVerification } from "@/lib/dashboard/verification";
import { getPrisma } from "@/lib/db/client";
import { parseOpsArgs } from "@/lib/ops/command";
import { opsCommands } from "@/lib/ops/commands";
import { signedUpMerchant, signUpAndConfirm } from "./helpers";

// The embedded database's first start (migrations) is not part of any test's time.
beforeAll(async () => {
  await getPrisma();
});

const savedEnv = process.env.APP_ENV;
afterEach(() => {
  process.env.APP_ENV = savedEnv;
});

const details = { legalName: "Boutique SARL", registrationNumber: "SN-DKR-2026-B-123", address: "12 rue Carnot, Dakar", website: "", ownerName: "Awa Diop", ownerId: "1234567890" };

async function liveMerchant(): Promise<{ scope: DashboardScope; email: string }> {
  process.env.APP_ENV = "production";
  const email = `live-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@test.local`;
  const r = await signUpAndConfirm({ businessName: "Boutique Live", email, password: "a long enough password" });
  const user = await (await getPrisma()).dashboardUser.findUniqueOrThrow({ where: { email } });
  return { scope: { userId: user.id, email, merchantId: r.data.merchantId, environment: "production" }, email };
}

async function ops(line: string[]) {
  const [name, ...rest] = line;
  const command = opsCommands.find((c) => c.name === name)!;
  const lines: string[] = [];
  const code = (await command.run(parseOpsArgs(rest), (l) => lines.push(l))) ?? 0;
  return { code, output: lines.join("\n") };
}

describe("production verification", () => {
  it("the form validates, stores the details and sets the status to pending; no live keys yet", async () => {
    const { scope } = await liveMerchant();
    const bad = await submitVerification(scope, { ...details, legalName: "", website: "not a url" });
    expect(bad).toMatchObject({ ok: false, code: "validation_error" });
    if (!bad.ok) expect(Object.keys(bad.fieldErrors ?? {}).sort()).toEqual(["legalName", "website"]);
    expect(await submitVerification(scope, details)).toEqual({ ok: true, data: { status: "pending" } });
    const v = await getVerification(scope);
    expect(v.status).toBe("pending");
    expect(v.details).toEqual(details);
    expect((await getApiKeysPage(scope)).keys).toEqual([]);
    expect(await rotateDashboardKeys(scope, { confirm: "rotate" })).toMatchObject({ ok: false, code: "invalid_state" });
  });

  it("is not offered in the sandbox", async () => {
    const m = await signedUpMerchant();
    expect(await submitVerification(m.scope, details)).toMatchObject({ ok: false, code: "invalid_state" });
  });

  it("merchant:verify sets verified and prints a working live key pair once; a second run is refused", async () => {
    const { scope, email } = await liveMerchant();
    await submitVerification(scope, details);
    const out = JSON.parse((await ops(["merchant:verify", "--merchant", email, "--json"])).output);
    expect(out).toMatchObject({ merchantId: scope.merchantId, verificationStatus: "verified", environment: "production" });
    expect(out.publicKey).toMatch(/^pk_live_/);
    expect((await getVerification(scope)).status).toBe("verified");
    const page = await getApiKeysPage(scope);
    expect(page.keys.map((k) => k.publicKey)).toEqual([out.publicKey]);
    const auth = await authenticateApiKey(new Headers({ "X-API-Key": `${out.publicKey}:${out.secretKey}` }));
    expect(auth.merchant.id).toBe(scope.merchantId);
    await expect(ops(["merchant:verify", "--merchant", scope.merchantId])).rejects.toMatchObject({ code: "invalid_state" });
    expect(await submitVerification(scope, details)).toMatchObject({ ok: false, code: "invalid_state" });
    const submission = await (await getPrisma()).merchantVerification.findUniqueOrThrow({ where: { merchantId: scope.merchantId } });
    expect(submission.reviewedBy).toBe("ops");
  });
});
