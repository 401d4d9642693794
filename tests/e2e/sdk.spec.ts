import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import { createPaymentsClient, PaymentsApiError, verifyWebhook, type WebhookEvent } from "../../sdk/src/index";

/**
 * The quickstart written with the SDK against the running server (no browser): collect, poll,
 * receive and verify the webhook, fund the sandbox wallet, quote and pay out; plus what the thin
 * layer adds — an idempotency key kept across calls, typed errors, pagination.
 */
const BASE = `http://127.0.0.1:${process.env.E2E_PORT ?? "3100"}/api/v1`;
const API_KEY = "pk_test_E2eE2eE2eE2eE2eE2eE2eE2eE2:sk_test_E2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2eE2";
const WEBHOOK_SECRET = "whsec_iRTUFasu5R8LkG0oP9G3ulpBAE82cPgb9oL8KZzNBPo="; // scripts/e2e-server.mjs

const api = createPaymentsClient({ apiKey: API_KEY, baseUrl: BASE });

type Delivery = { body: string; headers: IncomingHttpHeaders };
const deliveries: Delivery[] = [];
let receiver: Server;
let callbackUrl = "";

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      deliveries.push({ body, headers: req.headers });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const unique = () => `sdk-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

test("quickstart with the SDK: collect, poll, verify the webhook, quote and pay out", async () => {
  const externalReference = unique();
  const initiated = await api.payments.initiate({
    type: "direct",
    amount: 5000,
    currency: "XOF",
    country: "SN",
    provider: "orange",
    customerPhone: "+221770000012",
    externalReference,
    callbackUrl,
  });
  expect(initiated.data.status).toBe("pending");
  expect(initiated.data.fees).toBeGreaterThan(0);

  const payment = await api.payments.waitUntilFinal(initiated.data.transactionId, { timeoutMs: 30_000, intervalMs: 500 });
  expect(payment.status).toBe("success");
  expect(payment.merchantReference).toBe(externalReference);

  // The payment.success webhook reaches the callbackUrl, signed; the SDK verifies it with the official library.
  let success: WebhookEvent | undefined;
  await expect
    .poll(
      () => {
        for (const d of deliveries) {
          const event = verifyWebhook(d.body, d.headers as Record<string, string>, WEBHOOK_SECRET);
          if (event.type === "payment.success" && event.data.transactionId === payment.transactionId) success = event;
        }
        return success?.type;
      },
      { timeout: 30_000 },
    )
    .toBe("payment.success");
  if (success?.type !== "payment.success") throw new Error("unreachable");
  expect(success.data.amount).toBe(5000);
  // A forged body does not verify.
  const genuine = deliveries.find((d) => d.body.includes(payment.transactionId))!;
  expect(() => verifyWebhook(genuine.body.replace('"amount":5000', '"amount":9000'), genuine.headers as Record<string, string>, WEBHOOK_SECRET)).toThrow();

  // Payout: fund the sandbox wallet, quote, initiate with the quote, poll to the end.
  await api.sandbox.fundWallet({ currency: "XOF", amount: 100_000 });
  const quote = await api.payouts.quote({ amount: 10_000, currency: "XOF", destinationCountry: "SN", method: "orange" });
  expect(quote.expiresIn).toBeGreaterThan(0);
  const payout = await api.payouts.initiate({ quoteId: quote.quoteId, recipient: { phone: "+221770000012", name: "Awa Diop" }, externalReference: unique() });
  expect(payout.status).toBe("pending");
  expect(payout.debit.amount).toBe(quote.totalDebit.amount);
  const done = await api.payouts.waitUntilFinal(payout.transactionId, { timeoutMs: 30_000, intervalMs: 500 });
  expect(done.status).toBe("success");
});

test("the same idempotency key replays the first answer; errors are typed", async () => {
  const body = { type: "direct", amount: 2500, currency: "XOF", country: "SN", provider: "orange", customerPhone: "+221770000012", externalReference: unique() } as const;
  const key = unique();
  const first = await api.payments.initiate(body, { idempotencyKey: key });
  const again = await api.payments.initiate(body, { idempotencyKey: key });
  expect(again.data.transactionId).toBe(first.data.transactionId);

  // Without a key of ours the SDK sends a fresh one per call: the same reference is then a duplicate.
  const duplicate = await api.payments.initiate(body).catch((e: unknown) => e);
  expect(duplicate).toBeInstanceOf(PaymentsApiError);
  expect((duplicate as PaymentsApiError).status).toBe(422);
  expect((duplicate as PaymentsApiError).code).toBe("duplicate_reference");
  expect((duplicate as PaymentsApiError).requestId).toMatch(/.+/);

  const invalid = await api.payments.initiate({ ...body, externalReference: "" }).catch((e: unknown) => e);
  expect(invalid).toBeInstanceOf(PaymentsApiError);
  expect((invalid as PaymentsApiError).code).toBe("validation_error");
  expect((invalid as PaymentsApiError).details.map((d) => d.path)).toContain("externalReference");
  const negative = await api.payments.initiate({ ...body, amount: -1, externalReference: unique() }).catch((e: unknown) => e);
  expect((negative as PaymentsApiError).code).toBe("invalid_amount");

  const missing = await api.payments.status("txn_0000000000000000000000").catch((e: unknown) => e);
  expect((missing as PaymentsApiError).status).toBe(404);

  const badKey = createPaymentsClient({ apiKey: "pk_test_nope:sk_test_nope", baseUrl: BASE });
  const refused = await badKey.balance.get().catch((e: unknown) => e);
  expect((refused as PaymentsApiError).status).toBe(401);
});

test("pagination helpers walk every page", async () => {
  const seen = new Set<string>();
  let count = 0;
  for await (const t of api.payments.listAll({ limit: 2 })) {
    seen.add(t.transactionId);
    if (++count >= 5) break;
  }
  expect(seen.size).toBe(count);
  expect(count).toBeGreaterThanOrEqual(3);

  const movements: string[] = [];
  for await (const m of api.balance.allTransactions({ limit: 1 })) {
    movements.push(m.entryId);
    if (movements.length >= 3) break;
  }
  expect(movements.length).toBe(3);
});
