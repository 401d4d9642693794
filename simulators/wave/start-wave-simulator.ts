import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { ScenarioBook, SteerableClock } from "../kit/steering";
import type { OperatorSimulatorControl, OperatorTruth, ScenarioStep, SimClock } from "../kit/truth";

/**
 * A contract simulator of Wave's API, written from Wave's published docs as the connector README
 * (lib/connectors/wave/README.md) sums them up, never from the connector's code. Wave has no
 * public sandbox: this is the only test bed.
 *
 * Bearer keys scoped per API (checkout, payout) with revocation, an optional IP allow-list and
 * optional request signing; checkout sessions whose `wave_launch_url` opens a simulated wallet
 * page (pay, fail with a code — the session stays open and `payment_failed` is sent — or
 * abandon until `when_expires`); search by client_reference; expire; full, repeat-safe refunds;
 * payouts with a mandatory Idempotency-Key (replay → same payout, other body → 409
 * idempotency-mismatch), our wallet float with a fee (422 insufficient-funds), recipient
 * scenarios by number, processing → final after a delay, reversal within 3 days; faults (429,
 * 503 before, 500 after creating); webhooks signed with one or two secrets, shared-secret mode,
 * duplicates, delays, stale and tampered ones.
 *
 * It signs and verifies Wave-Signature on its own reading of Wave's scheme, and offers the kit's
 * control surface (simulators/kit/truth.ts): an injectable clock (every expiry, delay, hold and
 * webhook timestamp is read from it), `truth()` (what money really moved, per reference) and
 * per-reference scenarios: `hold`, `lose_answer`, `fail_before_commit`, `duplicate_callbacks`,
 * `out_of_order_callbacks`, `reverse_after`. Where Wave's docs leave a shape open, each plausible
 * shape is a setting (`refundAnswer`, `refundRepeat`; README.md).
 *
 * The Balance & Reconciliation API (docs.wave.com/balance-api): `GET /v1/balance` and
 * `GET /v1/transactions?date=YYYY-MM-DD[&after=<cursor>]` → `{date, items, page_info}`, one item
 * per movement of the wallet that day (UTC): a paid checkout (in, `checkout_api_session_id`), its
 * refund and a returned payout (`is_reversal`), a paid payout (out, `client_reference`, its fee).
 * `amount` is the signed difference to the wallet, fee included; a key needs the `balance` scope.
 */
export type WebhookMode = "signed" | "shared" | "none" | "duplicated" | "delayed" | "stale" | "tampered" | "wrong_secret";
export type FaultKind = "rate_limited" | "unavailable" | "error_after_create";
export type FaultTarget = "session" | "payout" | "refund" | "any";

export type WaveSimulatorConfig = {
  currency: string;
  businessName: string;
  /** Session lifetime (when_expires - when_created), seconds: 30 min by default. */
  sessionLifetimeSeconds: number;
  /** Payout processing → final after this long (simulator clock). */
  payoutSettleAfterSeconds: number;
  /** Our fee per payout, percent of receive_amount, rounded up to a whole unit (unpublished). */
  payoutFeePercent: number;
  /** success_url / error_url must be https; off to let a test point them at http. */
  requireHttpsUrls: boolean;
  /** Where webhooks go (the Business Portal's URL), and how they are authenticated. */
  webhookUrl: string | null;
  webhookMode: WebhookMode;
  /** Signing secrets; two during a rotation (two v1 in the header). The shared secret is the first. */
  webhookSecrets: string[];
  webhookDelayMs: number;
  /** Request signing required on our calls (the key's setting), with this secret. */
  requestSigningSecret: string | null;
  ipAllowList: string[] | null;
  /** Reversal window of a payout, seconds (3 days). */
  reversalWindowSeconds: number;
  /**
   * What `POST /v1/checkout/sessions/:id/refund` answers on success: Wave's docs show no body
   * (`empty`); a client reading the refreshed session back is plausible too (`session`).
   */
  refundAnswer: "empty" | "session";
  /**
   * A second refund of the same session: repeat-safe as the docs say (`ok`, 200 again), or
   * refused with `checkout-refund-failed` (`refused`) should "repeat-safe" mean only that no
   * second refund is made.
   */
  refundRepeat: "ok" | "refused";
  /**
   * How `GET /v1/balance` writes the wallet's balance (README "Balance"): `{"amount": "150000",
   * "currency"}` as the clients we rely on read it (`amount`), with decimals ("150000.00", one
   * client's fixture: `amount_decimal`), under a `balance` key (one client reads that:
   * `balance_field`), or as a JSON number (`number`).
   */
  balanceAnswer: "amount" | "amount_decimal" | "balance_field" | "number";
};

export type ApiKey = { key: string; scopes: ("checkout" | "payout" | "balance")[]; revoked?: boolean };

/** One movement of the wallet as the Balance API lists it (docs.wave.com/balance-api). */
export type WalletMovement = {
  timestamp: string;
  transaction_id: string;
  amount: string;
  fee: string;
  currency: string;
  balance: string;
  is_reversal: boolean;
  client_reference?: string;
  checkout_api_session_id?: string;
  counterparty_mobile?: string;
  payment_reason?: string;
};

export type WaveSimulatorOptions = Partial<WaveSimulatorConfig> & { port?: number; apiKeys?: ApiKey[]; balance?: number; clock?: SimClock };

type Session = {
  id: string;
  amount: string;
  currency: string;
  business_name: string;
  checkout_status: "open" | "complete" | "expired";
  payment_status: "processing" | "cancelled" | "succeeded";
  client_reference: string | null;
  restrict_payer_mobile: string | null;
  last_payment_error: { code: string; message: string } | null;
  success_url: string;
  error_url: string;
  wave_launch_url: string;
  transaction_id: string | null;
  when_created: string;
  when_completed: string | null;
  when_expires: string;
  refunded: boolean;
  /** A `hold` scenario: the customer's payment lands only at this time (simulator clock), as `then`. */
  heldUntil: number | null;
  heldThen: "succeeded" | "failed" | null;
};

