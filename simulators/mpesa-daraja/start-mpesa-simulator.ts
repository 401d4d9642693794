import { constants, generateKeyPairSync, privateDecrypt, randomBytes, type KeyObject } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { flatHeaders, header, parseJsonObject, sameText, sendJson } from "../kit/http";
import { ManualClock, type OperatorSimulatorControl, type OperatorTruth, type ScenarioStep, type SimClock } from "../kit/truth";

/**
 * A contract simulator of Safaricom's Daraja, written from Safaricom's published Daraja pages (not from
 * our connector; lib/connectors/mpesa-daraja/README.md says which): Basic-auth OAuth with `expires_in` as a string and the 401 envelope after
 * expiry; the STK push with its Password recomputed from shortcode + passkey + Timestamp; the
 * STK query (`500.001.1001` while the prompt is open); B2C with the SecurityCredential decrypted
 * by the simulator's private key (the public half is the "certificate" the connector holds), our
 * float per shortcode, the queue-timeout path; asynchronous Transaction Status; unsigned
 * callbacks that can be dropped, duplicated or delayed. No idempotency anywhere: the same STK
 * payload twice is two prompts. A virtual clock (advanceClock) drives token expiry and outcomes.
 *
 * Daraja has no outcome-selecting test numbers; this simulator's (README.md): the LAST FOUR digits
 * of the payer's number pick an STK ResultCode (…0001 → 1, …1032, …2001, …1037, …1019, …1001,
 * …0017, …0026, …1025, …9999; …7777 never answers, so the prompt expires as 1037 at the end of
 * the approval window; anything else → 0); of a B2C recipient, …2040 is unregistered (2040) and
 * …0011 / …2028 not allowed.
 *
 * Where the published sources disagree (lib/connectors/mpesa-daraja/README.md, "unconfirmed"),
 * the behaviour is a setting and tests run the connector against each: which key Transaction
 * Status finds a transaction by (`transactionStatusLookup`), what its result carries
 * (`statusResultShape`), and whether a callback URL containing "mpesa" is refused
 * (`rejectMpesaInCallbackUrl`). The simulator also offers the kit's control surface
 * (simulators/kit/truth.ts): an injectable clock, the operator's truth, per-order scenarios.
 */
export type CallbackMode = "none" | "once" | "duplicated" | "delayed";
export type FaultKind = "unavailable" | "drop_after_accept";
export type FaultTarget = "token" | "stk" | "stkquery" | "b2c" | "status" | "any";

export type MpesaSimulatorConfig = {
  consumerKey: string;
  consumerSecret: string;
  /** STK shortcode → passkey. */
  passkeys: Record<string, string>;
  initiatorName: string;
  initiatorPassword: string;
  /** B2C shortcodes and their float, in whole KES. */
  floats: Record<string, number>;
  tokenTtlSeconds: number;
  /** Seconds (virtual) before the payer acts on a prompt. */
  settleAfterSeconds: number;
  /** The prompt's life on the handset; past it an unanswered prompt is 1037. */
  approvalWindowSeconds: number;
  /** Seconds (virtual) before a B2C or a Transaction Status result is sent. */
  resultAfterSeconds: number;
  callbackMode: CallbackMode;
  callbackDelayMs: number;
  /** Daraja demands https callback URLs; loopback tests and `npm run simulators` allow http. */
  allowHttpCallbacks: boolean;
  /** Longest TransactionDesc Daraja pushes; a longer one fails the push with ResultCode 1025 [L]. */
  maxTransactionDesc: number;
  /** B2C: expire in the queue (QueueTimeOutURL, nothing paid) instead of executing. */
  queueTimeout: boolean;
  /**
   * Which key Transaction Status finds a transaction by, besides `TransactionID` (the receipt,
   * always honoured): `original` — `OriginalConversationID` (Safaricom's page and mpesakit);
   * `originator` — `OriginatorConversationID` (some clients); `receipt_only` — the receipt alone
   * (a query without it is refused as invalid). [L]
   */
  transactionStatusLookup: "original" | "originator" | "receipt_only";
  /**
   * What a Transaction Status result's ResultParameters carry: `full` (OriginatorConversationID,
   * Amount, CreditPartyName…), `no_originator` (without the original OriginatorConversationID),
   * `no_party` (without CreditPartyName). [M]
   */
  statusResultShape: "full" | "no_originator" | "no_party";
  /** Refuse a CallBackURL / ResultURL / QueueTimeOutURL containing "mpesa" (400.002.02 Invalid CallBackURL), as reported. [L] */
  rejectMpesaInCallbackUrl: boolean;
};

