import { beforeAll, describe, expect, it } from "vitest";
import { GET as list } from "@/app/api/v1/payments/transactions/route";
import { call } from "../../helpers/http";
import { fund } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";
import { directBody, initiatePayment } from "../../helpers/payments";
import { driveToFinal, initiate, recipient } from "../../helpers/payouts";
import { ensureReferenceData } from "../../helpers/reference";

beforeAll(() => ensureReferenceData());

const legacy = (amount: number, ref: string) => ({ amount, method: "MOBILE_MONEY", mobileWallet: { provider: "orange" }, recipient: recipient(), externalReference: ref });

describe("GET /payments/transactions with payouts", () => {
  it("lists payouts with type=payout and merges them newest first with collects otherwise", async () => {
    const m = await createTestMerchant();
    await fund(m.merchant.id, "XOF", 1_000_000n);
    const get = (query: string) => call(list, { path: `/payments/transactions${query}`, headers: m.headers });
    const p1 = (await initiate(m.headers, legacy(5_000, "po-ref-1"))).json.transactionId;
    const c1 = (await initiatePayment(m.headers, directBody())).json.data.transactionId;
    const p2 = (await initiate(m.headers, legacy(6_000, "po-ref-2"))).json.transactionId;
    await driveToFinal(p2);

    const payouts = await get("?type=payout");
    expect(payouts.status).toBe(200);
    expect(payouts.json.meta).toEqual({ total: 2, page: 1, limit: 20, totalPages: 1 });
    expect(payouts.json.data).toEqual([
      { transactionId: p2, type: "payout", status: "success", amount: 6_000, currency: "XOF", provider: "orange", externalReference: "po-ref-2", customerName: "Awa Diop", createdAt: expect.any(String), paidAt: expect.any(String), paymentLinkId: null },
      { transactionId: p1, type: "payout", status: "pending", amount: 5_000, currency: "XOF", provider: "orange", externalReference: "po-ref-1", customerName: "Awa Diop", createdAt: expect.any(String), paymentLinkId: null },
    ]);
    expect((await get("?type=collect")).json.data.map((t: { transactionId: string }) => t.transactionId)).toEqual([c1]);

    const all = await get("");
    expect(all.json.meta.total).toBe(3);
    expect(all.json.data.map((t: { transactionId: string }) => t.transactionId)).toEqual([p2, c1, p1]);
    const page2 = await get("?limit=1&page=2");
    expect(page2.json.data.map((t: { transactionId: string }) => t.transactionId)).toEqual([c1]);
    expect(page2.json.meta).toEqual({ total: 3, page: 2, limit: 1, totalPages: 3 });

    expect((await get("?type=payout&status=success")).json.data.map((t: { transactionId: string }) => t.transactionId)).toEqual([p2]);
    expect((await get("?externalReference=po-ref-1")).json.data.map((t: { transactionId: string }) => t.transactionId)).toEqual([p1]);
    expect((await get("?status=expired&type=payout")).json.meta.total).toBe(0);
  });
});
