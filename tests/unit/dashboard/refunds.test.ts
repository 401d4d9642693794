import { beforeAll, describe, expect, it } from "vitest";
import { addTestFunds } from "@/lib/dashboard/balances";
import { getDashboardPayment } from "@/lib/dashboard/payments";
import { refundFromDashboard } from "@/lib/dashboard/refunds";
import { getPrisma } from "@/lib/db/client";
import { paidPayment } from "../../helpers/refunds";
import { ensureReferenceData } from "../../helpers/reference";
import { signedUpMerchant } from "./helpers";

beforeAll(() => ensureReferenceData());

const formOf = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
};

describe("dashboard refund action", () => {
  it("needs the confirmation; refunds through createRefund; the page lists it; another merchant's payment is refused", async () => {
    const m = await signedUpMerchant();
    expect(await addTestFunds(m.scope, { currency: "XOF", amount: "100000" })).toMatchObject({ ok: true });
    const payment = await paidPayment(m.headers, 10_000);

    const unconfirmed = await refundFromDashboard(m.scope, formOf({ transactionId: payment.id, amount: "2000" }));
    expect(unconfirmed).toMatchObject({ ok: false, code: "validation_error", fieldErrors: { confirm: expect.stringContaining("confirm") } });
    expect(await (await getPrisma()).refund.count({ where: { paymentId: payment.id } })).toBe(0);

    const tooMuch = await refundFromDashboard(m.scope, formOf({ transactionId: payment.id, amount: "10 001", confirm: "refund" }));
    expect(tooMuch).toMatchObject({ ok: false, code: "invalid_amount", fieldErrors: { amount: expect.stringMatching(/^At most XOF.10,000 is left to refund\.$/) } });
    // In French, on the same field, without the API's transaction id.
    const tooMuchFr = await refundFromDashboard(m.scope, formOf({ transactionId: payment.id, amount: "10 001", confirm: "refund" }), "fr");
    expect(tooMuchFr).toMatchObject({ fieldErrors: { amount: expect.stringMatching(/^Il reste au plus 10.000.(FCFA|XOF) à rembourser\.$/) } });
    expect(JSON.stringify(tooMuchFr)).not.toContain(payment.id);

    // The dashboard's one typed-amount rule: "1,000" could be 1 or 1000 XOF, so it is refused, not guessed.
    const ambiguous = await refundFromDashboard(m.scope, formOf({ transactionId: payment.id, amount: "1,000", confirm: "refund" }));
    expect(ambiguous).toMatchObject({ ok: false, fieldErrors: { amount: expect.stringContaining("could be read two ways") } });

    const done = await refundFromDashboard(m.scope, formOf({ transactionId: payment.id, amount: "2\u202F000", reason: " Damaged ", confirm: "refund" }));
    expect(done).toMatchObject({ ok: true, data: { transactionId: payment.id, refundId: expect.stringMatching(/^rf_/) } });
    const detail = await getDashboardPayment(m.scope, payment.id);
    expect(detail?.refunds.map((r) => [r.amount, r.reason, r.status])).toEqual([[2_000n, "Damaged", "pending"]]);

    const other = await signedUpMerchant();
    expect(await refundFromDashboard(other.scope, formOf({ transactionId: payment.id, confirm: "refund" }))).toMatchObject({ ok: false, code: "not_found" });
  });
});
