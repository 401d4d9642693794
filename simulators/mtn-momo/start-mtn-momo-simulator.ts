import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { type MtnStatus, type Plan, type SandboxVariant, sandboxActiveAnswer, sandboxPlan, sandboxRefundPlan } from "./sandbox-numbers";
import { header, parseJsonObject, sameText } from "../kit/http";
import { minorUnitsOf, movableClock, OffsetClock, type OperatorSimulatorControl, type OperatorTruth, type ScenarioStep, type SimClock } from "../kit/truth";

/**
 * A contract simulator of the MTN MoMo Open API, written from MTN's published API and SDKs (not
 * from our connector; lib/connectors/mtn-momo/README.md says which): provisioning, per-product Basic-auth tokens, the header and body checks,
 * 202-then-poll, 409 on a reused X-Reference-Id, the sandbox numbers, the payer's approval
 * window, unsigned callbacks to the registered host only, our float, the IP allow-list and
 * faults before and after acceptance. A virtual clock (advanceClock) drives token expiry,
 * approval windows and delayed outcomes; an admin API (in process, and over HTTP under /admin/)
 * sets scenarios and reads the request log, the ledger and the callbacks sent.
 * Where the reference is unsure the behaviour is an option (see README.md).
 *
 * Bodies are checked against MTN's published schemas, kind by kind (MoMoAPIs SDK snippets): a
 * refund is `{amount, currency, externalId, payerMessage, payeeNote, referenceIdToRefund}` — no
 * `payee`. Whether MTN refuses fields outside its schema is unconfirmed: `strictBodies` (400) or
 * not (ignored). The kit's control surface (simulators/kit/truth.ts) is offered too: an
 * injectable clock, the operator's truth, per-order scenarios.
 */
export type Product = "collection" | "disbursement";
export type Kind = "requesttopay" | "transfer" | "deposit" | "refund";
/**
 * How a final status is called back. MTN's page exists in two versions (lib/connectors/mtn-momo/README.md): "sent
 * once, never retried" (`once`) and "2 s timeout, 20 retries at 1 s…" (`retry`: resent until a
 * 2xx, up to callbackRetries times; the later 2-minute and hourly tail is not reproduced).
 */
export type CallbackMode = "none" | "once" | "delayed" | "duplicated" | "burst" | "retry";
export type FaultKind = "unavailable" | "drop_after_accept" | "hang_after_accept";
export type FaultTarget = Kind | "money" | "status" | "token" | "account" | "any";
export type { MtnStatus, SandboxVariant };

/** What any money request to a given MSISDN becomes, collect, payout or refund alike (admin.setScenario). */
export type Scenario = {
  /** Final status, or PENDING / CREATED / ONGOING to stay there (never resolved). */
  status: MtnStatus;
  reason?: string;
  /** Seconds (virtual clock) before the final status applies; 0 = at once. */
  afterSeconds?: number;
  /** Status shown until then. */
  interim?: "PENDING" | "CREATED" | "ONGOING";
  callback?: CallbackMode;
};

export type SimulatorUser = { userId: string; apiKey: string; product: Product | null; callbackHost: string };

export type MtnSimulatorConfig = {
  /** sandbox: target environment `sandbox`, EUR only, MTN's published sandbox test numbers. production: a market. */
  mode: "sandbox" | "production";
  targetEnvironment: string;
  currency: string;
  provisioning: boolean;
  tokenTtlSeconds: number;
  /** MTN forgets a token this long after issuing it, whatever expires_in said (revocation, restart); null = never early. */
  tokenRevokedAfterSeconds: number | null;
  approvalWindowSeconds: number;
  /** When an ordinary request becomes SUCCESSFUL; null = the payer never acts (collections expire). */
  settleAfterSeconds: number | null;
  sandboxVariant: SandboxVariant;
  callbackMode: CallbackMode;
  callbackMethod: "PUT" | "POST";
  callbackDelayMs: number;
  callbackBurst: number;
  /** `retry` mode: resends after a non-2xx or no answer, this many times at most, this far apart. */
  callbackRetries: number;
  callbackRetryDelayMs: number;
  /** Deliver the callback of an at-once outcome before answering the submit's 202. */
  callbackBeforeAnswer: boolean;
  /** X-Callback-Url on another host than the user's providerCallbackHost: 500 or silently no callback. */
  callbackHostMismatch: "reject" | "ignore";
  /** A currency the target environment does not use: 400 (MTN's error table lists it under 400) or 500 INVALID_CURRENCY (and under 500). */
  invalidCurrencyAnswer: 400 | 500;
  /** `reason` in status bodies: a bare code (v1) or `{code, message}`. */
  reasonFormat: "string" | "object";
  maxNoteLength: number;
  forbiddenNoteCharacters: string;
  /** An API user only gets tokens for the product whose subscription key created it. */
  usersBoundToProduct: boolean;
  /** Caller IPs allowed on Disbursement; null = everyone. */
  ipAllowList: string[] | null;
  /** A field outside the kind's published schema (a refund's `payee`…): 400 (true) or ignored (false). [L] */
  strictBodies: boolean;
};

export type MtnSimulatorOptions = Partial<MtnSimulatorConfig> & {
  port?: number;
  /** The simulator's time (tokens, windows, delays, holds); the wall clock plus what `advanceClock` adds, unless given. */
  clock?: SimClock;
  subscriptionKeys?: Partial<Record<Product, string>>;
  users?: SimulatorUser[];
  /** Opening balances in major units (decimal strings); Disbursement is our float. */
  balances?: Partial<Record<Product, string>>;
};

export type LoggedRequest = {
  at: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  remoteAddress: string;
  answer: number | "dropped" | "hung";
};

