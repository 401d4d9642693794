import { beforeAll, describe, expect, it } from "vitest";
import { listAudit } from "@/lib/audit/list-audit";
import { addTestFunds } from "@/lib/dashboard/balances";
import { cancelDashboardPayout } from "@/lib/dashboard/payouts";
import { refundFromDashboard } from "@/lib/dashboard/refunds";
import { inviteMember } from "@/lib/identity/team/invitations";
import { getPrisma } from "@/lib/db/client";
import { initiate as initiatePayout, recipient } from "../../helpers/payouts";
import { paidPayment } from "../../helpers/refunds";
import { ensureReferenceData } from "../../helpers/reference";
import { invitedMember, signedUpMerchant } from "../dashboard/helpers";

beforeAll(() => ensureReferenceData());

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
};

describe("audit rows of the dashboard's money actions", () => {
  it("a refund and a payout cancel from the dashboard are audited with who did them; a refused one writes nothing", async () => {
    const m = await signedUpMerchant();
    const finance = await invitedMember(m.scope, "finance");
    expect(await addTestFunds(m.scope, { currency: "XOF", amount: "100000" })).toMatchObject({ ok: true });
    const payment = await paidPayment(m.headers, 10_000);
    const prisma = await getPrisma();
    const count = () => prisma.auditLog.count({ where: { merchantId: m.scope.merchantId, action: { in: ["refund.created", "payout.cancelled"] } } });

    expect(await refundFromDashboard(finance.scope, formOf({ transactionId: payment.id, amount: "99999", confirm: "refund" }))).toMatchObject({ ok: false });
    expect(await count()).toBe(0);
    const refunded = await refundFromDashboard(finance.scope, formOf({ transactionId: payment.id, amount: "2500", confirm: "refund" }));
    expect(refunded.ok).toBe(true);

    const payout = await initiatePayout(m.headers, { amount: 5_000, method: "MOBILE_MONEY", mobileWallet: { provider: "orange" }, recipient: recipient(), externalReference: `audit-${Date.now()}` });
    expect(await cancelDashboardPayout(finance.scope, payout.json.transactionId)).toMatchObject({ ok: true });
    // A second cancel changes nothing, so it records nothing either.
    expect(await cancelDashboardPayout(finance.scope, payout.json.transactionId)).toMatchObject({ ok: true });

    const rows = await prisma.auditLog.findMany({ where: { merchantId: m.scope.merchantId, action: { in: ["refund.created", "payout.cancelled"] } }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => [r.action, r.actor, r.environment])).toEqual([
      ["refund.created", `dashboard:${finance.email}`, "sandbox"],
      ["payout.cancelled", `dashboard:${finance.email}`, "sandbox"],
    ]);
    expect(rows[0].details).toMatchObject({ paymentId: payment.id, amount: "2500", currency: "XOF" });
    expect(rows[1].details).toMatchObject({ payoutId: payout.json.transactionId });
  });
});

describe("listAudit", () => {
  it("filters by action (exact or area) and by actor, pages newest first, and shows only the merchant's rows", async () => {
    const m = await signedUpMerchant();
    const dev = await invitedMember(m.scope, "developer");
    await inviteMember(m.scope, { email: `x-${Date.now()}@test.local`, role: "viewer" });
    const other = await signedUpMerchant();
    await inviteMember(other.scope, { email: `y-${Date.now()}@test.local`, role: "viewer" });

    const all = await listAudit(m.scope);
    expect(all.rows.map((r) => r.action)).toEqual(["team.member_invited", "team.member_joined", "team.member_invited"]);
    const joined = await listAudit(m.scope, { action: "team.member_joined" });
    expect(joined.rows.map((r) => r.actor)).toEqual([`dashboard:${dev.email}`]);
    expect((await listAudit(m.scope, { action: "team." })).rows).toHaveLength(3);
    expect((await listAudit(m.scope, { action: "two_factor." })).rows).toHaveLength(0);
    expect((await listAudit(m.scope, { actor: m.email.toUpperCase() })).rows.map((r) => r.action)).toEqual(["team.member_invited", "team.member_invited"]);

    const first = await listAudit(m.scope, { limit: 2 });
    expect(first.rows).toHaveLength(2);
    const rest = await listAudit(m.scope, { limit: 2, before: first.next! });
    expect([...first.rows, ...rest.rows].map((r) => r.id)).toEqual(all.rows.map((r) => r.id));
    expect(rest.next).toBeNull();
  });
});
