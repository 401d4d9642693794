import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { chargeLateSuccess } from "@/lib/ledger/charge-late-success";
import { finalisePayout } from "@/lib/ledger/finalise-payout";
import { holdPayout } from "@/lib/ledger/hold-payout";
import { reconcileLedger } from "@/lib/ledger/reconcile-ledger";
import { releasePayout } from "@/lib/ledger/release-payout";
import { reversePayout } from "@/lib/ledger/reverse-payout";
import { fund, inTx, wallet } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";

/**
 * A paid payout the operator returned (docs/decisions/payout-reversals.md): the principal comes
 * back to the wallet at the rate it left, the fee stays earned, in one entry, at most once.
 */
const postingsOf = async (entryId: string) =>
  (await (await getPrisma()).ledgerPosting.findMany({ where: { entryId }, orderBy: [{ amount: "asc" }, { accountId: "asc" }] })).map((p) => [p.accountId, p.amount]);

async function heldPayout(merchantId: string, amount = 10_000n, fee = 100n) {
  const payoutId = newId("po");
  await inTx((tx) => holdPayout(tx, { environment: "sandbox", merchantId, payoutId, currency: "XOF", category: "collect", amount, fee }));
  return payoutId;
}

describe("reversePayout", () => {
  it("a finalised payout: provider clearing gives the principal back to the wallet; the fee stays earned; at most once", async () => {
    const { merchant } = await createTestMerchant();
    await fund(merchant.id, "XOF", 50_000n);
    const payoutId = await heldPayout(merchant.id);
    await inTx((tx) => finalisePayout(tx, { payoutId, provider: "wave" }));
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 39_900n, pending: 0n });
    const reversed = await inTx((tx) => reversePayout(tx, { payoutId, provider: "wave" }));
    expect(reversed).toMatchObject({ created: true, credited: 10_000n });
    expect(await postingsOf(reversed.entryId)).toEqual([
      ["p:sandbox:XOF:provider_clearing:wave", -10_000n],
      [`m:${merchant.id}:sandbox:XOF:collect`, 10_000n],
    ]);
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 49_900n, pending: 0n });
    expect(await inTx((tx) => reversePayout(tx, { payoutId, provider: "wave" }))).toMatchObject({ entryId: reversed.entryId, created: false });
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 49_900n, pending: 0n });
    expect((await reconcileLedger({ merchantIds: [merchant.id] })).ok).toBe(true);
  });

  it("paid in another currency: the principal comes back through the FX accounts at the rate it left", async () => {
    const { merchant } = await createTestMerchant();
    await fund(merchant.id, "XOF", 50_000n);
    const payoutId = await heldPayout(merchant.id, 6_560n, 0n);
    const sent = { currency: "EUR" as const, amount: 1_000n };
    await inTx((tx) => finalisePayout(tx, { payoutId, provider: "bank", sent }));
    const reversed = await inTx((tx) => reversePayout(tx, { payoutId, provider: "bank", sent }));
    expect(await postingsOf(reversed.entryId)).toEqual([
      ["p:sandbox:XOF:fx", -6_560n],
      ["p:sandbox:EUR:provider_clearing:bank", -1_000n],
      ["p:sandbox:EUR:fx", 1_000n],
      [`m:${merchant.id}:sandbox:XOF:collect`, 6_560n],
    ]);
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 50_000n, pending: 0n });
    expect((await reconcileLedger({ merchantIds: [merchant.id] })).ok).toBe(true);
  });

  it("after a late success the wallet could not cover: the principal repays this payout's receivable first, the rest reaches the wallet", async () => {
    const { merchant } = await createTestMerchant();
    await fund(merchant.id, "XOF", 10_100n);
    const payoutId = await heldPayout(merchant.id);
    await inTx((tx) => releasePayout(tx, { payoutId, reason: "provider_error" }));
    await heldPayout(merchant.id, 6_000n, 100n); // spent meanwhile: 4,000 left
    const charged = await inTx((tx) => chargeLateSuccess(tx, { holdId: payoutId, provider: "wave" }));
    expect(charged.shortfall).toBe(6_100n);
    const reversed = await inTx((tx) => reversePayout(tx, { payoutId, provider: "wave" }));
    expect(reversed.credited).toBe(3_900n);
    expect(await postingsOf(reversed.entryId)).toEqual([
      ["p:sandbox:XOF:provider_clearing:wave", -10_000n],
      [`m:${merchant.id}:sandbox:XOF:collect`, 3_900n],
      ["p:sandbox:XOF:merchant_receivable", 6_100n],
    ]);
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 3_900n, pending: 0n });
    expect((await reconcileLedger({ merchantIds: [merchant.id] })).ok).toBe(true);
  });

  it("refuses a payout that was never paid: a hold still held, or released without a late success", async () => {
    const { merchant } = await createTestMerchant();
    await fund(merchant.id, "XOF", 50_000n);
    const held = await heldPayout(merchant.id);
    await expect(inTx((tx) => reversePayout(tx, { payoutId: held, provider: "wave" }))).rejects.toThrow(/only a paid payout is reversed; its hold is held/);
    const released = await heldPayout(merchant.id);
    await inTx((tx) => releasePayout(tx, { payoutId: released }));
    await expect(inTx((tx) => reversePayout(tx, { payoutId: released, provider: "wave" }))).rejects.toThrow(/its hold is released/);
  });
});