type Payout = {
  id: string;
  currency: string;
  receive_amount: string;
  fee: string;
  mobile: string;
  name: string | null;
  client_reference: string | null;
  payment_reason: string | null;
  status: "processing" | "succeeded" | "failed" | "reversed";
  timestamp: string;
  payout_error: { error_code: string; error_message: string } | null;
  settleAt: number;
  finalError: string | null;
  /** The Idempotency-Key it was created under (what the platform calls its reference). */
  key: string;
  /** A `reverse_after` scenario: Wave returns the money this long after it paid. */
  reverseAt: number | null;
};

/** Items per page of `GET /v1/transactions` (Wave publishes no figure). */
const TRANSACTIONS_PAGE_SIZE = 50;

export type LoggedRequest = { at: string; method: string; path: string; headers: Record<string, string>; body: string; answer: number | "dropped" };
export type WebhookRecord = { eventId: string; type: string; body: string; headers: Record<string, string>; httpStatus?: number; error?: string };

export type WaveSimulator = OperatorSimulatorControl & { url: string; admin: ReturnType<typeof makeAdmin>; close(): Promise<void> };

const ERROR_MESSAGES: Record<string, string> = {
  "insufficient-funds": "Insufficient funds",
  "blocked-account": "The account is blocked",
  "customer-age-restricted": "The customer is under age",
  "payer-mobile-mismatch": "Paid from another wallet than the one required",
  "kyb-limits-exceeded": "The merchant's limits are exceeded",
  "cross-border-payment-not-allowed": "Cross-border payment not allowed",
  "payment-failure": "The payment failed",
};

const HONOURED: ScenarioStep["kind"][] = ["hold", "lose_answer", "fail_before_commit", "duplicate_callbacks", "out_of_order_callbacks", "reverse_after"];

/** Wave-Signature as Wave describes it: hex HMAC-SHA256 of the timestamp immediately followed by the raw body. */
function signatureHeader(secrets: string[], t: number, body: string): string {
  return [`t=${t}`, ...secrets.map((secret) => `v1=${createHmac("sha256", secret).update(`${t}${body}`).digest("hex")}`)].join(",");
}

/** Checks a Wave-Signature on our requests (the key's request-signing option); the reason when it fails. */
function signatureProblem(header: string | undefined, secret: string, body: string, nowSeconds: number): string | null {
  if (!header) return "Wave-Signature header is missing";
  const parts = header.split(",").map((p) => p.trim().split("="));
  const t = parts.find(([k]) => k === "t")?.[1];
  const signatures = parts.filter(([k]) => k === "v1").map(([, v]) => v ?? "");
  if (!t || !/^\d+$/.test(t) || signatures.length === 0) return "Wave-Signature must be t=<unix seconds>,v1=<hex>";
  if (Math.abs(nowSeconds - Number(t)) > 300) return "Wave-Signature timestamp is too old";
  const expected = createHmac("sha256", secret).update(`${t}${body}`).digest();
  const ok = signatures.some((v) => /^[0-9a-f]{64}$/i.test(v) && timingSafeEqual(Buffer.from(v, "hex"), expected));
  return ok ? null : "Wave-Signature does not match the request";
}

function defaults(): WaveSimulatorConfig {
  return {
    currency: "XOF",
    businessName: "Simulated Business",
    sessionLifetimeSeconds: 30 * 60,
    payoutSettleAfterSeconds: 0,
    payoutFeePercent: 1,
    requireHttpsUrls: true,
    webhookUrl: null,
    webhookMode: "signed",
    webhookSecrets: [`wave_sn_WHS_${randomBytes(16).toString("hex")}`],
    webhookDelayMs: 200,
    requestSigningSecret: null,
    ipAllowList: null,
    reversalWindowSeconds: 3 * 24 * 3600,
    refundAnswer: "empty",
    refundRepeat: "ok",
    balanceAnswer: "amount",
  };
}

