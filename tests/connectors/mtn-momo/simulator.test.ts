import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { runMtnMomoSimulator, SIMULATOR_CREDENTIALS, startMtnMomoSimulator, type MtnSimulator, type MtnSimulatorOptions } from "@/simulators/mtn-momo";

// The simulator's own contract (lib/connectors/mtn-momo/README.md), checked with raw HTTP as MTN would be: the
// connector's tests rely on it answering what MTN answers, so its strictness is tested here.
let sim: MtnSimulator | null = null;
afterEach(async () => {
  await sim?.close();
  sim = null;
});

type Creds = { collection: { user: string; key: string }; disbursement: { user: string; key: string } };

async function start(options: MtnSimulatorOptions = {}): Promise<{ sim: MtnSimulator; creds: Creds }> {
  sim = await startMtnMomoSimulator(options);
  const c = sim.admin.provisionUser({ product: "collection", callbackHost: "127.0.0.1" });
  const d = sim.admin.provisionUser({ product: "disbursement", callbackHost: "127.0.0.1" });
  return { sim, creds: { collection: { user: c.userId, key: c.apiKey }, disbursement: { user: d.userId, key: d.apiKey } } };
}

function basic(user: string, key: string) {
  return `Basic ${Buffer.from(`${user}:${key}`).toString("base64")}`;
}

async function token(s: MtnSimulator, product: "collection" | "disbursement", creds: { user: string; key: string }): Promise<string> {
  const r = await fetch(`${s.url}/${product}/token/`, { method: "POST", headers: { Authorization: basic(creds.user, creds.key), "Ocp-Apim-Subscription-Key": s.admin.subscriptionKey(product) } });
  expect(r.status).toBe(200);
  return ((await r.json()) as { access_token: string }).access_token;
}

function rtpBody(patch: Record<string, unknown> = {}) {
  return { amount: "100", currency: "EUR", externalId: "ext-1", payer: { partyIdType: "MSISDN", partyId: "46700000001" }, payerMessage: "hello", payeeNote: "note", ...patch };
}

async function requestToPay(s: MtnSimulator, bearer: string, options: { headers?: Record<string, string | undefined>; body?: unknown; raw?: string } = {}) {
  const headers: Record<string, string> = {};
  const all: Record<string, string | undefined> = {
    Authorization: `Bearer ${bearer}`,
    "X-Reference-Id": randomUUID(),
    "X-Target-Environment": s.admin.config.targetEnvironment,
    "Ocp-Apim-Subscription-Key": s.admin.subscriptionKey("collection"),
    "Content-Type": "application/json",
    ...options.headers,
  };
  for (const [k, v] of Object.entries(all)) if (v !== undefined) headers[k] = v;
  const response = await fetch(`${s.url}/collection/v1_0/requesttopay`, { method: "POST", headers, body: options.raw ?? JSON.stringify(options.body ?? rtpBody()) });
  return { status: response.status, text: await response.text(), reference: headers["X-Reference-Id"]! };
}

