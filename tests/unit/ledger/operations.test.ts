import { afterEach, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { convertFunds } from "@/lib/ledger/convert-funds";
import { creditCollectPending } from "@/lib/ledger/credit-collect-pending";
import { finalisePayout } from "@/lib/ledger/finalise-payout";
import { fundSandboxWallet } from "@/lib/ledger/fund-sandbox-wallet";
import { grantCredit } from "@/lib/ledger/grant-credit";
import { holdPayout } from "@/lib/ledger/hold-payout";
import { moveFunds } from "@/lib/ledger/move-funds";
import { reconcileLedger } from "@/lib/ledger/reconcile-ledger";
import { releasePayout } from "@/lib/ledger/release-payout";
import { runSettlement, settleDuePending } from "@/lib/ledger/settle-due-pending";
import { newId } from "@/lib/ids";
import { fund, inTx, wallet } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";

const env = "sandbox" as const;
const clean = async (merchantId: string) => expect((await reconcileLedger({ merchantIds: [merchantId] })).ok).toBe(true);
const platformBalance = async (accountId: string) => {
  const r = await (await getPrisma()).ledgerPosting.aggregate({ where: { accountId }, _sum: { amount: true } });
  return r._sum.amount ?? 0n;
};

afterEach(() => {
  delete process.env.SANDBOX_SETTLEMENT_DELAY_SECONDS;
});

describe("collect credit and settlement", () => {
  it("credits gross − fee to collect.pending, the fee to revenue, due after the sandbox delay", async () => {
    process.env.SANDBOX_SETTLEMENT_DELAY_SECONDS = "120";
    const { merchant } = await createTestMerchant();
    const txn = newId("txn");
    const { entry, net, dueAt } = await inTx((tx) =>
      creditCollectPending(tx, { environment: env, merchantId: merchant.id, reference: txn, provider: "wave", currency: "XOF", gross: 10_000n, fee: 150n }),
    );
    expect(net).toBe(9_850n);
    expect(dueAt!.getTime() - entry.createdAt.getTime()).toBe(120_000);
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 0n, pending: 9_850n });
    const postings = await (await getPrisma()).ledgerPosting.findMany({ where: { entryId: entry.id }, orderBy: { amount: "asc" } });
    expect(postings.map((p) => [p.accountId, p.bucket, p.amount])).toEqual([
      ["p:sandbox:XOF:provider_clearing:wave", "available", -10_000n],
      ["p:sandbox:XOF:fee_revenue", "available", 150n],
      [`m:${merchant.id}:sandbox:XOF:collect`, "pending", 9_850n],
    ]);
    await clean(merchant.id);
  });

  it("credits a collect once however often its success is reported", async () => {
    const { merchant } = await createTestMerchant();
    const input = { environment: env, merchantId: merchant.id, reference: newId("txn"), provider: "wave", currency: "XOF" as const, gross: 5_000n, fee: 0n };
    const first = await inTx((tx) => creditCollectPending(tx, input));
    const again = await inTx((tx) => creditCollectPending(tx, input));
    expect(again.entry).toEqual({ ...first.entry, created: false });
    expect(again.dueAt).toEqual(first.dueAt);
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 0n, pending: 5_000n });
    await clean(merchant.id);
  });

  it("settles only what is due, exactly once", async () => {
    const { merchant } = await createTestMerchant();
    // In the future, so that no real-time sweep (another test file on a shared database) settles them first.
    const now = Date.now() + 24 * 3_600_000;
    const credit = (gross: bigint, dueInMs: number) =>
      inTx((tx) =>
        creditCollectPending(tx, {
          environment: env, merchantId: merchant.id, reference: newId("txn"), provider: "orange", currency: "XOF", gross, fee: 0n, dueAt: new Date(now + dueInMs),
        }),
      );
    await credit(1_000n, -1_000);
    await credit(2_000n, 0);
    await credit(4_000n, 3_600_000);
    // Scoped to this merchant: on a shared PostgreSQL, other files' credits are not ours to settle.
    const settle = (at: number) => inTx((tx) => settleDuePending(tx, { now: new Date(at), merchantId: merchant.id }));
    expect(await settle(now)).toBe(2);
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 3_000n, pending: 4_000n });
    expect(await settle(now)).toBe(0);
    expect(await settle(now + 3_599_999)).toBe(0);
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 3_000n, pending: 4_000n });
    expect(await runSettlement({ now: new Date(now + 3_600_000), merchantId: merchant.id })).toEqual({ settled: 1 });
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 7_000n, pending: 0n });
    const settlements = await (await getPrisma()).ledgerSettlement.findMany({ where: { accountId: `m:${merchant.id}:sandbox:XOF:collect` } });
    expect(settlements.every((s) => s.settledAt !== null && s.settleEntryId !== null)).toBe(true);
    await clean(merchant.id);
  });

  it("puts nothing in pending when the fee takes it all", async () => {
    const { merchant } = await createTestMerchant();
    const r = await inTx((tx) =>
      creditCollectPending(tx, { environment: env, merchantId: merchant.id, reference: newId("txn"), provider: "wave", currency: "XOF", gross: 100n, fee: 100n }),
    );
    expect(r).toMatchObject({ net: 0n, dueAt: null });
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 0n, pending: 0n });
  });
});

