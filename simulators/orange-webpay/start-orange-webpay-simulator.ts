import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sameText } from "../kit/http";
import { ScenarioBook, SteerableClock } from "../kit/steering";
import type { OperatorSimulatorControl, OperatorTruth, ScenarioStep, SimClock } from "../kit/truth";

/**
 * A contract simulator of Orange Money's Web Payment API, written from Orange's dev guide copies
 * and community clients as the connector README (lib/connectors/orange-webpay/README.md) sums them
 * up, never from the connector's code: the OAuth token (Basic auth, form body, expiry, 401
 * with an expired token); the payment init (201 with pay_token, payment_url, notif_token; a
 * reused order_id refused; length limits on ids and URLs; `OUV` in dev, the market currency in
 * production); a hosted page with pay / fail / cancel / abandon; a configurable link lifetime
 * → EXPIRED; the unsigned notification with notif_token (drop, duplicate, forged-token modes);
 * transactionstatus answering the five statuses. What the sources are unsure of is an option
 * (README.md).
 *
 * The kit's control surface (simulators/kit/truth.ts): an injectable clock (tokens, link expiry,
 * holds), `truth()` (per order_id: did the customer pay), and per-reference scenarios (the
 * reference is the order_id as sent): `hold` (the customer's payment lands only later),
 * `lose_answer` (the init is recorded, its answer lost), `fail_before_commit`,
 * `duplicate_callbacks`.
 */
export type NotificationMode = "once" | "none" | "duplicated" | "forged_token";
export type OrangeStatus = "INITIATED" | "PENDING" | "SUCCESS" | "FAILED" | "EXPIRED";

export type OrangeSimulatorConfig = {
  mode: "dev" | "production";
  /** Country paths served in production mode, with their currency. */
  countries: Record<string, string>;
  tokenTtlSeconds: number;
  /** How long a payment_url lives (Orange's real value is unknown, README "Unconfirmed"). */
  linkLifetimeSeconds: number;
  maxIdLength: number;
  maxUrlLength: number;
  /** A reused order_id: 403 [L] or 400. */
  reusedOrderIdStatus: 400 | 403;
  notificationMode: NotificationMode;
  /** notif_url must be https [L]; off for tests on 127.0.0.1. */
  requireHttpsNotifUrl: boolean;
};

export type OrangeSimulatorOptions = Partial<OrangeSimulatorConfig> & { port?: number; clientId?: string; clientSecret?: string; merchantKey?: string; clock?: SimClock };

type Payment = {
  orderId: string;
  amount: number;
  currency: string;
  cc: string;
  payToken: string;
  notifToken: string;
  paymentUrl: string;
  returnUrl: string;
  cancelUrl: string;
  notifUrl: string;
  status: OrangeStatus;
  txnid: string | null;
  createdAt: number;
  /** A `hold` scenario: the customer's payment lands only then (simulator clock, ms), as `heldThen`. */
  heldUntil: number | null;
  heldThen: "SUCCESS" | "FAILED" | null;
};

export type LoggedRequest = { method: string; path: string; headers: Record<string, string>; body: string; answer: number };
export type Notification = { url: string; body: string; httpStatus?: number; error?: string };
export type OrangeSimulator = OperatorSimulatorControl & { url: string; admin: OrangeAdmin; close(): Promise<void> };

const FINAL: OrangeStatus[] = ["SUCCESS", "FAILED", "EXPIRED"];
const HONOURED: ScenarioStep["kind"][] = ["hold", "lose_answer", "fail_before_commit", "duplicate_callbacks"];

