import { createDecipheriv, createHmac, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { rsaPkcs1DecryptBase64 } from "../../rsa-pkcs1";
import { flatHeaders, header, parseJsonObject, sameText, sendJson } from "../../simulator-kit/http";

/**
 * A contract simulator of the Airtel Money Open API, written from ../shared/OPERATORS.md §7 (not
 * from our connector): 180 s client-credentials tokens; mandatory X-Country / X-Currency (the
 * account's); national MSISDNs (no country code); the push ack with DP00800001006; TIP → TS / TF /
 * TE with TA episodes; enquiries; refunds by airtel_money_id; disbursements with the PIN
 * RSA-decrypted and checked; message signing (x-signature / x-key, DP00800001026 on mismatch)
 * when on; ESB000041 on a reused transaction id; 408 after commit; callbacks with or without
 * `hash`. A virtual clock (advanceClock) drives tokens and outcomes.
 *
 * Outcomes by the LAST FOUR digits of the national number (README.md): …1002 wrong PIN, …1007
 * insufficient funds, …1008 refused, …1003 limit, …1010 barred (TF with that DP0080000xxxx code);
 * …1024 expired (TE); …0777 ambiguous (TA) before succeeding; …9999 stays TIP; anything else TS.
 */
export type CallbackMode = "none" | "once" | "duplicated";
export type FaultKind = "unavailable" | "timeout_after_commit" | "drop_after_accept";
export type FaultTarget = "token" | "payment" | "disbursement" | "refund" | "enquiry" | "any";

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
};
export type AirtelSimulatorOptions = Partial<AirtelSimulatorConfig> & { port?: number };
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
};

export type AirtelSimulator = {
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
  };
}