export type MpesaSimulatorOptions = Partial<MpesaSimulatorConfig> & {
  port?: number;
  /** The simulator's time (token expiry, prompts, results, holds); a clock frozen at start unless given. */
  clock?: SimClock;
};
export type LoggedRequest = { at: number; method: string; path: string; headers: Record<string, string>; body: string; answer: number | "dropped" };
export type CallbackRecord = { kind: "stk" | "b2c" | "b2c-timeout" | "status"; url: string; body: string; httpStatus?: number; error?: string };

type Stk = {
  merchantRequestId: string;
  checkoutRequestId: string;
  shortcode: string;
  amount: number;
  phone: string;
  callbackUrl: string;
  createdAt: number;
  failDesc: boolean;
  resultCode: string | null;
  receipt?: string;
  scenario: ScenarioStep[];
};
type B2c = {
  conversationId: string;
  originatorConversationId: string;
  shortcode: string;
  amount: number;
  partyB: string;
  resultUrl: string;
  queueTimeoutUrl: string;
  createdAt: number;
  credentialOk: boolean;
  resultCode: string | null;
  receipt?: string;
  sent: boolean;
  scenario: ScenarioStep[];
  /** out_of_order_callbacks: the B2C result waits here until a later callback for it has gone. */
  heldResult?: { target: string; body: unknown };
};

export type MpesaSimulator = OperatorSimulatorControl & {
  url: string;
  /** PEM of the public key standing in for Safaricom's certificate (SAFARICOM_CERTIFICATE). */
  certificate: string;
  config: MpesaSimulatorConfig;
  admin: {
    /** Moves the simulator's clock (when it is its own, or a ManualClock given to it) and settles what is due. */
    advanceClock(seconds: number): void;
    configure(patch: Partial<MpesaSimulatorConfig>): void;
    fault(kind: FaultKind, on: FaultTarget, times?: number): void;
    requests(filter?: { path?: string }): LoggedRequest[];
    callbacks(): CallbackRecord[];
    stkPushes(): Stk[];
    payments(): B2c[];
    float(shortcode: string): number;
    idle(): Promise<void>;
  };
  close(): Promise<void>;
};

export const SANDBOX_PASSKEY = "bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919";
const STK_CODES: Record<string, string> = {
  "0001": "1", "1032": "1032", "2001": "2001", "1037": "1037", "1019": "1019", "1001": "1001", "0017": "17", "0026": "26", "1025": "1025", "9999": "9999",
};
const STK_DESC: Record<string, string> = {
  "0": "The service request is processed successfully.",
  "1": "The balance is insufficient for the transaction.",
  "1032": "Request cancelled by user",
  "2001": "The initiator information is invalid.",
  "1037": "DS timeout user cannot be reached",
  "1019": "Transaction has expired",
  "1001": "Unable to lock subscriber, a transaction is already in process for the current subscriber",
  "17": "System internal error.",
  "26": "System busy. The service request is rejected.",
  "1025": "An error occurred while sending a push request",
  "9999": "An error occurred while sending a push request.",
};

function defaults(): MpesaSimulatorConfig {
  return {
    consumerKey: "sim-consumer-key",
    consumerSecret: "sim-consumer-secret",
    passkeys: { "174379": SANDBOX_PASSKEY },
    initiatorName: "testapi",
    initiatorPassword: "Safaricom999!*!",
    floats: { "600999": 1_000_000 },
    tokenTtlSeconds: 3599,
    settleAfterSeconds: 2,
    approvalWindowSeconds: 60,
    resultAfterSeconds: 1,
    callbackMode: "once",
    callbackDelayMs: 0,
    allowHttpCallbacks: false,
    maxTransactionDesc: 13,
    queueTimeout: false,
    transactionStatusLookup: "original",
    statusResultShape: "full",
    rejectMpesaInCallbackUrl: true,
  };
}

