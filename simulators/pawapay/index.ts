import { createPublicKey, generateKeyPairSync, type KeyObject, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { defaultActiveConf, defaultWallets, type SimActiveConf, type SimOperation, type SimOperationConf } from "./default-conf";
import { checkSignedRequest, digestHeader, type EcdsaEncoding, signCallback } from "./http-signatures";
import { minorUnitsOf, movableClock, OffsetClock, type OperatorSimulatorControl, type OperatorTruth, type ScenarioStep, type SimClock } from "../kit/truth";
import { planFor, predictProvider } from "./numbering";
import { type StatementOptions, statementDesk } from "./statements";

/**
 * A contract simulator of pawaPay's Merchant API v2, written from lib/connectors/pawapay/README.md: a
 * real node:http server on 127.0.0.1. The checklist (lib/connectors/pawapay/README.md, "The simulator"), item by item:
 * - Bearer auth (401 NO_AUTHENTICATION / AUTHENTICATION_ERROR); initiation answers ACCEPTED,
 *   REJECTED (HTTP 200 + failureReason), DUPLICATE_IGNORED (nothing new, no second callback).
 * - Lifecycle ACCEPTED → PROCESSING → COMPLETED|FAILED with configurable (virtual) delays;
 *   IN_RECONCILIATION that resolves later; payouts and refunds ENQUEUED while their provider is
 *   CLOSED and processed when it reopens; `fail-enqueued` → FAILED MANUALLY_CANCELLED.
 * - Status FOUND/NOT_FOUND; resend-callback; bulk payouts with per-item answers, a callback each.
 * - RFC 9421 signed callbacks (Content-Digest, Signature-Input, Signature, Signature-Date; keys
 *   at /v2/public-key/http; key rotation), unsigned mode, tampered body, wrong key, stale date;
 *   optional enforcement of signed requests (403 HTTP_SIGNATURE_ERROR).
 * - predict-provider from the numbering plans (docs/numbering-plans.md); active-conf limits and decimals (AMOUNT_OUT_OF_BOUNDS,
 *   INVALID_AMOUNT); availability; wallet balances (PAWAPAY_WALLET_OUT_OF_FUNDS); pawaPay's published test
 *   numbers (last three digits choose the outcome).
 * - operators at their worst (docs/design/simulation.md): callbacks delayed, dropped, duplicated, reordered; submit faults before commit (nothing
 *   recorded) and after commit (answer lost); an admin API (in-process `admin`, and HTTP under
 *   `/_admin/`): scenarios per MSISDN, provider status, wallets, virtual clock, request log.
 * Where the sources are unsure the behaviour is an option (lib/connectors/pawapay/README.md).
 * - Signature byte layout (unconfirmed, lib/connectors/pawapay/README.md): `requestSignatureEncoding`
 *   says which ECDSA layout the request verifier takes (DER as pawaPay's own Node example signs,
 *   raw r‖s as RFC 9421 says, or either); `callbackSignatureEncoding` which one callbacks carry.
 * - The kit's control surface (simulators/kit/truth.ts): an injectable clock, the operator's
 *   truth, per-order scenarios (hold ENQUEUED, reconcile later, lose the answer, fail before
 *   commit, duplicate and stale callbacks).
 */

export type Kind = "deposit" | "payout" | "refund";
type FailureReason = { failureCode: string; failureMessage: string };

/** How a payment ends. `STUCK` stays PROCESSING and never calls back (pawaPay's test number ending `129`). */
export type Scenario = { final: "COMPLETED" | "FAILED" | "STUCK"; failureCode?: string; reconciliation?: boolean; noCallback?: boolean };

export type SimPayment = {
  kind: Kind;
  id: string;
  status: "ACCEPTED" | "PROCESSING" | "ENQUEUED" | "IN_RECONCILIATION" | "COMPLETED" | "FAILED";
  amount: string;
  currency: string;
  country: string;
  provider: string;
  phoneNumber: string;
  created: string;
  depositId?: string;
  customerMessage?: string;
  clientReferenceId?: string;
  metadata?: unknown;
  failureReason?: FailureReason;
  providerTransactionId?: string;
  scenario: Scenario;
  /** The kit scenario steps this payment took (hold, reconcile, lose_answer, callbacks…). */
  steps: ScenarioStep[];
};

/** `wrong-host`: signed for another authority than the one it is posted to (a replayed callback). */
export type CallbackMode = "signed" | "unsigned" | "tampered" | "wrong-key" | "stale" | "wrong-host";
export type CallbackOptions = {
  mode: CallbackMode;
  /** Virtual milliseconds between a final state and its callback. */
  delayMs: number;
  drop: boolean;
  /** Extra copies of each callback. */
  duplicates: number;
  /** Hold callbacks until `admin.flushCallbacks()`, which sends them newest first. */
  reorder: boolean;
  digest: "sha-256" | "sha-512";
};

/** A fault on the next matching call; `active-conf`, `availability` and `status` faults act before commit only. */
export type Fault = { resource?: "deposits" | "payouts" | "refunds" | "active-conf" | "availability" | "status" | "any"; when: "before-commit" | "after-commit"; kind: "500" | "timeout" | "reset" | "slow"; delayMs?: number; times?: number };

export type LoggedRequest = { at: string; method: string; path: string; headers: Record<string, string>; body: string; status?: number };
export type SentCallback = { at: string; url: string; headers: Record<string, string>; body: string; status?: number; error?: string; kind: Kind; id: string };

export type PawapaySimulatorOptions = {
  /** 0 (default) picks a free port. */
  port?: number;
  token?: string;
  /** Where callbacks go (pawaPay takes it from the dashboard, not from the request). */
  callbackUrl?: string | null;
  callbacks?: Partial<CallbackOptions>;
  /** Enforce signed financial requests with these public keys (PEM), as pawaPay's signed financial requests require. */
  requireSignedRequests?: boolean;
  requestPublicKeys?: { id: string; key: string }[];
  /** Virtual milliseconds: ACCEPTED → PROCESSING → final; IN_RECONCILIATION → final. */
  delays?: { processingMs?: number; finalMs?: number; reconciliationMs?: number };
  activeConf?: SimActiveConf;
  wallets?: { country: string; currency: string; balance: string }[];
  /** pawaPay's published test numbers (the last three digits choose the outcome); on by default. */
  testNumbers?: boolean;
  /** Bulk size limit (not documented: lib/connectors/pawapay/README.md) [L]. */
  bulkMaxItems?: number;
  /** How often the scheduler looks for due work, real milliseconds. */
  tickMs?: number;
  /** The ECDSA byte layout the signed-request verifier takes [M/L]; `der` by default (pawaPay's Node example). */
  requestSignatureEncoding?: EcdsaEncoding | "either";
  /** The ECDSA byte layout of callback signatures [L]; `der` by default. */
  callbackSignatureEncoding?: EcdsaEncoding;
  /** The simulator's time (lifecycle delays, holds, reconciliation); the wall clock plus what `admin.advance` adds, unless given. */
  clock?: SimClock;
  /** How wallet statements are answered (statements.ts). */
  statements?: StatementOptions;
};

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const AMOUNT = /^(0|[1-9]\d*)(\.\d{1,2})?$/;
const RESOURCE_KIND: Record<string, Kind> = { deposits: "deposit", payouts: "payout", refunds: "refund" };
const ID_FIELD: Record<Kind, "depositId" | "payoutId" | "refundId"> = { deposit: "depositId", payout: "payoutId", refund: "refundId" };
const OPERATION: Record<Kind, SimOperation> = { deposit: "DEPOSIT", payout: "PAYOUT", refund: "REFUND" };

/** pawaPay's test numbers: the last three digits of a sandbox number choose the outcome. */
const TEST_NUMBERS: Record<Kind | "both", Record<string, Scenario>> = {
  deposit: {
    "019": { final: "FAILED", failureCode: "PAYER_LIMIT_REACHED" },
    "029": { final: "FAILED", failureCode: "PAYER_NOT_FOUND" },
    "039": { final: "FAILED", failureCode: "PAYMENT_NOT_APPROVED" },
    "049": { final: "FAILED", failureCode: "INSUFFICIENT_BALANCE" },
    "069": { final: "FAILED", failureCode: "UNSPECIFIED_FAILURE" },
  },
  payout: {
    "089": { final: "FAILED", failureCode: "RECIPIENT_NOT_FOUND" },
    "119": { final: "FAILED", failureCode: "UNSPECIFIED_FAILURE" },
  },
  refund: {},
  both: {
    "129": { final: "STUCK", noCallback: true },
    "789": { final: "COMPLETED" },
  },
};
/** Burkina's published examples use other suffixes (pawaPay's sandbox page: `22602345048` insufficient, `…678` completed). */
const COUNTRY_TEST_NUMBERS: Record<string, Record<string, Scenario>> = {
  BFA: { "048": { final: "FAILED", failureCode: "INSUFFICIENT_BALANCE" }, "678": { final: "COMPLETED" } },
};

const FAILURE_MESSAGES: Record<string, string> = {
  PAYER_LIMIT_REACHED: "The payer has reached a limit.",
  PAYER_NOT_FOUND: "The payer's wallet was not found.",
  PAYMENT_NOT_APPROVED: "The payer did not approve the payment.",
  INSUFFICIENT_BALANCE: "The payer does not have enough funds.",
  UNSPECIFIED_FAILURE: "The provider failed without detail.",
  RECIPIENT_NOT_FOUND: "The recipient's wallet was not found.",
  MANUALLY_CANCELLED: "The payout was cancelled while enqueued.",
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** "12.5" → 1250n (hundredths), exact. */
function hundredths(amount: string): bigint {
  const [whole, fraction = ""] = amount.split(".");
  return BigInt(whole!) * 100n + BigInt((fraction + "00").slice(0, 2));
}
function fromHundredths(value: bigint, decimals: boolean): string {
  const whole = value / 100n;
  const cents = value % 100n;
  return decimals || cents !== 0n ? `${whole}.${cents.toString().padStart(2, "0")}` : whole.toString();
}

export type PawapaySimulator = Awaited<ReturnType<typeof startPawapaySimulator>>;
/** The simulator offers the kit's control surface (checked here, at compile time). */
export const asOperatorControl = (simulator: PawapaySimulator): OperatorSimulatorControl => simulator;

export async function startPawapaySimulator(options: PawapaySimulatorOptions = {}) {
  let token = options.token ?? "pawapay-sim-token";
  let callbackUrl = options.callbackUrl ?? null;
  const callbackOptions: CallbackOptions = { mode: "signed", delayMs: 0, drop: false, duplicates: 0, reorder: false, digest: "sha-512", ...options.callbacks };
  const delays = { processingMs: 0, finalMs: 20, reconciliationMs: 1000, ...options.delays };
  const conf: SimActiveConf = options.activeConf ?? defaultActiveConf();
  const wallets = new Map<string, bigint>((options.wallets ?? defaultWallets()).map((w) => [`${w.country}:${w.currency}`, hundredths(w.balance)]));
  const testNumbers = options.testNumbers ?? true;
  let requireSignedRequests = options.requireSignedRequests ?? false;
  const requestKeys = (options.requestPublicKeys ?? []).map((k) => ({ id: k.id, key: createPublicKey(k.key) }));

  // Callback signing keys: the published list, and the one signing now.
  type SigningKey = { id: string; privateKey: KeyObject; publicPem: string };
  const newKey = (id: string): SigningKey => {
    const pair = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
    return { id, privateKey: pair.privateKey, publicPem: pair.publicKey.export({ type: "spki", format: "pem" }).toString() };
  };
  let keyCounter = 1;
  let signingKey = newKey(`sim-key-${keyCounter}`);
  let publishedKeys: SigningKey[] = [signingKey];
  const strangerKey = newKey("stranger");

  const payments = new Map<string, SimPayment>(); // by `${kind}:${id}`
  const scenarios = new Map<string, Scenario>(); // by MSISDN
  const providerStatus = new Map<string, SimOperationConf["status"]>(); // by `${provider}:${operation}`
  const faults: (Fault & { remaining: number })[] = [];
  const requests: LoggedRequest[] = [];
  const sentCallbacks: SentCallback[] = [];
  const droppedCallbacks: { kind: Kind; id: string }[] = [];
  const heldCallbacks: SimPayment[] = [];
  const hanging = new Set<http.ServerResponse>();

  // ── Virtual clock and scheduler ──
  const simClock: SimClock = options.clock ?? new OffsetClock();
  const now = () => simClock.now().getTime();
  const requestSignatureEncoding = options.requestSignatureEncoding ?? "der";
  const callbackSignatureEncoding = options.callbackSignatureEncoding ?? "der";
  const kitScenarios: { match: { reference?: string; destination?: string }; steps: ScenarioStep[] }[] = [];
  /** The first steps set for this payment (by its id, or the phone), used once. */
  const takeSteps = (id: unknown, phone: unknown): ScenarioStep[] => {
    const i = kitScenarios.findIndex((sc) => (sc.match.reference !== undefined && sc.match.reference === id) || (sc.match.destination !== undefined && typeof phone === "string" && sc.match.destination.replace(/^\+/, "") === phone));
    return i < 0 ? [] : kitScenarios.splice(i, 1)[0]!.steps;
  };
  const stepOf = <K extends ScenarioStep["kind"]>(steps: ScenarioStep[], kind: K) => steps.find((st): st is Extract<ScenarioStep, { kind: K }> => st.kind === kind);
  const iso = (ms = now()) => new Date(ms).toISOString();
  const timers: { due: number; run: () => void }[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const schedule = (delayMs: number, run: () => void) => {
    timers.push({ due: now() + delayMs, run });
    if (delayMs <= 0) queueMicrotask(tick);
  };
  function tick() {
    for (;;) {
      timers.sort((a, b) => a.due - b.due);
      const next = timers[0];
      if (!next || next.due > now()) return;
      timers.shift();
      next.run();
    }
  }
  const interval = setInterval(tick, options.tickMs ?? 5);
  interval.unref();

  // ── Configuration look-ups ──
  const findProvider = (code: string) => {
    for (const country of conf.countries) {
      const provider = country.providers.find((p) => p.provider === code);
      if (provider) return { country, provider };
    }
    return null;
  };
  const statusOf = (provider: string, operation: SimOperation, confStatus: SimOperationConf["status"]) => providerStatus.get(`${provider}:${operation}`) ?? confStatus;

  // ── Lifecycle ──
  const key = (kind: Kind, id: string) => `${kind}:${id}`;

  function scenarioFor(kind: Kind, msisdn: string, country: string): Scenario {
    const set = scenarios.get(msisdn);
    if (set) return set;
    if (testNumbers) {
      const suffix = msisdn.slice(-3);
      const rule = COUNTRY_TEST_NUMBERS[country]?.[suffix] ?? TEST_NUMBERS[kind][suffix] ?? TEST_NUMBERS.both[suffix];
      if (rule) return rule;
    }
    return { final: "COMPLETED" };
  }

  /** ACCEPTED (or ENQUEUED, when a provider reopens) → PROCESSING → final. */
  function start(payment: SimPayment) {
    const hold = stepOf(payment.steps, "hold");
    if (hold) {
      // Held at pawaPay for as long as the scenario says: payouts and refunds ENQUEUED (their
      // provider down), deposits PROCESSING; then settled as it says.
      payment.status = payment.kind === "deposit" ? "PROCESSING" : "ENQUEUED";
      schedule(hold.until.getTime() - now(), () => finalize(payment, { status: hold.then === "succeeded" ? "COMPLETED" : "FAILED" }));
      return;
    }
    const reconcile = stepOf(payment.steps, "reconcile");
    schedule(delays.processingMs, () => {
      payment.status = "PROCESSING";
      if (payment.scenario.final === "STUCK") return;
      schedule(delays.finalMs, () => {
        if (reconcile) {
          payment.status = "IN_RECONCILIATION";
          schedule(reconcile.until.getTime() - now(), () => finalize(payment, { status: reconcile.then === "succeeded" ? "COMPLETED" : "FAILED" }));
        } else if (payment.scenario.reconciliation) {
          payment.status = "IN_RECONCILIATION";
          schedule(delays.reconciliationMs, () => finalize(payment));
        } else finalize(payment);
      });
    });
  }

  function finalize(payment: SimPayment, forced?: { status: "COMPLETED" | "FAILED"; failureCode?: string }) {
    if (payment.status === "COMPLETED" || payment.status === "FAILED") return;
    const final = forced?.status ?? (payment.scenario.final === "FAILED" ? "FAILED" : "COMPLETED");
    const walletKey = `${payment.country}:${payment.currency}`;
    if (final === "COMPLETED") {
      payment.status = "COMPLETED";
      payment.providerTransactionId = `SIM${randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase()}`;
      if (payment.kind === "deposit") wallets.set(walletKey, (wallets.get(walletKey) ?? 0n) + hundredths(payment.amount));
    } else {
      const code = forced?.failureCode ?? payment.scenario.failureCode ?? "UNSPECIFIED_FAILURE";
      payment.status = "FAILED";
      payment.failureReason = { failureCode: code, failureMessage: FAILURE_MESSAGES[code] ?? code };
      // Money held for a payout or refund goes back to the wallet.
      if (payment.kind !== "deposit") wallets.set(walletKey, (wallets.get(walletKey) ?? 0n) + hundredths(payment.amount));
    }
    if (!payment.scenario.noCallback || forced) queueCallback(payment);
  }

  // ── Callbacks ──
  function view(payment: SimPayment): Record<string, unknown> {
    const party = { type: "MMO", accountDetails: { phoneNumber: payment.phoneNumber, provider: payment.provider } };
    return {
      [ID_FIELD[payment.kind]]: payment.id,
      status: payment.status,
      amount: payment.amount,
      currency: payment.currency,
      country: payment.country,
      ...(payment.kind === "deposit" ? { payer: party } : { recipient: party }),
      ...(payment.depositId ? { depositId: payment.depositId } : {}),
      ...(payment.customerMessage ? { customerMessage: payment.customerMessage } : {}),
      ...(payment.clientReferenceId ? { clientReferenceId: payment.clientReferenceId } : {}),
      created: payment.created,
      ...(payment.providerTransactionId ? { providerTransactionId: payment.providerTransactionId } : {}),
      ...(payment.failureReason ? { failureReason: payment.failureReason } : {}),
      ...(payment.metadata !== undefined ? { metadata: payment.metadata } : {}),
    };
  }

  function queueCallback(payment: SimPayment) {
    if (callbackOptions.drop) return void droppedCallbacks.push({ kind: payment.kind, id: payment.id });
    if (callbackOptions.reorder) return void heldCallbacks.push(payment);
    const copies = callbackOptions.duplicates + (payment.steps.some((st) => st.kind === "duplicate_callbacks") ? 1 : 0);
    schedule(callbackOptions.delayMs, () => {
      const sent: Promise<void>[] = [];
      for (let i = 0; i <= copies; i++) sent.push(deliver(payment));
      // out_of_order_callbacks: an older state (PROCESSING) arrives after the final one has.
      if (payment.steps.some((st) => st.kind === "out_of_order_callbacks")) {
        const stale = Promise.all(sent).then(() => deliver(payment, "PROCESSING"));
        inFlight.add(stale);
        void stale.finally(() => inFlight.delete(stale));
      }
    });
  }

  function deliver(payment: SimPayment, staleStatus?: SimPayment["status"]): Promise<void> {
    const at = now();
    const target = callbackUrl ?? conf.countries.flatMap((c) => c.providers).find((p) => p.provider === payment.provider)?.currencies[0]?.operationTypes[OPERATION[payment.kind]]?.callbackUrl;
    const record: SentCallback = { at: iso(at), url: target ?? "", headers: {}, body: "", kind: payment.kind, id: payment.id };
    sentCallbacks.push(record);
    if (!target) return Promise.resolve(void (record.error = "no callback URL configured"));
    const url = new URL(target);
    // Simulators talk to loopback only (STACK.md).
    if (url.hostname !== "127.0.0.1" && url.hostname !== "localhost") return Promise.resolve(void (record.error = "callback URL is not on 127.0.0.1"));
    const shown = view(payment);
    if (staleStatus) {
      shown.status = staleStatus;
      delete shown.failureReason;
      delete shown.providerTransactionId;
    }
    const body = JSON.stringify(shown);
    const mode = callbackOptions.mode;
    // Signatures are dated by the real clock (they are about transport, and the receiver checks
    // them against its own clock); the virtual clock only drives the lifecycle.
    const signedAt = mode === "stale" ? Date.now() - 3600_000 : Date.now();
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(body)),
    };
    let sentBody = body;
    if (mode !== "unsigned") {
      headers["content-digest"] = digestHeader(body, callbackOptions.digest);
      headers["signature-date"] = iso(signedAt);
      headers["accept-signature"] = 'sig-pp=("@method" "@authority" "@path" "signature-date" "content-digest" "content-type" "content-length");alg="ecdsa-p256-sha256"';
      headers["accept-digest"] = "sha-256, sha-512";
      const signer = mode === "wrong-key" ? { id: signingKey.id, privateKey: strangerKey.privateKey } : signingKey;
      const authority = mode === "wrong-host" ? "merchant.elsewhere.example" : url.host;
      Object.assign(headers, signCallback({ method: "POST", authority, path: url.pathname, headers }, signer, Math.floor(signedAt / 1000), callbackSignatureEncoding));
      // Tampered: one digit of the amount changed after signing; same length, so only the digest tells.
      if (mode === "tampered") sentBody = body.replace(/("amount":")(\d)/, (_, p: string, d: string) => `${p}${d === "9" ? "1" : String(Number(d) + 1)}`);
    }
    record.headers = headers;
    record.body = sentBody;
    const sending = new Promise<void>((resolve) => {
      const req = http.request(url, { method: "POST", headers, timeout: 5000 }, (res) => {
        res.resume();
        res.on("end", () => {
          record.status = res.statusCode;
          resolve();
        });
      });
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", (err) => {
        record.error = err.message;
        resolve();
      });
      req.end(sentBody);
    });
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
    return sending;
  }

  // ── Validation of a financial request (HTTP 200 REJECTED on failure) ──
  const reject = (failureCode: string, failureMessage: string) => ({ rejected: { failureCode, failureMessage } as FailureReason });

  function validateMoney(kind: Kind, body: Record<string, unknown>): { rejected: FailureReason } | { payment: SimPayment; conf: SimOperationConf } {
    const idField = ID_FIELD[kind];
    const allowed: Record<Kind, string[]> = {
      deposit: ["depositId", "amount", "currency", "payer", "preAuthorisationCode", "clientReferenceId", "customerMessage", "metadata"],
      payout: ["payoutId", "amount", "currency", "recipient", "clientReferenceId", "customerMessage", "metadata"],
      refund: ["refundId", "depositId", "amount", "currency", "clientReferenceId", "metadata"],
    };
    const unknown = Object.keys(body).filter((k) => !allowed[kind].includes(k));
    if (unknown.length) return reject("UNSUPPORTED_PARAMETER", `Unsupported parameter: ${unknown.join(", ")}`);
    const required = kind === "deposit" ? [idField, "amount", "currency", "payer"] : kind === "payout" ? [idField, "amount", "currency", "recipient"] : [idField, "depositId", "amount", "currency"];
    const missing = required.filter((k) => body[k] === undefined || body[k] === null);
    if (missing.length) return reject("MISSING_PARAMETER", `Missing parameter: ${missing.join(", ")}`);
    const id = body[idField];
    if (typeof id !== "string" || !UUID_V4.test(id)) return reject("INVALID_PARAMETER", `${idField} must be a UUID version 4`);
    if (typeof body.amount !== "string" || !AMOUNT.test(body.amount) || hundredths(body.amount) === 0n) return reject("INVALID_AMOUNT", "amount must be a positive decimal string without leading zeros");
    if (typeof body.currency !== "string") return reject("INVALID_CURRENCY", "currency must be a string");
    if (body.customerMessage !== undefined && (typeof body.customerMessage !== "string" || body.customerMessage.length < 4 || body.customerMessage.length > 22)) {
      return reject("INVALID_PARAMETER", "customerMessage must be 4 to 22 characters");
    }
    if (body.clientReferenceId !== undefined && (typeof body.clientReferenceId !== "string" || body.clientReferenceId.length > 36)) {
      return reject("INVALID_PARAMETER", "clientReferenceId must be at most 36 characters");
    }
    if (Array.isArray(body.metadata)) {
      const names = body.metadata.flatMap((m) => (m && typeof m === "object" ? Object.keys(m as object).filter((k) => k !== "isPII") : []));
      if (new Set(names).size !== names.length) return reject("DUPLICATE_METADATA_FIELD", "metadata repeats a field");
    }

    let providerCode: string;
    let phoneNumber: string;
    let depositId: string | undefined;
    if (kind === "refund") {
      if (typeof body.depositId !== "string") return reject("INVALID_PARAMETER", "depositId must be a string");
      const original = payments.get(key("deposit", body.depositId));
      if (!original) return reject("INVALID_PARAMETER", "No deposit with this depositId");
      if (original.status !== "COMPLETED") return reject("INVALID_PARAMETER", "Only COMPLETED deposits can be refunded");
      const refunds = [...payments.values()].filter((p) => p.kind === "refund" && p.depositId === original.id);
      if (refunds.some((r) => r.status !== "COMPLETED" && r.status !== "FAILED")) return reject("REFUND_IN_PROGRESS", "Another refund of this deposit is in progress");
      const refunded = refunds.filter((r) => r.status === "COMPLETED").reduce((sum, r) => sum + hundredths(r.amount), 0n);
      if (refunded >= hundredths(original.amount)) return reject("DEPOSIT_ALREADY_REFUNDED", "The deposit is already refunded");
      if (hundredths(body.amount) > hundredths(original.amount) - refunded) return reject("AMOUNT_OUT_OF_BOUNDS", "The refund exceeds what is left of the deposit");
      if (body.currency !== original.currency) return reject("INVALID_CURRENCY", "The refund's currency differs from the deposit's");
      providerCode = original.provider;
      phoneNumber = original.phoneNumber;
      depositId = original.id;
    } else {
      const party = body[kind === "deposit" ? "payer" : "recipient"] as { type?: unknown; accountDetails?: { phoneNumber?: unknown; provider?: unknown } } | undefined;
      if (!party || typeof party !== "object" || party.type !== "MMO") return reject("INVALID_PARAMETER", "type must be MMO");
      if (typeof party.accountDetails?.provider !== "string") return reject("MISSING_PARAMETER", "accountDetails.provider is required");
      if (typeof party.accountDetails.phoneNumber !== "string") return reject("MISSING_PARAMETER", "accountDetails.phoneNumber is required");
      providerCode = party.accountDetails.provider;
      phoneNumber = party.accountDetails.phoneNumber;
    }

    const found = findProvider(providerCode);
    if (!found) return reject("INVALID_PROVIDER", `Unknown provider ${providerCode}`);
    if (kind !== "refund") {
      const plan = planFor(phoneNumber);
      const wrongNumber =
        !/^\d+$/.test(phoneNumber) || !phoneNumber.startsWith(found.country.prefix) || (plan !== null && phoneNumber.length !== plan.cc.length + plan.nsnLength);
      if (wrongNumber) return reject("INVALID_PHONE_NUMBER", `${phoneNumber} is not a valid ${found.country.country} MSISDN (country code first, digits only)`);
    }
    const currency = found.provider.currencies.find((c) => c.currency === body.currency);
    if (!currency) return reject("INVALID_CURRENCY", `${providerCode} does not take ${String(body.currency)}`);
    const operation = OPERATION[kind];
    const opConf = currency.operationTypes[operation];
    if (!opConf) return reject(`${operation}S_NOT_ALLOWED`, `${operation.toLowerCase()}s are not enabled for ${providerCode}`);
    if (opConf.decimalsInAmount === "NONE" && body.amount.includes(".")) return reject("INVALID_AMOUNT", `${providerCode} takes whole amounts only`);
    const value = hundredths(body.amount);
    if (value < hundredths(opConf.minAmount) || value > hundredths(opConf.maxAmount)) {
      return reject("AMOUNT_OUT_OF_BOUNDS", `amount must be between ${opConf.minAmount} and ${opConf.maxAmount} ${currency.currency}`);
    }
    if (kind === "deposit") {
      if (statusOf(providerCode, operation, opConf.status) === "CLOSED") return reject("PROVIDER_TEMPORARILY_UNAVAILABLE", `${providerCode} is not taking deposits now`);
      if (opConf.authType === "PREAUTH" && typeof body.preAuthorisationCode !== "string") return reject("MISSING_PARAMETER", `${providerCode} needs a preAuthorisationCode`);
    }
    const payment: SimPayment = {
      kind,
      id,
      status: "ACCEPTED",
      amount: body.amount,
      currency: currency.currency,
      country: found.country.country,
      provider: providerCode,
      phoneNumber,
      created: iso(),
      depositId,
      customerMessage: typeof body.customerMessage === "string" ? body.customerMessage : undefined,
      clientReferenceId: typeof body.clientReferenceId === "string" ? body.clientReferenceId : undefined,
      metadata: body.metadata,
      scenario: scenarioFor(kind, phoneNumber, found.country.country),
      steps: takeSteps(id, phoneNumber),
    };
    return { payment, conf: opConf };
  }

  /** Validates, records and starts one deposit/payout/refund; the initiation answer. */
  function initiate(kind: Kind, body: unknown): Record<string, unknown> {
    const idField = ID_FIELD[kind];
    if (!body || typeof body !== "object" || Array.isArray(body)) return { status: "REJECTED", failureReason: { failureCode: "INVALID_INPUT", failureMessage: "The body must be a JSON object" } };
    const b = body as Record<string, unknown>;
    const existing = typeof b[idField] === "string" ? payments.get(key(kind, b[idField] as string)) : undefined;
    if (existing) return { [idField]: existing.id, status: "DUPLICATE_IGNORED", created: existing.created };
    const checked = validateMoney(kind, b);
    if ("rejected" in checked) return { ...(typeof b[idField] === "string" ? { [idField]: b[idField] } : {}), status: "REJECTED", failureReason: checked.rejected };
    const { payment, conf: opConf } = checked;
    if (kind !== "deposit") {
      const walletKey = `${payment.country}:${payment.currency}`;
      const balance = wallets.get(walletKey) ?? 0n;
      if (balance < hundredths(payment.amount)) {
        return { [idField]: payment.id, status: "REJECTED", failureReason: { failureCode: "PAWAPAY_WALLET_OUT_OF_FUNDS", failureMessage: "Your pawaPay wallet is short" } };
      }
      wallets.set(walletKey, balance - hundredths(payment.amount));
    }
    payments.set(key(kind, payment.id), payment);
    if (kind !== "deposit" && statusOf(payment.provider, OPERATION[kind], opConf.status) === "CLOSED" && !stepOf(payment.steps, "hold")) payment.status = "ENQUEUED";
    else start(payment);
    return { [idField]: payment.id, status: "ACCEPTED", created: payment.created };
  }

  // ── HTTP ──
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) }).end(text);
    return status;
  };
  const failure = (failureCode: string, failureMessage: string) => ({ status: "REJECTED", failureReason: { failureCode, failureMessage } });
  const statementOptions: StatementOptions = { ...options.statements };
  const statementDeskOf = statementDesk({ options: statementOptions, now, payments: () => payments.values(), wallets: () => wallets.keys(), send });

  function takeFault(resource: string, when: Fault["when"]): Fault | null {
    if (!resource) return null;
    const money = resource === "deposits" || resource === "payouts" || resource === "refunds";
    const index = faults.findIndex((f) => f.when === when && (f.resource === resource || (money && (f.resource === undefined || f.resource === "any"))));
    if (index < 0) return null;
    const fault = faults[index]!;
    fault.remaining--;
    if (fault.remaining <= 0) faults.splice(index, 1);
    return fault;
  }
  function applyFault(res: http.ServerResponse, fault: Fault): number {
    if (fault.kind === "timeout") {
      hanging.add(res);
      return 0;
    }
    if (fault.kind === "reset") {
      res.socket?.destroy();
      return 0;
    }
    return send(res, 500, { failureReason: { failureCode: "UNKNOWN_ERROR", failureMessage: "Internal error" } });
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string, logged: LoggedRequest): Promise<number> {
    const url = new URL(req.url ?? "/", "http://simulator");
    const path = url.pathname;
    const method = req.method ?? "GET";
    const headers = logged.headers;

    if (path.startsWith("/_admin/")) return adminHttp(method, path, raw, res);

    const readFault = method === "GET" ? takeFault(path === "/v2/active-conf" ? "active-conf" : path === "/v2/availability" ? "availability" : /^\/v2\/(deposits|payouts|refunds)\//.test(path) ? "status" : "", "before-commit") : null;
    if (readFault?.kind === "slow") await sleep(readFault.delayMs ?? 1000);
    else if (readFault) return applyFault(res, readFault);

    // Availability needs no token (pawaPay's docs: every call but availability is authenticated).
    if (method === "GET" && path === "/v2/availability") return send(res, 200, availabilityBody());
    // A statement's download link carries its own credential.
    if (path.startsWith("/files/")) return statementDeskOf.handle(method, url, raw, headers.host ?? "", false, res) ?? send(res, 404, failure("NOT_FOUND", `No route ${method} ${path}`));

    const auth = headers.authorization;
    if (!auth) return send(res, 401, failure("NO_AUTHENTICATION", "Authorization header is missing"));
    if (auth !== `Bearer ${token}`) return send(res, 401, failure("AUTHENTICATION_ERROR", "The API token is not valid"));

    const money = /^\/v2\/(deposits|payouts|refunds)$/.exec(path);
    const bulk = path === "/v2/payouts/bulk";
    if (method === "POST" && (money || bulk)) {
      const resource = money ? money[1]! : "payouts";
      if (requireSignedRequests) {
        const problem = checkSignedRequest({ method, authority: headers.host ?? "", path, headers }, raw, requestKeys, requestSignatureEncoding);
        if (problem) return send(res, 403, failure("HTTP_SIGNATURE_ERROR", problem));
      }
      if (!(headers["content-type"] ?? "").startsWith("application/json")) return send(res, 400, failure("INVALID_INPUT", "Content-Type must be application/json"));
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return send(res, 400, failure("INVALID_INPUT", "The body is not valid JSON"));
      }
      const before = takeFault(resource, "before-commit");
      if (before?.kind === "slow") await sleep(before.delayMs ?? 1000);
      else if (before) return applyFault(res, before);
      const single = !bulk && body && typeof body === "object" ? (body as Record<string, unknown>) : null;
      const party = single?.payer ?? single?.recipient;
      const planned = single ? kitScenarios.find((sc) => sc.match.reference === single[ID_FIELD[RESOURCE_KIND[resource]!]] || (sc.match.destination !== undefined && sc.match.destination.replace(/^\+/, "") === (party as { accountDetails?: { phoneNumber?: unknown } } | undefined)?.accountDetails?.phoneNumber)) : undefined;
      if (planned && stepOf(planned.steps, "fail_before_commit")) {
        kitScenarios.splice(kitScenarios.indexOf(planned), 1);
        return applyFault(res, { when: "before-commit", kind: "500" });
      }
      let answer: unknown;
      if (bulk) {
        if (!Array.isArray(body)) return send(res, 400, failure("INVALID_INPUT", "A bulk payout is a JSON array"));
        if (body.length === 0 || body.length > (options.bulkMaxItems ?? 20)) return send(res, 400, failure("INVALID_INPUT", `A bulk payout holds 1 to ${options.bulkMaxItems ?? 20} payouts`));
        answer = body.map((item) => initiate("payout", item));
      } else answer = initiate(RESOURCE_KIND[resource]!, body);
      const committed = single ? payments.get(key(RESOURCE_KIND[resource]!, String(single[ID_FIELD[RESOURCE_KIND[resource]!]]))) : undefined;
      const lose = committed && (answer as { status?: unknown }).status === "ACCEPTED" ? stepOf(committed.steps, "lose_answer") : undefined;
      if (lose) return applyFault(res, { when: "after-commit", kind: lose.how === "reset" ? "reset" : "500" });
      const after = takeFault(resource, "after-commit");
      if (after?.kind === "slow") await sleep(after.delayMs ?? 1000);
      else if (after) return applyFault(res, after);
      return send(res, 200, answer);
    }

    const lookup = /^\/v2\/(deposits|payouts|refunds)\/([^/]+)$/.exec(path);
    if (method === "GET" && lookup) {
      const payment = payments.get(key(RESOURCE_KIND[lookup[1]!]!, decodeURIComponent(lookup[2]!)));
      return send(res, 200, payment ? { status: "FOUND", data: view(payment) } : { status: "NOT_FOUND" });
    }

    const resend = /^\/v2\/(deposits|payouts|refunds)\/resend-callback\/([^/]+)$/.exec(path);
    if (method === "POST" && resend) {
      const kind = RESOURCE_KIND[resend[1]!]!;
      const id = decodeURIComponent(resend[2]!);
      const payment = payments.get(key(kind, id));
      if (!payment) return send(res, 200, { [ID_FIELD[kind]]: id, status: "REJECTED", failureReason: { failureCode: "NOT_FOUND", failureMessage: "No such payment" } });
      if (payment.status !== "COMPLETED" && payment.status !== "FAILED") {
        return send(res, 200, { [ID_FIELD[kind]]: id, status: "REJECTED", failureReason: { failureCode: "INVALID_STATE", failureMessage: "Callbacks are sent for final states only" } });
      }
      schedule(0, () => deliver(payment));
      return send(res, 200, { [ID_FIELD[kind]]: id, status: "ACCEPTED" });
    }

    const cancel = /^\/v2\/payouts\/fail-enqueued\/([^/]+)$/.exec(path);
    if (method === "POST" && cancel) {
      const id = decodeURIComponent(cancel[1]!);
      const payment = payments.get(key("payout", id));
      if (!payment || payment.status !== "ENQUEUED") {
        return send(res, 200, { payoutId: id, status: "REJECTED", failureReason: { failureCode: "INVALID_STATE", failureMessage: "Only ENQUEUED payouts can be failed" } });
      }
      finalize(payment, { status: "FAILED", failureCode: "MANUALLY_CANCELLED" });
      return send(res, 200, { payoutId: id, status: "ACCEPTED" });
    }

    if (method === "POST" && path === "/v2/predict-provider") {
      let phone: unknown;
      try {
        phone = (JSON.parse(raw) as { phoneNumber?: unknown }).phoneNumber;
      } catch {
        return send(res, 400, failure("INVALID_INPUT", "The body is not valid JSON"));
      }
      if (typeof phone !== "string") return send(res, 400, failure("MISSING_PARAMETER", "phoneNumber is required"));
      const prediction = predictProvider(phone);
      return prediction ? send(res, 200, prediction) : send(res, 400, failure("INVALID_PHONE_NUMBER", "The number fits no known numbering plan"));
    }

    const statementAnswer = statementDeskOf.handle(method, url, raw, headers.host ?? "", true, res);
    if (statementAnswer !== null) return statementAnswer;
    if (method === "GET" && path === "/v2/active-conf") return send(res, 200, activeConfBody());
    if (method === "GET" && path === "/v2/wallet-balances") {
      return send(res, 200, {
        balances: [...wallets].map(([k, v]) => {
          const [country, currency] = k.split(":");
          return { country, currency, balance: fromHundredths(v, v % 100n !== 0n) };
        }),
      });
    }
    if (method === "GET" && path === "/v2/public-key/http") return send(res, 200, publishedKeys.map((k) => ({ id: k.id, key: k.publicPem })));
    return send(res, 404, failure("NOT_FOUND", `No route ${method} ${path}`));
  }

  function activeConfBody(): SimActiveConf {
    // Provider status as the admin set it shows in active-conf too.
    return {
      ...conf,
      countries: conf.countries.map((c) => ({
        ...c,
        providers: c.providers.map((p) => ({
          ...p,
          currencies: p.currencies.map((cur) => ({
            ...cur,
            operationTypes: Object.fromEntries(
              Object.entries(cur.operationTypes).map(([op, oc]) => [op, { ...oc, status: statusOf(p.provider, op as SimOperation, oc!.status) }]),
            ),
          })),
        })),
      })),
    };
  }

  function availabilityBody() {
    return conf.countries.map((c) => ({
      country: c.country,
      providers: c.providers.map((p) => {
        const ops: Partial<Record<SimOperation, string>> = {};
        for (const cur of p.currencies) for (const [op, oc] of Object.entries(cur.operationTypes)) ops[op as SimOperation] = statusOf(p.provider, op as SimOperation, oc!.status);
        return { provider: p.provider, operationTypes: ops };
      }),
    }));
  }

  // ── Admin ──
  const admin = {
    /** The virtual clock (ms since the epoch). */
    now,
    /** Moves the virtual clock and runs everything that became due. */
    advance(ms: number) {
      const movable = movableClock(simClock);
      if (!movable) throw new Error("this simulator runs on a clock it was given: move that clock");
      movable.advance(ms);
      tick();
    },
    setToken(value: string) {
      token = value;
    },
    setCallbackUrl(url: string | null) {
      callbackUrl = url;
    },
    setCallbacks(changes: Partial<CallbackOptions>) {
      Object.assign(callbackOptions, changes);
    },
    setDelays(changes: Partial<typeof delays>) {
      Object.assign(delays, changes);
    },
    setRequireSignedRequests(on: boolean, keys?: { id: string; key: string }[]) {
      requireSignedRequests = on;
      if (keys) requestKeys.splice(0, requestKeys.length, ...keys.map((k) => ({ id: k.id, key: createPublicKey(k.key) })));
    },
    /** The outcome for every later payment to/from this MSISDN (digits, country code first). */
    setScenario(msisdn: string, scenario: Scenario | null) {
      if (scenario) scenarios.set(msisdn, scenario);
      else scenarios.delete(msisdn);
    },
    /** OPERATIONAL / DELAYED / CLOSED; reopening sends ENQUEUED payouts and refunds on their way. */
    setProviderStatus(provider: string, operation: SimOperation, status: SimOperationConf["status"]) {
      providerStatus.set(`${provider}:${operation}`, status);
      if (status !== "CLOSED") {
        for (const p of payments.values()) if (p.status === "ENQUEUED" && p.provider === provider && OPERATION[p.kind] === operation) start(p);
      }
    },
    /** How wallet statements are answered from now on (statements.ts). */
    setStatements(changes: StatementOptions) {
      Object.assign(statementOptions, changes);
    },
    statements: () => statementDeskOf.statements(),
    setWallet(country: string, currency: string, balance: string) {
      wallets.set(`${country}:${currency}`, hundredths(balance));
    },
    wallet(country: string, currency: string): string {
      const v = wallets.get(`${country}:${currency}`) ?? 0n;
      return fromHundredths(v, v % 100n !== 0n);
    },
    failNext(fault: Fault) {
      faults.push({ ...fault, remaining: fault.times ?? 1 });
    },
    /** Publishes a new callback key and signs with it; the old one stays listed if `keepOld`. */
    rotateKey(options: { keepOld?: boolean } = {}) {
      keyCounter++;
      signingKey = newKey(`sim-key-${keyCounter}`);
      publishedKeys = options.keepOld ? [...publishedKeys, signingKey] : [signingKey];
      return signingKey.id;
    },
    currentKeyId: () => signingKey.id,
    /** Ends a payment now (a `129` number, an IN_RECONCILIATION one), with its callback. */
    resolve(kind: Kind, id: string, status: "COMPLETED" | "FAILED", failureCode?: string) {
      const p = payments.get(key(kind, id));
      if (!p) throw new Error(`no ${kind} ${id}`);
      finalize(p, { status, failureCode });
    },
    /** Sends held (reordered) callbacks, newest first. */
    flushCallbacks() {
      const held = heldCallbacks.splice(0).reverse();
      for (const p of held) for (let i = 0; i <= callbackOptions.duplicates; i++) deliver(p);
    },
    payment: (kind: Kind, id: string) => payments.get(key(kind, id)),
    payments: () => [...payments.values()],
    requests,
    callbacks: sentCallbacks,
    droppedCallbacks,
    publicKeys: () => publishedKeys.map((k) => ({ id: k.id, key: k.publicPem })),
    /** Resolves once nothing is due now and no callback is on its way. */
    async idle() {
      for (let i = 0; i < 1000; i++) {
        tick();
        if (inFlight.size) await Promise.all([...inFlight]);
        else if (!timers.some((t) => t.due <= now())) return;
        await new Promise((r) => setTimeout(r, 1));
      }
    },
  };

  function adminHttp(method: string, path: string, raw: string, res: http.ServerResponse): number {
    let body: Record<string, unknown> = {};
    try {
      body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } catch {
      return send(res, 400, { error: "invalid JSON" });
    }
    const route = `${method} ${path}`;
    switch (route) {
      case "GET /_admin/requests":
        return send(res, 200, requests);
      case "GET /_admin/callbacks":
        return send(res, 200, sentCallbacks);
      case "GET /_admin/payments":
        return send(res, 200, admin.payments());
      case "POST /_admin/scenario":
        admin.setScenario(String(body.msisdn), (body.scenario as Scenario | null) ?? null);
        return send(res, 200, { ok: true });
      case "POST /_admin/clock/advance":
        admin.advance(Number(body.ms ?? 0));
        return send(res, 200, { now: iso() });
      case "POST /_admin/provider-status":
        admin.setProviderStatus(String(body.provider), body.operation as SimOperation, body.status as SimOperationConf["status"]);
        return send(res, 200, { ok: true });
      case "POST /_admin/wallet":
        admin.setWallet(String(body.country), String(body.currency), String(body.balance));
        return send(res, 200, { ok: true });
      case "POST /_admin/callbacks":
        admin.setCallbacks(body as Partial<CallbackOptions>);
        if (typeof body.url === "string" || body.url === null) admin.setCallbackUrl(body.url as string | null);
        return send(res, 200, { ok: true });
      case "POST /_admin/callbacks/flush":
        admin.flushCallbacks();
        return send(res, 200, { ok: true });
      case "POST /_admin/rotate-key":
        return send(res, 200, { keyId: admin.rotateKey({ keepOld: body.keepOld === true }) });
      case "POST /_admin/fail-next":
        admin.failNext(body as Fault);
        return send(res, 200, { ok: true });
      case "POST /_admin/delays":
        admin.setDelays(body as Partial<typeof delays>);
        return send(res, 200, { ok: true });
      case "POST /_admin/signed-requests":
        admin.setRequireSignedRequests(body.on === true, body.keys as { id: string; key: string }[] | undefined);
        return send(res, 200, { ok: true });
      case "POST /_admin/resolve":
        try {
          admin.resolve(body.kind as Kind, String(body.id), body.status === "FAILED" ? "FAILED" : "COMPLETED", typeof body.failureCode === "string" ? body.failureCode : undefined);
        } catch (err) {
          return send(res, 404, { error: (err as Error).message });
        }
        return send(res, 200, { ok: true });
      case "POST /_admin/token":
        admin.setToken(String(body.token));
        return send(res, 200, { ok: true });
    }
    return send(res, 404, { error: `no admin route ${route}` });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));
      const logged: LoggedRequest = { at: iso(), method: req.method ?? "", path: req.url ?? "", headers, body: raw };
      if (!(req.url ?? "").startsWith("/_admin/")) requests.push(logged);
      handle(req, res, raw, logged)
        .then((status) => {
          logged.status = status || undefined;
        })
        .catch((err: Error) => {
          logged.status = send(res, 500, { failureReason: { failureCode: "UNKNOWN_ERROR", failureMessage: err.message } });
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  /** Where money stands at "pawaPay", per depositId / payoutId / refundId. */
  function truth(): OperatorTruth[] {
    const direction = { deposit: "collect", payout: "payout", refund: "refund" } as const;
    return [...payments.values()].map((p) => ({
      reference: p.id,
      direction: direction[p.kind],
      amountMinor: minorUnitsOf(p.amount, p.currency) ?? 0n,
      currency: p.currency,
      state: p.status === "COMPLETED" ? "succeeded" : p.status === "FAILED" ? "failed" : "pending",
      ...(p.providerTransactionId ? { operatorReference: p.providerTransactionId } : {}),
      ...(p.depositId ? { refundOf: p.depositId } : {}),
    }));
  }

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    clock: simClock,
    truth,
    scenario(match: { reference?: string; destination?: string }, steps: ScenarioStep[]) {
      kitScenarios.push({ match, steps });
    },
    token: () => token,
    admin,
    async close() {
      clearInterval(interval);
      for (const res of hanging) res.socket?.destroy();
      await Promise.all([...inFlight]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