export async function startWaveSimulator(options: WaveSimulatorOptions = {}): Promise<WaveSimulator> {
  const { port = 0, apiKeys, balance = 10_000_000, clock: baseClock, ...rest } = options;
  const config: WaveSimulatorConfig = { ...defaults(), ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) };
  const clock = new SteerableClock(baseClock);
  const scenarios = new ScenarioBook(HONOURED);
  const state = {
    keys: new Map<string, ApiKey>((apiKeys ?? [{ key: `wave_sn_prod_${randomBytes(12).toString("hex")}`, scopes: ["checkout", "payout", "balance"] }]).map((k) => [k.key, { ...k }])),
    sessions: new Map<string, Session>(),
    payouts: new Map<string, Payout>(),
    idempotency: new Map<string, { hash: string; payoutId: string }>(),
    recipients: new Map<string, string>(),
    faults: [] as { kind: FaultKind; on: FaultTarget; remaining: number }[],
    balance: BigInt(balance),
    /** What the Balance API lists: the wallet's movements, oldest first. */
    movements: [] as WalletMovement[],
    log: [] as LoggedRequest[],
    webhooks: [] as WebhookRecord[],
    /** Events of an `out_of_order_callbacks` session, kept until it is final, then sent newest first. */
    heldEvents: new Map<string, { type: string; data: Record<string, unknown> }[]>(),
    inFlight: new Set<Promise<void>>(),
    timers: new Set<NodeJS.Timeout>(),
    sockets: new Set<Socket>(),
  };
  const now = () => clock.ms();
  const iso = (ms = now()) => new Date(ms).toISOString();
  let url = "";
  let eventSeq = 0;

  type Answer = (status: number, body?: unknown, extra?: Record<string, string>) => void;
  const fail = (answer: Answer, status: number, code: string, message: string, details?: { loc: string[]; msg: string }[]) => answer(status, { code, message, ...(details ? { details } : {}) });

  // ---------- time ----------
  /** Everything due by now on the simulator's clock: expiries, held payments and payouts, reversals. */
  function settleDue(): void {
    for (const s of state.sessions.values()) {
      if (s.heldUntil !== null && now() >= s.heldUntil && s.checkout_status === "open") {
        const then = s.heldThen;
        s.heldUntil = null;
        s.heldThen = null;
        if (then === "succeeded") completeSession(s);
        else failAttempt(s, "payment-failure");
      }
      if (s.checkout_status === "open" && now() >= Date.parse(s.when_expires)) {
        s.checkout_status = "expired";
        if (s.payment_status === "processing") s.payment_status = "cancelled";
        flushHeldEvents(s);
      }
    }
    for (const p of state.payouts.values()) {
      if (p.status === "processing" && now() >= p.settleAt) settlePayout(p);
      if (p.status === "succeeded" && p.reverseAt !== null && now() >= p.reverseAt) {
        p.reverseAt = null;
        reverse(p);
      }
    }
  }

  // ---------- sessions ----------
  function sessionView(s: Session): Record<string, unknown> {
    const { refunded: _r, heldUntil: _h, heldThen: _t, restrict_payer_mobile, ...view } = s;
    return { ...view, ...(restrict_payer_mobile ? { restrict_payer_mobile } : {}) };
  }

  function completeSession(s: Session): void {
    s.checkout_status = "complete";
    s.payment_status = "succeeded";
    s.transaction_id = `T_${randomBytes(6).toString("hex").toUpperCase()}`;
    s.when_completed = iso();
    state.balance += BigInt(s.amount);
    moved({ amount: s.amount, fee: "0", currency: s.currency, is_reversal: false, checkout_api_session_id: s.id, transaction_id: s.transaction_id, ...(s.client_reference ? { client_reference: s.client_reference } : {}), ...(s.restrict_payer_mobile ? { counterparty_mobile: s.restrict_payer_mobile } : {}) });
    sendWebhook(s, "checkout.session.completed");
    flushHeldEvents(s);
  }

  function failAttempt(s: Session, code: string): void {
    s.last_payment_error = { code, message: ERROR_MESSAGES[code] ?? code };
    sendWebhook(s, "checkout.session.payment_failed");
  }

  /** The customer on the wallet page: pays, or an attempt fails (the session stays open). */
  function payAttempt(s: Session, outcome: { code?: string; mobile?: string }): void {
    settleDue();
    if (s.checkout_status !== "open") throw new Error(`session ${s.id} is ${s.checkout_status}`);
    const code = outcome.code ?? (s.restrict_payer_mobile && outcome.mobile && outcome.mobile !== s.restrict_payer_mobile ? "payer-mobile-mismatch" : undefined);
    if (code) return failAttempt(s, code);
    const hold = scenarios.step(s.client_reference, "hold", s.restrict_payer_mobile);
    if (hold && now() < hold.until.getTime()) {
      // The customer confirmed; Wave lands the payment only later (the session stays open meanwhile).
      s.heldUntil = hold.until.getTime();
      s.heldThen = hold.then;
      return;
    }
    completeSession(s);
  }

  // ---------- payouts ----------
  function settlePayout(p: Payout): void {
    if (p.finalError) {
      p.status = "failed";
      p.payout_error = { error_code: p.finalError, error_message: p.finalError.replace(/-/g, " ") };
      state.balance += BigInt(p.receive_amount) + BigInt(p.fee);
    } else {
      p.status = "succeeded";
      moved({ amount: `-${BigInt(p.receive_amount) + BigInt(p.fee)}`, fee: p.fee, currency: p.currency, is_reversal: false, ...payoutFields(p) });
    }
  }

  function reverse(p: Payout): void {
    p.status = "reversed";
    state.balance += BigInt(p.receive_amount);
    moved({ amount: p.receive_amount, fee: "0", currency: p.currency, is_reversal: true, ...payoutFields(p) });
  }

  function payoutFields(p: Payout) {
    return { ...(p.client_reference ? { client_reference: p.client_reference } : {}), counterparty_mobile: p.mobile, ...(p.payment_reason ? { payment_reason: p.payment_reason } : {}) };
  }

  // ---------- the wallet's movements (Balance & Reconciliation API) ----------
  /** The wallet's balance as GET /v1/balance writes it, in the configured shape (whole units: Wave's XOF has no decimals). */
  function balanceView(): Record<string, unknown> {
    const whole = state.balance.toString();
    if (config.balanceAnswer === "amount_decimal") return { amount: `${whole}.00`, currency: config.currency };
    if (config.balanceAnswer === "balance_field") return { balance: whole, currency: config.currency };
    if (config.balanceAnswer === "number") return { amount: Number(state.balance), currency: config.currency };
    return { amount: whole, currency: config.currency };
  }

  function moved(m: Omit<WalletMovement, "timestamp" | "transaction_id" | "balance"> & { transaction_id?: string }): void {
    state.movements.push({ timestamp: iso(), transaction_id: m.transaction_id ?? `T_${randomBytes(6).toString("hex").toUpperCase()}`, balance: state.balance.toString(), ...m });
  }

  /** `GET /v1/transactions?date=YYYY-MM-DD[&after=cursor]`: that UTC day's movements, a page at a time. */
  function listTransactions(target: URL, answer: Answer): void {
    const date = target.searchParams.get("date");
    if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return fail(answer, 400, "request-validation-error", "date must be YYYY-MM-DD", [{ loc: ["query", "date"], msg: "a date" }]);
    const day = state.movements.filter((m) => m.timestamp.slice(0, 10) === date);
    const after = target.searchParams.get("after");
    const start = after ? day.findIndex((m) => m.transaction_id === after) + 1 : 0;
    if (after && start === 0) return fail(answer, 400, "request-validation-error", "after is not a cursor of this list", [{ loc: ["query", "after"], msg: "unknown cursor" }]);
    const items = day.slice(start, start + TRANSACTIONS_PAGE_SIZE);
    answer(200, { date, items, page_info: { start_cursor: after, end_cursor: items.at(-1)?.transaction_id ?? after, has_next_page: start + items.length < day.length } });
  }

  function payoutView(p: Payout): Record<string, unknown> {
    const { settleAt: _s, finalError: _f, key: _k, reverseAt: _r, ...view } = p;
    return view;
  }

  // ---------- webhooks ----------
  function sendWebhook(s: Session, type: string): void {
    const data = sessionView(s);
    const steps = scenarios.for(s.client_reference, s.restrict_payer_mobile);
    if (steps.some((x) => x.kind === "out_of_order_callbacks")) {
      const held = state.heldEvents.get(s.id) ?? [];
      held.push({ type, data });
      state.heldEvents.set(s.id, held);
      return;
    }
    emit(type, data, steps.some((x) => x.kind === "duplicate_callbacks") ? 2 : 1);
  }

  /** An out-of-order session is final: its events go out newest first (the older state last). */
  function flushHeldEvents(s: Session): void {
    const held = state.heldEvents.get(s.id);
    if (!held) return;
    state.heldEvents.delete(s.id);
    for (const e of [...held].reverse()) emit(e.type, e.data, 1);
  }

  function emit(type: string, data: Record<string, unknown>, copies: number): void {
    if (!config.webhookUrl || config.webhookMode === "none") return;
    const eventId = `AE_${(++eventSeq).toString().padStart(6, "0")}${randomBytes(4).toString("hex")}`;
    const body = JSON.stringify({ id: eventId, type, data });
    const times = config.webhookMode === "duplicated" ? Math.max(2, copies) : copies;
    // Sent in order: an out-of-order test relies on the first posted arriving first.
    const run = (async () => {
      if (config.webhookMode === "delayed") await wait(config.webhookDelayMs);
      for (let i = 0; i < times; i++) await deliver(eventId, type, body);
    })();
    track(run);
  }

  function webhookHeaders(body: string): { headers: Record<string, string>; sentBody: string } {
    // Wave's time, on the simulator's clock: a receiver compares `t` with its own.
    const t = Math.floor(now() / 1000);
    const mode = config.webhookMode;
    if (mode === "shared") return { headers: { Authorization: `Bearer ${config.webhookSecrets[0]}` }, sentBody: body };
    if (mode === "stale") return { headers: { "Wave-Signature": signatureHeader(config.webhookSecrets, t - 3600, body) }, sentBody: body };
    if (mode === "wrong_secret") return { headers: { "Wave-Signature": signatureHeader(["not-the-secret"], t, body) }, sentBody: body };
    // tampered: signed, then the body altered (an amount) after signing
    if (mode === "tampered") return { headers: { "Wave-Signature": signatureHeader(config.webhookSecrets, t, body) }, sentBody: body.replace(/"amount":"(\d+)"/, (_m, a) => `"amount":"${Number(a) + 1}"`).replace(/"succeeded"/, '"succeeded" ') };
    return { headers: { "Wave-Signature": signatureHeader(config.webhookSecrets, t, body) }, sentBody: body };
  }

  async function deliver(eventId: string, type: string, body: string): Promise<void> {
    const { headers, sentBody } = webhookHeaders(body);
    const record: WebhookRecord = { eventId, type, body: sentBody, headers };
    state.webhooks.push(record);
    try {
      const res = await fetch(config.webhookUrl!, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: sentBody, signal: AbortSignal.timeout(5000) });
      record.httpStatus = res.status;
      await res.text();
    } catch (err) {
      record.error = (err as Error).message;
    }
  }

  function wait(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => (state.timers.delete(timer), resolve()), ms);
      state.timers.add(timer);
    });
  }

  function track(p: Promise<void>): void {
    const tracked: Promise<void> = p.catch(() => undefined).finally(() => state.inFlight.delete(tracked));
    state.inFlight.add(tracked);
  }

  function takeFault(target: "session" | "payout" | "refund"): FaultKind | null {
    const i = state.faults.findIndex((f) => f.remaining > 0 && (f.on === target || f.on === "any"));
    if (i < 0) return null;
    const f = state.faults[i]!;
    f.remaining -= 1;
    if (f.remaining === 0) state.faults.splice(i, 1);
    return f.kind;
  }

  // ---------- HTTP ----------
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : (v ?? "")]));
      const entry: LoggedRequest = { at: iso(), method: req.method ?? "", path: req.url ?? "", headers, body: raw, answer: 0 };
      const answer: Answer = (status, body, extra = {}) => {
        entry.answer = status;
        const text = body === undefined ? "" : JSON.stringify(body);
        res.writeHead(status, { ...(text ? { "Content-Type": "application/json" } : {}), ...extra });
        res.end(text);
      };
      const target = new URL(req.url ?? "/", "http://sim");
      if (target.pathname.startsWith("/admin/")) return void handleAdmin(req.method ?? "", target, raw, answer);
      if (target.pathname.startsWith("/pay/")) return void walletPage(req.method ?? "", target, raw, res);
      state.log.push(entry);
      try {
        settleDue();
        handleApi(req, target, raw, answer, entry);
      } catch (err) {
        fail(answer, 500, "internal-server-error", (err as Error).message);
      }
    });
  });
  server.on("connection", (socket) => (state.sockets.add(socket), socket.on("close", () => state.sockets.delete(socket))));

  /**
   * A `lose_answer` scenario after the work is committed: the connection is cut (no answer at
   * all) or Wave answers 500. Either way only a status check can tell what happened.
   */
  function loseAnswer(how: "reset" | "server_error", req: http.IncomingMessage, answer: Answer, entry: LoggedRequest): void {
    if (how === "reset") {
      entry.answer = "dropped";
      req.socket.destroy();
      return;
    }
    fail(answer, 500, "internal-server-error", "Internal server error");
  }

  function authenticate(req: http.IncomingMessage, raw: string, scope: ApiKey["scopes"][number], answer: Answer): boolean {
    const auth = req.headers.authorization;
    if (!auth) return fail(answer, 401, "missing-auth-header", "Missing Authorization header"), false;
    const key = /^Bearer (.+)$/.exec(auth)?.[1];
    const known = key ? state.keys.get(key) : undefined;
    if (!key || !known) return fail(answer, 401, "no-matching-api-key", "No API key matches"), false;
    if (known.revoked) return fail(answer, 401, "api-key-revoked", "This API key was revoked"), false;
    if (config.ipAllowList && !config.ipAllowList.includes(req.socket.remoteAddress ?? "")) return fail(answer, 403, "ip-not-allowed", "Your IP is not allowed"), false;
    // Our reading: a key not enabled for this API is refused like an unknown wallet.
    if (!known.scopes.includes(scope)) return fail(answer, 403, "unauthorized-wallet", `This API key is not enabled for the ${scope} API`), false;
    if (config.requestSigningSecret) {
      const header = req.headers["wave-signature"];
      const problem = signatureProblem(typeof header === "string" ? header : undefined, config.requestSigningSecret, raw, Math.floor(now() / 1000));
      if (problem) return fail(answer, 401, "invalid-signature", problem), false;
    }
    return true;
  }

  function jsonBody(req: http.IncomingMessage, raw: string, answer: Answer): Record<string, unknown> | null {
    if (!(req.headers["content-type"] ?? "").toLowerCase().startsWith("application/json")) {
      fail(answer, 400, "request-not-json", "Content-Type must be application/json");
      return null;
    }
    try {
      const v: unknown = JSON.parse(raw);
      if (v && typeof v === "object" && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      // fall through
    }
    fail(answer, 400, "request-not-json", "The request body is not a JSON object");
    return null;
  }

  function handleApi(req: http.IncomingMessage, target: URL, raw: string, answer: Answer, entry: LoggedRequest): void {
    const method = req.method ?? "";
    const path = target.pathname.replace(/\/$/, "");
    let m: RegExpExecArray | null;

    if (path.startsWith("/v1/checkout/sessions")) {
      if (!authenticate(req, raw, "checkout", answer)) return;
      if (method === "POST" && path === "/v1/checkout/sessions") return createSession(req, raw, answer, entry);
      if (method === "GET" && path === "/v1/checkout/sessions/search") {
        const ref = target.searchParams.get("client_reference");
        if (!ref) return fail(answer, 400, "request-validation-error", "client_reference is required", [{ loc: ["query", "client_reference"], msg: "field required" }]);
        return answer(200, { result: [...state.sessions.values()].filter((s) => s.client_reference === ref).map(sessionView) });
      }
      if (method === "GET" && path === "/v1/checkout/sessions") {
        const txn = target.searchParams.get("transaction_id");
        const s = [...state.sessions.values()].find((x) => x.transaction_id === txn);
        return s ? answer(200, sessionView(s)) : fail(answer, 404, "not-found", "No such session");
      }
      if ((m = /^\/v1\/checkout\/sessions\/([^/]*)(\/expire|\/refund)?$/.exec(path))) {
        const s = state.sessions.get(decodeURIComponent(m[1]!));
        if (!s) return fail(answer, 404, "not-found", "No such checkout session");
        if (method === "GET" && !m[2]) return answer(200, sessionView(s));
        if (method === "POST" && m[2] === "/expire") {
          if (s.checkout_status !== "open") return fail(answer, 400, "request-validation-error", `The session is ${s.checkout_status}`);
          s.checkout_status = "expired";
          s.payment_status = "cancelled";
          flushHeldEvents(s);
          return answer(200, sessionView(s));
        }
        if (method === "POST" && m[2] === "/refund") return refundSession(req, s, raw, answer, entry);
      }
      return fail(answer, 404, "not-found", "Not found");
    }

    if (path === "/v1/balance" || path === "/v1/transactions") {
      if (!authenticate(req, raw, "balance", answer)) return;
      if (method === "GET" && path === "/v1/balance") return answer(200, balanceView());
      if (method === "GET") return listTransactions(target, answer);
      return fail(answer, 404, "not-found", "Not found");
    }

    if (path === "/v1/payout" || path.startsWith("/v1/payout/") || path.startsWith("/v1/payouts")) {
      if (!authenticate(req, raw, "payout", answer)) return;
      if (method === "POST" && path === "/v1/payout") return createPayout(req, raw, answer, entry);
      if (method === "GET" && path === "/v1/payouts/search") {
        const ref = target.searchParams.get("client_reference");
        if (!ref) return fail(answer, 400, "request-validation-error", "client_reference is required");
        return answer(200, { result: [...state.payouts.values()].filter((p) => p.client_reference === ref).map(payoutView) });
      }
      if ((m = /^\/v1\/payout\/([^/]+)(\/reverse)?$/.exec(path))) {
        const p = state.payouts.get(decodeURIComponent(m[1]!));
        if (!p) return fail(answer, 404, "not-found", "No such payout");
        if (method === "GET" && !m[2]) return answer(200, payoutView(p));
        if (method === "POST" && m[2]) {
          if (p.status === "reversed") return answer(200);
          if (p.status !== "succeeded") return fail(answer, 400, "request-validation-error", `The payout is ${p.status}`);
          if (now() - Date.parse(p.timestamp) > config.reversalWindowSeconds * 1000) return fail(answer, 400, "payout-reversal-time-limit-exceeded", "Too late to reverse");
          reverse(p);
          return answer(200);
        }
      }
      return fail(answer, 404, "not-found", "Not found");
    }
    return fail(answer, 404, "not-found", "Not found");
  }

  /** Full refunds only, no body; repeat-safe (or, as `refundRepeat: refused`, a repeat is refused). */
  function refundSession(req: http.IncomingMessage, s: Session, raw: string, answer: Answer, entry: LoggedRequest): void {
    if (raw.trim()) return fail(answer, 400, "request-validation-error", "refund takes no body");
    if (s.payment_status !== "succeeded") return fail(answer, 400, "checkout-refund-failed", "Only a succeeded payment can be refunded");
    if (s.refunded && config.refundRepeat === "refused") return fail(answer, 400, "checkout-refund-failed", "This checkout was already refunded");
    const fault = faultBefore("refund", answer, s.client_reference);
    if (fault === "answered") return;
    if (!s.refunded) {
      s.refunded = true;
      state.balance -= BigInt(s.amount);
      moved({ amount: `-${s.amount}`, fee: "0", currency: s.currency, is_reversal: true, checkout_api_session_id: s.id, ...(s.client_reference ? { client_reference: s.client_reference } : {}) });
    }
    const lost = scenarios.once(s.client_reference, "lose_answer", s.restrict_payer_mobile);
    if (lost) return loseAnswer(lost.how, req, answer, entry);
    if (fault === "error_after_create") return fail(answer, 500, "internal-server-error", "Internal server error");
    return config.refundAnswer === "session" ? answer(200, sessionView(s)) : answer(200);
  }

  /** Faults set by `fault()` and `fail_before_commit` scenarios: answered before anything is recorded. */
  function faultBefore(target: "session" | "payout" | "refund", answer: Answer, reference: string | null, destination?: string | null): FaultKind | null | "answered" {
    if (scenarios.once(reference, "fail_before_commit", destination)) return fail(answer, 503, "service-unavailable", "Service unavailable"), "answered";
    const fault = takeFault(target);
    if (fault === "rate_limited") return fail(answer, 429, "too-many-requests", "Too many requests"), "answered";
    if (fault === "unavailable") return fail(answer, 503, "service-unavailable", "Service unavailable"), "answered";
    return fault;
  }

  function urlProblem(value: unknown, name: string): string | null {
    if (typeof value !== "string") return `${name} is required`;
    try {
      const u = new URL(value);
      if (config.requireHttpsUrls && u.protocol !== "https:") return `${name} must be an https URL`;
      if (u.protocol !== "https:" && u.protocol !== "http:") return `${name} must be an http(s) URL`;
    } catch {
      return `${name} is not a URL`;
    }
    return null;
  }

  function createSession(req: http.IncomingMessage, raw: string, answer: Answer, entry: LoggedRequest): void {
    const body = jsonBody(req, raw, answer);
    if (!body) return;
    const problems: { loc: string[]; msg: string }[] = [];
    if (typeof body.amount !== "string" || !/^\d+$/.test(body.amount) || body.amount === "0" || /^0\d/.test(body.amount)) problems.push({ loc: ["body", "amount"], msg: "a positive whole number as a string (XOF has no decimals)" });
    if (body.currency !== config.currency) problems.push({ loc: ["body", "currency"], msg: `must be ${config.currency}` });
    for (const f of ["success_url", "error_url"]) {
      const p = urlProblem(body[f], f);
      if (p) problems.push({ loc: ["body", f], msg: p });
    }
    if (body.client_reference !== undefined && (typeof body.client_reference !== "string" || body.client_reference.length > 255)) problems.push({ loc: ["body", "client_reference"], msg: "a string of at most 255 characters" });
    if (body.restrict_payer_mobile !== undefined && (typeof body.restrict_payer_mobile !== "string" || !/^\+\d{8,15}$/.test(body.restrict_payer_mobile))) problems.push({ loc: ["body", "restrict_payer_mobile"], msg: "E.164 with +" });
    if (problems.length) return fail(answer, 400, "request-validation-error", "Request validation error", problems);
    const reference = (body.client_reference as string | undefined) ?? null;
    const mobile = (body.restrict_payer_mobile as string | undefined) ?? null;
    const fault = faultBefore("session", answer, reference, mobile);
    if (fault === "answered") return;
    const id = `cos-${randomBytes(9).toString("hex")}`;
    const created = now();
    const session: Session = {
      id,
      amount: body.amount as string,
      currency: config.currency,
      business_name: config.businessName,
      checkout_status: "open",
      payment_status: "processing",
      client_reference: reference,
      restrict_payer_mobile: mobile,
      last_payment_error: null,
      success_url: body.success_url as string,
      error_url: body.error_url as string,
      wave_launch_url: `${url}/pay/${id}`,
      transaction_id: null,
      when_created: iso(created),
      when_completed: null,
      when_expires: iso(created + config.sessionLifetimeSeconds * 1000),
      refunded: false,
      heldUntil: null,
      heldThen: null,
    };
    state.sessions.set(id, session);
    const lost = scenarios.once(reference, "lose_answer", mobile);
    if (lost) return loseAnswer(lost.how, req, answer, entry);
    if (fault === "error_after_create") return fail(answer, 500, "internal-server-error", "Internal server error");
    answer(200, sessionView(session));
  }

  function createPayout(req: http.IncomingMessage, raw: string, answer: Answer, entry: LoggedRequest): void {
    const key = req.headers["idempotency-key"];
    if (typeof key !== "string" || !key) return fail(answer, 400, "request-validation-error", "Idempotency-Key header is required", [{ loc: ["header", "Idempotency-Key"], msg: "field required" }]);
    const body = jsonBody(req, raw, answer);
    if (!body) return;
    const hash = createHash("sha256").update(JSON.stringify(Object.keys(body).sort().map((k) => [k, body[k]]))).digest("hex");
    const seen = state.idempotency.get(key);
    if (seen) {
      if (seen.hash !== hash) return fail(answer, 409, "idempotency-mismatch", "This Idempotency-Key was used with another request");
      return answer(200, payoutView(state.payouts.get(seen.payoutId)!));
    }
    const problems: { loc: string[]; msg: string }[] = [];
    if (body.currency !== config.currency) problems.push({ loc: ["body", "currency"], msg: `must be ${config.currency}` });
    if (typeof body.receive_amount !== "string" || !/^[1-9]\d*$/.test(body.receive_amount)) problems.push({ loc: ["body", "receive_amount"], msg: "a positive whole number as a string" });
    if (typeof body.mobile !== "string" || !/^\+\d{8,15}$/.test(body.mobile)) problems.push({ loc: ["body", "mobile"], msg: "E.164 with +" });
    if (body.payment_reason !== undefined && (typeof body.payment_reason !== "string" || body.payment_reason.length > 40)) problems.push({ loc: ["body", "payment_reason"], msg: "at most 40 characters" });
    for (const f of ["name", "national_id", "client_reference", "aggregated_merchant_id"]) if (body[f] !== undefined && typeof body[f] !== "string") problems.push({ loc: ["body", f], msg: "a string" });
    if (problems.length) return fail(answer, 400, "request-validation-error", "Request validation error", problems);
    const fault = faultBefore("payout", answer, key, body.mobile as string);
    if (fault === "answered") return;
    const amount = BigInt(body.receive_amount as string);
    const fee = (amount * BigInt(Math.round(config.payoutFeePercent * 100)) + 9_999n) / 10_000n;
    if (state.balance < amount + fee) return fail(answer, 422, "insufficient-funds", "Insufficient funds in the wallet");
    state.balance -= amount + fee;
    const hold = scenarios.step(key, "hold", body.mobile as string);
    const reverseAfter = scenarios.step(key, "reverse_after", body.mobile as string);
    const p: Payout = {
      id: `pt-${randomBytes(9).toString("hex")}`,
      currency: config.currency,
      receive_amount: body.receive_amount as string,
      fee: fee.toString(),
      mobile: body.mobile as string,
      name: (body.name as string | undefined) ?? null,
      client_reference: (body.client_reference as string | undefined) ?? null,
      payment_reason: (body.payment_reason as string | undefined) ?? null,
      status: "processing",
      timestamp: iso(),
      payout_error: null,
      settleAt: hold ? hold.until.getTime() : now() + config.payoutSettleAfterSeconds * 1000,
      finalError: hold?.then === "failed" ? "payout-failed" : (state.recipients.get(body.mobile as string) ?? null),
      key,
      reverseAt: null,
    };
    if (reverseAfter) p.reverseAt = p.settleAt + reverseAfter.ms;
    state.payouts.set(p.id, p);
    state.idempotency.set(key, { hash, payoutId: p.id });
    if (!hold && config.payoutSettleAfterSeconds === 0) settlePayout(p);
    const lost = scenarios.once(key, "lose_answer", p.mobile);
    if (lost) return loseAnswer(lost.how, req, answer, entry);
    if (fault === "error_after_create") return fail(answer, 500, "internal-server-error", "Internal server error");
    answer(200, payoutView(p));
  }

  /** The wallet page behind wave_launch_url: the customer pays, fails or leaves. */
  function walletPage(method: string, target: URL, raw: string, res: http.ServerResponse): void {
    const id = decodeURIComponent(target.pathname.slice("/pay/".length));
    settleDue();
    const s = state.sessions.get(id);
    if (!s) return void res.writeHead(404, { "Content-Type": "text/plain" }).end("No such session");
    if (method === "GET") {
      const html = `<!doctype html><meta charset="utf-8"><title>Wave</title><h1>Pay ${s.amount} ${s.currency} to ${s.business_name}</h1><p>Session ${s.checkout_status}</p>
<form method="post"><input name="action" value="pay" type="hidden"><button>Pay</button></form>
<form method="post"><input name="action" value="fail" type="hidden"><select name="code">${Object.keys(ERROR_MESSAGES).map((c) => `<option>${c}</option>`).join("")}</select><button>Fail</button></form>
<form method="post"><input name="action" value="leave" type="hidden"><button>Leave</button></form>`;
      return void res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(html);
    }
    const form = new URLSearchParams(raw);
    const action = form.get("action");
    try {
      if (action === "pay") payAttempt(s, { mobile: form.get("mobile") ?? undefined });
      else if (action === "fail") payAttempt(s, { code: form.get("code") ?? "payment-failure" });
    } catch {
      // a closed session: back to the error URL
    }
    const back = s.payment_status === "succeeded" || s.heldUntil !== null ? s.success_url : s.error_url;
    res.writeHead(302, { Location: back }).end();
  }

  // ---------- truth ----------
  /** Where money stands at Wave, per reference the platform sent (client_reference, Idempotency-Key). */
  function truth(): OperatorTruth[] {
    settleDue();
    const rows: OperatorTruth[] = [];
    for (const s of state.sessions.values()) {
      if (!s.client_reference) continue;
      const state_ = s.payment_status === "succeeded" ? "succeeded" : s.checkout_status === "open" ? "pending" : "failed";
      rows.push({ reference: s.client_reference, direction: "collect", amountMinor: BigInt(s.amount), currency: s.currency, state: state_, operatorReference: s.id });
      if (s.refunded) rows.push({ reference: s.client_reference, direction: "refund", amountMinor: BigInt(s.amount), currency: s.currency, state: "succeeded", operatorReference: s.id, refundOf: s.client_reference });
    }
    for (const p of state.payouts.values()) {
      const state_ = p.status === "processing" ? "pending" : p.status;
      rows.push({ reference: p.key, direction: "payout", amountMinor: BigInt(p.receive_amount), currency: p.currency, state: state_, operatorReference: p.id });
    }
    return rows;
  }

  // ---------- admin ----------
  const admin = makeAdmin({
    config,
    state,
    clock,
    settleDue,
    payAttempt: (id, outcome) => {
      const s = state.sessions.get(id);
      if (!s) throw new Error(`no session ${id}`);
      payAttempt(s, outcome);
    },
    reversePayout: (id) => {
      const p = state.payouts.get(id) ?? [...state.payouts.values()].find((x) => x.key === id || x.client_reference === id);
      if (!p) throw new Error(`no payout ${id}`);
      if (p.status !== "succeeded") throw new Error(`payout ${p.id} is ${p.status}`);
      reverse(p);
    },
    idle: async () => {
      while (state.inFlight.size > 0) await Promise.all([...state.inFlight]);
    },
    sessionView,
    payoutView,
  });

  function handleAdmin(method: string, target: URL, raw: string, answer: Answer): void {
    let body: Record<string, unknown> = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      return answer(400, { error: "body must be JSON" });
    }
    try {
      const route = `${method} ${target.pathname.replace(/\/$/, "")}`;
      if (route === "GET /admin/requests") return answer(200, state.log);
      if (route === "GET /admin/webhooks") return answer(200, state.webhooks);
      if (route === "GET /admin/state") return answer(200, { now: iso(), config, balance: state.balance.toString(), sessions: [...state.sessions.values()].map(sessionView), payouts: [...state.payouts.values()].map(payoutView) });
      if (route === "GET /admin/truth") return answer(200, truth().map((t) => ({ ...t, amountMinor: t.amountMinor.toString() })));
      if (route === "POST /admin/config") return admin.configure(body as Partial<WaveSimulatorConfig>), answer(200, config);
      if (route === "POST /admin/pay") return admin.pay(String(body.sessionId), body.code ? String(body.code) : undefined), answer(200, { ok: true });
      if (route === "POST /admin/clock") return admin.advanceClock(Number(body.advanceSeconds ?? 0)), answer(200, { now: iso() });
      if (route === "POST /admin/recipients") return admin.setRecipient(String(body.mobile), body.errorCode ? String(body.errorCode) : null), answer(200, { ok: true });
      if (route === "POST /admin/balance") return admin.setBalance(Number(body.amount)), answer(200, { ok: true });
      if (route === "POST /admin/faults") return admin.fault(body.kind as FaultKind, { on: body.on as FaultTarget, times: body.times as number }), answer(200, { ok: true });
      if (route === "POST /admin/reverse") return admin.reverse(String(body.payoutId)), answer(200, { ok: true });
      if (route === "POST /admin/keys") return answer(200, admin.addKey((body.scopes as ApiKey["scopes"]) ?? ["checkout", "payout"]));
      return answer(404, { error: `no admin route ${route}` });
    } catch (err) {
      return answer(400, { error: (err as Error).message });
    }
  }

  const ticker = setInterval(settleDue, 200);
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
      for (const t of state.timers) clearTimeout(t);
      await Promise.all([...state.inFlight]);
      for (const socket of state.sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type AdminDeps = {
  config: WaveSimulatorConfig;
  state: {
    keys: Map<string, ApiKey>;
    sessions: Map<string, unknown>;
    payouts: Map<string, unknown>;
    recipients: Map<string, string>;
    faults: { kind: FaultKind; on: FaultTarget; remaining: number }[];
    balance: bigint;
    log: LoggedRequest[];
    webhooks: WebhookRecord[];
  };
  clock: SteerableClock;
  settleDue: () => void;
  payAttempt: (id: string, outcome: { code?: string; mobile?: string }) => void;
  reversePayout: (id: string) => void;
  idle: () => Promise<void>;
  sessionView: (s: never) => Record<string, unknown>;
  payoutView: (p: never) => Record<string, unknown>;
};

function makeAdmin(d: AdminDeps) {
  return {
    config: d.config,
    now: () => d.clock.now(),
    /** The first API key (all scopes unless configured otherwise). */
    apiKey: () => [...d.state.keys.keys()][0]!,
    addKey(scopes: ApiKey["scopes"]): ApiKey {
      const key = { key: `wave_sn_prod_${randomBytes(12).toString("hex")}`, scopes };
      d.state.keys.set(key.key, key);
      return key;
    },
    revokeKey(key: string) {
      const k = d.state.keys.get(key);
      if (k) k.revoked = true;
    },
    configure(patch: Partial<WaveSimulatorConfig>) {
      Object.assign(d.config, Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)));
    },
    /** The customer pays the session (or an attempt fails with `code`: the session stays open). */
    pay(sessionId: string, code?: string, mobile?: string) {
      d.payAttempt(sessionId, { code, mobile });
    },
    /** A paid payout is returned to our wallet (as `POST /v1/payout/:id/reverse`, or Wave's own doing); by id, key or client_reference. */
    reverse(payout: string) {
      d.reversePayout(payout);
    },
    /** Payouts to `mobile` fail with this payout_error code (blocked, inactive, minor, limit…); null clears. */
    setRecipient(mobile: string, errorCode: string | null) {
      if (errorCode) d.state.recipients.set(mobile, errorCode);
      else d.state.recipients.delete(mobile);
    },
    setBalance(amount: number) {
      d.state.balance = BigInt(amount);
    },
    balance: () => d.state.balance,
    advanceClock(seconds: number) {
      d.clock.advance(seconds * 1000);
      d.settleDue();
    },
    fault(kind: FaultKind, options: { on?: FaultTarget; times?: number } = {}) {
      d.state.faults.push({ kind, on: options.on ?? "any", remaining: options.times ?? 1 });
    },
    sessions: () => [...d.state.sessions.values()].map((s) => d.sessionView(s as never)),
    session: (id: string) => (d.state.sessions.has(id) ? d.sessionView(d.state.sessions.get(id) as never) : null),
    payouts: () => (d.settleDue(), [...d.state.payouts.values()].map((p) => d.payoutView(p as never))),
    requests: (filter?: { method?: string; path?: string | RegExp }) =>
      d.state.log.filter((e) => (!filter?.method || e.method === filter.method) && (!filter?.path || (typeof filter.path === "string" ? e.path.split("?")[0] === filter.path : filter.path.test(e.path)))),
    webhooks: () => [...d.state.webhooks],
    idle: d.idle,
  };
}