describe("sandbox provisioning", () => {
  it("apiuser → apikey → a token for that product only", async () => {
    sim = await startMtnMomoSimulator({ mode: "sandbox" });
    const key = sim.admin.subscriptionKey("collection");
    const userId = randomUUID();
    const create = () => fetch(`${sim!.url}/v1_0/apiuser`, { method: "POST", headers: { "X-Reference-Id": userId, "Ocp-Apim-Subscription-Key": key, "Content-Type": "application/json" }, body: JSON.stringify({ providerCallbackHost: "127.0.0.1" }) });
    const created = await create();
    expect([created.status, await created.text()]).toEqual([201, ""]);
    expect((await create()).status).toBe(409);
    const notV4 = await fetch(`${sim.url}/v1_0/apiuser`, { method: "POST", headers: { "X-Reference-Id": "not-a-uuid", "Ocp-Apim-Subscription-Key": key }, body: JSON.stringify({ providerCallbackHost: "x" }) });
    expect(notV4.status).toBe(400);
    const noKey = await fetch(`${sim.url}/v1_0/apiuser/${userId}`);
    expect(noKey.status).toBe(401);
    const info = await fetch(`${sim.url}/v1_0/apiuser/${userId}`, { headers: { "Ocp-Apim-Subscription-Key": key } });
    expect(await info.json()).toEqual({ providerCallbackHost: "127.0.0.1", targetEnvironment: "sandbox" });
    const apiKey = await fetch(`${sim.url}/v1_0/apiuser/${userId}/apikey`, { method: "POST", headers: { "Ocp-Apim-Subscription-Key": key } });
    expect(apiKey.status).toBe(201);
    const { apiKey: secret } = (await apiKey.json()) as { apiKey: string };
    const tokenAnswer = await fetch(`${sim.url}/collection/token/`, { method: "POST", headers: { Authorization: basic(userId, secret), "Ocp-Apim-Subscription-Key": key } });
    expect(await tokenAnswer.json()).toMatchObject({ access_token: expect.any(String), token_type: "access_token", expires_in: 3600 });
    // The user was created with the collection key: no disbursement token for it.
    const other = await fetch(`${sim.url}/disbursement/token/`, { method: "POST", headers: { Authorization: basic(userId, secret), "Ocp-Apim-Subscription-Key": sim.admin.subscriptionKey("disbursement") } });
    expect(other.status).toBe(401);
  });

  it("provisioning does not exist in production mode", async () => {
    sim = await startMtnMomoSimulator({ mode: "production" });
    const r = await fetch(`${sim.url}/v1_0/apiuser`, { method: "POST", headers: { "X-Reference-Id": randomUUID(), "Ocp-Apim-Subscription-Key": sim.admin.subscriptionKey("collection") }, body: "{}" });
    expect(r.status).toBe(404);
  });
});

describe("token endpoint", () => {
  it("400 with a body, 401 for a missing or wrong subscription key or wrong API key", async () => {
    const { sim: s, creds } = await start();
    const url = `${s.url}/collection/token/`;
    const auth = basic(creds.collection.user, creds.collection.key);
    const key = s.admin.subscriptionKey("collection");
    expect((await fetch(url, { method: "POST", headers: { Authorization: auth, "Ocp-Apim-Subscription-Key": key, "Content-Type": "application/json" }, body: "{}" })).status).toBe(400);
    const missing = await fetch(url, { method: "POST", headers: { Authorization: auth } });
    expect([missing.status, ((await missing.json()) as { message: string }).message]).toEqual([401, expect.stringMatching(/missing subscription key/)]);
    expect((await fetch(url, { method: "POST", headers: { Authorization: auth, "Ocp-Apim-Subscription-Key": s.admin.subscriptionKey("disbursement") } })).status).toBe(401);
    expect((await fetch(url, { method: "POST", headers: { Authorization: basic(creds.collection.user, "wrong"), "Ocp-Apim-Subscription-Key": key } })).status).toBe(401);
    expect((await fetch(url, { method: "POST", headers: { "Ocp-Apim-Subscription-Key": key } })).status).toBe(401);
  });

  it("a token expires on the virtual clock and only works on its own product", async () => {
    const { sim: s, creds } = await start({ mode: "sandbox", tokenTtlSeconds: 60 });
    const t = await token(s, "collection", creds.collection);
    expect((await requestToPay(s, t)).status).toBe(202);
    const balance = await fetch(`${s.url}/disbursement/v1_0/account/balance`, { headers: { Authorization: `Bearer ${t}`, "X-Target-Environment": "sandbox", "Ocp-Apim-Subscription-Key": s.admin.subscriptionKey("disbursement") } });
    expect(balance.status).toBe(401);
    s.admin.advanceClock(60);
    expect((await requestToPay(s, t)).status).toBe(401);
  });
});

