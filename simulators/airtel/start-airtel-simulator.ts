import { createDecipheriv, createHmac, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { flatHeaders, header, parseJsonObject, sameText, sendJson } from "../kit/http";
import { decryptOaepSha256, decryptPkcs1v15 } from "../kit/rsa-pkcs1";
import { ScenarioBook, SteerableClock } from "../kit/steering";
import { ManualClock, type OperatorSimulatorControl, type OperatorTruth, type ScenarioStep, type SimClock } from "../kit/truth";

/**
 * A contract simulator of the Airtel Money Open API, written from Airtel's published docs and the
 * copies community clients keep of them, as the connector README (lib/connectors/airtel/README.md)
 * sums them up — never from the connector's code: 180 s client-credentials tokens; mandatory X-Country / X-Currency (the
 * account's); national MSISDNs (no country code); the push ack with DP00800001006; TIP → TS / TF /
 * TE with TA episodes; enquiries; refunds by airtel_money_id; disbursements with the PIN
 * RSA-decrypted and checked; message signing (x-signature / x-key, DP00800001026 on mismatch)
 * when on; ESB000041 on a reused transaction id; 408 after commit; callbacks with or without
 * `hash`.
 *
 * Outcomes by the LAST FOUR digits of the national number (README.md): …1002 wrong PIN, …1007
 * insufficient funds, …1008 refused, …1003 limit, …1010 barred (TF with that DP0080000xxxx code);
 * …1024 expired (TE); …0777 ambiguous (TA) before succeeding; …9999 stays TIP; anything else TS.
 *
 * Refunds answer as Airtel publishes it: HTTP 200, `data.transaction.status: "SUCCESS"`,
 * `status.success: false` and no response_code. Where the docs leave a shape open, each
 * plausible one is a setting (README "Simulator"): `refundSuccessFlag` (the `false` may be a doc
 * typo), `refundPaths` (v1, v2 or both served), `refundRefusal`, `refundInEnquiry` (what an
 * enquiry of a refunded collection shows), `pinPadding` (PKCS#1 v1.5 or OAEP-SHA-256),
 * `callbackHashIn` (the `hash` in the body or a header).
 *
 * The kit's control surface (simulators/kit/truth.ts): an injectable clock (tokens, outcomes,
 * holds), `truth()`, and per-reference scenarios `hold`, `lose_answer`, `fail_before_commit`,
 * `duplicate_callbacks`.
 */
export type CallbackMode = "none" | "once" | "duplicated";
export type FaultKind = "unavailable" | "timeout_after_commit" | "drop_after_accept";
export type FaultTarget = "token" | "payment" | "disbursement" | "refund" | "enquiry" | "balance" | "any";

export type AirtelSimulatorConfig = {
  clientId: string;
  clientSecret: string;
  country: string;
  currency: string;
  /** Digits of a national number in this country. */
  msisdnLength: number;
  pin: string;
  /** Our disbursement wallet, in major units. */
  float: number;
  tokenTtlSeconds: number;
  settleAfterSeconds: number;
  messageSigning: boolean;
  /** Where Airtel calls back (configured per app in Airtel's portal, not per request). */
  callbackUrl: string | null;
  callbackMode: CallbackMode;
  /** Callback authentication: the `hash` key; null = callbacks carry no hash. */
  callbackSecret: string | null;
  /** Where the `hash` travels: a body member beside `transaction` (the docs' example), or a `hash` header (one copy's reading). */
  callbackHashIn: "body" | "header";
  /** `status.success` of a refund Airtel accepted: `false` as published, `true` should that be a doc typo. */
  refundSuccessFlag: boolean;
  /** Which refund paths this OpCo serves (the other answers 404): `/standard/v1/payments/refund`, `/standard/v2/payments/refund`. */
  refundPaths: ("v1" | "v2")[];
  /** A refused refund (unknown id, not paid, already refunded): HTTP 200 with `data.transaction.status: "FAILED"`, or HTTP 400 with a DP code. */
  refundRefusal: "status_failed" | "http_400";
  /**
   * What `GET /standard/v1/payments/{id}` of a refunded collection shows: nothing new (`none`,
   * still TS), a status of its own (`status`: "REFUNDED"), or TS with a message saying so (`message`).
   */
  refundInEnquiry: "none" | "status" | "message";
  /** The disbursement PIN's RSA padding: PKCS#1 v1.5 (the docs' v1 wording) or OAEP with SHA-256 (one OpCo's v3 docs). */
  pinPadding: "pkcs1" | "oaep-sha256";
  /**
   * Which wallet `GET /standard/v1/users/balance` reports (README "Balance"): the collection
   * wallet (paid pushes in, refunds out; the one copy of the answer we found) or the disbursement
   * wallet (`float`, payouts out).
   */
  balanceWallet: "collection" | "disbursement";
  /** How the balance is written: "37,600.00" (thousands separators, that copy), "37600.00" (`plain`), or a JSON number (`number`). */
  balanceFormat: "grouped" | "plain" | "number";
};
export type AirtelSimulatorOptions = Partial<AirtelSimulatorConfig> & { port?: number; clock?: SimClock };
export type LoggedRequest = { at: number; method: string; path: string; headers: Record<string, string>; body: string; answer: number | "dropped" };
export type CallbackRecord = { id: string; body: string; httpStatus?: number; error?: string };

type Txn = {
  kind: "payment" | "disbursement";
  id: string;
  airtelMoneyId: string;
  msisdn: string;
  amount: number;
  createdAt: number;
  status: "TIP" | "TA" | "TS" | "TF" | "TE";
  code: string;
  refunded: boolean;
  called: boolean;
  /** A `hold` scenario: stays TIP until then (simulator clock, ms), then settles as `heldThen`. */
  heldUntil: number | null;
  heldThen: "succeeded" | "failed" | null;
};

export type AirtelSimulator = OperatorSimulatorControl & {
  url: string;
  /** Base64 DER (SPKI) of the key the PIN and the x-key are encrypted with (PIN_PUBLIC_KEY). */
  publicKey: string;
  config: AirtelSimulatorConfig;
  admin: {
    advanceClock(seconds: number): void;
    configure(patch: Partial<AirtelSimulatorConfig>): void;
    fault(kind: FaultKind, on: FaultTarget, times?: number): void;
    requests(filter?: { path?: string }): LoggedRequest[];
    callbacks(): CallbackRecord[];
    transactions(): Txn[];
    float(): number;
    /** The collection wallet, major units: paid pushes in, accepted refunds out (it starts empty). */
    collected(): number;
    /** Money moved in or out of the collection wallet under no order (a transfer, a sweep): sets it. */
    setCollected(amount: number): void;
    idle(): Promise<void>;
  };
  close(): Promise<void>;
};

const FAILURES: Record<string, { status: "TF" | "TE"; code: string; message: string }> = {
  "1002": { status: "TF", code: "DP00800001002", message: "Invalid PIN entered" },
  "1007": { status: "TF", code: "DP00800001007", message: "Insufficient funds" },
  "1008": { status: "TF", code: "DP00800001008", message: "Transaction refused" },
  "1003": { status: "TF", code: "DP00800001003", message: "Limit exceeded" },
  "1010": { status: "TF", code: "DP00800001010", message: "Payee is barred or not registered" },
  "1024": { status: "TE", code: "DP00800001024", message: "Transaction expired" },
};

function defaults(): AirtelSimulatorConfig {
  return {
    clientId: "sim-airtel-client",
    clientSecret: "sim-airtel-secret",
    country: "GA",
    currency: "XAF",
    msisdnLength: 8,
    pin: "1234",
    float: 10_000_000,
    tokenTtlSeconds: 180,
    settleAfterSeconds: 2,
    messageSigning: false,
    callbackUrl: null,
    callbackMode: "once",
    callbackSecret: null,
    callbackHashIn: "body",
    refundSuccessFlag: false,
    refundPaths: ["v1", "v2"],
    refundRefusal: "status_failed",
    // The documented enquiry statuses (TIP, TA, TS, TF, TE) have no refund word: nothing shown by default.
    refundInEnquiry: "none",
    pinPadding: "pkcs1",
    balanceWallet: "collection",
    balanceFormat: "grouped",
  };
}

/** A major-unit amount with two decimals, from its shortest decimal form (no float arithmetic), optionally with thousands separators. */
function majorText(amount: number, grouped: boolean): string {
  const [whole = "0", fraction = ""] = String(amount).split(".");
  const digits = grouped ? whole.replace(/\B(?=(\d{3})+$)/g, ",") : whole;
  return `${digits}.${fraction.padEnd(2, "0")}`;
}

const HONOURED: ScenarioStep["kind"][] = ["hold", "lose_answer", "fail_before_commit", "duplicate_callbacks"];

export async function startAirtelSimulator(options: AirtelSimulatorOptions = {}): Promise<AirtelSimulator> {
  const { port = 0, clock: baseClock, ...overrides } = options;
  const config: AirtelSimulatorConfig = { ...defaults(), ...Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined)) };
  // Time stands still unless a test moves it (admin.advanceClock, or the ManualClock it injected).
  const simClock = new SteerableClock(baseClock ?? new ManualClock());
  const scenarios = new ScenarioBook(HONOURED);
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const publicKeyB64 = publicKey.export({ type: "spki", format: "der" }).toString("base64");
  /** Seconds on the simulator's clock (tokens and outcomes are measured on it). */
  const clockAt = () => simClock.ms() / 1000;
  let float = config.float;
  let collected = 0;
  const tokens = new Map<string, number>();
  const txns = new Map<string, Txn>(); // by our transaction id
  const log: LoggedRequest[] = [];
  const callbackLog: CallbackRecord[] = [];
  const faults: { kind: FaultKind; on: FaultTarget; remaining: number }[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const sockets = new Set<Socket>();
  let counter = 0;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => void handle(req, res, Buffer.concat(chunks).toString("utf8")));
  });
  server.on("connection", (s) => (sockets.add(s), s.on("close", () => sockets.delete(s))));
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const envelope = (code: string, message: string, success: boolean, resultCode = success ? "ESB000010" : code, data?: unknown) => ({
    ...(data ? { data } : {}),
    status: { code: success ? "200" : "400", message, result_code: resultCode, response_code: code, success },
  });

  function takeFault(target: FaultTarget): FaultKind | null {
    const f = faults.find((x) => x.remaining > 0 && (x.on === target || x.on === "any"));
    if (!f) return null;
    f.remaining -= 1;
    return f.kind;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const full = new URL(req.url ?? "", url);
    const path = full.pathname;
    const entry: LoggedRequest = { at: clockAt(), method: req.method ?? "", path, headers: flatHeaders(req), body: raw, answer: 0 };
    log.push(entry);
    const send = (status: number, body: unknown) => ((entry.answer = status), sendJson(res, status, body));
    if (path.startsWith("/admin/")) return handleAdmin(req.method ?? "", path, raw, send);

    const route = routeOf(req.method ?? "", path);
    if (!route) return send(404, envelope("ROUTER003", "Resource not found", false));
    const fault = route.target === "keys" ? null : takeFault(route.target);
    if (fault === "unavailable") return send(503, envelope("ESB000001", "Service unavailable", false));
    if (route.target === "token") return token(raw, send);

    // Every call: a live bearer, the account's X-Country / X-Currency.
    const bearer = /^Bearer (.+)$/i.exec(header(req, "authorization") ?? "")?.[1];
    const expiry = bearer ? tokens.get(bearer) : undefined;
    if (expiry === undefined || expiry <= clockAt()) return send(401, { error: "invalid_token", error_description: "Access token expired or invalid" });
    const country = header(req, "x-country");
    const currency = header(req, "x-currency");
    if (!country || !currency) return send(400, envelope("ESB000008", "X-Country and X-Currency are required", false));
    if (country !== config.country || currency !== config.currency) return send(400, envelope("ROUTER006", `This app serves ${config.country}/${config.currency}`, false));
    if (route.target === "balance") return balance(send);
    if (route.target === "keys") return send(200, envelope("DP00800001001", "SUCCESS", true, "ESB000010", { key_id: "sim-1", key: publicKeyB64, valid_upto: "2099-12-31 23:59:59" }));
    if (req.method === "POST") {
      if (!(header(req, "content-type") ?? "").includes("application/json")) return send(400, envelope("ESB000008", "Content-Type must be application/json", false));
      if (config.messageSigning && !signatureValid(req, raw)) return send(400, envelope("DP00800001026", "Signature verification failed", false));
    }
    const body = req.method === "POST" ? parseJsonObject(raw) : {};
    if (!body) return send(400, envelope("ESB000008", "Malformed JSON", false));
    settleDue();
    // The order's reference: our transaction id, or for a refund the collection it refunds.
    const reference = route.target === "refund" ? refundedTxn(body)?.id : ((body.transaction as Record<string, unknown> | undefined)?.id as string | undefined);
    const destination = ((body.subscriber ?? body.payee) as Record<string, unknown> | undefined)?.msisdn as string | undefined;
    if (route.target !== "enquiry" && scenarios.once(reference, "fail_before_commit", destination)) return send(503, envelope("ESB000001", "Service unavailable", false));
    const reply = (status: number, payload: unknown) => {
      const lost = scenarios.once(reference, "lose_answer", destination);
      if (fault === "drop_after_accept" || lost?.how === "reset") {
        entry.answer = "dropped";
        req.socket.destroy();
        return;
      }
      if (lost?.how === "server_error") return send(500, envelope("ESB000001", "Internal error", false));
      if (fault === "timeout_after_commit") return send(408, { error: "Request Timeout" });
      send(status, payload);
    };
    if (route.target === "payment") return payment(body, reply, send);
    if (route.target === "disbursement") return disbursement(body, reply, send);
    if (route.target === "refund") return refund(body, reply, send);
    if (route.kind === "disbursement" && full.searchParams.get("transactionType") !== "B2C") return send(400, envelope("ESB000008", "transactionType=B2C is required", false));
    return enquiry(route.kind!, decodeURIComponent(route.id!), send);
  }

  function routeOf(method: string, path: string): { target: FaultTarget | "keys"; kind?: Txn["kind"]; id?: string } | null {
    if (method === "POST" && path === "/auth/oauth2/token") return { target: "token" };
    if (method === "GET" && path === "/v1/rsa/encryption-keys") return { target: "keys" };
    if (method === "GET" && path === "/standard/v1/users/balance") return { target: "balance" };
    if (method === "POST" && /^\/merchant\/v[12]\/payments\/$/.test(path)) return { target: "payment" };
    if (method === "POST" && /^\/standard\/v[12]\/disbursements\/$/.test(path)) return { target: "disbursement" };
    const refundPath = /^\/standard\/(v[12])\/payments\/refund$/.exec(path);
    if (method === "POST" && refundPath) return config.refundPaths.includes(refundPath[1] as "v1" | "v2") ? { target: "refund" } : null;
    const m = /^\/standard\/v[12]\/(payments|disbursements)\/([^/]+)$/.exec(path);
    if (method === "GET" && m) return { target: "enquiry", kind: m[1] === "payments" ? "payment" : "disbursement", id: m[2] };
    return null;
  }

  function token(raw: string, send: (s: number, b: unknown) => void) {
    const body = parseJsonObject(raw);
    if (!body || body.grant_type !== "client_credentials") return send(400, { error: "unsupported_grant_type", error_description: "grant_type must be client_credentials" });
    if (typeof body.client_id !== "string" || typeof body.client_secret !== "string" || !sameText(body.client_id, config.clientId) || !sameText(body.client_secret, config.clientSecret)) {
      return send(401, { error: "invalid_client", error_description: "Client authentication failed" });
    }
    const value = randomBytes(18).toString("base64url");
    tokens.set(value, clockAt() + config.tokenTtlSeconds);
    send(200, { access_token: value, expires_in: String(config.tokenTtlSeconds), token_type: "bearer" });
  }

  /** x-key: RSA(base64(key):base64(iv)); x-signature: AES-256-CBC(body) — must decrypt to the body received. */
  function signatureValid(req: http.IncomingMessage, raw: string): boolean {
    const xKey = header(req, "x-key");
    const xSignature = header(req, "x-signature");
    if (!xKey || !xSignature) return false;
    const keyIv = decryptPkcs1v15(privateKey as KeyObject, xKey);
    const [k, iv] = (keyIv ?? "").split(":");
    try {
      const decipher = createDecipheriv("aes-256-cbc", Buffer.from(k ?? "", "base64"), Buffer.from(iv ?? "", "base64"));
      return Buffer.concat([decipher.update(Buffer.from(xSignature, "base64")), decipher.final()]).toString("utf8") === raw;
    } catch {
      return false;
    }
  }

  function validMsisdn(value: unknown): value is string {
    return typeof value === "string" && /^\d+$/.test(value) && value.length === config.msisdnLength;
  }

  function validAmount(value: unknown): value is number {
    return typeof value === "number" && Number.isFinite(value) && value > 0;
  }

  function payment(body: Record<string, unknown>, reply: (s: number, b: unknown) => void, send: (s: number, b: unknown) => void) {
    const subscriber = body.subscriber as Record<string, unknown> | undefined;
    const transaction = body.transaction as Record<string, unknown> | undefined;
    if (typeof body.reference !== "string" || !subscriber || !transaction) return send(400, envelope("ESB000008", "reference, subscriber and transaction are required", false));
    if (!validMsisdn(subscriber.msisdn)) return send(400, envelope("ROUTER112", "Invalid MSISDN: national number without country code expected", false));
    if (!validAmount(transaction.amount)) return send(400, envelope("DP00800001004", "Invalid amount", false));
    if (typeof transaction.id !== "string" || !transaction.id) return send(400, envelope("ESB000008", "transaction.id is required", false));
    if (transaction.country !== config.country || transaction.currency !== config.currency) return send(400, envelope("ROUTER006", "Country or currency mismatch", false));
    if (txns.has(transaction.id)) return send(200, envelope("DP00800001009", "Duplicate transaction id", false, "ESB000041"));
    const t = create("payment", transaction.id, subscriber.msisdn, transaction.amount);
    reply(200, envelope("DP00800001006", "SUCCESS", true, "ESB000010", { transaction: { id: t.id, status: "Success." } }));
  }

  function disbursement(body: Record<string, unknown>, reply: (s: number, b: unknown) => void, send: (s: number, b: unknown) => void) {
    const payee = body.payee as Record<string, unknown> | undefined;
    const transaction = body.transaction as Record<string, unknown> | undefined;
    if (!payee || !transaction || typeof body.reference !== "string" || typeof body.pin !== "string") return send(400, envelope("ESB000008", "payee, reference, pin and transaction are required", false));
    if (!validMsisdn(payee.msisdn)) return send(400, envelope("ROUTER112", "Invalid MSISDN: national number without country code expected", false));
    if (!validAmount(transaction.amount)) return send(400, envelope("DP00800001004", "Invalid amount", false));
    if (typeof transaction.id !== "string" || !transaction.id || transaction.type !== "B2C") return send(400, envelope("ESB000008", "transaction.id and type B2C are required", false));
    const pin = config.pinPadding === "oaep-sha256" ? decryptOaepSha256(privateKey as KeyObject, body.pin) : decryptPkcs1v15(privateKey as KeyObject, body.pin);
    if (pin === null) return send(400, envelope("ROUTER115", "PIN could not be decrypted", false));
    if (pin !== config.pin) return send(400, envelope("ROUTER116", "Invalid PIN", false));
    if (txns.has(transaction.id)) return send(200, envelope("DP00900001009", "Duplicate transaction id", false, "ESB000041"));
    if (float < transaction.amount) return send(200, envelope("DP00800001007", "Insufficient funds in the disbursement wallet", false));
    const t = create("disbursement", transaction.id, payee.msisdn, transaction.amount);
    float -= transaction.amount; // held; released if it fails
    reply(200, envelope("DP00900001006", "SUCCESS", true, "ESB000010", { transaction: { id: t.id, reference_id: `R${counter}`, airtel_money_id: t.airtelMoneyId, status: "TIP" } }));
  }

  function refundedTxn(body: Record<string, unknown>): Txn | undefined {
    const id = (body.transaction as Record<string, unknown> | undefined)?.airtel_money_id;
    return [...txns.values()].find((x) => x.kind === "payment" && x.airtelMoneyId === id);
  }

  /** The published refund answer: HTTP 200, `data.transaction.status: "SUCCESS"`, `success: false`, no response_code. */
  function refund(body: Record<string, unknown>, reply: (s: number, b: unknown) => void, send: (s: number, b: unknown) => void) {
    const id = (body.transaction as Record<string, unknown> | undefined)?.airtel_money_id;
    if (typeof id !== "string" || !id) return send(400, envelope("ESB000008", "transaction.airtel_money_id is required", false));
    const t = refundedTxn(body);
    const refused = (code: string, message: string) =>
      config.refundRefusal === "http_400"
        ? send(400, envelope(code, message, false))
        : send(200, { data: { transaction: { airtel_money_id: id, status: "FAILED" } }, status: { code: "200", message, result_code: "ESB000010", success: false } });
    if (!t) return refused("DP00800001025", "Transaction not found");
    if (t.status !== "TS" || t.refunded) return refused("DP00800001009", "Transaction cannot be refunded");
    t.refunded = true;
    collected -= t.amount;
    reply(200, { data: { transaction: { airtel_money_id: t.airtelMoneyId, status: "SUCCESS" } }, status: { code: "200", message: "SUCCESS", result_code: "ESB000010", success: config.refundSuccessFlag } });
  }

  /** `GET /standard/v1/users/balance`: the configured wallet, from what moved through it here. */
  function balance(send: (s: number, b: unknown) => void) {
    const amount = config.balanceWallet === "collection" ? collected : float;
    const written = config.balanceFormat === "number" ? amount : majorText(amount, config.balanceFormat === "grouped");
    send(200, { data: { balance: written, currency: config.currency, account_status: "Active" }, status: { code: "200", message: "CALL_SUCCESS", result_code: "ESB000010", success: true } });
  }

  function enquiry(kind: Txn["kind"], id: string, send: (s: number, b: unknown) => void) {
    const t = txns.get(id);
    if (!t || t.kind !== kind) return send(404, envelope("DP00800001025", "Transaction not found", false, "ESB000045"));
    const refunded = t.refunded && config.refundInEnquiry !== "none";
    const status = refunded && config.refundInEnquiry === "status" ? "REFUNDED" : t.status;
    const message = refunded ? "Transaction refunded" : messageOf(t);
    send(200, envelope(t.code, "SUCCESS", true, "ESB000010", { transaction: { id: t.id, airtel_money_id: t.airtelMoneyId, message, status } }));
  }

  function create(kind: Txn["kind"], id: string, msisdn: string, amount: number): Txn {
    const hold = scenarios.step(id, "hold", msisdn);
    const t: Txn = {
      kind,
      id,
      airtelMoneyId: `MP${Date.now().toString().slice(-6)}.${String(++counter).padStart(4, "0")}`,
      msisdn,
      amount,
      createdAt: clockAt(),
      status: "TIP",
      code: kind === "payment" ? "DP00800001006" : "DP00900001006",
      refunded: false,
      called: false,
      heldUntil: hold ? hold.until.getTime() : null,
      heldThen: hold ? hold.then : null,
    };
    txns.set(id, t);
    return t;
  }

  function messageOf(t: Txn): string {
    if (t.status === "TS") return "Paid successfully";
    if (t.status === "TIP") return "In process";
    if (t.status === "TA") return "Transaction ambiguous";
    return FAILURES[t.msisdn.slice(-4)]?.message ?? "Failed";
  }

  function settle(t: Txn, failure: { status: "TF" | "TE"; code: string } | undefined) {
    if (failure) {
      t.status = failure.status;
      t.code = failure.code;
      if (t.kind === "disbursement") float += t.amount;
    } else {
      t.status = "TS";
      t.code = t.kind === "payment" ? "DP00800001001" : "DP00900001001";
      if (t.kind === "payment") collected += t.amount;
    }
    sendCallback(t);
  }

  function settleDue() {
    for (const t of txns.values()) {
      if (t.status !== "TIP" && t.status !== "TA") continue;
      if (t.heldUntil !== null) {
        // Held by a scenario: pending for as long as the operator holds it, then its answer.
        if (simClock.ms() < t.heldUntil) continue;
        settle(t, t.heldThen === "failed" ? { status: "TF", code: t.kind === "payment" ? "DP00800001008" : "DP00900001009" } : undefined);
        continue;
      }
      const suffix = t.msisdn.slice(-4);
      if (suffix === "9999" || clockAt() - t.createdAt < config.settleAfterSeconds) continue;
      if (suffix === "0777" && t.status === "TIP") {
        t.status = "TA";
        t.code = t.kind === "payment" ? "DP00800001000" : "DP00900001000";
        continue; // an ambiguous episode; it resolves on a later tick
      }
      settle(t, t.kind === "payment" || suffix === "1010" ? FAILURES[suffix] : undefined);
    }
  }

  function sendCallback(t: Txn) {
    if (t.called || !config.callbackUrl || config.callbackMode === "none") return;
    t.called = true;
    const transaction = { id: t.id, message: messageOf(t), status_code: t.status === "TS" ? "TS" : "TF", airtel_money_id: t.airtelMoneyId };
    const body: Record<string, unknown> = { transaction };
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (config.callbackSecret) {
      const hash = createHmac("sha256", config.callbackSecret).update(JSON.stringify(transaction)).digest("base64");
      if (config.callbackHashIn === "header") headers.hash = hash;
      else body.hash = hash;
    }
    const text = JSON.stringify(body);
    const target = config.callbackUrl;
    const duplicated = config.callbackMode === "duplicated" || scenarios.step(t.id, "duplicate_callbacks") !== undefined;
    const times = duplicated ? 2 : 1;
    const run = (async () => {
      for (let i = 0; i < times; i++) {
        const record: CallbackRecord = { id: t.id, body: text };
        callbackLog.push(record);
        try {
          const response = await fetch(target, { method: "POST", headers, body: text, signal: AbortSignal.timeout(5_000) });
          record.httpStatus = response.status;
          await response.text();
        } catch (err) {
          record.error = (err as Error).message;
        }
      }
    })();
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
  }

  async function idle() {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  }

  /** What money really moved at Airtel, per reference we sent (a refund under the collection's id). */
  function truth(): OperatorTruth[] {
    settleDue();
    const rows: OperatorTruth[] = [];
    for (const t of txns.values()) {
      const state = t.status === "TS" ? "succeeded" : t.status === "TF" || t.status === "TE" ? "failed" : "pending";
      // Amounts are major units on Airtel's wire; XAF/XOF (the simulator's markets) have no decimals.
      rows.push({ reference: t.id, direction: t.kind === "payment" ? "collect" : "payout", amountMinor: BigInt(Math.round(t.amount)), currency: config.currency, state, operatorReference: t.airtelMoneyId });
      if (t.refunded) rows.push({ reference: t.id, direction: "refund", amountMinor: BigInt(Math.round(t.amount)), currency: config.currency, state: "succeeded", operatorReference: t.airtelMoneyId, refundOf: t.id });
    }
    return rows;
  }

  const admin: AirtelSimulator["admin"] = {
    advanceClock(seconds) {
      simClock.advance(seconds * 1000);
      settleDue();
      settleDue(); // a TA episode, then its end
    },
    configure(patch) {
      Object.assign(config, patch);
      if (patch.float !== undefined) float = patch.float;
    },
    fault(kind, on, times = 1) {
      faults.push({ kind, on, remaining: times });
    },
    requests: (filter) => log.filter((r) => !filter?.path || r.path === filter.path),
    callbacks: () => [...callbackLog],
    transactions: () => (settleDue(), [...txns.values()]),
    float: () => float,
    collected: () => collected,
    setCollected: (amount) => {
      collected = amount;
    },
    idle,
  };

  function handleAdmin(method: string, path: string, raw: string, send: (s: number, b: unknown) => void) {
    const body = parseJsonObject(raw) ?? {};
    if (method === "POST" && path === "/admin/clock") return (admin.advanceClock(Number(body.advanceSeconds ?? 0)), send(200, { clock: clockAt() }));
    if (method === "POST" && path === "/admin/config") return (admin.configure(body as Partial<AirtelSimulatorConfig>), send(200, config));
    if (method === "POST" && path === "/admin/faults") return (admin.fault(body.kind as FaultKind, (body.on as FaultTarget) ?? "any", Number(body.times ?? 1)), send(200, { ok: true }));
    if (method === "GET" && path === "/admin/requests") return send(200, log);
    if (method === "GET" && path === "/admin/callbacks") return send(200, callbackLog);
    if (method === "GET" && path === "/admin/state") return send(200, { clock: clockAt(), float, collected, transactions: [...txns.values()] });
    if (method === "GET" && path === "/admin/truth") return send(200, truth().map((t) => ({ ...t, amountMinor: t.amountMinor.toString() })));
    send(404, { error: "unknown admin route" });
  }

  return {
    url,
    publicKey: publicKeyB64,
    config,
    admin,
    clock: simClock,
    truth,
    scenario: (match, steps) => scenarios.add(match, steps),
    async close() {
      await idle().catch(() => {});
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
