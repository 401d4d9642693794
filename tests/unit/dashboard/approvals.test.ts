import { generate } from "otplib";
import { beforeAll, describe, expect, it } from "vitest";
import { getApprovalsPage, decideDashboardApproval, saveApprovalThresholds } from "@/lib/dashboard/approvals";
import { addTestFunds } from "@/lib/dashboard/balances";
import { confirmBulkCsv, getDashboardBulk, previewBulkCsv } from "@/lib/dashboard/bulk-payouts";
import { cancelDashboardPayout } from "@/lib/dashboard/payouts";
import { confirmSendMoney, reviewSendMoney } from "@/lib/dashboard/send-money";
import type { DashboardMember } from "@/lib/dashboard/scope";
import { confirmTwoFactorEnrolment, startTwoFactorEnrolment } from "@/lib/identity/two-factor/manage-two-factor";
import { getPrisma } from "@/lib/db/client";
import { submitOrder } from "@/lib/orders/orders";
import { approvalNeeded, approvalTotals } from "@/lib/payouts/approvals";
import { wallet } from "../../helpers/ledger";
import { ensureReferenceData } from "../../helpers/reference";
import { invitedMember, signedUpMerchant } from "./helpers";

beforeAll(() => ensureReferenceData());

const en = { locale: "en" as const, timeZone: "UTC" };

/** Send money as `scope` would in the form: review, then confirm. */
async function send(scope: DashboardMember, amount: string, phone = "77 000 00 12") {
  const reviewed = await reviewSendMoney(scope, { payTo: "wallet", country: "SN", phone, operator: "auto", name: "Awa Diop", amount, currency: "XOF" }, en);
  if (!reviewed.ok) throw new Error(reviewed.error);
  const sent = await confirmSendMoney(scope, { ...reviewed.data.values, quoteId: reviewed.data.quoteId, confirm: "yes" }, en);
  if (!sent.ok) throw new Error(sent.error);
  return { review: reviewed.data, ...sent.data };
}

const jobsFor = async (payoutId: string) => (await getPrisma()).job.count({ where: { type: "payout.submit", dedupeKey: `payout.submit:${payoutId}` } });