export type LedgerEntry = { referenceId: string; kind: Kind; entry: "payer_debited" | "float_debited"; amount: string; currency: string; partyId: string; at: string };
export type CallbackRecord = { referenceId: string; url: string; method: string; body: string; attempt: number; httpStatus?: number; error?: string };

type Resource = {
  kind: Kind;
  product: Product;
  referenceId: string;
  userId: string;
  createdAt: number;
  plan: Plan;
  status: MtnStatus;
  reason?: string;
  final: boolean;
  financialTransactionId?: string;
  amount: string;
  currency: string;
  externalId: string;
  partyKey: "payer" | "payee";
  party: { partyIdType: string; partyId: string };
  payerMessage?: string;
  payeeNote?: string;
  referenceIdToRefund?: string;
  refunded: bigint;
  callbackUrl: string | null;
  callbackMode: CallbackMode;
  steps: ScenarioStep[];
};

type Fault = { kind: FaultKind; on: FaultTarget; remaining: number };

export type MtnSimulator = OperatorSimulatorControl & { url: string; admin: MtnSimulatorAdmin; close(): Promise<void> };

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const AMOUNT = /^\d+(\.\d+)?$/;
const SCALE = 6; // balances are kept as integers of 10^-6 major units: exact for every currency
const FINAL: MtnStatus[] = ["SUCCESSFUL", "FAILED", "REJECTED", "TIMEOUT"];
const MONEY_PATHS: Record<string, { kind: Kind; product: Product }> = {
  "/collection/v1_0/requesttopay": { kind: "requesttopay", product: "collection" },
  "/disbursement/v1_0/transfer": { kind: "transfer", product: "disbursement" },
  "/disbursement/v1_0/deposit": { kind: "deposit", product: "disbursement" },
  "/disbursement/v2_0/deposit": { kind: "deposit", product: "disbursement" },
  "/disbursement/v1_0/refund": { kind: "refund", product: "disbursement" },
  "/disbursement/v2_0/refund": { kind: "refund", product: "disbursement" },
};

function defaults(mode: "sandbox" | "production"): MtnSimulatorConfig {
  return {
    mode,
    targetEnvironment: mode === "sandbox" ? "sandbox" : "mtnivorycoast",
    currency: mode === "sandbox" ? "EUR" : "XOF",
    provisioning: mode === "sandbox",
    tokenTtlSeconds: 3600,
    tokenRevokedAfterSeconds: null,
    approvalWindowSeconds: 300,
    settleAfterSeconds: 0,
    sandboxVariant: "documented",
    callbackMode: "once",
    callbackMethod: "PUT",
    callbackDelayMs: 1000,
    callbackBurst: 5,
    callbackRetries: 20,
    callbackRetryDelayMs: 1000,
    callbackBeforeAnswer: false,
    callbackHostMismatch: "reject",
    invalidCurrencyAnswer: 400,
    reasonFormat: "string",
    maxNoteLength: 160,
    forbiddenNoteCharacters: "'\"<>&",
    usersBoundToProduct: true,
    ipAllowList: null,
    strictBodies: true,
  };
}

/** The fields MTN's schema gives each kind of money request. */
const BODY_FIELDS: Record<Kind, readonly string[]> = {
  requesttopay: ["amount", "currency", "externalId", "payer", "payerMessage", "payeeNote"],
  transfer: ["amount", "currency", "externalId", "payee", "payerMessage", "payeeNote"],
  deposit: ["amount", "currency", "externalId", "payee", "payerMessage", "payeeNote"],
  refund: ["amount", "currency", "externalId", "payerMessage", "payeeNote", "referenceIdToRefund"],
};

