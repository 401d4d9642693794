import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

/**
 * The SDK as a project outside this repository gets it (README "SDK"): `npm pack` in sdk/ (its
 * prepack builds it), the tarball installed into a fresh temporary project, and the quickstart
 * run there with plain Node against the running server: a collect to its final state, a
 * sandbox funding, a quote and a payout. Nothing here imports the SDK's sources.
 */
const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? "3100"}/api/v1`;
const API_KEY = "pk_test_E2eE2eE2eE2eE2eE2eE2eE2eE2:sk_test_E2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2";
const root = path.resolve(import.meta.dirname, "../..");

const QUICKSTART = `
import { createPaymentsClient, PaymentsApiError } from "@payments-platform/sdk";
const api = createPaymentsClient({ apiKey: process.env.API_KEY, baseUrl: process.env.BASE_URL });
const externalReference = "packed-" + Date.now();
const { data } = await api.payments.initiate({ type: "direct", amount: 5000, currency: "XOF", country: "SN", provider: "orange", customerPhone: "+221770000012", externalReference });
const payment = await api.payments.waitUntilFinal(data.transactionId, { timeoutMs: 45000, intervalMs: 500 });
await api.sandbox.fundWallet({ currency: "XOF", amount: 100000 });
const quote = await api.payouts.quote({ amount: 10000, currency: "XOF", destinationCountry: "SN", method: "orange" });
const payout = await api.payouts.initiate({ quoteId: quote.quoteId, recipient: { phone: "+221770000012", name: "Awa Diop" } });
let typedError = null;
try { await api.payments.status("txn_does_not_exist"); } catch (err) { typedError = err instanceof PaymentsApiError ? err.status : "untyped"; }
console.log(JSON.stringify({ payment: payment.status, payout: payout.status, typedError }));
`;

test("the packed SDK, installed in a fresh project, runs the quickstart against the server", async () => {
  test.setTimeout(240_000);
  const work = mkdtempSync(path.join(os.tmpdir(), "sdk-packed-"));
  try {
    const npm = (args: string[], cwd: string) => execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" } });
    npm(["pack", "--pack-destination", work], path.join(root, "sdk"));
    const tarball = readdirSync(work).find((f) => f.endsWith(".tgz"));
    expect(tarball).toBeTruthy();
    const project = path.join(work, "shop");
    execFileSync("mkdir", ["-p", project]);
    writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "shop", private: true, type: "module" }));
    npm(["install", "--prefer-offline", path.join(work, tarball!)], project);
    writeFileSync(path.join(project, "quickstart.mjs"), QUICKSTART);
    const out = execFileSync(process.execPath, ["quickstart.mjs"], { cwd: project, encoding: "utf8", env: { ...process.env, API_KEY, BASE_URL: BASE } });
    expect(JSON.parse(out.trim().split("\n").at(-1)!)).toEqual({ payment: "success", payout: "pending", typedError: 404 });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