describe("payout approvals (maker–checker)", () => {
  it("the rule is strictly above a threshold, per currency; no threshold, no approval", () => {
    const limits = new Map([["XOF", 50_000n]]);
    expect(approvalNeeded(limits, approvalTotals([{ amount: 50_000n, currency: "XOF" }]))).toBe(false);
    expect(approvalNeeded(limits, approvalTotals([{ amount: 30_000n, currency: "XOF" }, { amount: 30_000n, currency: "XOF" }]))).toBe(true);
    expect(approvalNeeded(limits, approvalTotals([{ amount: 9_000_000n, currency: "XAF" }]))).toBe(false);
    expect(approvalNeeded(new Map([["XOF", 0n]]), approvalTotals([{ amount: 1n, currency: "XOF" }]))).toBe(true);
  });

  it("above the threshold a payout is held, not sent; the maker cannot approve it; the approver's step-up code is checked; approving sends it once; rejecting returns the money", async () => {
    const owner = await signedUpMerchant();
    const finance = await invitedMember(owner.scope, "finance");
    const prisma = await getPrisma();
    await addTestFunds(owner.scope, { currency: "XOF", amount: "1000000" });
    expect(await saveApprovalThresholds(owner.scope, { threshold_XOF: "abc" }, en)).toMatchObject({ ok: false, fieldErrors: { threshold_XOF: expect.any(String) } });
    expect(await saveApprovalThresholds(owner.scope, { threshold_XOF: "50 000" }, en)).toEqual({ ok: true, data: { saved: 1 } });

    // Below: sent at once.
    const small = await send(finance.scope, "10000");
    expect(small.awaitingApproval).toBe(false);
    expect(await jobsFor(small.payoutId)).toBe(1);

    // Above: the review says so; the payout is pending with its funds held, and never submitted.
    const big = await send(finance.scope, "100 000");
    expect(big.review.approvalAbove).toBe("XOF\u00A050,000");
    expect(big.awaitingApproval).toBe(true);
    const held = await prisma.payout.findUniqueOrThrow({ where: { id: big.payoutId } });
    expect(held).toMatchObject({ status: "pending", awaitingApproval: true });
    expect(await jobsFor(big.payoutId)).toBe(0);
    await submitOrder(big.payoutId);
    expect(await prisma.payout.findUniqueOrThrow({ where: { id: big.payoutId } })).toMatchObject({ status: "pending", providerRequestRef: null });
    const smallRow = await prisma.payout.findUniqueOrThrow({ where: { id: small.payoutId } });
    expect((await wallet(owner.scope.merchantId, "XOF")).available).toBe(1_000_000n - smallRow.debitAmount - held.debitAmount);

    const page = await getApprovalsPage(finance.scope, en);
    expect(page.cards).toHaveLength(1);
    expect(page.cards[0]).toMatchObject({ kind: "payout", mine: true, totals: ["XOF\u00A0100,000"], requestedEmail: finance.email });
    const approvalId = page.cards[0].id;
    // The maker cannot decide their own.
    expect(await decideDashboardApproval(finance.scope, { approvalId, decision: "approve" }, en)).toMatchObject({ ok: false, code: "forbidden" });

    // The owner has two-factor: a wrong code decides nothing; the right one approves.
    const started = await startTwoFactorEnrolment(owner.scope);
    if (!started.ok) throw new Error(started.error);
    const now = new Date();
    const enrolledAt = new Date(now.getTime() - 60_000);
    await confirmTwoFactorEnrolment(owner.scope, { code: await generate({ secret: started.data.secret, epoch: Math.floor(enrolledAt.getTime() / 1000) }) }, enrolledAt);
    const ownerScope = { ...owner.scope, twoFactorEnabled: true };
    expect(await decideDashboardApproval(ownerScope, { approvalId, decision: "approve", code: "000000" }, en)).toMatchObject({ ok: false, code: "wrong_code", fieldErrors: { code: expect.any(String) } });
    expect(await jobsFor(big.payoutId)).toBe(0);
    const code = await generate({ secret: started.data.secret, epoch: Math.floor(now.getTime() / 1000) });
    expect(await decideDashboardApproval(ownerScope, { approvalId, decision: "approve", code }, { ...en, now })).toEqual({ ok: true, data: { approvalId, decision: "approve" } });
    expect(await prisma.payout.findUniqueOrThrow({ where: { id: big.payoutId } })).toMatchObject({ awaitingApproval: false });
    expect(await jobsFor(big.payoutId)).toBe(1);
    // Decided once: again is refused, and the same code would not pass twice anyway.
    expect(await decideDashboardApproval(ownerScope, { approvalId, decision: "reject", code }, { ...en, now })).toMatchObject({ ok: false });
    const audit = await prisma.auditLog.findMany({ where: { merchantId: owner.scope.merchantId, action: { in: ["payout.approval_requested", "payout.approved", "payout.approval_threshold_set"] } }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.action, a.actor])).toEqual([
      ["payout.approval_threshold_set", `dashboard:${owner.email}`],
      ["payout.approval_requested", `dashboard:${finance.email}`],
      ["payout.approved", `dashboard:${owner.email}`],
    ]);

    // The owner as maker, finance (no two-factor) rejects: cancelled, the money back.
    const before = (await wallet(owner.scope.merchantId, "XOF")).available;
    const other = await send(owner.scope, "60000");
    expect((await wallet(owner.scope.merchantId, "XOF")).available).toBeLessThan(before);
    const [card] = (await getApprovalsPage(finance.scope, en)).cards;
    expect(await decideDashboardApproval(finance.scope, { approvalId: card.id, decision: "reject", note: "wrong amount" }, en)).toMatchObject({ ok: true });
    expect(await prisma.payout.findUniqueOrThrow({ where: { id: other.payoutId } })).toMatchObject({ status: "cancelled", awaitingApproval: true });
    expect((await wallet(owner.scope.merchantId, "XOF")).available).toBe(before);
    expect(await prisma.payoutApproval.findUniqueOrThrow({ where: { id: card.id } })).toMatchObject({ status: "rejected", note: "wrong amount", decidedEmail: finance.email });

    // The maker withdraws one (cancel): its approval closes with it.
    const third = await send(finance.scope, "70000");
    expect(await cancelDashboardPayout(finance.scope, third.payoutId)).toMatchObject({ ok: true });
    expect(await prisma.payoutApproval.findFirstOrThrow({ where: { payoutId: third.payoutId } })).toMatchObject({ status: "cancelled" });
    expect((await getApprovalsPage(owner.scope, en)).cards).toEqual([]);
  });

  it("a bulk: the preview's totals, fees and balance after; refused whole when the balance does not cover it; above the threshold held, each row with its recipient, sent on approval", async () => {
    const owner = await signedUpMerchant();
    const finance = await invitedMember(owner.scope, "finance");
    const prisma = await getPrisma();
    await addTestFunds(owner.scope, { currency: "XOF", amount: "50000" });
    const csv = ["externalReference,amount,recipientPhone,recipientName,provider", "b-1,30000,+221770000012,Awa Diop,orange", "b-2,30000,+221770000013,Moussa Ndiaye,orange", "b-3,1000,+2217700,Bad,orange"].join("\n");
    const short = await previewBulkCsv(finance.scope, { csv, atomic: false });
    if (!short.ok) throw new Error(short.error);
    // Only the row the balance covers is counted; the uncovered and the invalid rows are left out.
    expect(short.data.summary).toMatchObject({ count: 1, leftOut: 2, covered: false, needsApproval: false, totals: ["XOF\u00A030,000"], fees: ["XOF\u00A0300"], debits: ["XOF\u00A030,300"] });
    expect(short.data.summary?.balances).toEqual([{ currency: "XOF", before: "XOF\u00A050,000", after: "XOF\u00A019,700" }]);
    // 50,000 − 30,300 = 19,700 left; the second row needs 30,300: 10,600 missing.
    expect(short.data.summary?.short).toEqual(["XOF\u00A010,600"]);
    expect(await confirmBulkCsv(finance.scope, { csv, atomic: false, requestKey: short.data.requestKey })).toMatchObject({ ok: false, code: "INSUFFICIENT_BALANCE" });
    expect(await prisma.payout.count({ where: { merchantId: owner.scope.merchantId } })).toBe(0);

    await addTestFunds(owner.scope, { currency: "XOF", amount: "50000" });
    await saveApprovalThresholds(owner.scope, { threshold_XOF: "50000" }, en);
    const preview = await previewBulkCsv(finance.scope, { csv, atomic: false }, { locale: "fr" });
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.data.summary).toMatchObject({ count: 2, leftOut: 1, covered: true, needsApproval: true, totals: ["60\u202F000\u00A0XOF"], fees: ["600\u00A0XOF"], debits: ["60\u202F600\u00A0XOF"] });
    expect(preview.data.summary?.balances).toEqual([{ currency: "XOF", before: "100\u202F000\u00A0XOF", after: "39\u202F400\u00A0XOF" }]);
    const sent = await confirmBulkCsv(finance.scope, { csv, atomic: false, requestKey: preview.data.requestKey });
    if (!sent.ok) throw new Error(sent.error);
    expect(sent.data.awaitingApproval).toBe(true);
    const bulk = (await getDashboardBulk(owner.scope, sent.data.bulkId))!;
    expect(bulk.approval?.status).toBe("pending");
    expect(bulk.items.map((i) => [i.status, i.recipientName, i.destination, i.awaitingApproval])).toEqual([
      ["pending", "Awa Diop", "+221770000012", true],
      ["pending", "Moussa Ndiaye", "+221770000013", true],
      ["rejected", null, null, false],
    ]);
    const payoutIds = bulk.items.flatMap((i) => (i.payoutId ? [i.payoutId] : []));
    expect(await prisma.job.count({ where: { type: "payout.submit", dedupeKey: { in: payoutIds.map((id) => `payout.submit:${id}`) } } })).toBe(0);
    expect(await decideDashboardApproval(owner.scope, { approvalId: bulk.approval!.id, decision: "approve" }, en)).toMatchObject({ ok: true });
    expect(await prisma.job.count({ where: { type: "payout.submit", dedupeKey: { in: payoutIds.map((id) => `payout.submit:${id}`) } } })).toBe(2);
  });
});
