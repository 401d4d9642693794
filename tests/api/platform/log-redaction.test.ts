import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as payoutStatus } from "@/app/api/v1/payouts/status/[payoutId]/route";
import { runDueJobs } from "@/lib/jobs/run-due-jobs";
import { log, setLogDestination } from "@/lib/log";
import { revealWebhookSecret } from "@/lib/webhooks/reveal-webhook-secret";
import { setWebhookUrl } from "@/lib/webhooks/set-webhook-url";
import { WEBHOOK_DELIVER_JOB } from "@/lib/webhooks/webhook-config";
import { call } from "../../helpers/http";
import { fund } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";
import { directBody, driveToFinal, initiatePayment } from "../../helpers/payments";
import { driveToFinal as drivePayout, quoteAndInitiate, quoteBody, recipient } from "../../helpers/payouts";
import { ensureReferenceData } from "../../helpers/reference";
import { startReceiver } from "../../helpers/webhook-receiver";
import { platformJobs } from "@/lib/platform/jobs";

/**
 * Structured logs: one JSON line per request, per job run, and nothing secret or
 * personal in any line. The logger's configuration does the redaction, so this test captures
 * every line of a whole sandbox flow at debug level and greps it for each secret and full
 * phone number the flow used.
 */
let lines: string[] = [];
const savedLevel = process.env.LOG_LEVEL;

beforeAll(async () => {
  await ensureReferenceData();
  process.env.LOG_LEVEL = "debug";
  setLogDestination({ write: (line: string) => void lines.push(line) });
});

afterEach(() => {
  lines = [];
});

afterAll(() => {
  setLogDestination(null);
  process.env.LOG_LEVEL = savedLevel;
});