describe("money call strictness (sandbox)", () => {
  it("202 with an empty body, then PENDING → SUCCESSFUL on GET; 409 on a reused reference; 404 for unknown ids", async () => {
    const { sim: s, creds } = await start({ mode: "sandbox", settleAfterSeconds: 10 });
    const t = await token(s, "collection", creds.collection);
    const first = await requestToPay(s, t);
    expect([first.status, first.text]).toEqual([202, ""]);
    const get = (ref: string) => fetch(`${s.url}/collection/v1_0/requesttopay/${ref}`, { headers: { Authorization: `Bearer ${t}`, "X-Target-Environment": "sandbox", "Ocp-Apim-Subscription-Key": s.admin.subscriptionKey("collection") } });
    expect(await (await get(first.reference)).json()).toEqual({ externalId: "ext-1", amount: "100", currency: "EUR", payer: { partyIdType: "MSISDN", partyId: "46700000001" }, payerMessage: "hello", payeeNote: "note", status: "PENDING" });
    s.admin.advanceClock(10);
    expect(await (await get(first.reference)).json()).toMatchObject({ status: "SUCCESSFUL", financialTransactionId: expect.stringMatching(/^\d+$/) });
    const again = await requestToPay(s, t, { headers: { "X-Reference-Id": first.reference } });
    expect([again.status, JSON.parse(again.text).code]).toEqual([409, "RESOURCE_ALREADY_EXIST"]);
    const unknown = await get(randomUUID());
    expect([unknown.status, ((await unknown.json()) as { code: string }).code]).toEqual([404, "RESOURCE_NOT_FOUND"]);
    expect(s.admin.ledger()).toHaveLength(1);
  });

  it.each<[string, { headers?: Record<string, string | undefined>; body?: unknown; raw?: string }, number, string | null]>([
    ["missing X-Reference-Id", { headers: { "X-Reference-Id": undefined } }, 400, null],
    ["a v1 UUID as X-Reference-Id", { headers: { "X-Reference-Id": "2c5a1c84-88a4-11ee-b9d1-0242ac120002" } }, 400, null],
    ["a reference that is not a UUID", { headers: { "X-Reference-Id": "txn_123" } }, 400, null],
    ["missing X-Target-Environment", { headers: { "X-Target-Environment": undefined } }, 400, null],
    ["another target environment", { headers: { "X-Target-Environment": "mtnivorycoast" } }, 500, "NOT_ALLOWED_TARGET_ENVIRONMENT"],
    ["missing subscription key", { headers: { "Ocp-Apim-Subscription-Key": undefined } }, 401, null],
    ["missing bearer", { headers: { Authorization: undefined } }, 401, null],
    ["body not JSON", { raw: "amount=100" }, 400, null],
    ["amount as a number", { body: rtpBody({ amount: 100 }) }, 400, null],
    ["amount with a comma", { body: rtpBody({ amount: "1,5" }) }, 400, null],
    ["MSISDN with +", { body: rtpBody({ payer: { partyIdType: "MSISDN", partyId: "+46700000001" } }) }, 400, null],
    ["unknown partyIdType", { body: rtpBody({ payer: { partyIdType: "msisdn", partyId: "46700000001" } }) }, 400, null],
    ["payer missing", { body: rtpBody({ payer: undefined }) }, 400, null],
    ["note over 160 characters", { body: rtpBody({ payerMessage: "x".repeat(161) }) }, 400, null],
    ["note with an apostrophe", { body: rtpBody({ payeeNote: "Marie's order" }) }, 400, null],
    ["XOF in the sandbox (EUR only)", { body: rtpBody({ currency: "XOF" }) }, 400, null],
    ["callback URL on another host", { headers: { "X-Callback-Url": "https://evil.example.com/cb" } }, 500, "INVALID_CALLBACK_URL_HOST"],
  ])("%s → %i", async (_name, request, status, code) => {
    const { sim: s, creds } = await start({ mode: "sandbox" });
    const t = await token(s, "collection", creds.collection);
    const answer = await requestToPay(s, t, request);
    expect(answer.status).toBe(status);
    if (code) expect(JSON.parse(answer.text).code).toBe(code);
    expect(s.admin.statusOf(answer.reference)).toBeNull(); // nothing was accepted
  });

  it("a 160-character note is fine; the wrong-currency answer can be MTN's 500 INVALID_CURRENCY instead", async () => {
    const { sim: s, creds } = await start({ mode: "sandbox", invalidCurrencyAnswer: 500 });
    const t = await token(s, "collection", creds.collection);
    expect((await requestToPay(s, t, { body: rtpBody({ payerMessage: "x".repeat(160) }) })).status).toBe(202);
    const answer = await requestToPay(s, t, { body: rtpBody({ currency: "XOF" }) });
    expect([answer.status, JSON.parse(answer.text).code]).toEqual([500, "INVALID_CURRENCY"]);
  });

  it("production mode: the market currency only, no magic numbers", async () => {
    const { sim: s, creds } = await start({ mode: "production", settleAfterSeconds: 0 });
    const t = await token(s, "collection", creds.collection);
    expect((await requestToPay(s, t, { body: rtpBody() })).status).toBe(400); // EUR
    const ok = await requestToPay(s, t, { body: rtpBody({ currency: "XOF", payer: { partyIdType: "MSISDN", partyId: "46733123451" } }) });
    expect(ok.status).toBe(202);
    expect(s.admin.statusOf(ok.reference)).toMatchObject({ status: "SUCCESSFUL" });
  });
});

