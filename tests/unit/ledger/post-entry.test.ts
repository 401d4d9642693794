import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { merchantAccount, platformAccount } from "@/lib/ledger/accounts";
import { LedgerError } from "@/lib/ledger/ledger-error";
import { postEntry } from "@/lib/ledger/post-entry";
import { reconcileLedger } from "@/lib/ledger/reconcile-ledger";
import { fund, inTx, wallet } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";
import { describeStatement, recordStatements } from "../../helpers/record-statements";

const debit = (merchantId: string, amount: bigint, key: string) =>
  inTx((tx) =>
    postEntry(tx, {
      idempotencyKey: key,
      type: "bench",
      environment: "sandbox",
      postings: [
        { account: merchantAccount(merchantId, "XOF", "collect"), amount: -amount },
        { account: platformAccount("sandbox_funding", "XOF"), amount },
      ],
    }),
  );

describe("postEntry", () => {
  it("writes the entry, its postings and the balance in one go", async () => {
    const { merchant } = await createTestMerchant();
    const { entry } = await fund(merchant.id, "XOF", 100_000n);
    expect(entry).toMatchObject({ id: expect.stringMatching(/^je_/), type: "sandbox_funding", merchantId: merchant.id, created: true });
    const postings = await (await getPrisma()).ledgerPosting.findMany({ where: { entryId: entry.id }, orderBy: { amount: "asc" } });
    expect(postings.map((p) => [p.accountId, p.bucket, p.amount, p.currency])).toEqual([
      ["p:sandbox:XOF:sandbox_funding", "available", -100_000n, "XOF"],
      [`m:${merchant.id}:sandbox:XOF:collect`, "available", 100_000n, "XOF"],
    ]);
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 100_000n, pending: 0n });
  });

  it("is one statement on existing accounts, two the first time a merchant account is used", async () => {
    const { merchant } = await createTestMerchant();
    const first = await recordStatements(() => debit(merchant.id, -10_000n, `t:${merchant.id}:credit`)); // a credit
    const write = "insert ledger_accounts + insert ledger_entries + update ledger_accounts + insert ledger_postings";
    // The wallet did not exist: the first run creates it and writes nothing else, the second posts.
    expect(first.statements.map(describeStatement)).toEqual(["begin", write, write, "commit"]);
    const next = await recordStatements(() => debit(merchant.id, 3_000n, `t:${merchant.id}:one`));
    expect(next.statements.map(describeStatement)).toEqual(["begin", write, "commit"]);
    // A refusal is the same one statement, then the read that tells a replay from a new entry.
    const refused = await recordStatements(() => debit(merchant.id, 7_001n, `t:${merchant.id}:two`).catch((e) => e));
    expect(refused.result).toMatchObject({ code: "insufficient_balance" });
    expect(refused.statements.map(describeStatement)).toEqual(["begin", write, "select ledger_entries", "rollback"]);
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 7_000n, pending: 0n });
  });

  it("is idempotent: the same key posted again changes nothing and returns the first entry", async () => {
    const { merchant } = await createTestMerchant();
    await fund(merchant.id, "XOF", 10_000n);
    const first = await debit(merchant.id, 3_000n, `t:${merchant.id}:1`);
    const again = await debit(merchant.id, 3_000n, `t:${merchant.id}:1`);
    expect(again).toEqual({ ...first, created: false });
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 7_000n, pending: 0n });
    expect(await (await getPrisma()).ledgerEntry.count({ where: { idempotencyKey: `t:${merchant.id}:1` } })).toBe(1);
  });

  it("returns an already-posted debit even when the balance could no longer cover it", async () => {
    const { merchant } = await createTestMerchant();
    await fund(merchant.id, "XOF", 5_000n);
    const first = await debit(merchant.id, 5_000n, `t:${merchant.id}:all`);
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 0n, pending: 0n });
    expect(await debit(merchant.id, 5_000n, `t:${merchant.id}:all`)).toEqual({ ...first, created: false });
  });

  it("refuses a key reused for a different entry", async () => {
    const { merchant } = await createTestMerchant();
    await fund(merchant.id, "XOF", 10_000n);
    await debit(merchant.id, 1_000n, `t:${merchant.id}:x`);
    await expect(debit(merchant.id, 2_000n, `t:${merchant.id}:x`)).rejects.toThrow(LedgerError);
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 9_000n, pending: 0n });
  });

  it("refuses an overdraft with insufficient_balance, naming what is available and needed", async () => {
    const { merchant } = await createTestMerchant();
    await fund(merchant.id, "XOF", 1_000n);
    const err = await debit(merchant.id, 1_001n, `t:${merchant.id}:over`).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe("insufficient_balance");
    expect(err.message).toBe("Insufficient balance: the XOF collect wallet has 1000 XOF available, 1001 XOF is needed.");
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 1_000n, pending: 0n });
  });

  it("writes nothing when it refuses, so the caller's transaction can go on", async () => {
    const { merchant } = await createTestMerchant();
    await fund(merchant.id, "XOF", 1_000n);
    const key = `t:${merchant.id}:caught`;
    await inTx(async (tx) => {
      const refused = await postEntry(tx, {
        idempotencyKey: key,
        type: "bench",
        environment: "sandbox",
        postings: [
          { account: merchantAccount(merchant.id, "XOF", "collect"), amount: -2_000n },
          { account: platformAccount("sandbox_funding", "XOF"), amount: 2_000n },
        ],
      }).catch((e: AppError) => e.code);
      expect(refused).toBe("insufficient_balance");
    });
    expect(await (await getPrisma()).ledgerEntry.count({ where: { idempotencyKey: key } })).toBe(0);
    expect((await debit(merchant.id, 1_000n, key)).created).toBe(true); // the key was not burnt
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 0n, pending: 0n });
  });

  it("refuses a zero-sum violation before writing anything", async () => {
    const { merchant } = await createTestMerchant();
    const key = `t:${merchant.id}:unbalanced`;
    await expect(
      inTx((tx) =>
        postEntry(tx, {
          idempotencyKey: key,
          type: "bench",
          environment: "sandbox",
          postings: [
            { account: platformAccount("sandbox_funding", "XOF"), amount: -100n },
            { account: merchantAccount(merchant.id, "XOF", "collect"), amount: 101n },
          ],
        }),
      ),
    ).rejects.toThrow(/XOF sums to 1/);
    expect(await (await getPrisma()).ledgerEntry.count({ where: { idempotencyKey: key } })).toBe(0);
  });

  it("must run inside a transaction", async () => {
    const { merchant } = await createTestMerchant();
    const prisma = await getPrisma();
    await expect(
      postEntry(prisma, {
        idempotencyKey: `t:${merchant.id}:notx`,
        type: "bench",
        environment: "sandbox",
        postings: [
          { account: platformAccount("sandbox_funding", "XOF"), amount: -1n },
          { account: merchantAccount(merchant.id, "XOF", "collect"), amount: 1n },
        ],
      }),
    ).rejects.toThrow(/inside a transaction/);
  });

  it("the database itself refuses a negative merchant balance and any change to a posted entry", async () => {
    const { merchant } = await createTestMerchant();
    const { entry } = await fund(merchant.id, "XOF", 10n);
    const prisma = await getPrisma();
    await expect(prisma.$executeRaw`UPDATE ledger_accounts SET available = -1 WHERE merchant_id = ${merchant.id}`).rejects.toThrow();
    await expect(prisma.$executeRaw`UPDATE ledger_postings SET amount = 11 WHERE entry_id = ${entry.id} AND amount > 0`).rejects.toThrow();
    await expect(prisma.$executeRaw`DELETE FROM ledger_entries WHERE id = ${entry.id}`).rejects.toThrow();
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 10n, pending: 0n });
    expect((await reconcileLedger({ merchantIds: [merchant.id] })).ok).toBe(true);
  });
});