const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe("structured logs", () => {
  it("a full sandbox flow (payment, payout, webhook) logs one line per request and job run, and none of its secrets or phone numbers", async () => {
    const receiver = await startReceiver();
    try {
      const m = await createTestMerchant();
      await setWebhookUrl(m.merchant.id, "sandbox", receiver.url, "test");
      const webhookSecret = await revealWebhookSecret(m.merchant.id, "sandbox", "test");
      await fund(m.merchant.id, "XOF", 100_000n);
      const payerPhone = "+221770000012";
      const payeePhone = "+221770000034";

      const payment = await call((await import("@/app/api/v1/payments/initiate/route")).POST, {
        path: "/payments/initiate",
        method: "POST",
        headers: { ...m.headers, "X-Idempotency-Key": "order-42-attempt-1" },
        body: directBody({ customerPhone: payerPhone, customerName: "Awa Diop", customerEmail: "awa@example.test" }),
      });
      expect(payment.status).toBe(201);
      const paymentId = payment.json.data.transactionId as string;
      expect((await driveToFinal(paymentId)).status).toBe("success");

      const { payout } = await quoteAndInitiate(m.headers, quoteBody({ amount: 5_000 }), { recipient: recipient(payeePhone) });
      expect(payout.status).toBe(201);
      const payoutId = payout.json.transactionId as string;
      expect((await drivePayout(payoutId)).status).toBe("success");
      expect((await call(payoutStatus, { path: `/payouts/status/${payoutId}`, params: { payoutId }, headers: m.headers })).status).toBe(200);

      // The webhooks the flow recorded, delivered to the receiver through the job runner.
      for (let i = 0; i < 10 && receiver.requests.length < 6; i++) await runDueJobs({ jobs: platformJobs, types: [WEBHOOK_DELIVER_JOB], limit: 20 });
      expect(receiver.requests.length).toBeGreaterThanOrEqual(6);
      // A failing job logs its error: make one whose message quotes a phone number.
      log.warn(`operator said: no wallet for ${payeePhone.slice(1)}`, { account: "sim", raw: { msisdn: payeePhone, access_token: "tok_abcdef123456", detail: `MSISDN ${payeePhone} unknown` } });

      const text = lines.join("");
      const secrets = {
        apiSecretKey: m.keys.secretKey,
        credentials: m.credentials,
        webhookSecret,
        webhookSecretBody: webhookSecret.replace(/^whsec_/, ""),
        accessToken: "tok_abcdef123456",
        payerPhone,
        payerPhoneDigits: payerPhone.slice(1),
        payeePhone,
        payeePhoneDigits: payeePhone.slice(1),
        customerEmail: "awa@example.test",
      };
      for (const [name, value] of Object.entries(secrets)) expect(text.includes(value), `${name} appears in the logs`).toBe(false);

      // Every line is one JSON object with a level, a time and a message.
      const all = parsed();
      expect(all.length).toBeGreaterThan(10);
      for (const line of all) expect(line).toMatchObject({ level: expect.any(String), time: expect.any(String), message: expect.any(String) });

      // The request line: request id, merchant, environment, route, status, duration, idempotency key.
      const requestLine = all.find((l) => l.message === "request" && l.route === "/payments/initiate");
      expect(requestLine).toEqual({
        level: "info",
        time: expect.any(String),
        pid: process.pid,
        message: "request",
        requestId: payment.headers.get("x-request-id"),
        method: "POST",
        route: "/payments/initiate",
        status: 201,
        durationMs: expect.any(Number),
        merchantId: m.merchant.id,
        environment: "sandbox",
        idempotencyKey: "order-42-attempt-1",
      });
      console.info(`sample request line: ${JSON.stringify(requestLine)}`);
      expect(all.filter((l) => l.message === "request").map((l) => l.route)).toEqual(
        expect.arrayContaining(["/payments/initiate", "/payouts/quote", "/payouts/initiate", "/payouts/status/{payoutId}"]),
      );

      // One line per job run: type, id, attempt, outcome, duration.
      const jobLines = all.filter((l) => l.message === "job run");
      expect(jobLines.length).toBeGreaterThanOrEqual(6);
      expect(jobLines[0]).toMatchObject({ jobId: expect.stringMatching(/^job_/), type: WEBHOOK_DELIVER_JOB, attempt: 1, outcome: expect.any(String), durationMs: expect.any(Number) });
      // The phone in the operator's text is masked, not dropped: enough to tell orders apart.
      const warned = all.find((l) => String(l.message).startsWith("operator said"))!;
      expect(warned.message).toMatch(/no wallet for 221•+34$/);
      expect(warned.raw).toEqual({ msisdn: expect.stringMatching(/^\+221•+34$/), access_token: "[redacted]", detail: expect.stringMatching(/^MSISDN \+221•+34 unknown$/) });
    } finally {
      await receiver.close();
    }
  });

  it("the logger's configuration censors credential fields and masks phone fields wherever a caller puts them", () => {
    log.info("configured redaction", {
      password: "hunter2-hunter2",
      apiKey: "sk_test_0123456789abcdef",
      token: "eyJhbGciOiJIUzI1NiJ9.payload.sig",
      pin: "4321",
      authorization: "Bearer abc.def.ghi",
      headers: { "x-api-key": "pk_test_1:sk_test_2", authorization: "Basic dXNlcjpwYXNz" },
      merchant: { secretKey: "sk_live_shh", webhookSecret: "whsec_c2VjcmV0" },
      phone: "+22997000001",
      phoneNumber: "22997000002",
      error: "POST /collect for 0022997000003 failed",
      amount: 5000,
      requestId: "req_01HZX3Y8K0ABCDEF",
    });
    const [line] = parsed();
    const text = lines.join("");
    for (const value of ["hunter2", "sk_test_0123456789abcdef", "eyJhbGciOiJIUzI1NiJ9", "4321", "abc.def.ghi", "sk_test_2", "dXNlcjpwYXNz", "sk_live_shh", "c2VjcmV0", "22997000001", "22997000002", "22997000003"]) {
      expect(text).not.toContain(value);
    }
    expect(line).toMatchObject({ password: "[redacted]", apiKey: "[redacted]", token: "[redacted]", pin: "[redacted]", amount: 5000, requestId: "req_01HZX3Y8K0ABCDEF" });
    expect(line.phone).toMatch(/^\+229•+01$/);
    expect(line.headers).toEqual({ "x-api-key": "[redacted]", authorization: "[redacted]" });
  });

  it("LOG_LEVEL is respected, and unknown levels fall back to info", () => {
    process.env.LOG_LEVEL = "warn";
    log.info("not shown");
    log.warn("shown");
    process.env.LOG_LEVEL = "nonsense";
    log.debug("not shown either");
    log.info("shown at info");
    process.env.LOG_LEVEL = "debug";
    expect(parsed().map((l) => l.message)).toEqual(["shown", "shown at info"]);
  });
});
