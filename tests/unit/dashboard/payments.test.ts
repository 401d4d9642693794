import { beforeAll, describe, expect, it } from "vitest";
import { getDashboardPayment, listDashboardPayments, resendDashboardWebhook } from "@/lib/dashboard/payments";
import { DASHBOARD_COUNT_UP_TO } from "@/lib/dashboard/list-count";
import { seedBenchPayments } from "@/lib/dashboard/seed-bench-payments";
import { getPrisma } from "@/lib/db/client";
import { listTransactions } from "@/lib/payments/list-transactions";
import { directBody, initiatePayment, uniqueRef } from "../../helpers/payments";
import { recordStatements } from "../../helpers/record-statements";
import { ensureReferenceData } from "../../helpers/reference";
import { signedUpMerchant } from "./helpers";

beforeAll(() => ensureReferenceData());

async function merchantWithPayment() {
  const m = await signedUpMerchant();
  const res = await initiatePayment(m.headers, directBody());
  expect(res.status).toBe(201);
  return { ...m, paymentId: res.json.data.transactionId as string, reference: res.json.data.externalReference as string };
}

describe("payments pages", () => {
  it("lists only the session merchant's payments, with the API's filters", async () => {
    const a = await merchantWithPayment();
    const b = await merchantWithPayment();
    const listA = await listDashboardPayments(a.scope, {});
    expect(listA.data.map((p) => p.transactionId)).toEqual([a.paymentId]);
    expect(listA.meta.total).toBe(1);
    expect((await listDashboardPayments(a.scope, { externalReference: b.reference })).data).toEqual([]);
    expect((await listDashboardPayments(a.scope, { status: "pending", externalReference: a.reference, provider: "orange" })).data).toHaveLength(1);
    expect((await listDashboardPayments(a.scope, { status: "success" })).data).toHaveLength(0);
    // Empty form fields mean "any".
    expect((await listDashboardPayments(a.scope, { status: "", provider: " " })).data).toHaveLength(1);
  });

  it("past 10,000 matching payments the dashboard says 10000+ instead of counting them all; the API still counts exactly", async () => {
    const a = await signedUpMerchant();
    const scope = { environment: a.scope.environment, merchant: { id: a.scope.merchantId } };
    const already = (await listTransactions(scope, { page: 1, limit: 20 } as never)).meta.total;
    await seedBenchPayments(a.scope.merchantId, DASHBOARD_COUNT_UP_TO + 5);
    const list = await listDashboardPayments(a.scope, {});
    expect(list.meta).toMatchObject({ total: 10_000, totalIsLowerBound: true, totalPages: 501, page: 1 });
    expect(list.data).toHaveLength(20);
    // The deepest page a page number reaches still answers.
    expect((await listDashboardPayments(a.scope, { page: "501" })).data.length).toBeGreaterThan(0);
    expect((await listTransactions(scope, { page: 1, limit: 20 } as never)).meta).toEqual({ total: already + 10_006, page: 1, limit: 20, totalPages: Math.ceil((already + 10_006) / 20) });
    // Under the cap the count is exact and not flagged.
    const small = await merchantWithPayment();
    expect((await listDashboardPayments(small.scope, {})).meta).toEqual({ total: 1, page: 1, limit: 20, totalPages: 1 });
    // Writing 10,005 payments into the embedded PGlite takes 10–35 s of one core, by how busy the
    // machine is (CI runs the browser tests beside this suite).
  }, 240_000);

  it("a list view is two statements, whatever the filters and the depth: the page with its rows, and the counts", async () => {
    const a = await merchantWithPayment();
    for (const filters of [{}, { status: "pending", page: "1" }, { status: "success", page: "50" }]) {
      const { result, statements } = await recordStatements(() => listDashboardPayments(a.scope, filters));
      expect(result.fieldErrors).toEqual({});
      expect(statements.map((sql) => (/^WITH page AS/i.test(sql) ? "page" : /^SELECT \(SELECT count/i.test(sql) ? "counts" : sql)).sort()).toEqual(["counts", "page"]);
    }
  });

  it("shows the filters' validation errors instead of failing", async () => {
    const a = await signedUpMerchant();
    const bad = await listDashboardPayments(a.scope, { status: "paid", startDate: "2026-13-01", page: "0" });
    expect(Object.keys(bad.fieldErrors).sort()).toEqual(["page", "startDate", "status"]);
    expect(bad.data).toEqual([]);
    const reversed = await listDashboardPayments(a.scope, { startDate: "2026-05-02", endDate: "2026-05-01" });
    expect(reversed.fieldErrors.startDate).toBe("startDate must not be after endDate");
  });

  it("the detail has the timeline and the webhook events; another merchant's payment is not found", async () => {
    const a = await merchantWithPayment();
    const b = await signedUpMerchant();
    const detail = await getDashboardPayment(a.scope, a.paymentId);
    expect(detail?.payment.id).toBe(a.paymentId);
    expect(detail?.timeline.map((c) => c.toStatus)).toEqual(["pending"]);
    expect(detail?.webhooks.map((e) => e.type)).toEqual(["payment.pending"]);
    expect(await getDashboardPayment(b.scope, a.paymentId)).toBeNull();
    expect(await getDashboardPayment({ ...a.scope, environment: "production" }, a.paymentId)).toBeNull();
  });

  it("a checkout not paid yet gives its page to copy until it expires; a direct payment and an expired checkout do not", async () => {
    const a = await signedUpMerchant();
    const res = await initiatePayment(a.headers, { type: "checkout", amount: 5000, currency: "XOF", externalReference: uniqueRef("co") });
    expect(res.status).toBe(201);
    const id = res.json.data.transactionId as string;
    const detail = await getDashboardPayment(a.scope, id);
    expect(detail?.checkout?.url).toBe(res.json.data.redirectUrl);
    expect(detail?.paymentLink).toBeNull();
    await (await getPrisma()).payment.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await getDashboardPayment(a.scope, id))?.checkout).toBeNull();
    const direct = await merchantWithPayment();
    expect((await getDashboardPayment(direct.scope, direct.paymentId))?.checkout).toBeNull();
  });

  it("resend: another merchant's event is not found; a malformed id is a validation error", async () => {
    const a = await merchantWithPayment();
    const b = await signedUpMerchant();
    const event = (await getDashboardPayment(a.scope, a.paymentId))!.webhooks[0];
    expect(await resendDashboardWebhook(b.scope, event.id)).toMatchObject({ ok: false, code: "not_found" });
    expect(await resendDashboardWebhook(a.scope, "../../etc")).toMatchObject({ ok: false, code: "validation_error" });
    // A has no URL and the payment no callbackUrl: refused with a readable reason.
    const own = await resendDashboardWebhook(a.scope, event.id);
    expect(own).toMatchObject({ ok: false, code: "invalid_state" });
    const attempts = await (await getPrisma()).webhookDeliveryAttempt.count({ where: { eventId: event.id } });
    expect(attempts).toBe(0);
  });
});
