import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { merchantAccount, platformAccount } from "@/lib/ledger/accounts";
import { convertFunds } from "@/lib/ledger/convert-funds";
import { creditCollectPending } from "@/lib/ledger/credit-collect-pending";
import { finalisePayout } from "@/lib/ledger/finalise-payout";
import { fundSandboxWallet } from "@/lib/ledger/fund-sandbox-wallet";
import { holdPayout } from "@/lib/ledger/hold-payout";
import { postEntry } from "@/lib/ledger/post-entry";
import { reconcileLedger } from "@/lib/ledger/reconcile-ledger";
import { releasePayout } from "@/lib/ledger/release-payout";
import { runSettlement } from "@/lib/ledger/settle-due-pending";
import { getPrisma } from "@/lib/db/client";
import { fund, inTx, wallet } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";

/**
 * Concurrency only means something on PostgreSQL (PGlite is a single connection that runs one
 * transaction at a time): `DATABASE_URL=postgresql://… npx vitest run tests/api/ledger`.
 * The pool has 10 connections, so hundreds of transactions queue and race for the same rows.
 */
const env = "sandbox" as const;

const debit = (merchantId: string, amount: bigint) =>
  inTx((tx) => holdPayout(tx, { environment: env, merchantId, payoutId: newId("po"), currency: "XOF", category: "collect", amount, fee: 0n }));
const credit = (merchantId: string, amount: bigint) =>
  inTx((tx) => fundSandboxWallet(tx, { environment: env, merchantId, currency: "XOF", amount, category: "collect" }));

/** Polls a wallet while `work` runs and returns the lowest available balance seen. */
async function lowestWhile(merchantId: string, work: Promise<unknown>): Promise<bigint> {
  let lowest: bigint | null = null;
  let done = false;
  const poll = (async () => {
    while (!done) {
      const { available } = await wallet(merchantId, "XOF");
      lowest = lowest === null || available < lowest ? available : lowest;
      await new Promise((r) => setTimeout(r, 2));
    }
  })();
  await work.finally(() => (done = true));
  await poll;
  return lowest ?? 0n;
}

function outcome(results: PromiseSettledResult<unknown>[]) {
  const failures = results.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => r.reason);
  const unexpected = failures.filter((e) => !(e instanceof AppError && e.code === "insufficient_balance"));
  return { succeeded: results.length - failures.length, refused: failures.length - unexpected.length, unexpected };
}