export async function startOrangeWebpaySimulator(options: OrangeSimulatorOptions = {}): Promise<OrangeSimulator> {
  const { port = 0, clientId = `sim-client-${randomBytes(4).toString("hex")}`, clientSecret = randomBytes(16).toString("hex"), merchantKey = randomBytes(8).toString("hex"), clock: baseClock, ...rest } = options;
  const clock = new SteerableClock(baseClock);
  const scenarios = new ScenarioBook(HONOURED);
  const config: OrangeSimulatorConfig = {
    mode: "production",
    countries: { sn: "XOF", ci: "XOF", ml: "XOF", bf: "XOF", gn: "GNF", cm: "XAF" },
    tokenTtlSeconds: 3600,
    linkLifetimeSeconds: 600,
    maxIdLength: 30,
    maxUrlLength: 120,
    reusedOrderIdStatus: 403,
    notificationMode: "once",
    requireHttpsNotifUrl: true,
    ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
  };
  const state = {
    tokens: new Map<string, number>(),
    payments: new Map<string, Payment>(),
    byOrderId: new Map<string, Payment>(),
    faults: [] as { kind: "unavailable" | "error_after_create"; remaining: number }[],
    log: [] as LoggedRequest[],
    notifications: [] as Notification[],
    inFlight: new Set<Promise<void>>(),
    sockets: new Set<import("node:net").Socket>(),
  };
  const now = () => clock.ms();
  let url = "";

  function expireDue(): void {
    for (const p of state.payments.values()) {
      if (p.heldUntil !== null && now() >= p.heldUntil && !FINAL.includes(p.status)) {
        const then = p.heldThen!;
        p.heldUntil = null;
        p.heldThen = null;
        land(p, then);
        continue;
      }
      // A held payment was confirmed by the customer: it does not expire while Orange holds it.
      if (p.heldUntil === null && !FINAL.includes(p.status) && now() - p.createdAt >= config.linkLifetimeSeconds * 1000) p.status = "EXPIRED";
    }
  }

  function finish(p: Payment, status: "SUCCESS" | "FAILED"): void {
    expireDue();
    if (FINAL.includes(p.status) || p.heldUntil !== null) throw new Error(`payment ${p.orderId} is already ${p.heldUntil !== null ? "held" : p.status}`);
    const hold = scenarios.step(p.orderId, "hold");
    if (hold && now() < hold.until.getTime()) {
      // The customer confirmed; Orange lands the payment only later (PENDING meanwhile).
      p.status = "PENDING";
      p.heldUntil = hold.until.getTime();
      p.heldThen = hold.then === "succeeded" ? "SUCCESS" : "FAILED";
      return;
    }
    land(p, status);
  }

  function land(p: Payment, status: "SUCCESS" | "FAILED"): void {
    p.status = status;
    if (status === "SUCCESS") p.txnid = `MP${new Date(now()).toISOString().slice(2, 10).replace(/-/g, "")}.${randomBytes(4).toString("hex").toUpperCase()}`;
    notify(p);
  }

  function notify(p: Payment): void {
    if (config.notificationMode === "none") return;
    const token = config.notificationMode === "forged_token" ? randomBytes(16).toString("hex") : p.notifToken;
    const body = JSON.stringify({ status: p.status, notif_token: token, txnid: p.txnid ?? "" });
    const copies = config.notificationMode === "duplicated" || scenarios.step(p.orderId, "duplicate_callbacks") ? 2 : 1;
    for (let i = 0; i < copies; i++) {
      const n: Notification = { url: p.notifUrl, body };
      state.notifications.push(n);
      const sending: Promise<void> = fetch(p.notifUrl, { method: "POST", headers: { "Content-Type": "application/json" }, body, signal: AbortSignal.timeout(5000) })
        .then(async (r) => {
          n.httpStatus = r.status;
          await r.text();
        })
        .catch((err: Error) => void (n.error = err.message))
        .finally(() => state.inFlight.delete(sending));
      state.inFlight.add(sending);
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const target = new URL(req.url ?? "/", "http://sim");
      const entry: LoggedRequest = { method: req.method ?? "", path: req.url ?? "", headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body: raw, answer: 0 };
      const answer = (status: number, body?: unknown) => {
        entry.answer = status;
        const text = body === undefined ? "" : JSON.stringify(body);
        res.writeHead(status, text ? { "Content-Type": "application/json" } : {}).end(text);
      };
      expireDue();
      if (target.pathname.startsWith("/pay/")) return page(req.method ?? "", target, raw, res);
      state.log.push(entry);
      try {
        route(req, target, raw, answer, () => {
          entry.answer = 0;
          req.socket.destroy();
        });
      } catch (err) {
        answer(500, { code: 500, message: (err as Error).message });
      }
    });
  });

  function route(req: http.IncomingMessage, target: URL, raw: string, answer: (s: number, b?: unknown) => void, drop: () => void): void {
    const path = target.pathname;
    if (req.method === "POST" && path === "/oauth/v3/token") {
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
      const [id, secret] = basic ? Buffer.from(basic, "base64").toString().split(":") : [];
      if (!id || id !== clientId || !sameText(secret ?? "", clientSecret)) return answer(401, { error: "invalid_client", error_description: "The requested service needs credentials, but the ones provided were invalid." });
      if (!(req.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded") || new URLSearchParams(raw).get("grant_type") !== "client_credentials") {
        return answer(400, { error: "invalid_request", error_description: "grant_type=client_credentials is required, as a form" });
      }
      const token = randomBytes(20).toString("base64url");
      state.tokens.set(token, now() + config.tokenTtlSeconds * 1000);
      return answer(200, { token_type: "Bearer", access_token: token, expires_in: config.tokenTtlSeconds });
    }
    const m = /^\/orange-money-webpay\/([a-z]+)\/v1\/(webpayment|transactionstatus)$/.exec(path);
    if (!m || req.method !== "POST") return answer(404, { code: 404, message: "Resource not found" });
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const expires = token ? state.tokens.get(token) : undefined;
    if (!expires || now() >= expires) return answer(401, { code: 42, message: "Expired credentials", description: "The requested service needs credentials, but the ones provided were invalid or expired." });
    const cc = m[1]!;
    const currency = config.mode === "dev" ? (cc === "dev" ? "OUV" : null) : cc === "dev" ? null : (config.countries[cc] ?? null);
    if (!currency) return answer(404, { code: 404, message: `No such country path ${cc} in ${config.mode} mode` });
    if (!(req.headers["content-type"] ?? "").toLowerCase().startsWith("application/json")) return answer(400, { status: 400, message: "Content-Type must be application/json" });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw);
      if (!body || typeof body !== "object" || Array.isArray(body)) throw new Error();
    } catch {
      return answer(400, { status: 400, message: "Body must be a JSON object" });
    }
    if (m[2] === "webpayment") return create(cc, currency, body, answer, drop);
    const p = typeof body.order_id === "string" ? state.byOrderId.get(body.order_id) : undefined;
    if (!p || p.cc !== cc) return answer(404, { status: 404, message: "Transaction not found" });
    if (body.pay_token !== p.payToken || body.amount !== p.amount) return answer(400, { status: 400, message: "order_id, amount and pay_token do not match" });
    return answer(201, { status: p.status, order_id: p.orderId, txnid: p.txnid ?? "" });
  }

  function create(cc: string, currency: string, body: Record<string, unknown>, answer: (s: number, b?: unknown) => void, drop: () => void): void {
    const bad = (message: string) => answer(400, { status: 400, message });
    if (body.merchant_key !== merchantKey) return answer(401, { status: 401, message: "Invalid merchant key" });
    if (body.currency !== currency) return bad(`currency must be ${currency}`);
    if (typeof body.amount !== "number" || !Number.isInteger(body.amount) || body.amount <= 0) return bad("amount must be a positive integer");
    for (const f of ["order_id", "reference"]) if (typeof body[f] !== "string" || !(body[f] as string).length || (body[f] as string).length > config.maxIdLength) return bad(`${f} must be a string of 1 to ${config.maxIdLength} characters`);
    for (const f of ["return_url", "cancel_url", "notif_url"]) {
      const v = body[f];
      if (typeof v !== "string" || v.length > config.maxUrlLength || !/^https?:\/\//.test(v)) return bad(`${f} must be a URL of at most ${config.maxUrlLength} characters`);
      if (f === "notif_url" && config.requireHttpsNotifUrl && !v.startsWith("https://")) return bad("notif_url must be https");
    }
    if (body.lang !== undefined && body.lang !== "fr" && body.lang !== "en") return bad("lang is fr or en");
    if (state.byOrderId.has(body.order_id as string)) return answer(config.reusedOrderIdStatus, { status: config.reusedOrderIdStatus, message: "order_id already used" });
    const orderId = body.order_id as string;
    if (scenarios.once(orderId, "fail_before_commit")) return answer(503, { status: 503, message: "Service unavailable" });
    const fault = state.faults.shift();
    if (fault?.kind === "unavailable") return answer(503, { status: 503, message: "Service unavailable" });
    const payToken = `v1${randomBytes(16).toString("hex")}`;
    const p: Payment = {
      orderId: body.order_id as string,
      amount: body.amount as number,
      currency,
      cc,
      payToken,
      notifToken: randomBytes(16).toString("hex"),
      paymentUrl: `${url}/pay/${payToken}`,
      returnUrl: body.return_url as string,
      cancelUrl: body.cancel_url as string,
      notifUrl: body.notif_url as string,
      status: "INITIATED",
      txnid: null,
      createdAt: now(),
      heldUntil: null,
      heldThen: null,
    };
    state.payments.set(payToken, p);
    state.byOrderId.set(p.orderId, p);
    const lost = scenarios.once(orderId, "lose_answer");
    if (lost?.how === "reset") return drop();
    if (lost?.how === "server_error" || fault?.kind === "error_after_create") return answer(500, { status: 500, message: "Internal error" });
    answer(201, { status: 201, message: "OK", pay_token: p.payToken, payment_url: p.paymentUrl, notif_token: p.notifToken });
  }

  /** Orange's page: opening it makes the payment PENDING; pay / fail / cancel send the customer back. */
  function page(method: string, target: URL, raw: string, res: http.ServerResponse): void {
    const p = state.payments.get(target.pathname.slice("/pay/".length));
    if (!p) return void res.writeHead(404).end("Unknown payment");
    if (method === "GET") {
      if (p.status === "INITIATED") p.status = "PENDING";
      return void res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(`<!doctype html><title>Orange Money</title><p>${p.amount} ${p.currency} — ${p.status}</p><form method=post><button name=action value=pay>Pay</button><button name=action value=fail>Fail</button><button name=action value=cancel>Cancel</button></form>`);
    }
    const action = new URLSearchParams(raw).get("action");
    try {
      if (action === "pay") finish(p, "SUCCESS");
      else if (action === "fail") finish(p, "FAILED");
    } catch {
      // already final
    }
    res.writeHead(302, { Location: p.status === "SUCCESS" ? p.returnUrl : p.cancelUrl }).end();
  }

  const admin = {
    config,
    credentials: { clientId, clientSecret, merchantKey },
    /** The customer pays (or fails) on Orange's page. */
    pay: (payToken: string, status: "SUCCESS" | "FAILED" = "SUCCESS") => {
      const p = state.payments.get(payToken);
      if (!p) throw new Error(`no payment ${payToken}`);
      finish(p, status);
    },
    open: (payToken: string) => {
      const p = state.payments.get(payToken);
      if (p && p.status === "INITIATED") p.status = "PENDING";
    },
    configure: (patch: Partial<OrangeSimulatorConfig>) => void Object.assign(config, patch),
    advanceClock: (seconds: number) => {
      clock.advance(seconds * 1000);
      expireDue();
    },
    fault: (kind: "unavailable" | "error_after_create") => void state.faults.push({ kind, remaining: 1 }),
    payment: (orderId: string) => state.byOrderId.get(orderId) ?? null,
    requests: (path?: string) => state.log.filter((e) => !path || e.path.split("?")[0] === path),
    notifications: () => [...state.notifications],
    idle: async () => {
      while (state.inFlight.size) await Promise.all([...state.inFlight]);
    },
  };

  /** Per order_id as sent: did the customer pay (a collect; WebPay moves no other money). */
  function truth(): OperatorTruth[] {
    expireDue();
    return [...state.byOrderId.values()].map((p) => ({
      reference: p.orderId,
      direction: "collect" as const,
      // WebPay's amount is an integer in currency units; its currencies here (XOF, XAF, GNF, OUV) have no decimals.
      amountMinor: BigInt(p.amount),
      currency: p.currency,
      state: p.status === "SUCCESS" ? ("succeeded" as const) : FINAL.includes(p.status) ? ("failed" as const) : ("pending" as const),
      operatorReference: p.payToken,
    }));
  }

  server.on("connection", (socket) => (state.sockets.add(socket), socket.on("close", () => state.sockets.delete(socket))));
  const ticker = setInterval(expireDue, 250);
  ticker.unref();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    admin,
    clock,
    truth,
    scenario: (match, steps) => scenarios.add(match, steps),
    async close() {
      clearInterval(ticker);
      await Promise.all([...state.inFlight]);
      for (const socket of state.sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type OrangeAdmin = {
  config: OrangeSimulatorConfig;
  credentials: { clientId: string; clientSecret: string; merchantKey: string };
  pay(payToken: string, status?: "SUCCESS" | "FAILED"): void;
  open(payToken: string): void;
  configure(patch: Partial<OrangeSimulatorConfig>): void;
  advanceClock(seconds: number): void;
  fault(kind: "unavailable" | "error_after_create"): void;
  payment(orderId: string): Payment | null;
  requests(path?: string): LoggedRequest[];
  notifications(): Notification[];
  idle(): Promise<void>;
};