describe("payout holds", () => {
  const hold = (merchantId: string, payoutId: string, amount: bigint, fee: bigint, category: "collect" | "payout" = "collect") =>
    inTx((tx) => holdPayout(tx, { environment: env, merchantId, payoutId, currency: "XOF", category, amount, fee }));

  it("holds amount + fee at once and finalises: principal to the provider, fee to revenue", async () => {
    const { merchant } = await createTestMerchant();
    await fund(merchant.id, "XOF", 100_000n);
    const po = newId("po");
    const inFlightBefore = await platformBalance("p:sandbox:XOF:payouts_in_flight");
    const { hold: h } = await hold(merchant.id, po, 10_000n, 100n);
    expect(h).toMatchObject({ id: po, amount: 10_000n, fee: 100n, status: "held" });
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 89_900n, pending: 0n });
    expect((await platformBalance("p:sandbox:XOF:payouts_in_flight")) - inFlightBefore).toBe(10_100n);

    const fin = await inTx((tx) => finalisePayout(tx, { payoutId: po, provider: "wave" }));
    expect(fin.created).toBe(true);
    expect(await inTx((tx) => finalisePayout(tx, { payoutId: po, provider: "wave" }))).toEqual({ entryId: fin.entryId, created: false });
    const postings = await (await getPrisma()).ledgerPosting.findMany({ where: { entryId: fin.entryId }, orderBy: { amount: "asc" } });
    expect(postings.map((p) => [p.accountId, p.amount])).toEqual([
      ["p:sandbox:XOF:payouts_in_flight", -10_100n],
      ["p:sandbox:XOF:fee_revenue", 100n],
      ["p:sandbox:XOF:provider_clearing:wave", 10_000n],
    ]);
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 89_900n, pending: 0n });
    await expect(inTx((tx) => releasePayout(tx, { payoutId: po }))).rejects.toMatchObject({ code: "invalid_state" });
    await clean(merchant.id);
  });

  it("release returns everything held, fees included, once", async () => {
    const { merchant } = await createTestMerchant();
    await fund(merchant.id, "XOF", 20_000n, "payout");
    const po = newId("po");
    await hold(merchant.id, po, 19_000n, 1_000n, "payout");
    expect(await wallet(merchant.id, "XOF", "payout")).toEqual({ available: 0n, pending: 0n });
    const rel = await inTx((tx) => releasePayout(tx, { payoutId: po, reason: "provider_error" }));
    expect(await inTx((tx) => releasePayout(tx, { payoutId: po }))).toEqual({ entryId: rel.entryId, created: false });
    expect(await wallet(merchant.id, "XOF", "payout")).toEqual({ available: 20_000n, pending: 0n });
    await expect(inTx((tx) => finalisePayout(tx, { payoutId: po, provider: "wave" }))).rejects.toMatchObject({ code: "invalid_state" });
    await clean(merchant.id);
  });

  it("a hold is idempotent on the payout id and refuses what the wallet cannot cover", async () => {
    const { merchant } = await createTestMerchant();
    await fund(merchant.id, "XOF", 10_000n);
    const po = newId("po");
    const a = await hold(merchant.id, po, 9_000n, 1_000n);
    const b = await hold(merchant.id, po, 9_000n, 1_000n);
    expect(b.entry.created).toBe(false);
    expect(b.hold).toEqual(a.hold);
    await expect(hold(merchant.id, newId("po"), 1n, 0n)).rejects.toMatchObject({ code: "insufficient_balance" });
    expect(await (await getPrisma()).ledgerHold.count({ where: { accountId: { startsWith: `m:${merchant.id}:` } } })).toBe(1);
    await expect(inTx((tx) => finalisePayout(tx, { payoutId: "po_unknown", provider: "wave" }))).rejects.toMatchObject({ code: "not_found" });
  });

  it("finalises through the FX accounts when the provider was paid in another currency", async () => {
    const { merchant } = await createTestMerchant();
    await fund(merchant.id, "USD", 10_000n); // 100.00 USD
    const po = newId("po");
    await inTx((tx) => holdPayout(tx, { environment: env, merchantId: merchant.id, payoutId: po, currency: "USD", category: "collect", amount: 1_692n, fee: 17n }));
    const fin = await inTx((tx) => finalisePayout(tx, { payoutId: po, provider: "wave", sent: { currency: "XOF", amount: 10_000n } }));
    const postings = await (await getPrisma()).ledgerPosting.findMany({ where: { entryId: fin.entryId }, orderBy: [{ currency: "asc" }, { amount: "asc" }] });
    expect(postings.map((p) => [p.accountId, p.amount])).toEqual([
      ["p:sandbox:USD:payouts_in_flight", -1_709n],
      ["p:sandbox:USD:fee_revenue", 17n],
      ["p:sandbox:USD:fx", 1_692n],
      ["p:sandbox:XOF:fx", -10_000n],
      ["p:sandbox:XOF:provider_clearing:wave", 10_000n],
    ]);
    expect(await wallet(merchant.id, "USD")).toEqual({ available: 8_291n, pending: 0n });
    await clean(merchant.id);
  });
});

