import { describe, expect, it } from "vitest";
import { InngestTestEngine } from "@inngest/test";
import { periodicFunctions } from "@/inngest/functions/periodic";
import { creditCollectPending } from "@/lib/ledger/credit-collect-pending";
import { reconcileLedger } from "@/lib/ledger/reconcile-ledger";
import { newId } from "@/lib/ids";
import { periodicTasks } from "@/lib/platform/periodic-tasks";
import { inTx, wallet } from "../helpers/ledger";
import { createTestMerchant } from "../helpers/merchants";

async function pendingCredit(merchantId: string, gross: bigint, dueAt: Date) {
  await inTx((tx) =>
    creditCollectPending(tx, { environment: "sandbox", merchantId, reference: newId("txn"), provider: "wave", currency: "XOF", gross, fee: 0n, dueAt }),
  );
}

describe("settlement sweep", () => {
  it("is a periodic task run every 10 s by the in-process runner and every minute by Inngest", () => {
    const task = periodicTasks.find((t) => t.id === "settle-due-collections");
    expect(task).toMatchObject({ everyMs: 10_000, cron: "* * * * *" });
  });

  it("the periodic task moves due credits to available and leaves the others pending", async () => {
    const { merchant } = await createTestMerchant();
    await pendingCredit(merchant.id, 1_000n, new Date(Date.now() - 1000));
    await pendingCredit(merchant.id, 2_000n, new Date(Date.now() + 3600_000));
    const task = periodicTasks.find((t) => t.id === "settle-due-collections")!;
    const result = (await task.run()) as { settled: number };
    expect(result.settled).toBeGreaterThanOrEqual(1); // ≥: other files' due credits on a shared database
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 1_000n, pending: 2_000n });
    expect((await reconcileLedger({ merchantIds: [merchant.id] })).ok).toBe(true);
  });

  it("runs as an Inngest cron function", async () => {
    const { merchant } = await createTestMerchant();
    await pendingCredit(merchant.id, 4_500n, new Date(Date.now() - 1));
    const fn = periodicFunctions.find((f) => f.id().endsWith("settle-due-collections"));
    expect(fn).toBeDefined();
    const t = new InngestTestEngine({ function: fn! });
    const { result, error } = await t.execute();
    expect(error).toBeUndefined();
    // ≥ 1: on a shared PostgreSQL the sweep also settles other test files' due credits.
    expect((result as { result: { settled: number } }).result.settled).toBeGreaterThanOrEqual(1);
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 4_500n, pending: 0n });
  });
});