describe("float, account calls, IP allow-list", () => {
  it("a transfer above our float fails NOT_ENOUGH_FUNDS; balance and account-holder calls answer", async () => {
    const { sim: s, creds } = await start({ mode: "sandbox", balances: { disbursement: "50" } });
    const t = await token(s, "disbursement", creds.disbursement);
    const headers = { Authorization: `Bearer ${t}`, "X-Target-Environment": "sandbox", "Ocp-Apim-Subscription-Key": s.admin.subscriptionKey("disbursement") };
    const transfer = (amount: string) => {
      const ref = randomUUID();
      return fetch(`${s.url}/disbursement/v1_0/transfer`, { method: "POST", headers: { ...headers, "X-Reference-Id": ref, "Content-Type": "application/json" }, body: JSON.stringify({ amount, currency: "EUR", externalId: "x", payee: { partyIdType: "MSISDN", partyId: "46700000001" } }) }).then((r) => ({ status: r.status, ref }));
    };
    const big = await transfer("50.01");
    expect(big.status).toBe(202);
    expect(s.admin.statusOf(big.ref)).toMatchObject({ status: "FAILED", reason: "NOT_ENOUGH_FUNDS" });
    const fits = await transfer("50");
    expect(s.admin.statusOf(fits.ref)).toMatchObject({ status: "SUCCESSFUL" });
    expect(await (await fetch(`${s.url}/disbursement/v1_0/account/balance`, { headers })).json()).toEqual({ availableBalance: "0", currency: "EUR" });

    const active = (msisdn: string, type = "msisdn") => fetch(`${s.url}/disbursement/v1_0/accountholder/${type}/${msisdn}/active`, { headers });
    expect(await (await active("46700000001")).json()).toEqual({ result: true });
    expect((await active("46733123450")).status).toBe(404);
    expect(await (await active("46733123451")).json()).toEqual({ result: false });
    expect((await active("46733123452")).status).toBe(500);
    expect((await active("46733123455")).status).toBe(503);
    expect((await active("46700000001", "MSISDN")).status).toBe(400);

    const c = await token(s, "collection", creds.collection);
    const info = await fetch(`${s.url}/collection/v1_0/accountholder/msisdn/46700000001/basicuserinfo`, { headers: { Authorization: `Bearer ${c}`, "X-Target-Environment": "sandbox", "Ocp-Apim-Subscription-Key": s.admin.subscriptionKey("collection") } });
    expect(Object.keys((await info.json()) as object).sort()).toEqual(["birthdate", "family_name", "gender", "given_name", "locale", "status"]);
  });

  it("callbackHostMismatch=ignore accepts the call and never calls back", async () => {
    const { sim: s, creds } = await start({ mode: "sandbox", callbackHostMismatch: "ignore" });
    const t = await token(s, "collection", creds.collection);
    const answer = await requestToPay(s, t, { headers: { "X-Callback-Url": "https://elsewhere.example.com/cb" } });
    expect(answer.status).toBe(202);
    await s.admin.idle();
    expect(s.admin.statusOf(answer.reference)).toMatchObject({ status: "SUCCESSFUL" });
    expect(s.admin.callbacks()).toEqual([]);
  });

  it("an IP allow-list answers 403 on Disbursement to other callers, and can be toggled", async () => {
    const { sim: s, creds } = await start({ mode: "sandbox", ipAllowList: ["198.51.100.1"] });
    const t = await token(s, "disbursement", creds.disbursement);
    const call = () => fetch(`${s.url}/disbursement/v1_0/account/balance`, { headers: { Authorization: `Bearer ${t}`, "X-Target-Environment": "sandbox", "Ocp-Apim-Subscription-Key": s.admin.subscriptionKey("disbursement") } });
    expect((await call()).status).toBe(403);
    s.admin.configure({ ipAllowList: null });
    expect((await call()).status).toBe(200);
  });
});

