import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerConnectorForTests } from "@/lib/connectors/registry";
import { getPrisma } from "@/lib/db/client";
import { runSettlement } from "@/lib/ledger/settle-due-pending";
import { submitOrder } from "@/lib/orders/orders";
import { type FakeOperator, fakeOperatorConnector, startFakeOperator } from "../../helpers/fake-operator";
import { directBody, initiatePayment } from "../../helpers/payments";
import { createLiveMerchant, enterProduction, ops, restoreEnv } from "../../helpers/production-instance";
import { ensureReferenceData } from "../../helpers/reference";
import { refund } from "../../helpers/refunds";

/**
 * POST /payments/{id}/refund reads the capability of the connector that will send the refund:
 * an operator that refunds whole payments only (Airtel, Wave: `partialRefund: false`) is never
 * asked for part of one — the request is refused with 400 before anything is held.
 */
const API_KEY = "whole-refund-key-2d9a";
let operator: FakeOperator;
const unregister: (() => void)[] = [];
let m: Awaited<ReturnType<typeof createLiveMerchant>>;

beforeAll(async () => {
  enterProduction({ WHOLE_API_KEY: API_KEY, SETTLEMENT_DELAY_SECONDS: "0", CONNECTOR_TOTAL_TIMEOUT_MS: "800" });
  // The fake operator, as an operator that refunds whole transactions only.
  unregister.push(
    registerConnectorForTests({ ...fakeOperatorConnector, type: "fake-whole-refunds", capabilities: { ...fakeOperatorConnector.capabilities, refund: true, partialRefund: false } }),
  );
  await ensureReferenceData();
  operator = await startFakeOperator(API_KEY);
  await ops("connector:add", "--id", "whole-sn", "--type", "fake-whole-refunds", "--base-url", operator.baseUrl, "--secrets-env", "WHOLE");
  for (const direction of ["collect", "refund"]) await ops("route:set", "--country", "SN", "--provider", "orange", "--direction", direction, "--account", "whole-sn");
  m = await createLiveMerchant();
});

afterAll(async () => {
  await operator?.close();
  for (const u of unregister) u();
  restoreEnv();
});

async function paid(amount: number) {
  operator.instant = { status: "SUCCESSFUL" };
  const res = await initiatePayment(m.headers, directBody({ amount }));
  await submitOrder(res.json.data.transactionId);
  operator.instant = null;
  await runSettlement({ merchantId: m.merchant.id });
  return res.json.data.transactionId as string;
}

describe("refunds through an operator that refunds whole payments only", () => {
  it("a partial refund is a 400 invalid_amount in the error contract, nothing held or written; the whole payment is accepted", async () => {
    await paid(50_000); // funds the balance the refunds are held from
    const id = await paid(7_000);
    const partial = await refund(m.headers, id, { amount: 1_000 });
    expect(partial.json).toMatchObject({ code: "invalid_amount" });
    expect(partial.status).toBe(400);
    expect(partial.json).toMatchObject({
      code: "invalid_amount",
      message: expect.stringMatching(/refunds whole payments only: refund the full 7000 XOF/),
      details: [{ path: "amount", message: "must be the whole payment, 7000 XOF" }],
    });
    expect(await (await getPrisma()).refund.count({ where: { paymentId: id } })).toBe(0);

    const whole = await refund(m.headers, id, {});
    expect(whole.status).toBe(201);
    expect(whole.json).toMatchObject({ amount: 7_000, status: "pending" });
    // Whatever is left after a refund is partial too: refused.
    expect((await refund(m.headers, id, { amount: 7_000 })).status).toBe(422);
  });
});
