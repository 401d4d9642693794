import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type PawapaySimulator, startPawapaySimulator } from "@/simulators/pawapay";
import { predictProvider } from "@/simulators/pawapay/numbering";
import { startReceiver } from "@/tests/helpers/webhook-receiver";
import { eventually } from "./setup";

// The simulator's strictness, checked with raw HTTP against lib/connectors/pawapay/README.md (not through the connector).
let sim: PawapaySimulator;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeEach(async () => {
  receiver = await startReceiver();
  sim = await startPawapaySimulator({ callbackUrl: receiver.url });
});
afterEach(async () => {
  await sim.close();
  await receiver.close();
});

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${sim.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${sim.token()}`, ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { failureReason?: { failureCode: string } } };
}

const deposit = (overrides: Record<string, unknown> = {}) => ({
  depositId: randomUUID(),
  amount: "1000",
  currency: "XOF",
  payer: { type: "MMO", accountDetails: { phoneNumber: "2250503456789", provider: "MTN_MOMO_CIV" } },
  ...overrides,
});

describe("auth and transport", () => {
  it("401 NO_AUTHENTICATION without a token, AUTHENTICATION_ERROR with a wrong one; availability is open", async () => {
    const none = await call("GET", "/v2/active-conf", undefined, { authorization: "" });
    expect(none).toMatchObject({ status: 401, body: { failureReason: { failureCode: "NO_AUTHENTICATION" } } });
    const wrong = await call("GET", "/v2/active-conf", undefined, { authorization: "Bearer nope" });
    expect(wrong).toMatchObject({ status: 401, body: { failureReason: { failureCode: "AUTHENTICATION_ERROR" } } });
    expect((await call("GET", "/v2/availability", undefined, { authorization: "" })).status).toBe(200);
  });

  it("400 for a body that is not JSON or not sent as JSON; 404 for unknown paths", async () => {
    expect(await call("POST", "/v2/deposits", "{oops")).toMatchObject({ status: 400, body: { failureReason: { failureCode: "INVALID_INPUT" } } });
    expect(await call("POST", "/v2/deposits", JSON.stringify(deposit()), { "content-type": "text/plain" })).toMatchObject({ status: 400 });
    expect((await call("GET", "/v2/nothing")).status).toBe(404);
  });

  it("logs every request with headers and raw body", async () => {
    await call("POST", "/v2/deposits", deposit());
    expect(sim.admin.requests.at(-1)).toMatchObject({ method: "POST", path: "/v2/deposits", status: 200, headers: { "content-type": "application/json" } });
  });
});

describe("validation answers are HTTP 200 + REJECTED", () => {
  it.each([
    ["a non-UUID id", { depositId: "123" }, "INVALID_PARAMETER"],
    ["a missing payer", { payer: undefined }, "MISSING_PARAMETER"],
    ["an unknown field", { callbackUrl: "x" }, "UNSUPPORTED_PARAMETER"],
    ["a numeric amount", { amount: 1000 }, "INVALID_AMOUNT"],
    ["a leading zero", { amount: "01000" }, "INVALID_AMOUNT"],
    ["decimals where active-conf says NONE", { amount: "1000.50" }, "INVALID_AMOUNT"],
    ["below minAmount", { amount: "99" }, "AMOUNT_OUT_OF_BOUNDS"],
    ["above maxAmount", { amount: "2000001" }, "AMOUNT_OUT_OF_BOUNDS"],
    ["a currency the provider does not take", { currency: "XAF" }, "INVALID_CURRENCY"],
    ["an unknown provider", { payer: { type: "MMO", accountDetails: { phoneNumber: "2250503456789", provider: "MTN_MOMO_XXX" } } }, "INVALID_PROVIDER"],
    ["a number of another country", { payer: { type: "MMO", accountDetails: { phoneNumber: "221771234567", provider: "MTN_MOMO_CIV" } } }, "INVALID_PHONE_NUMBER"],
    ["a number with a +", { payer: { type: "MMO", accountDetails: { phoneNumber: "+2250503456789", provider: "MTN_MOMO_CIV" } } }, "INVALID_PHONE_NUMBER"],
    ["a short number", { payer: { type: "MMO", accountDetails: { phoneNumber: "225050345678", provider: "MTN_MOMO_CIV" } } }, "INVALID_PHONE_NUMBER"],
    ["a 3-character customerMessage", { customerMessage: "abc" }, "INVALID_PARAMETER"],
    ["a 37-character clientReferenceId", { clientReferenceId: "x".repeat(37) }, "INVALID_PARAMETER"],
    ["a repeated metadata field", { metadata: [{ orderId: "1" }, { orderId: "2" }] }, "DUPLICATE_METADATA_FIELD"],
    ["no OTP for a PREAUTH provider", { currency: "XOF", payer: { type: "MMO", accountDetails: { phoneNumber: "22674345678", provider: "ORANGE_BFA" } } }, "MISSING_PARAMETER"],
  ])("%s → %s", async (_, overrides, code) => {
    const answer = await call("POST", "/v2/deposits", deposit(overrides));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: "REJECTED", failureReason: { failureCode: code } });
    expect(sim.admin.payments()).toHaveLength(0);
  });

  it("decimals are fine where active-conf says TWO_PLACES", async () => {
    const body = deposit({ currency: "USD", amount: "10.5", payer: { type: "MMO", accountDetails: { phoneNumber: "243973456789", provider: "AIRTEL_COD" } } });
    expect((await call("POST", "/v2/deposits", body)).body).toMatchObject({ status: "ACCEPTED" });
  });
});

describe("lifecycle, status and callbacks", () => {
  it("ACCEPTED, then FOUND with the payment object; NOT_FOUND for an unknown id", async () => {
    const body = deposit({ clientReferenceId: "txn_1", customerMessage: "Order 42" });
    expect((await call("POST", "/v2/deposits", body)).body).toMatchObject({ depositId: body.depositId, status: "ACCEPTED", created: expect.any(String) });
    await eventually(() => expect(sim.admin.payment("deposit", body.depositId)?.status).toBe("COMPLETED"));
    const found = await call("GET", `/v2/deposits/${body.depositId}`);
    expect(found.body).toMatchObject({
      status: "FOUND",
      data: { depositId: body.depositId, status: "COMPLETED", amount: "1000", currency: "XOF", country: "CIV", payer: body.payer, clientReferenceId: "txn_1", customerMessage: "Order 42", providerTransactionId: expect.any(String) },
    });
    expect((await call("GET", `/v2/deposits/${randomUUID()}`)).body).toEqual({ status: "NOT_FOUND" });
    expect((await call("GET", `/v2/payouts/${body.depositId}`)).body).toEqual({ status: "NOT_FOUND" });
  });

  it("DUPLICATE_IGNORED for a reused id, with no second callback", async () => {
    const body = deposit();
    await call("POST", "/v2/deposits", body);
    expect((await call("POST", "/v2/deposits", { ...body, amount: "5000" })).body).toMatchObject({ depositId: body.depositId, status: "DUPLICATE_IGNORED" });
    await new Promise((r) => setTimeout(r, 100));
    await sim.admin.idle();
    expect(receiver.requests).toHaveLength(1);
  });

  it("virtual delays: nothing final until the clock moves", async () => {
    await sim.close();
    sim = await startPawapaySimulator({ callbackUrl: receiver.url, delays: { processingMs: 60_000, finalMs: 600_000 } });
    const body = deposit();
    await call("POST", "/v2/deposits", body);
    expect(sim.admin.payment("deposit", body.depositId)!.status).toBe("ACCEPTED");
    sim.admin.advance(60_000);
    expect(sim.admin.payment("deposit", body.depositId)!.status).toBe("PROCESSING");
    sim.admin.advance(600_000);
    expect(sim.admin.payment("deposit", body.depositId)!.status).toBe("COMPLETED");
  });

  it("pawaPay's test numbers choose outcomes by default; with testNumbers off (production-like) they are ordinary numbers", async () => {
    const body = deposit({ payer: { type: "MMO", accountDetails: { phoneNumber: "2250503456029", provider: "MTN_MOMO_CIV" } } });
    await call("POST", "/v2/deposits", body);
    await eventually(() => expect(sim.admin.payment("deposit", body.depositId)).toMatchObject({ status: "FAILED", failureReason: { failureCode: "PAYER_NOT_FOUND" } }));
    await sim.close();
    sim = await startPawapaySimulator({ callbackUrl: receiver.url, testNumbers: false });
    const again = deposit({ payer: body.payer });
    await call("POST", "/v2/deposits", again);
    await eventually(() => expect(sim.admin.payment("deposit", again.depositId)).toMatchObject({ status: "COMPLETED" }));
  });

  it("bulk payouts answer per item and send one callback each", async () => {
    const item = (phone: string, amount = "1000") => ({ payoutId: randomUUID(), amount, currency: "XOF", recipient: { type: "MMO", accountDetails: { phoneNumber: phone, provider: "MTN_MOMO_CIV" } } });
    const items = [item("2250503456789"), item("2250503456089"), item("2250503456789", "5")];
    const answer = await call("POST", "/v2/payouts/bulk", items);
    expect(answer.body).toEqual([
      { payoutId: items[0]!.payoutId, status: "ACCEPTED", created: expect.any(String) },
      { payoutId: items[1]!.payoutId, status: "ACCEPTED", created: expect.any(String) },
      { payoutId: items[2]!.payoutId, status: "REJECTED", failureReason: { failureCode: "AMOUNT_OUT_OF_BOUNDS", failureMessage: expect.any(String) } },
    ]);
    await eventually(() => expect(receiver.requests).toHaveLength(2));
    const bodies = receiver.requests.map((r) => JSON.parse(r.body) as { payoutId: string; status: string; failureReason?: { failureCode: string } });
    expect(bodies.map((b) => [b.payoutId, b.status, b.failureReason?.failureCode])).toEqual(
      expect.arrayContaining([
        [items[0]!.payoutId, "COMPLETED", undefined],
        [items[1]!.payoutId, "FAILED", "RECIPIENT_NOT_FOUND"],
      ]),
    );
    expect(bodies).toHaveLength(2);
  });

  it("payouts debit the pawaPay wallet, a failed one gives it back; wallet-balances shows it", async () => {
    const payout = (phone: string) => ({ payoutId: randomUUID(), amount: "1000", currency: "XOF", recipient: { type: "MMO", accountDetails: { phoneNumber: phone, provider: "MTN_MOMO_CIV" } } });
    await call("POST", "/v2/payouts", payout("2250503456789"));
    await call("POST", "/v2/payouts", payout("2250503456089"));
    await eventually(() => expect(sim.admin.payments().every((p) => p.status === "COMPLETED" || p.status === "FAILED")).toBe(true));
    const balances = (await call("GET", "/v2/wallet-balances")).body.balances as { country: string; currency: string; balance: string }[];
    expect(balances).toContainEqual({ country: "CIV", currency: "XOF", balance: "9999000" });
  });

  it("fail-enqueued refuses a payout that is not ENQUEUED; resend-callback refuses a non-final one", async () => {
    await sim.close();
    sim = await startPawapaySimulator({ callbackUrl: receiver.url, delays: { finalMs: 60_000 } });
    const id = randomUUID();
    await call("POST", "/v2/payouts", { payoutId: id, amount: "1000", currency: "XOF", recipient: { type: "MMO", accountDetails: { phoneNumber: "2250503456789", provider: "MTN_MOMO_CIV" } } });
    expect((await call("POST", `/v2/payouts/fail-enqueued/${id}`)).body).toMatchObject({ status: "REJECTED" });
    expect((await call("POST", `/v2/payouts/resend-callback/${id}`)).body).toMatchObject({ status: "REJECTED" });
  });
});

describe("toolkit", () => {
  it("publishes callback keys and rotates them", async () => {
    const before = (await call("GET", "/v2/public-key/http")).body as unknown as { id: string; key: string }[];
    expect(before).toEqual([{ id: "sim-key-1", key: expect.stringContaining("BEGIN PUBLIC KEY") }]);
    sim.admin.rotateKey({ keepOld: true });
    const after = (await call("GET", "/v2/public-key/http")).body as unknown as { id: string }[];
    expect(after.map((k) => k.id)).toEqual(["sim-key-1", "sim-key-2"]);
  });

  it("active-conf carries limits, decimals and the status the admin set", async () => {
    sim.admin.setProviderStatus("MTN_MOMO_CIV", "PAYOUT", "CLOSED");
    const conf = (await call("GET", "/v2/active-conf")).body as unknown as { countries: { country: string; providers: { provider: string; currencies: { operationTypes: Record<string, { status: string; decimalsInAmount: string; minAmount: string }> }[] }[] }[] };
    const mtn = conf.countries.find((c) => c.country === "CIV")!.providers.find((p) => p.provider === "MTN_MOMO_CIV")!;
    expect(mtn.currencies[0]!.operationTypes.PAYOUT).toMatchObject({ status: "CLOSED", decimalsInAmount: "NONE", minAmount: "100" });
    expect(mtn.currencies[0]!.operationTypes.DEPOSIT).toMatchObject({ status: "OPERATIONAL", authType: "PROVIDER_AUTH" });
  });

  it.each([
    ["+260 763-456789", { country: "ZMB", provider: "MTN_MOMO_ZMB", phoneNumber: "260763456789" }],
    ["+225 07 03 45 67 89", { country: "CIV", provider: "ORANGE_CIV", phoneNumber: "2250703456789" }],
    ["002250503456789", { country: "CIV", provider: "MTN_MOMO_CIV", phoneNumber: "2250503456789" }],
    ["+233 024 123 4567", { country: "GHA", provider: "MTN_MOMO_GHA", phoneNumber: "233241234567" }],
    ["+229 0166 12 34 56", { country: "BEN", provider: "MTN_MOMO_BEN", phoneNumber: "2290166123456" }],
    ["+229 0145 12 34 56", { country: "BEN", provider: "MOOV_BEN", phoneNumber: "2290145123456" }],
    ["+237 655 12 34 56", { country: "CMR", provider: "ORANGE_CMR", phoneNumber: "237655123456" }],
    ["+237 651 12 34 56", { country: "CMR", provider: "MTN_MOMO_CMR", phoneNumber: "237651123456" }],
    ["+254 744 123 456", null], // 744 is not Safaricom's
    ["+254 745 123 456", { country: "KEN", provider: "MPESA_KEN", phoneNumber: "254745123456" }],
    ["+242 06 123 4567", { country: "COG", provider: "MTN_MOMO_COG", phoneNumber: "242061234567" }],
    ["+225 0703 4567", null], // legacy 8-digit Ivorian number: not convertible
  ])("predict-provider %s", async (input, expected) => {
    expect(predictProvider(input)).toEqual(expected);
    const answer = await call("POST", "/v2/predict-provider", { phoneNumber: input });
    if (expected) expect(answer).toEqual({ status: 200, body: expected });
    else expect(answer).toMatchObject({ status: 400, body: { failureReason: { failureCode: "INVALID_PHONE_NUMBER" } } });
  });
});

describe("admin over HTTP (for a standalone simulator)", () => {
  it("sets a scenario, advances the clock, reads the request log", async () => {
    const post = (path: string, body: unknown) => fetch(`${sim.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect((await post("/_admin/scenario", { msisdn: "2250503456000", scenario: { final: "FAILED", failureCode: "PAYMENT_IN_PROGRESS" } })).status).toBe(200);
    const body = deposit({ payer: { type: "MMO", accountDetails: { phoneNumber: "2250503456000", provider: "MTN_MOMO_CIV" } } });
    await call("POST", "/v2/deposits", body);
    await (await post("/_admin/clock/advance", { ms: 1000 })).json();
    await sim.admin.idle();
    expect(sim.admin.payment("deposit", body.depositId as string)).toMatchObject({ status: "FAILED", failureReason: { failureCode: "PAYMENT_IN_PROGRESS" } });
    const log = (await (await fetch(`${sim.url}/_admin/requests`)).json()) as { path: string }[];
    expect(log.map((r) => r.path)).toEqual(["/v2/deposits"]);

    // A 129 number never ends by itself; ops end it through the admin API, and its callback follows.
    const stuck = deposit({ payer: { type: "MMO", accountDetails: { phoneNumber: "2250503456129", provider: "MTN_MOMO_CIV" } } });
    await call("POST", "/v2/deposits", stuck);
    expect((await post("/_admin/resolve", { kind: "deposit", id: stuck.depositId, status: "FAILED", failureCode: "PAYMENT_NOT_APPROVED" })).status).toBe(200);
    expect(sim.admin.payment("deposit", stuck.depositId as string)).toMatchObject({ status: "FAILED", failureReason: { failureCode: "PAYMENT_NOT_APPROVED" } });
    await eventually(() => expect(receiver.requests.map((r) => JSON.parse(r.body).depositId)).toContain(stuck.depositId));
    expect((await post("/_admin/resolve", { kind: "deposit", id: "nope", status: "COMPLETED" })).status).toBe(404);
  });
});