describe("faults", () => {
  it("503 before acceptance records nothing; a drop after acceptance records it and a resend gets 409", async () => {
    const { sim: s, creds } = await start({ mode: "sandbox" });
    const t = await token(s, "collection", creds.collection);
    s.admin.fault("unavailable");
    const down = await requestToPay(s, t);
    expect([down.status, JSON.parse(down.text).code]).toEqual([503, "SERVICE_UNAVAILABLE"]);
    expect(s.admin.statusOf(down.reference)).toBeNull();

    s.admin.fault("drop_after_accept");
    const reference = randomUUID();
    await expect(requestToPay(s, t, { headers: { "X-Reference-Id": reference } })).rejects.toThrow();
    expect(s.admin.statusOf(reference)).toMatchObject({ status: "SUCCESSFUL" });
    expect((await requestToPay(s, t, { headers: { "X-Reference-Id": reference } })).status).toBe(409);
    expect(s.admin.ledger()).toHaveLength(1);
  });
});

describe("admin API over HTTP and the standalone runner", () => {
  it("scenarios, clock, request log, ledger over /admin/", async () => {
    const lines: string[] = [];
    sim = await runMtnMomoSimulator({ port: 0, log: (l) => lines.push(l), settleAfterSeconds: 0 });
    expect(lines.join("\n")).toContain(`export MTN_SIM_COLLECTION_API_USER=${SIMULATOR_CREDENTIALS.COLLECTION_API_USER}`);
    expect(lines.join("\n")).toContain(`--base-url ${sim.url} --setting targetEnvironment=mtnivorycoast --setting currency=XOF --setting callbackHost=127.0.0.1`);
    const post = (path: string, body: unknown) => fetch(`${sim!.url}${path}`, { method: "POST", body: JSON.stringify(body) });
    expect((await post("/admin/scenarios", { msisdn: "2250500000001", status: "FAILED", reason: "PAYER_NOT_FOUND", afterSeconds: 60 })).status).toBe(200);
    const t = await token(sim, "collection", { user: SIMULATOR_CREDENTIALS.COLLECTION_API_USER, key: SIMULATOR_CREDENTIALS.COLLECTION_API_KEY });
    const answer = await requestToPay(sim, t, { body: rtpBody({ currency: "XOF", payer: { partyIdType: "MSISDN", partyId: "2250500000001" } }) });
    expect(answer.status).toBe(202);
    expect(sim.admin.statusOf(answer.reference)).toMatchObject({ status: "PENDING" });
    expect((await post("/admin/clock", { advanceSeconds: 60 })).status).toBe(200);
    expect(sim.admin.statusOf(answer.reference)).toMatchObject({ status: "FAILED", reason: "PAYER_NOT_FOUND" });
    const log = (await (await fetch(`${sim.url}/admin/requests`)).json()) as { path: string; answer: number }[];
    expect(log.map((e) => [e.path, e.answer])).toEqual([["/collection/token/", 200], ["/collection/v1_0/requesttopay", 202]]);
    expect(await (await fetch(`${sim.url}/admin/ledger`)).json()).toEqual([]);
    expect((await post("/admin/nothing", {})).status).toBe(404);
  });
});