export async function startAirtelSimulator(options: AirtelSimulatorOptions = {}): Promise<AirtelSimulator> {
  const { port = 0, ...overrides } = options;
  const config: AirtelSimulatorConfig = { ...defaults(), ...overrides };
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const publicKeyB64 = publicKey.export({ type: "spki", format: "der" }).toString("base64");
  let clock = 0;
  let float = config.float;
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
    const entry: LoggedRequest = { at: clock, method: req.method ?? "", path, headers: flatHeaders(req), body: raw, answer: 0 };
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
    if (expiry === undefined || expiry <= clock) return send(401, { error: "invalid_token", error_description: "Access token expired or invalid" });
    const country = header(req, "x-country");
    const currency = header(req, "x-currency");
    if (!country || !currency) return send(400, envelope("ESB000008", "X-Country and X-Currency are required", false));
    if (country !== config.country || currency !== config.currency) return send(400, envelope("ROUTER006", `This app serves ${config.country}/${config.currency}`, false));
    if (route.target === "keys") return send(200, envelope("DP00800001001", "SUCCESS", true, "ESB000010", { key_id: "sim-1", key: publicKeyB64, valid_upto: "2099-12-31 23:59:59" }));
    if (req.method === "POST") {
      if (!(header(req, "content-type") ?? "").includes("application/json")) return send(400, envelope("ESB000008", "Content-Type must be application/json", false));
      if (config.messageSigning && !signatureValid(req, raw)) return send(400, envelope("DP00800001026", "Signature verification failed", false));
    }
    const body = req.method === "POST" ? parseJsonObject(raw) : {};
    if (!body) return send(400, envelope("ESB000008", "Malformed JSON", false));
    const reply = (status: number, payload: unknown) => {
      if (fault === "drop_after_accept") {
        entry.answer = "dropped";
        req.socket.destroy();
        return;
      }
      if (fault === "timeout_after_commit") return send(408, { error: "Request Timeout" });
      send(status, payload);
    };
    settleDue();
    if (route.target === "payment") return payment(body, reply, send);
    if (route.target === "disbursement") return disbursement(body, reply, send);
    if (route.target === "refund") return refund(body, reply, send);
    if (route.kind === "disbursement" && full.searchParams.get("transactionType") !== "B2C") return send(400, envelope("ESB000008", "transactionType=B2C is required", false));
    return enquiry(route.kind!, decodeURIComponent(route.id!), send);
  }

  function routeOf(method: string, path: string): { target: FaultTarget | "keys"; kind?: Txn["kind"]; id?: string } | null {
    if (method === "POST" && path === "/auth/oauth2/token") return { target: "token" };
    if (method === "GET" && path === "/v1/rsa/encryption-keys") return { target: "keys" };
    if (method === "POST" && /^\/merchant\/v[12]\/payments\/$/.test(path)) return { target: "payment" };
    if (method === "POST" && /^\/standard\/v[12]\/disbursements\/$/.test(path)) return { target: "disbursement" };
    if (method === "POST" && path === "/standard/v1/payments/refund") return { target: "refund" };
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
    tokens.set(value, clock + config.tokenTtlSeconds);
    send(200, { access_token: value, expires_in: String(config.tokenTtlSeconds), token_type: "bearer" });
  }

  /** x-key: RSA(base64(key):base64(iv)); x-signature: AES-256-CBC(body) — must decrypt to the body received. */
  function signatureValid(req: http.IncomingMessage, raw: string): boolean {
    const xKey = header(req, "x-key");
    const xSignature = header(req, "x-signature");
    if (!xKey || !xSignature) return false;
    const keyIv = rsaPkcs1DecryptBase64(privateKey as KeyObject, xKey);
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
    const pin = rsaPkcs1DecryptBase64(privateKey as KeyObject, body.pin);
    if (pin === null) return send(400, envelope("ROUTER115", "PIN could not be decrypted", false));
    if (pin !== config.pin) return send(400, envelope("ROUTER116", "Invalid PIN", false));
    if (txns.has(transaction.id)) return send(200, envelope("DP00900001009", "Duplicate transaction id", false, "ESB000041"));
    if (float < transaction.amount) return send(200, envelope("DP00800001007", "Insufficient funds in the disbursement wallet", false));
    const t = create("disbursement", transaction.id, payee.msisdn, transaction.amount);
    float -= transaction.amount; // held; released if it fails
    reply(200, envelope("DP00900001006", "SUCCESS", true, "ESB000010", { transaction: { id: t.id, reference_id: `R${counter}`, airtel_money_id: t.airtelMoneyId, status: "TIP" } }));
  }

  function refund(body: Record<string, unknown>, reply: (s: number, b: unknown) => void, send: (s: number, b: unknown) => void) {
    const id = (body.transaction as Record<string, unknown> | undefined)?.airtel_money_id;
    const t = [...txns.values()].find((x) => x.kind === "payment" && x.airtelMoneyId === id);
    if (!t) return send(400, envelope("DP00800001025", "Transaction not found", false, "ESB000045"));
    if (t.status !== "TS" || t.refunded) return send(400, envelope("DP00800001009", "Transaction cannot be refunded", false));
    t.refunded = true;
    reply(200, envelope("DP00800001001", "SUCCESS", true, "ESB000010", { transaction: { airtel_money_id: `RF${t.airtelMoneyId}`, status: "TS" } }));
  }

  function enquiry(kind: Txn["kind"], id: string, send: (s: number, b: unknown) => void) {
    const t = txns.get(id);
    if (!t || t.kind !== kind) return send(404, envelope("DP00800001025", "Transaction not found", false, "ESB000045"));
    send(200, envelope(t.code, "SUCCESS", true, "ESB000010", { transaction: { id: t.id, airtel_money_id: t.airtelMoneyId, message: messageOf(t), status: t.status } }));
  }

  function create(kind: Txn["kind"], id: string, msisdn: string, amount: number): Txn {
    const t: Txn = { kind, id, airtelMoneyId: `MP${Date.now().toString().slice(-6)}.${String(++counter).padStart(4, "0")}`, msisdn, amount, createdAt: clock, status: "TIP", code: kind === "payment" ? "DP00800001006" : "DP00900001006", refunded: false, called: false };
    txns.set(id, t);
    return t;
  }

  function messageOf(t: Txn): string {
    if (t.status === "TS") return "Paid successfully";
    if (t.status === "TIP") return "In process";
    if (t.status === "TA") return "Transaction ambiguous";
    return FAILURES[t.msisdn.slice(-4)]?.message ?? "Failed";
  }

  function settleDue() {
    for (const t of txns.values()) {
      if (t.status !== "TIP" && t.status !== "TA") continue;
      const suffix = t.msisdn.slice(-4);
      if (suffix === "9999" || clock - t.createdAt < config.settleAfterSeconds) continue;
      if (suffix === "0777" && t.status === "TIP") {
        t.status = "TA";
        t.code = t.kind === "payment" ? "DP00800001000" : "DP00900001000";
        continue; // an ambiguous episode; it resolves on a later tick
      }
      const failure = t.kind === "payment" || suffix === "1010" ? FAILURES[suffix] : undefined;
      if (failure) {
        t.status = failure.status;
        t.code = failure.code;
        if (t.kind === "disbursement") float += t.amount;
      } else {
        t.status = "TS";
        t.code = t.kind === "payment" ? "DP00800001001" : "DP00900001001";
      }
      sendCallback(t);
    }
  }

  function sendCallback(t: Txn) {
    if (t.called || !config.callbackUrl || config.callbackMode === "none") return;
    t.called = true;
    const transaction = { id: t.id, message: messageOf(t), status_code: t.status === "TS" ? "TS" : "TF", airtel_money_id: t.airtelMoneyId };
    const body: Record<string, unknown> = { transaction };
    if (config.callbackSecret) body.hash = createHmac("sha256", config.callbackSecret).update(JSON.stringify(transaction)).digest("base64");
    const text = JSON.stringify(body);
    const target = config.callbackUrl;
    const times = config.callbackMode === "duplicated" ? 2 : 1;
    const run = (async () => {
      for (let i = 0; i < times; i++) {
        const record: CallbackRecord = { id: t.id, body: text };
        callbackLog.push(record);
        try {
          const response = await fetch(target, { method: "POST", headers: { "content-type": "application/json" }, body: text, signal: AbortSignal.timeout(5_000) });
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

  const admin: AirtelSimulator["admin"] = {
    advanceClock(seconds) {
      clock += seconds;
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
    transactions: () => [...txns.values()],
    float: () => float,
    idle,
  };

  function handleAdmin(method: string, path: string, raw: string, send: (s: number, b: unknown) => void) {
    const body = parseJsonObject(raw) ?? {};
    if (method === "POST" && path === "/admin/clock") return (admin.advanceClock(Number(body.advanceSeconds ?? 0)), send(200, { clock }));
    if (method === "POST" && path === "/admin/config") return (admin.configure(body as Partial<AirtelSimulatorConfig>), send(200, config));
    if (method === "POST" && path === "/admin/faults") return (admin.fault(body.kind as FaultKind, (body.on as FaultTarget) ?? "any", Number(body.times ?? 1)), send(200, { ok: true }));
    if (method === "GET" && path === "/admin/requests") return send(200, log);
    if (method === "GET" && path === "/admin/callbacks") return send(200, callbackLog);
    if (method === "GET" && path === "/admin/state") return send(200, { clock, float, transactions: [...txns.values()] });
    send(404, { error: "unknown admin route" });
  }

  return {
    url,
    publicKey: publicKeyB64,
    config,
    admin,
    async close() {
      await idle().catch(() => {});
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