describe.runIf(!!process.env.DATABASE_URL)("ledger under concurrency (PostgreSQL)", () => {
  it("200 concurrent debits of 1,000 against 100,000: exactly 100 succeed, the balance ends at 0, never below", async () => {
    const { merchant } = await createTestMerchant();
    await fund(merchant.id, "XOF", 100_000n);
    const all = Promise.allSettled(Array.from({ length: 200 }, () => debit(merchant.id, 1_000n)));
    const lowest = await lowestWhile(merchant.id, all);
    const { succeeded, refused, unexpected } = outcome(await all);
    expect(unexpected).toEqual([]);
    expect(succeeded).toBe(100);
    expect(refused).toBe(100);
    expect(lowest).toBeGreaterThanOrEqual(0n);
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 0n, pending: 0n });
    expect(await (await getPrisma()).ledgerHold.count({ where: { accountId: `m:${merchant.id}:sandbox:XOF:collect` } })).toBe(100);
    expect((await reconcileLedger({ merchantIds: [merchant.id] })).ok).toBe(true);
  });

  it("credits and debits interleaved: every debit that fits succeeds, the balance is exact and never negative", async () => {
    const { merchant } = await createTestMerchant();
    await fund(merchant.id, "XOF", 100_000n);
    const ops = [...Array.from({ length: 200 }, () => "debit" as const), ...Array.from({ length: 100 }, () => "credit" as const)];
    for (let i = ops.length - 1; i > 0; i--) {
      const j = (i * 7919) % (i + 1); // deterministic shuffle
      [ops[i], ops[j]] = [ops[j], ops[i]];
    }
    const all = Promise.allSettled(ops.map((op) => (op === "debit" ? debit(merchant.id, 1_000n) : credit(merchant.id, 1_000n))));
    const lowest = await lowestWhile(merchant.id, all);
    const results = await all;
    const debits = outcome(results.filter((_, i) => ops[i] === "debit"));
    const credits = outcome(results.filter((_, i) => ops[i] === "credit"));
    expect(debits.unexpected).toEqual([]);
    expect(credits).toEqual({ succeeded: 100, refused: 0, unexpected: [] });
    expect(debits.succeeded).toBeGreaterThanOrEqual(100);
    expect(debits.succeeded).toBeLessThanOrEqual(200);
    expect(lowest).toBeGreaterThanOrEqual(0n);
    const expected = 100_000n + 100n * 1_000n - BigInt(debits.succeeded) * 1_000n;
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: expected, pending: 0n });
    // A refused debit can only have met a balance below 1,000.
    if (debits.refused > 0) expect(expected).toBeLessThan(100_000n);
    expect((await reconcileLedger({ merchantIds: [merchant.id] })).ok).toBe(true);
  });

  it("the same idempotency key posted 50 times at once creates one entry and moves money once", async () => {
    const { merchant } = await createTestMerchant();
    await fund(merchant.id, "XOF", 10_000n);
    const key = `test:${merchant.id}:dup`;
    const post = () =>
      inTx((tx) =>
        postEntry(tx, {
          idempotencyKey: key,
          type: "bench",
          environment: env,
          postings: [
            { account: merchantAccount(merchant.id, "XOF", "collect"), amount: -2_500n },
            { account: platformAccount("sandbox_funding", "XOF"), amount: 2_500n },
          ],
        }),
      );
    const results = await Promise.all(Array.from({ length: 50 }, post));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 7_500n, pending: 0n });
    expect((await reconcileLedger({ merchantIds: [merchant.id] })).ok).toBe(true);
  });

  it("finalise and release racing on the same holds: exactly one wins each", async () => {
    const { merchant } = await createTestMerchant();
    await fund(merchant.id, "XOF", 100_000n);
    const payouts = Array.from({ length: 20 }, () => newId("po"));
    for (const payoutId of payouts) {
      await inTx((tx) => holdPayout(tx, { environment: env, merchantId: merchant.id, payoutId, currency: "XOF", category: "collect", amount: 4_000n, fee: 1_000n }));
    }
    const races = payouts.flatMap((payoutId) => [
      inTx((tx) => finalisePayout(tx, { payoutId, provider: "wave" })).then(() => "finalised"),
      inTx((tx) => releasePayout(tx, { payoutId })).then(() => "released"),
    ]);
    const results = await Promise.allSettled(races);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => r.reason);
    expect(failures).toHaveLength(20);
    expect(failures.every((e) => e instanceof AppError && e.code === "invalid_state")).toBe(true);
    const released = results.filter((r) => r.status === "fulfilled" && r.value === "released").length;
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: BigInt(released) * 5_000n, pending: 0n });
    expect((await reconcileLedger({ merchantIds: [merchant.id] })).ok).toBe(true);
  });

  it("concurrent settlement runners settle each credit exactly once", async () => {
    const { merchant } = await createTestMerchant();
    const dueAt = new Date(Date.now() + 10 * 86_400_000); // future: only this test's runners (at that instant) take them
    for (let i = 0; i < 60; i++) {
      await inTx((tx) => creditCollectPending(tx, { environment: env, merchantId: merchant.id, reference: newId("txn"), provider: "wave", currency: "XOF", gross: 1_000n, fee: 10n, dueAt }));
    }
    const runs = await Promise.all(Array.from({ length: 5 }, () => runSettlement({ now: dueAt, merchantId: merchant.id, batch: 7 })));
    expect(runs.reduce((n, r) => n + r.settled, 0)).toBe(60);
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 59_400n, pending: 0n });
    expect((await reconcileLedger({ merchantIds: [merchant.id] })).ok).toBe(true);
  });

  it("entries crossing two wallets in opposite directions never deadlock", async () => {
    const { merchant } = await createTestMerchant();
    await fund(merchant.id, "XOF", 50_000n);
    await fund(merchant.id, "XAF", 50_000n);
    const convert = (from: "XOF" | "XAF", to: "XOF" | "XAF") =>
      inTx((tx) =>
        convertFunds(tx, {
          environment: env, merchantId: merchant.id, category: "collect",
          from: { currency: from, amount: 100n }, to: { currency: to, amount: 100n }, idempotencyKey: `test:${newId("po")}:fx`,
        }),
      );
    // Each conversion locks both wallets; half go XOF→XAF, half XAF→XOF, plus single-wallet debits.
    const work = Array.from({ length: 150 }, (_, i) => (i % 3 === 0 ? convert("XOF", "XAF") : i % 3 === 1 ? convert("XAF", "XOF") : debit(merchant.id, 100n)));
    const { unexpected, refused } = outcome(await Promise.allSettled(work));
    expect(unexpected).toEqual([]);
    expect(refused).toBe(0);
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 50_000n - 50n * 100n, pending: 0n });
    expect(await wallet(merchant.id, "XAF")).toEqual({ available: 50_000n, pending: 0n });
    expect((await reconcileLedger({ merchantIds: [merchant.id] })).ok).toBe(true);
  });
});