export async function startMtnMomoSimulator(options: MtnSimulatorOptions = {}): Promise<MtnSimulator> {
  const { port = 0, subscriptionKeys, users, balances: openingBalances, clock: givenClock, ...rest } = options;
  const simClock: SimClock = givenClock ?? new OffsetClock();
  const scenarioSteps: { match: { reference?: string; destination?: string }; steps: ScenarioStep[] }[] = [];
  const config: MtnSimulatorConfig = { ...defaults(options.mode ?? "sandbox"), ...stripUndefined(rest) };
  const keys: Record<Product, string> = {
    collection: subscriptionKeys?.collection ?? randomBytes(16).toString("hex"),
    disbursement: subscriptionKeys?.disbursement ?? randomBytes(16).toString("hex"),
  };
  const state = {
    users: new Map<string, SimulatorUser>((users ?? []).map((u) => [u.userId, { ...u }])),
    tokens: new Map<string, { userId: string; product: Product; expiresAt: number }>(),
    resources: new Map<string, Resource>(),
    scenarios: new Map<string, Scenario>(),
    faults: [] as Fault[],
    balances: {
      collection: toScaled(openingBalances?.collection ?? "0"),
      disbursement: toScaled(openingBalances?.disbursement ?? "1000000"),
    } as Record<Product, bigint>,
    log: [] as LoggedRequest[],
    ledger: [] as LedgerEntry[],
    callbacks: [] as CallbackRecord[],
    inFlight: new Set<Promise<void>>(),
    timers: new Set<NodeJS.Timeout>(),
    hung: new Set<Socket>(),
  };
  const cancels = new Map<NodeJS.Timeout, () => void>();
  const now = () => simClock.now().getTime();
  let closing = false;

  // ---------- outcomes, settlement, callbacks ----------

  function planFor(kind: Kind, partyId: string, referenceIdToRefund: string | undefined, amount: string, steps: ScenarioStep[] = []): Plan {
    const hold = steps.find((st): st is Extract<ScenarioStep, { kind: "hold" }> => st.kind === "hold");
    if (hold) {
      // Held at MTN (PENDING) until then, whatever the approval window: MTN decides, late.
      const afterSeconds = Math.max(0, (hold.until.getTime() - now()) / 1000);
      return { interim: "PENDING", final: hold.then === "succeeded" ? { status: "SUCCESSFUL" } : { status: "FAILED", reason: "INTERNAL_PROCESSING_ERROR" }, afterSeconds, exemptFromWindow: true };
    }
    const scenario = state.scenarios.get(partyId);
    if (scenario) {
      const finalStatus = FINAL.includes(scenario.status);
      return {
        interim: scenario.interim ?? (finalStatus ? "PENDING" : (scenario.status as Plan["interim"])),
        final: finalStatus ? { status: scenario.status, reason: scenario.reason } : null,
        afterSeconds: scenario.afterSeconds ?? 0,
        exemptFromWindow: !finalStatus,
      };
    }
    if (config.mode === "sandbox") {
      const sandbox = kind === "refund" ? sandboxRefundPlan(referenceIdToRefund ?? "", config.sandboxVariant) : sandboxPlan(kind, partyId, config.sandboxVariant);
      if (sandbox) return sandbox;
    }
    if (kind === "refund") {
      // Our reading: a refund needs a SUCCESSFUL request-to-pay of ours with enough left to refund.
      const original = state.resources.get(referenceIdToRefund ?? "");
      if (!original || original.kind !== "requesttopay") return { interim: "PENDING", final: { status: "FAILED", reason: "RESOURCE_NOT_FOUND" }, afterSeconds: 0 };
      if (original.status !== "SUCCESSFUL" || original.refunded + toScaled(amount) > toScaled(original.amount)) {
        return { interim: "PENDING", final: { status: "FAILED", reason: "NOT_ALLOWED" }, afterSeconds: 0 };
      }
    }
    if (config.settleAfterSeconds === null && kind === "requesttopay") return { interim: "PENDING", final: null, afterSeconds: 0 };
    return { interim: "PENDING", final: { status: "SUCCESSFUL" }, afterSeconds: config.settleAfterSeconds ?? 0 };
  }

  function windowApplies(r: Resource): boolean {
    return r.kind === "requesttopay" && !r.plan.exemptFromWindow;
  }

  /** Resolves every request whose time has come; returns those resolved now. */
  function settleDue(): Resource[] {
    const settled: Resource[] = [];
    const t = now();
    for (const r of state.resources.values()) {
      if (r.final) continue;
      const dueAt = r.createdAt + r.plan.afterSeconds * 1000;
      const windowAt = r.createdAt + config.approvalWindowSeconds * 1000;
      if (r.plan.final && t >= dueAt && (!windowApplies(r) || dueAt <= windowAt)) {
        settle(r, r.plan.final.status, r.plan.final.reason);
        settled.push(r);
      } else if (windowApplies(r) && t >= windowAt) {
        settle(r, "FAILED", "COULD_NOT_PERFORM_TRANSACTION");
        settled.push(r);
      }
    }
    return settled;
  }

  function settle(r: Resource, status: MtnStatus, reason?: string): void {
    if (status === "SUCCESSFUL") {
      const amount = toScaled(r.amount);
      if (r.product === "disbursement") {
        if (state.balances.disbursement < amount) {
          status = "FAILED";
          reason = "NOT_ENOUGH_FUNDS";
        } else {
          state.balances.disbursement -= amount;
          record(r, "float_debited");
          if (r.kind === "refund") {
            const original = state.resources.get(r.referenceIdToRefund ?? "");
            if (original) original.refunded += amount;
          }
        }
      } else {
        state.balances.collection += amount;
        record(r, "payer_debited");
      }
    }
    r.status = status;
    r.reason = status === "SUCCESSFUL" ? undefined : reason;
    r.final = FINAL.includes(status);
    if (status === "SUCCESSFUL") r.financialTransactionId = String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999));
    if (r.final) scheduleCallbacks(r);
  }

  function record(r: Resource, entry: LedgerEntry["entry"]): void {
    state.ledger.push({ referenceId: r.referenceId, kind: r.kind, entry, amount: r.amount, currency: r.currency, partyId: r.party.partyId, at: new Date(now()).toISOString() });
  }

  function statusObject(r: Resource): Record<string, unknown> {
    const body: Record<string, unknown> = {};
    if (r.financialTransactionId) body.financialTransactionId = r.financialTransactionId;
    body.externalId = r.externalId;
    body.amount = r.amount;
    body.currency = r.currency;
    body[r.partyKey] = r.party;
    if (r.payerMessage !== undefined) body.payerMessage = r.payerMessage;
    if (r.payeeNote !== undefined) body.payeeNote = r.payeeNote;
    body.status = r.final ? r.status : r.plan.interim;
    if (r.final && r.status !== "SUCCESSFUL" && r.reason) {
      body.reason = config.reasonFormat === "object" ? { code: r.reason, message: r.reason.toLowerCase().replace(/_/g, " ") } : r.reason;
    }
    return body;
  }

  function scheduleCallbacks(r: Resource): void {
    if (!r.callbackUrl) return;
    const mode = r.callbackMode;
    const duplicated = r.steps.some((st) => st.kind === "duplicate_callbacks");
    const count = mode === "none" ? 0 : mode === "duplicated" || duplicated ? 2 : mode === "burst" ? config.callbackBurst : 1;
    const body = JSON.stringify(statusObject(r));
    if (mode === "retry") return track(deliverUntilAccepted(r, body));
    const deliveries: Promise<unknown>[] = [];
    for (let attempt = 1; attempt <= count; attempt++) {
      const delivery = mode === "delayed" ? later(config.callbackDelayMs).then(() => deliver(r, body, attempt)) : deliver(r, body, attempt);
      deliveries.push(delivery);
      track(delivery);
    }
    if (count > 0 && r.steps.some((st) => st.kind === "out_of_order_callbacks")) {
      // An older state after the final one has arrived (a stale PENDING), as a late retry of an earlier delivery would be.
      const stale = JSON.stringify({ ...statusObject(r), status: r.plan.interim, reason: undefined, financialTransactionId: undefined });
      track(Promise.allSettled(deliveries).then(() => deliver(r, stale, count + 1)));
    }
  }

  async function deliverUntilAccepted(r: Resource, body: string): Promise<void> {
    for (let attempt = 1; attempt <= 1 + config.callbackRetries; attempt++) {
      if (attempt > 1) await later(config.callbackRetryDelayMs);
      const status = await deliver(r, body, attempt);
      if (status !== undefined && status >= 200 && status < 300) return;
      if (closing) return;
    }
  }

  /** A real-time wait that close() cuts short (its callback is then not sent). */
  function later(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      if (closing) return reject(new Error("simulator closing"));
      const timer = setTimeout(() => {
        state.timers.delete(timer);
        cancels.delete(timer);
        resolve();
      }, ms);
      state.timers.add(timer);
      cancels.set(timer, () => reject(new Error("simulator closing")));
    });
  }

  function track(p: Promise<unknown>): void {
    const tracked: Promise<void> = p.then(
      () => undefined,
      () => undefined,
    ).finally(() => state.inFlight.delete(tracked));
    state.inFlight.add(tracked);
  }

  async function deliver(r: Resource, body: string, attempt: number): Promise<number | undefined> {
    const entry: CallbackRecord = { referenceId: r.referenceId, url: r.callbackUrl!, method: config.callbackMethod, body, attempt };
    state.callbacks.push(entry);
    try {
      // Unsigned, no credential: only the host was constrained (lib/connectors/mtn-momo/README.md). MTN waits 2 s.
      const response = await fetch(r.callbackUrl!, { method: config.callbackMethod, headers: { "Content-Type": "application/json" }, body, signal: AbortSignal.timeout(2000) });
      entry.httpStatus = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (err) {
      entry.error = (err as Error).message;
    }
    return entry.httpStatus;
  }

  function takeFault(target: Kind | "status" | "token" | "account"): FaultKind | null {
    const isMoney = target !== "status" && target !== "token" && target !== "account";
    const fault = state.faults.find((f) => f.remaining > 0 && (f.on === target || f.on === "any" || (f.on === "money" && isMoney)));
    if (!fault) return null;
    fault.remaining -= 1;
    return fault.kind;
  }

  // ---------- HTTP ----------

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!res.headersSent) json(res, 500, { code: "INTERNAL_PROCESSING_ERROR", message: (err as Error).message });
      else res.destroy();
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const url = new URL(req.url ?? "/", "http://simulator");
    const path = url.pathname;
    if (path.startsWith("/admin/")) return handleAdmin(req.method ?? "GET", path, raw, res);

    settleDue();
    const entry: LoggedRequest = {
      at: new Date(now()).toISOString(),
      method: req.method ?? "",
      path: url.pathname + url.search,
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")])),
      body: raw,
      remoteAddress: (req.socket.remoteAddress ?? "").replace(/^::ffff:/, ""),
      answer: 0,
    };
    state.log.push(entry);
    const answer = (status: number, body?: unknown) => {
      entry.answer = status;
      if (body === undefined) {
        res.writeHead(status, { "Content-Length": "0" });
        res.end();
      } else json(res, status, body);
    };
    const method = req.method ?? "GET";
    const segments = path.split("/").filter(Boolean);

    // Provisioning (sandbox): /v1_0/apiuser…
    if (segments[0] === "v1_0" && segments[1] === "apiuser") {
      if (!config.provisioning) return answer(404, { statusCode: 404, message: "Resource not found" });
      return provisioning(method, segments.slice(2), req, raw, answer);
    }
    const product = segments[0] === "collection" || segments[0] === "disbursement" ? (segments[0] as Product) : null;
    if (!product) return answer(404, { statusCode: 404, message: "Resource not found" });

    if (segments[1] === "token" && segments.length === 2) {
      if (method !== "POST") return answer(405, { statusCode: 405, message: "Method not allowed" });
      return token(product, req, raw, answer, entry, res);
    }

    const keyProblem = subscriptionKeyProblem(req, product);
    if (keyProblem) return answer(401, { statusCode: 401, message: keyProblem });
    const tokenProblem = bearerProblem(req, product);
    if (tokenProblem) return answer(401, { statusCode: 401, message: tokenProblem });
    if (product === "disbursement" && config.ipAllowList && !config.ipAllowList.includes(entry.remoteAddress)) {
      return answer(403, { statusCode: 403, message: "Forbidden: the caller's IP address is not allowed" });
    }
    const targetEnvironment = header(req, "x-target-environment");
    if (!targetEnvironment) return answer(400, { message: "Missing header X-Target-Environment" });
    if (targetEnvironment !== config.targetEnvironment) {
      return answer(500, { code: "NOT_ALLOWED_TARGET_ENVIRONMENT", message: "Access to target environment is forbidden." });
    }

    const money = MONEY_PATHS[path.replace(/\/$/, "")];
    if (money && money.product === product && method === "POST") return submit(money.kind, product, req, raw, answer, entry, res);

    const statusRoute = /^\/(collection\/v1_0\/requesttopay|disbursement\/v[12]_0\/(transfer|deposit|refund))\/([^/]+)$/.exec(path);
    if (statusRoute && method === "GET") {
      const kind = (statusRoute[2] ?? "requesttopay") as Kind;
      const fault = takeFault("status");
      if (fault === "unavailable") return answer(503, { code: "SERVICE_UNAVAILABLE", message: "Service unavailable." });
      if (fault) return drop(entry, res, fault);
      const r = state.resources.get(decodeURIComponent(statusRoute[3]!));
      if (!r || r.kind !== kind) return answer(404, { code: "RESOURCE_NOT_FOUND", message: "Requested resource was not found." });
      return answer(200, statusObject(r));
    }

    const accountCall = method === "GET" && (path === `/${product}/v1_0/account/balance` || path.startsWith(`/${product}/v1_0/accountholder/`));
    const accountFault = accountCall ? takeFault("account") : null;
    if (accountFault === "unavailable") return answer(503, { code: "SERVICE_UNAVAILABLE", message: "Service unavailable." });
    if (accountFault) return drop(entry, res, accountFault);
    if (method === "GET" && path === `/${product}/v1_0/account/balance`) {
      return answer(200, { availableBalance: fromScaled(state.balances[product]), currency: config.currency });
    }
    const holder = new RegExp(`^/${product}/v1_0/accountholder/([^/]+)/([^/]+)/(active|basicuserinfo)$`).exec(path);
    if (holder && method === "GET") return accountHolder(product, holder[1]!, decodeURIComponent(holder[2]!), holder[3]!, answer);

    return answer(404, { statusCode: 404, message: "Resource not found" });
  }

  type Answer = (status: number, body?: unknown) => void;

  function provisioning(method: string, rest: string[], req: http.IncomingMessage, raw: string, answer: Answer): void {
    const keyProduct = (Object.keys(keys) as Product[]).find((p) => header(req, "ocp-apim-subscription-key") === keys[p]);
    if (!keyProduct) return answer(401, { statusCode: 401, message: subscriptionKeyProblem(req, "collection") ?? "Access denied due to invalid subscription key." });
    if (method === "POST" && rest.length === 0) {
      const referenceId = header(req, "x-reference-id");
      if (!referenceId || !UUID_V4.test(referenceId)) return answer(400, { message: "X-Reference-Id must be a UUID version 4" });
      const body = parseJsonObject(raw);
      const host = body?.providerCallbackHost;
      if (typeof host !== "string" || !host) return answer(400, { message: "providerCallbackHost is required" });
      if (state.users.has(referenceId)) return answer(409, { code: "RESOURCE_ALREADY_EXIST", message: "Duplicated reference id. Creation of resource failed." });
      state.users.set(referenceId, { userId: referenceId, apiKey: "", product: keyProduct, callbackHost: host });
      return answer(201);
    }
    const user = state.users.get(rest[0] ?? "");
    if (!user) return answer(404, { code: "RESOURCE_NOT_FOUND", message: "Requested resource was not found." });
    if (method === "GET" && rest.length === 1) return answer(200, { providerCallbackHost: user.callbackHost, targetEnvironment: config.targetEnvironment });
    if (method === "POST" && rest.length === 2 && rest[1] === "apikey") {
      user.apiKey = randomBytes(16).toString("hex");
      return answer(201, { apiKey: user.apiKey });
    }
    return answer(404, { statusCode: 404, message: "Resource not found" });
  }

  function token(product: Product, req: http.IncomingMessage, raw: string, answer: Answer, entry: LoggedRequest, res: http.ServerResponse): void {
    const keyProblem = subscriptionKeyProblem(req, product);
    if (keyProblem) return answer(401, { statusCode: 401, message: keyProblem });
    if (raw.length > 0) return answer(400, { message: "The token request must not have a body" });
    const basic = /^Basic (.+)$/i.exec(header(req, "authorization") ?? "");
    const [userId, ...keyParts] = basic ? Buffer.from(basic[1]!, "base64").toString("utf8").split(":") : [];
    const user = state.users.get(userId ?? "");
    const apiKey = keyParts.join(":");
    if (!user || !user.apiKey || !sameText(user.apiKey, apiKey) || (config.usersBoundToProduct && user.product && user.product !== product)) {
      return answer(401, { error: "login_failed" });
    }
    const fault = takeFault("token");
    if (fault === "unavailable") return answer(503, { code: "SERVICE_UNAVAILABLE", message: "Service unavailable." });
    if (fault) return drop(entry, res, fault);
    const accessToken = `sim.${randomBytes(24).toString("base64url")}`;
    const lifetime = Math.min(config.tokenTtlSeconds, config.tokenRevokedAfterSeconds ?? Number.POSITIVE_INFINITY);
    state.tokens.set(accessToken, { userId: user.userId, product, expiresAt: now() + lifetime * 1000 });
    return answer(200, { access_token: accessToken, token_type: "access_token", expires_in: config.tokenTtlSeconds });
  }

  async function submit(kind: Kind, product: Product, req: http.IncomingMessage, raw: string, answer: Answer, entry: LoggedRequest, res: http.ServerResponse): Promise<void> {
    const referenceId = header(req, "x-reference-id");
    if (!referenceId) return answer(400, { message: "Missing header X-Reference-Id" });
    if (!UUID_V4.test(referenceId)) return answer(400, { message: "X-Reference-Id must be a UUID version 4" });
    if (!(header(req, "content-type") ?? "").toLowerCase().startsWith("application/json")) return answer(400, { message: "Content-Type must be application/json" });
    const body = parseJsonObject(raw);
    if (!body) return answer(400, { message: "The body must be a JSON object" });
    const partyKey = kind === "requesttopay" ? "payer" : "payee";
    const problem = validateMoneyBody(body, kind);
    if (problem) return answer(400, { message: problem });
    if (body.currency !== config.currency) {
      const message = `Currency ${String(body.currency)} is not allowed in ${config.targetEnvironment}`;
      return config.invalidCurrencyAnswer === 500 ? answer(500, { code: "INVALID_CURRENCY", message }) : answer(400, { message });
    }
    const callbackHeader = header(req, "x-callback-url");
    let callbackUrl: string | null = null;
    if (callbackHeader) {
      let parsed: URL;
      try {
        parsed = new URL(callbackHeader);
      } catch {
        return answer(400, { message: "X-Callback-Url is not a URL" });
      }
      const tokenUser = state.users.get(state.tokens.get(bearerToken(req) ?? "")?.userId ?? "");
      const registered = (tokenUser?.callbackHost ?? "").toLowerCase().replace(/:\d+$/, "");
      if (parsed.hostname.toLowerCase() === registered) callbackUrl = parsed.toString();
      else if (config.callbackHostMismatch === "reject") return answer(500, { code: "INVALID_CALLBACK_URL_HOST", message: "Callback URL with different host than registered for the API user." });
    }
    if (state.resources.has(referenceId)) return answer(409, { code: "RESOURCE_ALREADY_EXIST", message: "Duplicated reference id. Creation of resource failed." });
    const fault = takeFault(kind);
    if (fault === "unavailable") return answer(503, { code: "SERVICE_UNAVAILABLE", message: "Service unavailable." });

    const amount = body.amount as string;
    const referenceIdToRefund = kind === "refund" ? (body.referenceIdToRefund as string) : undefined;
    // A refund names no party: the money goes back to the refunded request-to-pay's payer.
    const party =
      kind === "refund"
        ? (state.resources.get(referenceIdToRefund ?? "")?.party ?? { partyIdType: "MSISDN", partyId: "" })
        : (body[partyKey] as { partyIdType: string; partyId: string });
    const steps = takeScenario(referenceId, party.partyId);
    if (steps.some((st) => st.kind === "fail_before_commit")) return answer(503, { code: "SERVICE_UNAVAILABLE", message: "Service unavailable." });
    const plan = planFor(kind, party.partyId, referenceIdToRefund, amount, steps);
    const resource: Resource = {
      kind,
      product,
      referenceId,
      userId: state.tokens.get(bearerToken(req) ?? "")?.userId ?? "",
      createdAt: now(),
      plan,
      status: plan.interim,
      final: false,
      amount,
      currency: body.currency as string,
      externalId: body.externalId as string,
      partyKey,
      party: { partyIdType: party.partyIdType, partyId: party.partyId },
      payerMessage: body.payerMessage as string | undefined,
      payeeNote: body.payeeNote as string | undefined,
      referenceIdToRefund,
      refunded: 0n,
      callbackUrl,
      callbackMode: state.scenarios.get(party.partyId)?.callback ?? config.callbackMode,
      steps,
    };
    state.resources.set(referenceId, resource);
    const lose = steps.find((st): st is Extract<ScenarioStep, { kind: "lose_answer" }> => st.kind === "lose_answer");
    if (lose) {
      settleDue();
      if (lose.how === "server_error") return answer(500, { code: "INTERNAL_PROCESSING_ERROR", message: "An internal error occurred." });
      return drop(entry, res, "drop_after_accept");
    }
    if (fault) {
      settleDue();
      return drop(entry, res, fault);
    }
    if (config.callbackBeforeAnswer) {
      settleDue();
      await idle();
      return answer(202);
    }
    answer(202);
    settleDue();
  }

  /** After acceptance: the connection dies without an answer, or no answer ever comes. */
  function drop(entry: LoggedRequest, res: http.ServerResponse, fault: FaultKind): void {
    entry.answer = fault === "hang_after_accept" ? "hung" : "dropped";
    if (fault === "hang_after_accept") state.hung.add(res.socket!);
    else res.socket?.destroy();
  }

  function accountHolder(product: Product, type: string, id: string, what: string, answer: Answer): void {
    if (type !== "msisdn" && type !== "email") return answer(400, { message: "accountHolderIdType must be msisdn or email, in lower case" });
    if (what === "basicuserinfo" && product !== "collection") return answer(404, { statusCode: 404, message: "Resource not found" });
    if (config.mode === "sandbox" && type === "msisdn") {
      const sandbox = sandboxActiveAnswer(id);
      if (sandbox && (what === "active" || sandbox.http !== 200)) return answer(sandbox.http, sandbox.body);
    }
    const reason = state.scenarios.get(id)?.reason;
    const unknown = reason === "PAYER_NOT_FOUND" || reason === "PAYEE_NOT_FOUND";
    if (what === "active") return answer(200, { result: !unknown && reason !== "SENDER_ACCOUNT_NOT_ACTIVE" && reason !== "PAYEE_NOT_ALLOWED_TO_RECEIVE" });
    if (unknown) return answer(404, { code: "RESOURCE_NOT_FOUND", message: "Requested resource was not found." });
    return answer(200, { given_name: "Test", family_name: "Customer", birthdate: "1990-01-01", locale: "fr_CI", gender: "U", status: "ACTIVE" });
  }

  /** The first steps set for this request (by its X-Reference-Id, or the party's MSISDN), used once. */
  function takeScenario(referenceId: string, partyId: string): ScenarioStep[] {
    const i = scenarioSteps.findIndex((sc) => sc.match.reference === referenceId || (sc.match.destination !== undefined && sc.match.destination.replace(/^\+/, "") === partyId));
    return i < 0 ? [] : scenarioSteps.splice(i, 1)[0]!.steps;
  }

  function validateMoneyBody(body: Record<string, unknown>, kind: Kind): string | null {
    const refund = kind === "refund";
    if (config.strictBodies) {
      const unknown = Object.keys(body).filter((k) => !BODY_FIELDS[kind].includes(k));
      if (unknown.length > 0) return `unknown field${unknown.length > 1 ? "s" : ""} for ${kind}: ${unknown.join(", ")}`;
    }
    if (typeof body.amount !== "string" || !AMOUNT.test(body.amount) || toScaled(body.amount) === 0n) return "amount must be a positive decimal string";
    if (typeof body.currency !== "string" || !/^[A-Z]{3}$/.test(body.currency)) return "currency must be an ISO 4217 code";
    if (typeof body.externalId !== "string") return "externalId must be a string";
    if (!refund) {
      const partyKey = kind === "requesttopay" ? "payer" : "payee";
      const party = body[partyKey] as { partyIdType?: unknown; partyId?: unknown } | undefined;
      if (!party || typeof party !== "object") return `${partyKey} is required`;
      if (party.partyIdType !== "MSISDN" && party.partyIdType !== "EMAIL" && party.partyIdType !== "PARTY_CODE") return `${partyKey}.partyIdType must be MSISDN, EMAIL or PARTY_CODE`;
      if (typeof party.partyId !== "string" || !party.partyId) return `${partyKey}.partyId must be a string`;
      if (party.partyIdType === "MSISDN" && !/^\d{6,15}$/.test(party.partyId)) return `${partyKey}.partyId must be an MSISDN: digits only, no +`;
    }
    for (const field of ["payerMessage", "payeeNote"] as const) {
      const note = body[field];
      if (note === undefined) continue;
      if (typeof note !== "string") return `${field} must be a string`;
      if (note.length > config.maxNoteLength) return `${field} is longer than ${config.maxNoteLength} characters`;
      if ([...config.forbiddenNoteCharacters].some((c) => note.includes(c))) return `${field} contains a character that is not allowed`;
    }
    if (refund && (typeof body.referenceIdToRefund !== "string" || !body.referenceIdToRefund)) return "referenceIdToRefund is required";
    return null;
  }

  function subscriptionKeyProblem(req: http.IncomingMessage, product: Product): string | null {
    const key = header(req, "ocp-apim-subscription-key");
    if (!key) return "Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.";
    if (!sameText(key, keys[product])) return "Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.";
    return null;
  }

  function bearerToken(req: http.IncomingMessage): string | null {
    return /^Bearer (.+)$/i.exec(header(req, "authorization") ?? "")?.[1] ?? null;
  }

  function bearerProblem(req: http.IncomingMessage, product: Product): string | null {
    const t = bearerToken(req);
    const known = t ? state.tokens.get(t) : undefined;
    if (!known) return "Access token is missing or invalid.";
    if (known.product !== product) return "Access token is missing or invalid."; // a collection token on disbursement
    if (now() >= known.expiresAt) return "Access token expired.";
    return null;
  }

  // ---------- admin ----------

  async function idle(): Promise<void> {
    while (state.inFlight.size > 0) await Promise.all([...state.inFlight]);
  }

  const admin = {
    config,
    subscriptionKey: (product: Product) => keys[product],
    now: () => new Date(now()),
    /** Creates an API user bound to `product` (or to none) and returns its credentials. */
    provisionUser(input: { product: Product | null; callbackHost: string; userId?: string; apiKey?: string }): SimulatorUser {
      const user: SimulatorUser = { userId: input.userId ?? randomUUID(), apiKey: input.apiKey ?? randomBytes(16).toString("hex"), product: input.product, callbackHost: input.callbackHost };
      state.users.set(user.userId, user);
      return { ...user };
    },
    setScenario(msisdn: string, scenario: Scenario): void {
      state.scenarios.set(msisdn, scenario);
    },
    clearScenario(msisdn: string): void {
      state.scenarios.delete(msisdn);
    },
    configure(patch: Partial<MtnSimulatorConfig>): void {
      Object.assign(config, stripUndefined(patch));
    },
    setBalance(product: Product, amount: string): void {
      if (!AMOUNT.test(amount)) throw new Error(`not a decimal amount: ${amount}`);
      state.balances[product] = toScaled(amount);
    },
    balance: (product: Product) => fromScaled(state.balances[product]),
    /** Moves the simulator's clock (tokens, approval windows, delayed outcomes, holds) and settles what is due. */
    advanceClock(seconds: number): void {
      const movable = movableClock(simClock);
      if (!movable) throw new Error("this simulator runs on a clock it was given: move that clock");
      movable.advance(seconds * 1000);
      settleDue();
    },
    /** The next `times` matching calls fail: 503 before acceptance, or a dropped / never-answered connection after it. */
    fault(kind: FaultKind, options: { on?: FaultTarget; times?: number } = {}): void {
      state.faults.push({ kind, on: options.on ?? "money", remaining: options.times ?? 1 });
    },
    /** The payer (or MTN) decides now: resolves a request that is not final. */
    resolve(referenceId: string, status: MtnStatus, reason?: string): void {
      const r = state.resources.get(referenceId);
      if (!r) throw new Error(`unknown reference ${referenceId}`);
      if (r.final) throw new Error(`${referenceId} is already ${r.status}`);
      settle(r, status, reason);
    },
    statusOf: (referenceId: string) => {
      const r = state.resources.get(referenceId);
      return r ? statusObject(r) : null;
    },
    requests: (filter?: { path?: string | RegExp; method?: string }) =>
      state.log.filter(
        (e) => (!filter?.method || e.method === filter.method) && (!filter?.path || (typeof filter.path === "string" ? e.path === filter.path : filter.path.test(e.path))),
      ),
    ledger: () => [...state.ledger],
    callbacks: () => [...state.callbacks],
    /** Waits until every callback in flight (delayed ones included) has been delivered or has failed. */
    idle,
  };

  function handleAdmin(method: string, path: string, raw: string, res: http.ServerResponse): void {
    const body = raw ? parseJsonObject(raw) : {};
    if (!body) return json(res, 400, { error: "body must be a JSON object" });
    try {
      const route = `${method} ${path.replace(/\/$/, "")}`;
      if (route === "GET /admin/requests") return json(res, 200, admin.requests());
      if (route === "GET /admin/ledger") return json(res, 200, admin.ledger());
      if (route === "GET /admin/callbacks") return json(res, 200, admin.callbacks());
      if (route === "GET /admin/state") {
        return json(res, 200, { now: admin.now().toISOString(), config, balances: { collection: admin.balance("collection"), disbursement: admin.balance("disbursement") }, scenarios: Object.fromEntries(state.scenarios) });
      }
      if (route === "POST /admin/scenarios") {
        const { msisdn, ...scenario } = body as { msisdn?: unknown } & Scenario;
        if (typeof msisdn !== "string" || typeof scenario.status !== "string") return json(res, 400, { error: "msisdn and status are required" });
        admin.setScenario(msisdn, scenario);
        return json(res, 200, { ok: true });
      }
      const scenarioPath = /^DELETE \/admin\/scenarios\/([^/]+)$/.exec(route);
      if (scenarioPath) {
        admin.clearScenario(decodeURIComponent(scenarioPath[1]!));
        return json(res, 200, { ok: true });
      }
      if (route === "POST /admin/config") {
        admin.configure(body as Partial<MtnSimulatorConfig>);
        return json(res, 200, config);
      }
      if (route === "POST /admin/balance") {
        admin.setBalance(body.product as Product, String(body.amount));
        return json(res, 200, { ok: true });
      }
      if (route === "POST /admin/clock") {
        admin.advanceClock(Number(body.advanceSeconds ?? 0));
        return json(res, 200, { now: admin.now().toISOString() });
      }
      if (route === "POST /admin/faults") {
        admin.fault(body.kind as FaultKind, { on: body.on as FaultTarget | undefined, times: body.times as number | undefined });
        return json(res, 200, { ok: true });
      }
      if (route === "POST /admin/users") {
        return json(res, 200, admin.provisionUser({ product: (body.product as Product | null) ?? null, callbackHost: String(body.callbackHost ?? "127.0.0.1") }));
      }
      if (route === "POST /admin/resolve") {
        admin.resolve(String(body.referenceId), body.status as MtnStatus, body.reason as string | undefined);
        return json(res, 200, { ok: true });
      }
      return json(res, 404, { error: `no admin route ${route}` });
    } catch (err) {
      return json(res, 400, { error: (err as Error).message });
    }
  }

  const ticker = setInterval(settleDue, 100);
  ticker.unref();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: actualPort } = server.address() as AddressInfo;

  /** Where money stands at "MTN", per X-Reference-Id. */
  function truth(): OperatorTruth[] {
    const direction = { requesttopay: "collect", transfer: "payout", deposit: "payout", refund: "refund" } as const;
    return [...state.resources.values()].map((r) => ({
      reference: r.referenceId,
      direction: direction[r.kind],
      amountMinor: minorUnitsOf(r.amount, r.currency) ?? 0n,
      currency: r.currency,
      state: !r.final ? "pending" : r.status === "SUCCESSFUL" ? "succeeded" : "failed",
      ...(r.financialTransactionId ? { operatorReference: r.financialTransactionId } : {}),
      ...(r.referenceIdToRefund ? { refundOf: r.referenceIdToRefund } : {}),
    }));
  }

  return {
    url: `http://127.0.0.1:${actualPort}`,
    admin,
    clock: simClock,
    truth,
    scenario(match, steps) {
      scenarioSteps.push({ match, steps });
    },
    async close() {
      closing = true;
      clearInterval(ticker);
      for (const timer of state.timers) {
        clearTimeout(timer);
        cancels.get(timer)?.();
      }
      state.timers.clear();
      for (const socket of state.hung) socket.destroy();
      await Promise.all([...state.inFlight]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type MtnSimulatorAdmin = {
  config: MtnSimulatorConfig;
  subscriptionKey(product: Product): string;
  now(): Date;
  provisionUser(input: { product: Product | null; callbackHost: string; userId?: string; apiKey?: string }): SimulatorUser;
  setScenario(msisdn: string, scenario: Scenario): void;
  clearScenario(msisdn: string): void;
  configure(patch: Partial<MtnSimulatorConfig>): void;
  setBalance(product: Product, amount: string): void;
  balance(product: Product): string;
  advanceClock(seconds: number): void;
  fault(kind: FaultKind, options?: { on?: FaultTarget; times?: number }): void;
  resolve(referenceId: string, status: MtnStatus, reason?: string): void;
  statusOf(referenceId: string): Record<string, unknown> | null;
  requests(filter?: { path?: string | RegExp; method?: string }): LoggedRequest[];
  ledger(): LedgerEntry[];
  callbacks(): CallbackRecord[];
  idle(): Promise<void>;
};

function json(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** "15.4" → 15_400_000n (10^-6 units): balances compared and moved exactly, whatever the currency. */
function toScaled(amount: string): bigint {
  const [whole = "0", fraction = ""] = amount.split(".");
  return BigInt(whole) * 10n ** BigInt(SCALE) + BigInt((fraction + "0".repeat(SCALE)).slice(0, SCALE) || "0");
}

function fromScaled(value: bigint): string {
  const unit = 10n ** BigInt(SCALE);
  const fraction = (value % unit).toString().padStart(SCALE, "0").replace(/0+$/, "");
  return `${value / unit}${fraction ? `.${fraction}` : ""}`;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
