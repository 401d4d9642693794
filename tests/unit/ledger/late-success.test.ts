import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { chargeLateSuccess } from "@/lib/ledger/charge-late-success";
import { holdPayout } from "@/lib/ledger/hold-payout";
import { reconcileLedger } from "@/lib/ledger/reconcile-ledger";
import { releasePayout } from "@/lib/ledger/release-payout";
import { fund, inTx, wallet } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";

/**
 * A payout released on the operator's failure and then reported paid (docs/decisions/late-success-after-failure.md):
 * one entry takes it again from the wallet as far as it goes, the rest owed to us; never a negative balance.
 */
const postingsOf = async (entryId: string) =>
  (await (await getPrisma()).ledgerPosting.findMany({ where: { entryId }, orderBy: { amount: "asc" } })).map((p) => [p.accountId, p.amount]);

async function releasedPayout(merchantId: string) {
  const payoutId = newId("po");
  await inTx((tx) => holdPayout(tx, { environment: "sandbox", merchantId, payoutId, currency: "XOF", category: "collect", amount: 10_000n, fee: 100n }));
  await inTx((tx) => releasePayout(tx, { payoutId, reason: "account_not_found" }));
  return payoutId;
}

describe("chargeLateSuccess", () => {
  it("the wallet covers it: taken from available, principal to provider clearing, fee to revenue; at most once", async () => {
    const { merchant } = await createTestMerchant();
    await fund(merchant.id, "XOF", 50_000n);
    const payoutId = await releasedPayout(merchant.id);
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 50_000n, pending: 0n });
    const charged = await inTx((tx) => chargeLateSuccess(tx, { holdId: payoutId, provider: "orange" }));
    expect(charged).toMatchObject({ created: true, shortfall: 0n });
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 39_900n, pending: 0n });
    expect(await postingsOf(charged.entryId)).toEqual([
      [`m:${merchant.id}:sandbox:XOF:collect`, -10_100n],
      ["p:sandbox:XOF:fee_revenue", 100n],
      ["p:sandbox:XOF:provider_clearing:orange", 10_000n],
    ]);
    const again = await inTx((tx) => chargeLateSuccess(tx, { holdId: payoutId, provider: "orange" }));
    expect(again).toMatchObject({ entryId: charged.entryId, created: false });
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 39_900n, pending: 0n });
    expect((await reconcileLedger({ merchantIds: [merchant.id] })).ok).toBe(true);
  });

  it("the wallet was spent meanwhile: what is there is taken, the rest is a receivable; the balance never goes negative", async () => {
    const { merchant } = await createTestMerchant();
    await fund(merchant.id, "XOF", 10_100n);
    const payoutId = await releasedPayout(merchant.id);
    // Spent meanwhile: another payout holds all but 4,000.
    await inTx((tx) => holdPayout(tx, { environment: "sandbox", merchantId: merchant.id, payoutId: newId("po"), currency: "XOF", category: "collect", amount: 6_000n, fee: 100n }));
    const charged = await inTx((tx) => chargeLateSuccess(tx, { holdId: payoutId, provider: "orange" }));
    expect(charged.shortfall).toBe(6_100n);
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 0n, pending: 0n });
    expect(await postingsOf(charged.entryId)).toEqual([
      ["p:sandbox:XOF:merchant_receivable", -6_100n],
      [`m:${merchant.id}:sandbox:XOF:collect`, -4_000n],
      ["p:sandbox:XOF:fee_revenue", 100n],
      ["p:sandbox:XOF:provider_clearing:orange", 10_000n],
    ]);
    expect((await reconcileLedger({ merchantIds: [merchant.id] })).ok).toBe(true);
  });

  it("refuses a hold that was not released (held or finalised): nothing to charge again", async () => {
    const { merchant } = await createTestMerchant();
    await fund(merchant.id, "XOF", 50_000n);
    const payoutId = newId("po");
    await inTx((tx) => holdPayout(tx, { environment: "sandbox", merchantId: merchant.id, payoutId, currency: "XOF", category: "collect", amount: 1_000n, fee: 0n }));
    await expect(inTx((tx) => chargeLateSuccess(tx, { holdId: payoutId, provider: "orange" }))).rejects.toThrow(/charges a released hold, this one is held/);
  });
});
