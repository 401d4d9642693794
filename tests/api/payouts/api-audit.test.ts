import { beforeAll, describe, expect, it } from "vitest";
import { POST as refundRoute } from "@/app/api/v1/payments/[transactionId]/refund/route";
import { getPrisma } from "@/lib/db/client";
import { call } from "../../helpers/http";
import { fund } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";
import { directBody, driveToFinal as drivePayment, initiatePayment } from "../../helpers/payments";
import { cancel, quoteAndInitiate, quoteBody, recipient } from "../../helpers/payouts";
import { ensureReferenceData } from "../../helpers/reference";

beforeAll(() => ensureReferenceData());

/** Money moved through the API is in the owners' audit log, with the key that asked. */
describe("API payouts, payout cancels and refunds are audited", () => {
  it("records payout.created, payout.cancelled and refund.created with actor api:<public key>, never the secret", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 1_000_000n);
    const publicKey = m.headers["X-API-Key"].split(":")[0];

    const { payout } = await quoteAndInitiate(m.headers, quoteBody(), { recipient: recipient() });
    expect(payout.status).toBe(201);
    expect((await cancel(m.headers, payout.json.transactionId)).status).toBe(200);

    const paid = await initiatePayment(m.headers, directBody());
    expect((await drivePayment(paid.json.data.transactionId)).status).toBe("success");
    const refund = await call(refundRoute, { path: `/payments/${paid.json.data.transactionId}/refund`, headers: m.headers, body: { amount: 1000 }, params: { transactionId: paid.json.data.transactionId } });
    expect(refund.status).toBe(201);

    const rows = await (await getPrisma()).auditLog.findMany({ where: { merchantId: m.merchant.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => [r.action, r.actor])).toEqual([
      ["payout.created", `api:${publicKey}`],
      ["payout.cancelled", `api:${publicKey}`],
      ["refund.created", `api:${publicKey}`],
    ]);
    expect(rows[0].details).toMatchObject({ payoutId: payout.json.transactionId, amount: "10000", currency: "XOF" });
    expect(JSON.stringify(rows)).not.toContain(m.headers["X-API-Key"].split(":")[1]);
  });
});
