import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { holdPayout } from "@/lib/ledger/hold-payout";
import { reconcileLedger } from "@/lib/ledger/reconcile-ledger";
import { parseOpsArgs } from "@/lib/ops/command";
import { ledgerReconcile, ledgerSettle, merchantGrantCredit, merchantSetBalanceMode } from "@/lib/ops/ledger-commands";
import type { OpsCommand } from "@/lib/ops/command";
import { fund, inTx, wallet } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";

async function run(command: OpsCommand, argv: string[]) {
  const lines: string[] = [];
  const code = (await command.run(parseOpsArgs(argv), (l) => lines.push(l))) ?? 0;
  return { code, text: lines.join("\n") };
}

class Rollback extends Error {}
/** Runs `fn` in a transaction that is always rolled back: tampering never reaches other tests. */
async function inRolledBackTx(fn: Parameters<typeof inTx>[0]) {
  await inTx(async (tx) => {
    await fn(tx);
    throw new Rollback();
  }).catch((e) => {
    if (!(e instanceof Rollback)) throw e;
  });
}

describe("ledger:reconcile", () => {
  it("is clean after real movements, exit 0, and prints the report", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 10_000n);
    await inTx((tx) => holdPayout(tx, { environment: "sandbox", merchantId: m.merchant.id, payoutId: newId("po"), currency: "XOF", category: "collect", amount: 900n, fee: 100n }));
    const { code, text } = await run(ledgerReconcile, ["--merchant", m.merchant.email]);
    expect(code).toBe(0);
    expect(text).toMatch(/CLEAN/);
    expect(text).toMatch(/accounts: 1, entries: 2, postings: 4/); // the merchant's collect wallet; platform accounts are not in a merchant scope
    const whole = await run(ledgerReconcile, []);
    expect(whole.text).toMatch(/whole ledger/);
    expect(whole.text).toMatch(/p:sandbox:XOF:payouts_in_flight/);
  });

  it("finds a stored balance that differs from the postings, exit 1", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 10_000n);
    const prisma = await getPrisma();
    const id = `m:${m.merchant.id}:sandbox:XOF:collect`;
    await prisma.$executeRaw`UPDATE ledger_accounts SET available = available + 1 WHERE id = ${id}`;
    try {
      const scoped = await run(ledgerReconcile, ["--merchant", m.merchant.id]);
      expect(scoped.code).toBe(1);
      expect(scoped.text).toMatch(/DIFFERENCES FOUND/);
      expect(scoped.text).toContain(`${id}: stored available 10001 pending 0, postings say available 10000 pending 0`);
      expect((await run(ledgerReconcile, [])).code).toBe(1);
      const json = JSON.parse((await run(ledgerReconcile, ["--merchant", m.merchant.id, "--json"])).text);
      expect(json.accountDifferences).toEqual([{ accountId: id, stored: { available: "10001", pending: "0" }, computed: { available: "10000", pending: "0" } }]);
    } finally {
      await prisma.$executeRaw`UPDATE ledger_accounts SET available = available - 1 WHERE id = ${id}`;
    }
    expect((await run(ledgerReconcile, ["--merchant", m.merchant.id])).code).toBe(0);
  });

  it("finds an entry that does not sum to zero, one with a single posting, and pending without a credit", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 5_000n);
    await inRolledBackTx(async (tx) => {
      const id = newId("je");
      await tx.$executeRaw`INSERT INTO ledger_entries (id, idempotency_key, type, environment, merchant_id) VALUES (${id}, ${id}, 'forged', 'sandbox', ${m.merchant.id})`;
      await tx.$executeRaw`INSERT INTO ledger_postings (entry_id, account_id, currency, bucket, amount) VALUES (${id}, ${`m:${m.merchant.id}:sandbox:XOF:collect`}, 'XOF', 'pending', 7)`;
      await tx.$executeRaw`UPDATE ledger_accounts SET pending = pending + 7 WHERE id = ${`m:${m.merchant.id}:sandbox:XOF:collect`}`;
      const report = await reconcileLedger({ merchantIds: [m.merchant.id] }, tx);
      expect(report.ok).toBe(false);
      expect(report.unbalancedEntries).toEqual([{ entryId: id, currency: "XOF", sum: 7n }]);
      expect(report.malformedEntries).toEqual([{ entryId: id, problem: "has 1 posting(s), needs at least 2" }]);
      expect(report.accountDifferences).toEqual([]);
      expect(report.settlementDifferences).toEqual([{ accountId: `m:${m.merchant.id}:sandbox:XOF:collect`, pending: 7n, unsettled: 0n }]);
    });
    expect((await reconcileLedger({ merchantIds: [m.merchant.id] })).ok).toBe(true);
  });
});

describe("merchant:set-balance-mode, merchant:grant-credit, ledger:settle", () => {
  it("switches the balance mode, with an audit row; refuses an unknown mode", async () => {
    const m = await createTestMerchant();
    const { text } = await run(merchantSetBalanceMode, ["--merchant", m.merchant.email, "--mode", "separate"]);
    expect(text).toMatch(/separate balance mode \(payouts draw on payout\)/);
    const prisma = await getPrisma();
    expect((await prisma.merchant.findUniqueOrThrow({ where: { id: m.merchant.id } })).balanceMode).toBe("separate");
    expect(await prisma.auditLog.count({ where: { merchantId: m.merchant.id, action: "merchant.balance_mode_changed" } })).toBe(1);
    await expect(run(merchantSetBalanceMode, ["--merchant", m.merchant.id, "--mode", "split"])).rejects.toThrow(/--mode must be one of unified, separate/);
  });

  it("grants credit in major units", async () => {
    const m = await createTestMerchant();
    const { text } = await run(merchantGrantCredit, ["--merchant", m.merchant.id, "--currency", "usd", "--amount", "150.25", "--reason", "pilot"]);
    expect(text).toMatch(/Granted 150.25 USD of credit/);
    expect(await wallet(m.merchant.id, "USD", "credit")).toEqual({ available: 15_025n, pending: 0n });
    await expect(run(merchantGrantCredit, ["--merchant", m.merchant.id, "--currency", "XOF", "--amount", "1.5"])).rejects.toMatchObject({ code: "invalid_amount" });
  });

  it("settles on demand", async () => {
    const m = await createTestMerchant();
    const { text } = await run(ledgerSettle, ["--merchant", m.merchant.id]);
    expect(text).toBe("Settled 0 collect credit(s).");
  });
});