describe("sandbox funding, moves, credit, conversion", () => {
  it("funds the payout source category by default: collect when unified, payout when separate", async () => {
    const { merchant } = await createTestMerchant();
    const r1 = await inTx((tx) => fundSandboxWallet(tx, { environment: env, merchantId: merchant.id, currency: "XOF", amount: 500n }));
    expect(r1.category).toBe("collect");
    await (await getPrisma()).merchant.update({ where: { id: merchant.id }, data: { balanceMode: "separate" } });
    const r2 = await inTx((tx) => fundSandboxWallet(tx, { environment: env, merchantId: merchant.id, currency: "XOF", amount: 700n }));
    expect(r2.category).toBe("payout");
    expect(await wallet(merchant.id, "XOF", "collect")).toEqual({ available: 500n, pending: 0n });
    expect(await wallet(merchant.id, "XOF", "payout")).toEqual({ available: 700n, pending: 0n });
  });

  it("refuses sandbox funding in production and absurd amounts", async () => {
    const { merchant } = await createTestMerchant();
    const attempt = (environment: "sandbox" | "production", amount: bigint) =>
      inTx((tx) => fundSandboxWallet(tx, { environment, merchantId: merchant.id, currency: "XOF", amount })).catch((e: AppError) => e.code);
    expect(await attempt("production", 1n)).toBe("not_found");
    expect(await attempt("sandbox", 1_000_000_001n)).toBe("invalid_amount");
    expect(await attempt("sandbox", 0n)).toBe("invalid_amount");
  });

  it("moves collect → payout only in separate mode, never beyond collect.available", async () => {
    const { merchant } = await createTestMerchant();
    await fund(merchant.id, "XOF", 1_000n, "collect");
    const move = (amount: bigint) => inTx((tx) => moveFunds(tx, { environment: env, merchantId: merchant.id, currency: "XOF", amount }));
    await expect(move(100n)).rejects.toMatchObject({ code: "invalid_state" });
    await (await getPrisma()).merchant.update({ where: { id: merchant.id }, data: { balanceMode: "separate" } });
    await move(600n);
    await expect(move(401n)).rejects.toMatchObject({ code: "insufficient_balance" });
    expect(await wallet(merchant.id, "XOF", "collect")).toEqual({ available: 400n, pending: 0n });
    expect(await wallet(merchant.id, "XOF", "payout")).toEqual({ available: 600n, pending: 0n });
    await clean(merchant.id);
  });

  it("grants credit into credit.available with an audit row", async () => {
    const { merchant } = await createTestMerchant();
    await inTx((tx) => grantCredit(tx, { environment: env, merchantId: merchant.id, currency: "XOF", amount: 50_000n, reason: "launch", actor: "ops" }));
    expect(await wallet(merchant.id, "XOF", "credit")).toEqual({ available: 50_000n, pending: 0n });
    expect(await (await getPrisma()).auditLog.count({ where: { merchantId: merchant.id, action: "ledger.credit_granted" } })).toBe(1);
    await clean(merchant.id);
  });

  it("converts between two wallets through the FX accounts", async () => {
    const { merchant } = await createTestMerchant();
    await fund(merchant.id, "XAF", 100_000n);
    await fund(merchant.id, "XOF", 1_000n);
    await inTx((tx) =>
      convertFunds(tx, {
        environment: env, merchantId: merchant.id, category: "collect", from: { currency: "XAF", amount: 9_100n }, to: { currency: "XOF", amount: 9_100n }, idempotencyKey: `payout:${newId("po")}:fx_top_up`,
      }),
    );
    expect(await wallet(merchant.id, "XAF")).toEqual({ available: 90_900n, pending: 0n });
    expect(await wallet(merchant.id, "XOF")).toEqual({ available: 10_100n, pending: 0n });
    await clean(merchant.id);
  });
});