export async function startMpesaSimulator(options: MpesaSimulatorOptions = {}): Promise<MpesaSimulator> {
  const { port = 0, clock: givenClock, ...overrides } = options;
  const config: MpesaSimulatorConfig = { ...defaults(), ...overrides };
  const simClock: SimClock = givenClock ?? new ManualClock();
  const floats = new Map(Object.entries(config.floats));
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const certificate = publicKey.export({ type: "spki", format: "pem" }).toString();
  /** Seconds on the simulator's clock (token expiry, prompt windows, result delays, holds). */
  const nowS = () => simClock.now().getTime() / 1000;
  const scenarios: { match: { reference?: string; destination?: string }; steps: ScenarioStep[] }[] = [];
  const tokens = new Map<string, number>(); // token → expiry (virtual seconds)
  const stks = new Map<string, Stk>();
  const b2cs: B2c[] = [];
  const statusQueries: { b2c: B2c | null; resultUrl: string; conversationId: string; credentialOk: boolean; dueAt: number; sent: boolean }[] = [];
  const log: LoggedRequest[] = [];
  const callbackLog: CallbackRecord[] = [];
  const faults: { kind: FaultKind; on: FaultTarget; remaining: number }[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const sockets = new Set<Socket>();
  let counter = 0;
  const id = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${(++counter).toString().padStart(4, "0")}`;
  const receipt = () => `S${randomBytes(5).toString("hex").toUpperCase().slice(0, 9)}`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => void handle(req, res, Buffer.concat(chunks).toString("utf8")));
  });
  server.on("connection", (s) => (sockets.add(s), s.on("close", () => sockets.delete(s))));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function envelope(res: http.ServerResponse, entry: LoggedRequest, status: number, errorCode: string, errorMessage: string) {
    entry.answer = status;
    sendJson(res, status, { requestId: id("req-"), errorCode, errorMessage });
  }

  function takeFault(target: FaultTarget): FaultKind | null {
    const i = faults.findIndex((f) => f.remaining > 0 && (f.on === target || f.on === "any"));
    if (i < 0) return null;
    faults[i]!.remaining -= 1;
    return faults[i]!.kind;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const path = (req.url ?? "").split("?")[0]!;
    const entry: LoggedRequest = { at: nowS(), method: req.method ?? "", path, headers: flatHeaders(req), body: raw, answer: 0 };
    log.push(entry);
    if (path.startsWith("/admin/")) return handleAdmin(req.method ?? "", path, raw, res, entry);
    const target: FaultTarget | null =
      path === "/oauth/v1/generate" ? "token" : path === "/mpesa/stkpush/v1/processrequest" ? "stk" : path === "/mpesa/stkpushquery/v1/query" ? "stkquery" : /^\/mpesa\/b2c\/v[13]\/paymentrequest$/.test(path) ? "b2c" : path === "/mpesa/transactionstatus/v1/query" ? "status" : null;
    if (!target) return envelope(res, entry, 404, "404.001.01", "Resource not found");
    const fault = takeFault(target);
    if (fault === "unavailable") return envelope(res, entry, 503, "503.001.01", "Service Unavailable");
    if (target === "token") return token(req, res, entry);
    if (req.method !== "POST") return envelope(res, entry, 405, "405.001.01", "Method Not Allowed");
    const auth = /^Bearer (.+)$/.exec(header(req, "authorization") ?? "")?.[1];
    const expiry = auth ? tokens.get(auth) : undefined;
    if (expiry === undefined || expiry <= nowS()) return envelope(res, entry, 401, "401.002.01", "Error Occurred - Invalid Access Token");
    if (!(header(req, "content-type") ?? "").includes("application/json")) return envelope(res, entry, 400, "400.002.05", "Invalid Request Payload");
    const body = parseJsonObject(raw);
    if (!body) return envelope(res, entry, 400, "400.002.05", "Invalid Request Payload");
    const answer = (status: number, payload: unknown) => {
      if (fault === "drop_after_accept") {
        entry.answer = "dropped";
        req.socket.destroy();
        return;
      }
      entry.answer = status;
      sendJson(res, status, payload);
    };
    if (target === "stk") return stkPush(body, entry, res, answer);
    if (target === "stkquery") return stkQuery(body, entry, res);
    if (target === "b2c") return b2c(body, entry, res, answer);
    return transactionStatus(body, entry, res, answer);
  }

  function token(req: http.IncomingMessage, res: http.ServerResponse, entry: LoggedRequest) {
    if (req.method !== "GET") return envelope(res, entry, 405, "405.001.01", "Method Not Allowed");
    if (new URL(req.url ?? "", url).searchParams.get("grant_type") !== "client_credentials") return envelope(res, entry, 400, "400.008.02", "Invalid grant type passed");
    const basic = /^Basic (.+)$/.exec(header(req, "authorization") ?? "")?.[1];
    const expected = Buffer.from(`${config.consumerKey}:${config.consumerSecret}`).toString("base64");
    if (!basic || !sameText(basic, expected)) return envelope(res, entry, 400, "400.008.01", "Invalid Authentication passed");
    const value = randomBytes(18).toString("base64url");
    tokens.set(value, nowS() + config.tokenTtlSeconds);
    entry.answer = 200;
    sendJson(res, 200, { access_token: value, expires_in: String(config.tokenTtlSeconds) }); // a string, as Daraja sends it
  }

  /** Field checks shared by the STK calls: the Password recomputed, the Timestamp's form. */
  function passwordProblem(body: Record<string, unknown>): string | null {
    const shortcode = String(body.BusinessShortCode ?? "");
    const passkey = config.passkeys[shortcode];
    if (!passkey) return "Invalid BusinessShortCode";
    if (typeof body.Timestamp !== "string" || !validTimestamp(body.Timestamp)) return "Invalid Timestamp";
    const expected = Buffer.from(`${shortcode}${passkey}${body.Timestamp}`).toString("base64");
    if (typeof body.Password !== "string" || !sameText(body.Password, expected)) return "Invalid Password";
    return null;
  }

  function callbackUrlProblem(value: unknown): string | null {
    if (typeof value !== "string") return "Invalid CallBackURL";
    try {
      const u = new URL(value);
      if (u.protocol !== "https:" && !(config.allowHttpCallbacks && u.protocol === "http:")) return "Invalid CallBackURL";
      if (config.rejectMpesaInCallbackUrl && /mpesa/i.test(value)) return "Invalid CallBackURL";
      return null;
    } catch {
      return "Invalid CallBackURL";
    }
  }

  function stkPush(body: Record<string, unknown>, entry: LoggedRequest, res: http.ServerResponse, answer: (s: number, p: unknown) => void) {
    const bad = (message: string) => envelope(res, entry, 400, "400.002.02", `Bad Request - ${message}`);
    const problem = passwordProblem(body);
    if (problem) return bad(problem);
    if (body.TransactionType !== "CustomerPayBillOnline" && body.TransactionType !== "CustomerBuyGoodsOnline") return bad("Invalid TransactionType");
    const amount = wholeNumber(body.Amount);
    if (amount === null || amount < 1) return bad("Invalid Amount");
    for (const field of ["PartyA", "PhoneNumber"]) if (!/^254[17]\d{8}$/.test(String(body[field] ?? ""))) return bad(`Invalid ${field}`);
    if (!/^\d{5,7}$/.test(String(body.PartyB ?? ""))) return bad("Invalid PartyB");
    const cb = callbackUrlProblem(body.CallBackURL);
    if (cb) return bad(cb);
    if (typeof body.AccountReference !== "string" || !body.AccountReference || body.AccountReference.length > 12) return bad("Invalid AccountReference");
    if (typeof body.TransactionDesc !== "string" || !body.TransactionDesc) return bad("Invalid TransactionDesc");
    const stk: Stk = {
      merchantRequestId: id("MR-"),
      checkoutRequestId: id("ws_CO_"),
      shortcode: String(body.BusinessShortCode),
      amount,
      phone: String(body.PhoneNumber),
      callbackUrl: body.CallBackURL as string,
      createdAt: nowS(),
      failDesc: body.TransactionDesc.length > config.maxTransactionDesc,
      resultCode: null,
      scenario: takeScenario({ destination: String(body.PhoneNumber) }),
    };
    if (stk.scenario.some((st) => st.kind === "fail_before_commit")) return envelope(res, entry, 503, "503.001.01", "Service Unavailable");
    stks.set(stk.checkoutRequestId, stk);
    answerAfterCommit(stk.scenario, res, entry, answer, {
      MerchantRequestID: stk.merchantRequestId,
      CheckoutRequestID: stk.checkoutRequestId,
      ResponseCode: "0",
      ResponseDescription: "Success. Request accepted for processing",
      CustomerMessage: "Success. Request accepted for processing",
    });
    settleDue();
  }

  function stkQuery(body: Record<string, unknown>, entry: LoggedRequest, res: http.ServerResponse) {
    const problem = passwordProblem(body);
    if (problem) return envelope(res, entry, 400, "400.002.02", `Bad Request - ${problem}`);
    const stk = typeof body.CheckoutRequestID === "string" ? stks.get(body.CheckoutRequestID) : undefined;
    if (!stk) return envelope(res, entry, 400, "400.002.02", "Bad Request - Invalid CheckoutRequestID");
    settleDue();
    if (stk.resultCode === null) return envelope(res, entry, 500, "500.001.1001", "The transaction is being processed");
    entry.answer = 200;
    sendJson(res, 200, {
      ResponseCode: "0",
      ResponseDescription: "The service request has been accepted successsfully",
      MerchantRequestID: stk.merchantRequestId,
      CheckoutRequestID: stk.checkoutRequestId,
      ResultCode: stk.resultCode,
      ResultDesc: STK_DESC[stk.resultCode] ?? "Unknown",
    });
  }

  function credentialOk(value: unknown): boolean {
    if (typeof value !== "string") return false;
    return decryptPkcs1(privateKey as KeyObject, value) === config.initiatorPassword;
  }

  /** The steps set for the first order matching (by our reference or the phone), used once. */
  function takeScenario(order: { reference?: unknown; destination: string }): ScenarioStep[] {
    const i = scenarios.findIndex((sc) => (sc.match.reference !== undefined && sc.match.reference === order.reference) || (sc.match.destination !== undefined && sc.match.destination.replace(/^\+/, "") === order.destination));
    if (i < 0) return [];
    return scenarios.splice(i, 1)[0]!.steps;
  }

  /** The answer to a submit that committed: sent, or lost as the scenario says (socket reset, or a 500 after commit). */
  function answerAfterCommit(steps: ScenarioStep[], res: http.ServerResponse, entry: LoggedRequest, answer: (s: number, p: unknown) => void, payload: unknown) {
    const lose = steps.find((st): st is Extract<ScenarioStep, { kind: "lose_answer" }> => st.kind === "lose_answer");
    if (lose?.how === "reset") {
      entry.answer = "dropped";
      res.socket?.destroy();
      return;
    }
    if (lose?.how === "server_error") return envelope(res, entry, 500, "500.003.1001", "Internal Server Error");
    answer(200, payload);
  }

  const holdOf = (steps: ScenarioStep[]) => steps.find((st): st is Extract<ScenarioStep, { kind: "hold" }> => st.kind === "hold");

  function b2c(body: Record<string, unknown>, entry: LoggedRequest, res: http.ServerResponse, answer: (s: number, p: unknown) => void) {
    const bad = (message: string) => envelope(res, entry, 400, "400.002.02", `Bad Request - ${message}`);
    if (typeof body.OriginatorConversationID !== "string" || !body.OriginatorConversationID) return bad("Invalid OriginatorConversationID");
    if (typeof body.InitiatorName !== "string" || !body.InitiatorName) return bad("Invalid InitiatorName");
    if (typeof body.SecurityCredential !== "string" || !body.SecurityCredential) return bad("Invalid SecurityCredential");
    if (!["BusinessPayment", "SalaryPayment", "PromotionPayment"].includes(String(body.CommandID))) return bad("Invalid CommandID");
    const amount = wholeNumber(body.Amount);
    if (amount === null || amount < 10) return bad("Invalid Amount");
    if (!floats.has(String(body.PartyA ?? ""))) return bad("Invalid PartyA");
    if (!/^254[17]\d{8}$/.test(String(body.PartyB ?? ""))) return bad("Invalid PartyB");
    if (typeof body.Remarks !== "string" || !body.Remarks || body.Remarks.length > 100) return bad("Invalid Remarks");
    for (const field of ["ResultURL", "QueueTimeOutURL"]) if (callbackUrlProblem(body[field])) return bad(`Invalid ${field}`);
    if (!("Occassion" in body)) return bad("Invalid Occassion"); // sic
    const payment: B2c = {
      conversationId: id("AG_"),
      originatorConversationId: body.OriginatorConversationID,
      shortcode: String(body.PartyA),
      amount,
      partyB: String(body.PartyB),
      resultUrl: body.ResultURL as string,
      queueTimeoutUrl: body.QueueTimeOutURL as string,
      createdAt: nowS(),
      credentialOk: body.InitiatorName === config.initiatorName && credentialOk(body.SecurityCredential),
      resultCode: null,
      sent: false,
      scenario: takeScenario({ reference: body.OriginatorConversationID, destination: String(body.PartyB) }),
    };
    if (payment.scenario.some((st) => st.kind === "fail_before_commit")) return envelope(res, entry, 503, "503.001.01", "Service Unavailable");
    b2cs.push(payment); // no idempotency: a reused OriginatorConversationID is a second payment
    answerAfterCommit(payment.scenario, res, entry, answer, {
      ConversationID: payment.conversationId,
      OriginatorConversationID: payment.originatorConversationId,
      ResponseCode: "0",
      ResponseDescription: "Accept the service request successfully.",
    });
    settleDue();
  }

  function transactionStatus(body: Record<string, unknown>, entry: LoggedRequest, res: http.ServerResponse, answer: (s: number, p: unknown) => void) {
    const bad = (message: string) => envelope(res, entry, 400, "400.002.02", `Bad Request - ${message}`);
    if (body.CommandID !== "TransactionStatusQuery") return bad("Invalid CommandID");
    if (typeof body.Initiator !== "string" || typeof body.SecurityCredential !== "string") return bad("Invalid Initiator");
    const receipt = typeof body.TransactionID === "string" && body.TransactionID ? body.TransactionID : null;
    const conversationKey = config.transactionStatusLookup === "original" ? "OriginalConversationID" : config.transactionStatusLookup === "originator" ? "OriginatorConversationID" : null;
    const conversation = conversationKey && typeof body[conversationKey] === "string" && body[conversationKey] ? (body[conversationKey] as string) : null;
    if (!receipt && !conversation) return bad("Invalid TransactionID");
    if (!["1", "2", "4"].includes(String(body.IdentifierType))) return bad("Invalid IdentifierType");
    for (const field of ["ResultURL", "QueueTimeOutURL"]) if (callbackUrlProblem(body[field])) return bad(`Invalid ${field}`);
    // The receipt names one transaction; without one, the conversation id does.
    const found = receipt ? (b2cs.find((p) => p.receipt === receipt) ?? null) : (b2cs.filter((p) => p.originatorConversationId === conversation).at(-1) ?? null);
    const conversationId = id("AG_");
    statusQueries.push({
      b2c: found,
      resultUrl: body.ResultURL as string,
      conversationId,
      credentialOk: body.Initiator === config.initiatorName && credentialOk(body.SecurityCredential),
      dueAt: nowS() + config.resultAfterSeconds,
      sent: false,
    });
    answer(200, { ConversationID: conversationId, OriginatorConversationID: id("TS-"), ResponseCode: "0", ResponseDescription: "Accept the service request successfully." });
    settleDue();
  }

  /** Applies every outcome whose time has come on the simulator's clock, and sends its callbacks. */
  function settleDue() {
    const t = nowS();
    for (const stk of stks.values()) {
      if (stk.resultCode !== null) continue;
      if (stk.failDesc) {
        finishStk(stk, "1025");
        continue;
      }
      const hold = holdOf(stk.scenario);
      if (hold) {
        if (t * 1000 >= hold.until.getTime()) finishStk(stk, hold.then === "succeeded" ? "0" : "1032");
        continue;
      }
      const code = STK_CODES[stk.phone.slice(-4)] ?? (stk.phone.endsWith("7777") ? null : "0");
      if (code !== null && t - stk.createdAt >= config.settleAfterSeconds) finishStk(stk, code);
      else if (t - stk.createdAt >= config.approvalWindowSeconds) finishStk(stk, "1037");
    }
    for (const p of b2cs) {
      if (p.sent || t - p.createdAt < config.resultAfterSeconds) continue;
      const hold = holdOf(p.scenario);
      if (hold && t * 1000 < hold.until.getTime()) continue; // Daraja has not executed it yet: Transaction Status says Pending
      p.sent = true;
      if (config.queueTimeout && !hold) {
        p.resultCode = "timeout";
        sendCallback("b2c-timeout", p.queueTimeoutUrl, { Result: { ResultType: 1, ResultCode: 1, ResultDesc: "The request has timed out in the queue.", OriginatorConversationID: p.originatorConversationId, ConversationID: p.conversationId, TransactionID: "" } }, p);
        continue;
      }
      const float = floats.get(p.shortcode) ?? 0;
      p.resultCode = hold
        ? hold.then === "succeeded" ? (float < p.amount ? "1" : "0") : "2028"
        : !p.credentialOk ? "2001" : p.partyB.endsWith("2040") ? "2040" : p.partyB.endsWith("2028") ? "2028" : p.partyB.endsWith("0011") ? "11" : float < p.amount ? "1" : "0";
      if (p.resultCode === "0") {
        floats.set(p.shortcode, float - p.amount);
        p.receipt = receipt();
      }
      sendCallback("b2c", p.resultUrl, b2cResult(p), p);
    }
    for (const q of statusQueries) {
      if (q.sent || t < q.dueAt) continue;
      q.sent = true;
      sendCallback("status", q.resultUrl, statusResult(q), q.b2c ?? undefined);
    }
  }

  function finishStk(stk: Stk, code: string) {
    stk.resultCode = code;
    const callback: Record<string, unknown> = { MerchantRequestID: stk.merchantRequestId, CheckoutRequestID: stk.checkoutRequestId, ResultCode: Number(code), ResultDesc: STK_DESC[code] ?? "Unknown" };
    if (code === "0") {
      stk.receipt = receipt();
      callback.CallbackMetadata = {
        Item: [
          { Name: "Amount", Value: stk.amount },
          { Name: "MpesaReceiptNumber", Value: stk.receipt },
          { Name: "TransactionDate", Value: Number(eatStamp(simClock.now())) },
          { Name: "PhoneNumber", Value: Number(stk.phone) },
        ],
      };
    }
    sendCallback("stk", stk.callbackUrl, { Body: { stkCallback: callback } }, stk);
  }

  function b2cResult(p: B2c) {
    const result: Record<string, unknown> = {
      ResultType: 0,
      ResultCode: Number(p.resultCode),
      ResultDesc: p.resultCode === "0" ? "The service request is processed successfully." : b2cDesc(p.resultCode!),
      OriginatorConversationID: p.originatorConversationId,
      ConversationID: p.conversationId,
      TransactionID: p.receipt ?? id("X"),
      ReferenceData: { ReferenceItem: { Key: "QueueTimeoutURL", Value: p.queueTimeoutUrl } },
    };
    if (p.resultCode === "0") {
      result.ResultParameters = {
        ResultParameter: [
          { Key: "TransactionAmount", Value: p.amount },
          { Key: "TransactionReceipt", Value: p.receipt },
          { Key: "B2CRecipientIsRegisteredCustomer", Value: "Y" },
          { Key: "ReceiverPartyPublicName", Value: `${p.partyB} - Simulated Customer` },
          { Key: "TransactionCompletedDateTime", Value: darajaDateTime(simClock.now()) },
          { Key: "B2CWorkingAccountAvailableFunds", Value: floats.get(p.shortcode) ?? 0 },
        ],
      };
    }
    return { Result: result };
  }

  function statusResult(q: (typeof statusQueries)[number]) {
    const base = { ResultType: 0, OriginatorConversationID: id("TS-"), ConversationID: q.conversationId };
    if (!q.credentialOk) return { Result: { ...base, ResultCode: 2001, ResultDesc: "The initiator information is invalid.", TransactionID: "" } };
    // Not documented [L]: what Transaction Status answers for an id it does not know.
    if (!q.b2c) return { Result: { ...base, ResultCode: "R000001", ResultDesc: "The transaction could not be found.", TransactionID: "" } };
    const p = q.b2c;
    const status = p.resultCode === null ? "Pending" : p.resultCode === "timeout" ? "Expired" : p.resultCode === "0" ? "Completed" : "Failed";
    const parameters: { Key: string; Value: string | number }[] = [
      { Key: "ReceiptNo", Value: p.receipt ?? "" },
      { Key: "TransactionStatus", Value: status },
      { Key: "Amount", Value: p.amount },
      { Key: "ReasonType", Value: p.resultCode && p.resultCode !== "0" && p.resultCode !== "timeout" ? b2cDesc(p.resultCode) : "Business Payment to Customer via API" },
      { Key: "FinalisedTime", Value: Number(eatStamp(simClock.now())) },
      { Key: "DebitPartyName", Value: `${p.shortcode} - Simulated Business` },
    ];
    if (config.statusResultShape !== "no_party") parameters.push({ Key: "CreditPartyName", Value: `${p.partyB} - Simulated Customer` });
    if (config.statusResultShape !== "no_originator") parameters.push({ Key: "OriginatorConversationID", Value: p.originatorConversationId });
    parameters.push({ Key: "ConversationID", Value: p.conversationId });
    return {
      Result: {
        ...base,
        ResultCode: 0,
        ResultDesc: "The service request is processed successfully.",
        TransactionID: p.receipt ?? "",
        ResultParameters: { ResultParameter: parameters },
        ReferenceData: { ReferenceItem: { Key: "Occasion", Value: "" } },
      },
    };
  }

  /**
   * Posts a callback as the configured mode says, and as the order's scenario says:
   * duplicate_callbacks sends it twice; out_of_order_callbacks holds a payment's B2C result until
   * the next callback about it (a Transaction Status result) has gone, then sends it.
   */
  function sendCallback(kind: CallbackRecord["kind"], target: string, body: unknown, order?: Stk | B2c) {
    if (config.callbackMode === "none") return;
    const steps = order?.scenario ?? [];
    if (kind === "b2c" && order && steps.some((st) => st.kind === "out_of_order_callbacks")) {
      (order as B2c).heldResult = { target, body };
      return;
    }
    const text = JSON.stringify(body);
    const times = config.callbackMode === "duplicated" || steps.some((st) => st.kind === "duplicate_callbacks") ? 2 : 1;
    const delay = config.callbackMode === "delayed" ? Math.max(config.callbackDelayMs, 50) : config.callbackDelayMs;
    const forPayment = kind === "status" ? (order as B2c | undefined) : undefined;
    const held = forPayment?.heldResult;
    if (forPayment) forPayment.heldResult = undefined;
    const run = (async () => {
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
      for (let i = 0; i < times; i++) await post(kind, target, text);
      if (held) await post("b2c", held.target, JSON.stringify(held.body));
    })();
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  }

  async function post(kind: CallbackRecord["kind"], target: string, text: string) {
    const record: CallbackRecord = { kind, url: target, body: text };
    callbackLog.push(record);
    try {
      const response = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body: text, signal: AbortSignal.timeout(5_000) });
      record.httpStatus = response.status;
      await response.text();
    } catch (err) {
      record.error = (err as Error).message;
    }
  }

  async function idle() {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  }

  /** Where money stands at "Safaricom": STK prompts by CheckoutRequestID (Daraja echoes none of our ids), B2C by our OriginatorConversationID. */
  function truth(): OperatorTruth[] {
    const state = (code: string | null) => (code === null ? "pending" : code === "0" ? "succeeded" : "failed");
    return [
      ...[...stks.values()].map((k): OperatorTruth => ({ reference: k.checkoutRequestId, direction: "collect", amountMinor: BigInt(k.amount) * 100n, currency: "KES", state: state(k.resultCode), operatorReference: k.receipt })),
      ...b2cs.map((p): OperatorTruth => ({ reference: p.originatorConversationId, direction: "payout", amountMinor: BigInt(p.amount) * 100n, currency: "KES", state: state(p.resultCode), operatorReference: p.receipt })),
    ];
  }

  const admin: MpesaSimulator["admin"] = {
    advanceClock(seconds) {
      if (!(simClock instanceof ManualClock)) throw new Error("this simulator runs on a clock it was given: move that clock");
      simClock.advance(seconds * 1000);
      settleDue();
    },
    configure(patch) {
      Object.assign(config, patch);
      if (patch.floats) for (const [k, v] of Object.entries(patch.floats)) floats.set(k, v);
    },
    fault(kind, on, times = 1) {
      faults.push({ kind, on, remaining: times });
    },
    requests: (filter) => log.filter((r) => !filter?.path || r.path === filter.path),
    callbacks: () => [...callbackLog],
    stkPushes: () => [...stks.values()],
    payments: () => [...b2cs],
    float: (shortcode) => floats.get(shortcode) ?? 0,
    idle,
  };

  function handleAdmin(method: string, path: string, raw: string, res: http.ServerResponse, entry: LoggedRequest) {
    entry.answer = 200;
    const body = parseJsonObject(raw) ?? {};
    if (method === "POST" && path === "/admin/clock") return (admin.advanceClock(Number(body.advanceSeconds ?? 0)), sendJson(res, 200, { now: simClock.now().toISOString() }));
    if (method === "POST" && path === "/admin/config") return (admin.configure(body as Partial<MpesaSimulatorConfig>), sendJson(res, 200, config));
    if (method === "POST" && path === "/admin/faults") return (admin.fault(body.kind as FaultKind, (body.on as FaultTarget) ?? "any", Number(body.times ?? 1)), sendJson(res, 200, { ok: true }));
    if (method === "GET" && path === "/admin/requests") return sendJson(res, 200, log);
    if (method === "GET" && path === "/admin/callbacks") return sendJson(res, 200, callbackLog);
    if (method === "GET" && path === "/admin/state") return sendJson(res, 200, { now: simClock.now().toISOString(), floats: Object.fromEntries(floats), stk: [...stks.values()], b2c: b2cs });
    entry.answer = 404;
    sendJson(res, 404, { error: "unknown admin route" });
  }

  // A clock moved from outside (the simulation harness) settles what became due.
  const ticker = setInterval(settleDue, 50);
  ticker.unref();

  return {
    url,
    certificate,
    config,
    admin,
    clock: simClock,
    truth,
    scenario(match, steps) {
      scenarios.push({ match, steps });
    },
    async close() {
      clearInterval(ticker);
      await idle().catch(() => {});
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * base64(RSA-PKCS#1-v1.5(password)) undone with the simulator's private key, or null. Node
 * refuses PKCS#1 v1.5 in privateDecrypt (a timing oracle for real servers), so the raw RSA is
 * undone and the padding read here: EM = 0x00 0x02 PS(≥ 8 non-zero) 0x00 M.
 */
function decryptPkcs1(privateKey: KeyObject, ciphertextBase64: string): string | null {
  try {
    const em = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, Buffer.from(ciphertextBase64, "base64"));
    if (em[0] !== 0x00 || em[1] !== 0x02) return null;
    const end = em.indexOf(0x00, 2);
    return end < 10 ? null : em.subarray(end + 1).toString("utf8");
  } catch {
    return null;
  }
}

function b2cDesc(code: string): string {
  return (
    {
      "1": "The balance is insufficient for the transaction.",
      "2001": "The initiator information is invalid.",
      "2040": "Credit Party customer type (Unregistered or Registered Customer) can't be supported by the service.",
      "2028": "The request is not permitted according to product assignment.",
      "11": "The DebitParty is in an invalid state.",
    }[code] ?? "Unknown"
  );
}

/** YYYYMMDDHHmmss, 14 digits and a real date and time. */
function validTimestamp(value: string): boolean {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!m) return false;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  return date.getUTCMonth() === mo! - 1 && date.getUTCDate() === d! && h! < 24 && mi! < 60 && s! < 60;
}

function eatStamp(at: Date): string {
  const eat = new Date(at.getTime() + 3 * 3600_000).toISOString();
  return eat.slice(0, 19).replace(/[-T:]/g, "");
}

function darajaDateTime(at: Date): string {
  const s = eatStamp(at);
  return `${s.slice(6, 8)}.${s.slice(4, 6)}.${s.slice(0, 4)} ${s.slice(8, 10)}:${s.slice(10, 12)}:${s.slice(12, 14)}`;
}

/** A whole number, as a JSON number or a digit string (Daraja accepts both). */
function wholeNumber(value: unknown): number | null {
  if (typeof value === "number" && Number.isInteger(value)) return value;
  if (typeof value === "string" && /^\d+$/.test(value)) return Number(value);
  return null;
}

