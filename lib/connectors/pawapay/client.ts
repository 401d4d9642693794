import { isCurrency, minorToDecimalString, toMinorAllowZero } from "@/lib/money";
import {
  type CollectOrder,
  type ConnectorContext,
  type ConnectorHttpResponse,
  ConnectorNetworkError,
  type ConnectorOutcome,
  type Direction,
  type HealthResult,
  type OrderRef,
  type PayoutOrder,
  type ProviderAvailability,
  type ProviderPair,
  type RefundOrder,
} from "../connector";
import { reasonFor, toOutcome } from "./mapping";
import { candidateCodes, depositAuthProblem, ISO3 } from "./provider-codes";
import type { PawapaySettings } from "./settings";
import { contentDigest, signMessage } from "./signatures";
import { OperatorConfigurationError, OperatorNotOfferedError, OperatorUnavailableError } from "../operator-errors";

const OPERATOR = "pawaPay";

/**
 * pawaPay Merchant API v2 over `context.http` (README.md): deposits, payouts, refunds, status
 * checks, active-conf and availability. Our `order.reference` (a UUID v4 stored by the core
 * before the call) is the depositId/payoutId/refundId and pawaPay's idempotency key.
 *
 * Answers → outcomes: a JSON `status` goes through mapping.ts (ACCEPTED → processing, REJECTED
 * → failed, DUPLICATE_IGNORED → duplicate); 400 → failed (malformed, never accepted); 401/403 →
 * failed configuration_error; no answer, 429 or 5xx → pending (outcome unknown: the core asks
 * for the status under the same id before anything else).
 */
export type PawapayContext = ConnectorContext<PawapaySettings>;

type Operation = "DEPOSIT" | "PAYOUT" | "REFUND";
const OPERATION: Record<Direction, Operation> = { collect: "DEPOSIT", payout: "PAYOUT", refund: "REFUND" };
const RESOURCE: Record<Direction, "deposits" | "payouts" | "refunds"> = { collect: "deposits", payout: "payouts", refund: "refunds" };
const ID_FIELD: Record<Direction, "depositId" | "payoutId" | "refundId"> = { collect: "depositId", payout: "payoutId", refund: "refundId" };

/** The components pawaPay's signing guide lists for our signed financial requests, label `sig-pp`. */
export const REQUEST_SIGNATURE_COMPONENTS = ["@method", "@authority", "@path", "signature-date", "content-digest", "content-type", "content-length"];

// ── One request ────────────────────────────────────────────────────────────────────────────────

type Call = { operation: string; method: "GET" | "POST"; path: string; body?: unknown; subjectId?: string; signed?: boolean };

export async function pawapayRequest(context: PawapayContext, call: Call): Promise<ConnectorHttpResponse> {
  const token = context.secrets.API_TOKEN;
  if (!token) throw new OperatorConfigurationError(OPERATOR, "API_TOKEN is not set for this account");
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: "application/json" };
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  if (body !== undefined) headers["content-type"] = "application/json";
  if (call.signed && body !== undefined && context.account.settings.signRequests) {
    Object.assign(headers, signRequestHeaders(context, call.method, call.path, body));
  }
  return context.http({ operation: call.operation, method: call.method, url: call.path, headers, body, subjectId: call.subjectId });
}

/** RFC 9421 headers for a financial request (§6.6): Content-Digest, Signature-Date, Signature(-Input). */
export function signRequestHeaders(context: PawapayContext, method: string, path: string, body: string): Record<string, string> {
  const privateKey = context.secrets.REQUEST_SIGNING_KEY;
  if (!privateKey) throw new OperatorConfigurationError(OPERATOR, "signRequests is on but REQUEST_SIGNING_KEY is not set");
  if (!context.account.baseUrl) throw new OperatorConfigurationError(OPERATOR, "a signed request needs the account's base URL");
  const url = `${context.account.baseUrl.replace(/\/$/, "")}${path}`;
  const now = context.now();
  const created = Math.floor(now.getTime() / 1000);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "content-length": String(Buffer.byteLength(body, "utf8")),
    "content-digest": contentDigest(body, "sha-512"),
    "signature-date": now.toISOString(),
  };
  const signed = signMessage(
    { method, url, headers: new Headers(headers) },
    {
      label: "sig-pp",
      components: REQUEST_SIGNATURE_COMPONENTS,
      privateKey,
      keyId: context.account.settings.requestKeyId,
      algorithm: "ecdsa-p256-sha256",
      ecdsaEncoding: context.account.settings.requestSignatureEncoding,
      created,
      expires: created + 60,
    },
  );
  return { ...headers, "signature-input": signed.signatureInput, signature: signed.signature };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

type FailureBody = { status?: unknown; failureReason?: { failureCode?: unknown; failureMessage?: unknown } };

/** What a deposit/payout/refund submit's answer means (see the header). */
export function submitOutcome(response: ConnectorHttpResponse): ConnectorOutcome {
  const body = parseJson(response.text) as FailureBody | undefined;
  const code = typeof body?.failureReason?.failureCode === "string" ? body.failureReason.failureCode : undefined;
  const message = typeof body?.failureReason?.failureMessage === "string" ? body.failureReason.failureMessage : undefined;
  const raw = { status: `HTTP ${response.status}`, ...(code ? { code } : {}), ...(message ? { message } : {}) };
  if (response.status >= 200 && response.status < 300) {
    if (!body || typeof body.status !== "string") return { status: "pending", raw, message: "pawaPay answered without a status" };
    return toOutcome(body);
  }
  if (response.status === 401 || response.status === 403) {
    return { status: "failed", reason: "configuration_error", message: message ?? `pawaPay refused our credentials (HTTP ${response.status})`, raw };
  }
  if (response.status === 400) {
    return { status: "failed", reason: code ? reasonFor(code) : "invalid_request", message: message ?? "pawaPay refused the request as malformed (HTTP 400)", raw };
  }
  if (response.status === 404) {
    return { status: "failed", reason: "configuration_error", message: "pawaPay has no such endpoint (HTTP 404): check the account's base URL", raw };
  }
  return { status: "pending", raw, message: `pawaPay answered HTTP ${response.status}; outcome unknown` };
}

async function submit(context: PawapayContext, direction: Direction, body: Record<string, unknown>, subjectId: string): Promise<ConnectorOutcome> {
  let response: ConnectorHttpResponse;
  try {
    response = await pawapayRequest(context, { operation: direction, method: "POST", path: `/v2/${RESOURCE[direction]}`, body, subjectId, signed: true });
  } catch (err) {
    if (err instanceof ConnectorNetworkError) return { status: "pending", message: `no answer from pawaPay: ${err.message}` };
    if (err instanceof OperatorConfigurationError) return { status: "failed", reason: "configuration_error", message: err.message };
    throw err;
  }
  return submitOutcome(response);
}

// ── Active configuration, provider codes, amounts ──────────────────────────────────────────────

export type OperationConf = { minAmount?: string; maxAmount?: string; decimalsInAmount?: "NONE" | "TWO_PLACES"; status?: string; authType?: string };
export type ActiveConf = {
  countries?: {
    country: string;
    prefix?: string;
    providers?: { provider: string; displayName?: string; currencies?: { currency: string; operationTypes?: Partial<Record<Operation, OperationConf>> }[] }[];
  }[];
};

const ACTIVE_CONF_TTL_MS = 5 * 60_000;
const activeConfCache = new Map<string, { conf: ActiveConf; at: number }>();

function cacheKey(context: PawapayContext): string {
  return `${context.account.id}|${context.account.baseUrl ?? ""}`;
}

/** Forget every account's cached active-conf (tests). */
export function clearActiveConfCache(): void {
  activeConfCache.clear();
}

/** `GET /v2/active-conf`, cached per account for 5 minutes. Throws on anything but a 200. */
export async function activeConf(context: PawapayContext, options: { fresh?: boolean } = {}): Promise<ActiveConf> {
  const key = cacheKey(context);
  const cached = activeConfCache.get(key);
  if (!options.fresh && cached && context.now().getTime() - cached.at < ACTIVE_CONF_TTL_MS) return cached.conf;
  const response = await pawapayRequest(context, { operation: "active-conf", method: "GET", path: "/v2/active-conf" });
  if (response.status === 401 || response.status === 403) throw new OperatorConfigurationError(OPERATOR, `pawaPay refused the API token (HTTP ${response.status})`);
  if (response.status !== 200) throw new OperatorUnavailableError(OPERATOR, `active-conf answered HTTP ${response.status}`);
  const conf = parseJson(response.text) as ActiveConf | undefined;
  if (!conf || typeof conf !== "object") throw new OperatorUnavailableError(OPERATOR, "active-conf answered without JSON");
  activeConfCache.set(key, { conf, at: context.now().getTime() });
  return conf;
}

export type ResolvedProvider = { code: string; conf: OperationConf | null; source: "setting" | "active-conf" | "fallback" };

/**
 * Which pawaPay provider serves our (country, provider) for this operation: the account's
 * `providerCodes` setting, else active-conf (the reference), else — only when active-conf cannot
 * be read — the fallback table. Throws OperatorConfigurationError when none does.
 */
export async function resolveProvider(context: PawapayContext, country: string, provider: string, currency: string, direction: Direction): Promise<ResolvedProvider> {
  const operation = OPERATION[direction];
  const override = context.account.settings.providerCodes?.[`${country.toUpperCase()}:${provider}`];
  let conf: ActiveConf | null = null;
  try {
    conf = await activeConf(context);
  } catch (err) {
    if (err instanceof OperatorConfigurationError) throw err;
    // Unreadable active-conf (network, 5xx): carry on with the setting or the fallback table.
  }
  const lookup = (code: string) => {
    const iso3 = ISO3[country.toUpperCase()];
    const entry = conf?.countries?.find((c) => c.country === iso3)?.providers?.find((p) => p.provider === code);
    const byCurrency = entry?.currencies?.find((c) => c.currency === currency);
    return { entry, operationConf: byCurrency?.operationTypes?.[operation] ?? null };
  };
  if (override) return { code: override, conf: conf ? lookup(override).operationConf : null, source: "setting" };
  const candidates = candidateCodes(country, provider);
  if (!conf) {
    if (candidates[0]) return { code: candidates[0], conf: null, source: "fallback" };
    throw new OperatorConfigurationError(OPERATOR, `No pawaPay provider code is known for ${provider} in ${country}; set providerCodes on the account`);
  }
  for (const code of candidates) {
    const { entry, operationConf } = lookup(code);
    if (entry && operationConf) return { code, conf: operationConf, source: "active-conf" };
    if (entry) throw new OperatorNotOfferedError(OPERATOR, `pawaPay does not offer ${operation} for ${code} in ${currency} on this account`);
  }
  const listed =
    conf.countries
      ?.find((c) => c.country === ISO3[country.toUpperCase()])
      ?.providers?.map((p) => p.provider)
      .join(", ") || "none";
  throw new OperatorConfigurationError(OPERATOR, 
    `This pawaPay account has no ${operation} for ${provider} in ${country} (${currency}); active-conf lists: ${listed}. Set providerCodes on the account if the code differs`,
  );
}

/**
 * Our minor units → pawaPay's amount string (major units, no leading zeros, decimals only when
 * `decimalsInAmount` is TWO_PLACES). Null when the amount cannot be sent exactly (cents to a
 * provider that takes whole units): the caller refuses it rather than round money.
 */
export function pawapayAmount(amountMinor: bigint, currency: string, decimals: OperationConf["decimalsInAmount"] | undefined): string | null {
  const text = minorToDecimalString(amountMinor, currency);
  const [whole, fraction = ""] = text.split(".");
  const trimmed = fraction.replace(/0+$/, "");
  if (!trimmed) return whole!;
  if (decimals === "NONE") return null;
  return `${whole}.${trimmed}`;
}

type Prepared = { ok: true; provider: string; amount: string } | { ok: false; outcome: ConnectorOutcome };

async function prepare(context: PawapayContext, direction: Direction, country: string, provider: string, currency: string, amountMinor: bigint): Promise<Prepared> {
  let resolved: ResolvedProvider;
  try {
    resolved = await resolveProvider(context, country, provider, currency, direction);
  } catch (err) {
    if (err instanceof OperatorConfigurationError) return { ok: false, outcome: { status: "failed", reason: "configuration_error", message: err.message } };
    if (err instanceof OperatorNotOfferedError) return { ok: false, outcome: { status: "failed", reason: "not_allowed", message: err.message } };
    throw err;
  }
  if (direction === "collect") {
    const authProblem = depositAuthProblem(resolved.code, resolved.conf?.authType);
    if (authProblem) return { ok: false, outcome: { status: "failed", reason: "not_allowed", message: authProblem } };
  }
  const amount = pawapayAmount(amountMinor, currency, resolved.conf?.decimalsInAmount);
  if (amount === null) {
    return { ok: false, outcome: { status: "failed", reason: "invalid_amount", message: `${resolved.code} takes whole ${currency} amounts only` } };
  }
  return { ok: true, provider: resolved.code, amount };
}

/** E.164 `+2250503456789` → pawaPay's MSISDN `2250503456789`. */
function msisdn(phone: string): string {
  return phone.replace(/[^\d]/g, "");
}

/** pawaPay's customerMessage: 4–22 letters, digits and spaces, else left out. */
function customerMessage(description: string | null | undefined): string | undefined {
  const cleaned = (description ?? "").replace(/[^A-Za-z0-9 ]/g, "").replace(/\s+/g, " ").trim().slice(0, 22).trim();
  return cleaned.length >= 4 ? cleaned : undefined;
}

// ── Money calls ────────────────────────────────────────────────────────────────────────────────

export async function deposit(context: PawapayContext, order: CollectOrder): Promise<ConnectorOutcome> {
  if (!order.phone) return { status: "failed", reason: "invalid_request", message: "pawaPay deposits need the payer's phone number" };
  const prepared = await prepare(context, "collect", order.country, order.provider, order.currency, order.amountMinor);
  if (!prepared.ok) return prepared.outcome;
  const message = customerMessage(order.description);
  return submit(
    context,
    "collect",
    {
      depositId: order.reference,
      amount: prepared.amount,
      currency: order.currency,
      payer: { type: "MMO", accountDetails: { phoneNumber: msisdn(order.phone), provider: prepared.provider } },
      ...(order.transactionId.length <= 36 ? { clientReferenceId: order.transactionId } : {}),
      ...(message ? { customerMessage: message } : {}),
    },
    order.transactionId,
  );
}

export async function payout(context: PawapayContext, order: PayoutOrder): Promise<ConnectorOutcome> {
  if (order.method !== "mobile_money") return { status: "failed", reason: "not_allowed", message: "pawaPay pays out to mobile-money wallets only" };
  const prepared = await prepare(context, "payout", order.country, order.provider, order.currency, order.amountMinor);
  if (!prepared.ok) return prepared.outcome;
  const message = customerMessage(order.description);
  return submit(
    context,
    "payout",
    {
      payoutId: order.reference,
      amount: prepared.amount,
      currency: order.currency,
      recipient: { type: "MMO", accountDetails: { phoneNumber: msisdn(order.destination), provider: prepared.provider } },
      ...(order.payoutId.length <= 36 ? { clientReferenceId: order.payoutId } : {}),
      ...(message ? { customerMessage: message } : {}),
    },
    order.payoutId,
  );
}

export async function refund(context: PawapayContext, order: RefundOrder): Promise<ConnectorOutcome> {
  // Refunds name the deposit, not a provider; active-conf still says whether decimals are allowed.
  const prepared = await prepare(context, "refund", order.country, order.provider, order.currency, order.amountMinor);
  if (!prepared.ok) return prepared.outcome;
  return submit(
    context,
    "refund",
    { refundId: order.reference, depositId: order.collectReference, amount: prepared.amount, currency: order.currency },
    order.refundId,
  );
}

/**
 * `GET /v2/{deposits|payouts|refunds}/{id}`: FOUND → the payment's status through the table,
 * NOT_FOUND → not_found (never received: the core may resend under the same id). Anything else
 * (no answer, 401, 5xx) is `pending`: we learnt nothing, and no state may change on it.
 */
export async function checkStatus(context: PawapayContext, order: OrderRef): Promise<ConnectorOutcome> {
  let response: ConnectorHttpResponse;
  try {
    response = await pawapayRequest(context, {
      operation: `${order.direction}.status`,
      method: "GET",
      path: `/v2/${RESOURCE[order.direction]}/${encodeURIComponent(order.reference)}`,
      subjectId: order.id,
    });
  } catch (err) {
    if (err instanceof ConnectorNetworkError || err instanceof OperatorConfigurationError) return { status: "pending", message: `status unknown: ${err.message}` };
    throw err;
  }
  const body = parseJson(response.text) as { status?: unknown; data?: unknown } | undefined;
  if (response.status !== 200 || !body) {
    return { status: "pending", raw: { status: `HTTP ${response.status}` }, message: `pawaPay status check answered HTTP ${response.status}` };
  }
  if (body.status === "NOT_FOUND") return { status: "not_found", raw: { status: "NOT_FOUND" } };
  const data = Array.isArray(body.data) ? body.data[0] : body.data;
  if (body.status !== "FOUND" || !data || typeof data !== "object") return { status: "pending", raw: { status: String(body.status) }, message: "unexpected status answer" };
  const idField = ID_FIELD[order.direction];
  if ((data as Record<string, unknown>)[idField] !== undefined && (data as Record<string, unknown>)[idField] !== order.reference) {
    return { status: "pending", message: `pawaPay answered for another ${idField}` };
  }
  return toOutcome(data as Parameters<typeof toOutcome>[0]);
}

// ── Availability and health ────────────────────────────────────────────────────────────────────

export type AvailabilityRow = { country: string; provider: string; operation: string; status: string };

/**
 * `GET /v2/availability` flattened to one row per (provider, operation): OPERATIONAL, DELAYED or
 * CLOSED (README.md). For the seam's breaker and payment-method listing.
 */
export async function availability(context: PawapayContext): Promise<AvailabilityRow[]> {
  const response = await pawapayRequest(context, { operation: "availability", method: "GET", path: "/v2/availability" });
  if (response.status === 401 || response.status === 403) throw new OperatorConfigurationError(OPERATOR, `pawaPay refused the API token (HTTP ${response.status})`);
  if (response.status !== 200) throw new OperatorUnavailableError(OPERATOR, `availability answered HTTP ${response.status}`);
  const body = parseJson(response.text);
  if (!Array.isArray(body)) throw new OperatorUnavailableError(OPERATOR, "availability answered without a list");
  const rows: AvailabilityRow[] = [];
  for (const country of body as { country?: string; providers?: { provider?: string; operationTypes?: unknown }[] }[]) {
    for (const provider of country.providers ?? []) {
      const ops = provider.operationTypes;
      // v2 keys operations by name; the v1 form is a list of {operationType, status}.
      const entries: [string, unknown][] = Array.isArray(ops)
        ? ops.map((o: { operationType?: string; status?: string }) => [String(o.operationType), o.status])
        : Object.entries((ops ?? {}) as Record<string, unknown>);
      for (const [operation, status] of entries) {
        rows.push({ country: String(country.country), provider: String(provider.provider), operation, status: String(status) });
      }
    }
  }
  return rows;
}

/** Whether pawaPay takes this (country, provider, direction) now: false when CLOSED or not offered. */
export async function isAvailable(context: PawapayContext, country: string, provider: string, currency: string, direction: Direction): Promise<boolean> {
  const resolved = await resolveProvider(context, country, provider, currency, direction);
  const rows = await availability(context);
  const row = rows.find((r) => r.provider === resolved.code && r.operation === OPERATION[direction]);
  return row ? row.status !== "CLOSED" : true;
}

/**
 * Our pairs' status in `/v2/availability` (the Connector's `providerAvailability`): the row of
 * the pawaPay provider code that serves the pair (the account's `providerCodes` setting, else the
 * candidates of provider-codes.ts) for the pair's operation. CLOSED is closed; OPERATIONAL and
 * DELAYED are open (DELAYED still completes, later); a pair availability does not list is open
 * (active-conf decides what is offered, at submit).
 */
export async function providerAvailability(context: PawapayContext, pairs: readonly ProviderPair[]): Promise<ProviderAvailability[]> {
  const rows = await availability(context);
  return pairs.map((pair) => {
    const override = context.account.settings.providerCodes?.[`${pair.country.toUpperCase()}:${pair.provider}`];
    const iso3 = ISO3[pair.country.toUpperCase()];
    const operation = OPERATION[pair.direction];
    const codes = override ? [override] : candidateCodes(pair.country, pair.provider);
    const row = codes.map((code) => rows.find((r) => r.provider === code && r.operation === operation && (!iso3 || r.country === iso3))).find((r) => r !== undefined);
    if (!row) return { ...pair, open: true, detail: `not listed in pawaPay availability (${codes.join("/") || "no code"} ${operation})` };
    return { ...pair, open: row.status !== "CLOSED", detail: `pawaPay ${row.provider} ${row.operation} ${row.status}` };
  });
}

/** Authenticates (active-conf) and reads availability; moves no money. */
export async function checkHealth(context: PawapayContext): Promise<HealthResult> {
  let conf: ActiveConf;
  try {
    conf = await activeConf(context, { fresh: true });
  } catch (err) {
    return { ok: false, detail: `active-conf: ${(err as Error).message}` };
  }
  const providers = (conf.countries ?? []).flatMap((c) => c.providers ?? []).length;
  try {
    const rows = await availability(context);
    const closed = rows.filter((r) => r.status === "CLOSED").map((r) => `${r.provider} ${r.operation}`);
    const delayed = rows.filter((r) => r.status === "DELAYED").length;
    const detail = `token accepted; ${providers} providers in active-conf; ${closed.length} closed${closed.length ? ` (${closed.join(", ")})` : ""}, ${delayed} delayed`;
    return { ok: true, detail };
  } catch (err) {
    return { ok: true, detail: `token accepted; ${providers} providers in active-conf; availability unreadable: ${(err as Error).message}` };
  }
}

// ── Toolkit (beyond the Connector interface; for the seam and ops) ─────────────────────────────

/**
 * `POST /v2/predict-provider`: pawaPay's guess of (country ISO3, provider code) for a number, a
 * second opinion next to our numbering plans (~6 % wrong in Benin, README.md).
 * Null when pawaPay cannot place the number; throws when pawaPay cannot be asked.
 */
export async function predictProvider(context: PawapayContext, phoneNumber: string): Promise<{ country: string; provider: string; phoneNumber: string } | null> {
  const response = await pawapayRequest(context, { operation: "predict-provider", method: "POST", path: "/v2/predict-provider", body: { phoneNumber } });
  if (response.status === 401 || response.status === 403) throw new OperatorConfigurationError(OPERATOR, `pawaPay refused the API token (HTTP ${response.status})`);
  if (response.status >= 500) throw new OperatorUnavailableError(OPERATOR, `predict-provider answered HTTP ${response.status}`);
  const body = parseJson(response.text) as { country?: unknown; provider?: unknown; phoneNumber?: unknown } | undefined;
  if (response.status !== 200 || typeof body?.country !== "string" || typeof body.provider !== "string" || typeof body.phoneNumber !== "string") return null;
  return { country: body.country, provider: body.provider, phoneNumber: body.phoneNumber };
}

/**
 * `POST /v2/payouts/fail-enqueued/{payoutId}`: cancels a payout pawaPay holds ENQUEUED. True when
 * pawaPay accepted the cancellation (its FAILED / MANUALLY_CANCELLED state then arrives by
 * callback or status check, and is applied like any other).
 */
export async function cancelEnqueuedPayout(context: PawapayContext, reference: string, subjectId?: string): Promise<boolean> {
  const response = await pawapayRequest(context, { operation: "payout.cancel", method: "POST", path: `/v2/payouts/fail-enqueued/${encodeURIComponent(reference)}`, subjectId });
  const body = parseJson(response.text) as { status?: unknown } | undefined;
  return response.status === 200 && body?.status === "ACCEPTED";
}

/**
 * `route:set`'s question (Connector.routeProblem): whether this account can serve the pair. A
 * deposit provider whose authorisation step we do not implement (REDIRECT_AUTH, PREAUTH) cannot;
 * nor can a pair active-conf does not offer. Throws OperatorUnavailableError when pawaPay cannot be
 * asked and the fallback tables do not know the pair either.
 */
export async function routeProblem(context: PawapayContext, pair: ProviderPair): Promise<string | null> {
  // Warm the active-conf cache so the pair's currency can be read from it; unreadable → fallback tables.
  await activeConf(context).catch((err: unknown) => {
    if (err instanceof OperatorConfigurationError) throw err;
  });
  let resolved: ResolvedProvider;
  try {
    resolved = await resolveProvider(context, pair.country, pair.provider, currencyHint(context, pair) ?? "", pair.direction);
  } catch (err) {
    if (err instanceof OperatorConfigurationError || err instanceof OperatorNotOfferedError) return err.message;
    throw err;
  }
  if (pair.direction !== "collect") return null;
  return depositAuthProblem(resolved.code, resolved.conf?.authType);
}

/** The currency active-conf lists for the pair's provider, for looking its operation up (route:set names none). */
function currencyHint(context: PawapayContext, pair: ProviderPair): string | null {
  const cached = activeConfCache.get(cacheKey(context))?.conf;
  const iso3 = ISO3[pair.country.toUpperCase()];
  const providers = cached?.countries?.find((c) => c.country === iso3)?.providers ?? [];
  for (const code of context.account.settings.providerCodes?.[`${pair.country.toUpperCase()}:${pair.provider}`] ? [context.account.settings.providerCodes[`${pair.country.toUpperCase()}:${pair.provider}`]!] : candidateCodes(pair.country, pair.provider)) {
    const currency = providers.find((p) => p.provider === code)?.currencies?.[0]?.currency;
    if (currency) return currency;
  }
  return null;
}

/**
 * The seam's `cancelHeld` for pawaPay: `POST /v2/payouts/fail-enqueued/{payoutId}` for a payout
 * pawaPay holds ENQUEUED. ACCEPTED → processing (the cancel is under way; FAILED /
 * MANUALLY_CANCELLED follows by callback or status check, and only that releases money);
 * REJECTED → failed, nothing changes (not enqueued any more, or unknown); no answer → pending.
 * Only payouts: pawaPay documents fail-enqueued for payouts (README.md).
 */
export async function cancelHeld(context: PawapayContext, order: OrderRef): Promise<ConnectorOutcome> {
  if (order.direction !== "payout") return { status: "failed", reason: "not_allowed", message: `pawaPay documents no cancel for a held ${order.direction}` };
  let response: ConnectorHttpResponse;
  try {
    response = await pawapayRequest(context, { operation: "payout.cancel", method: "POST", path: `/v2/payouts/fail-enqueued/${encodeURIComponent(order.reference)}`, subjectId: order.id });
  } catch (err) {
    if (err instanceof ConnectorNetworkError) return { status: "pending", message: `no answer to fail-enqueued: ${err.message}` };
    if (err instanceof OperatorConfigurationError) return { status: "failed", reason: "configuration_error", message: err.message };
    throw err;
  }
  const body = parseJson(response.text) as FailureBody | undefined;
  const code = typeof body?.failureReason?.failureCode === "string" ? body.failureReason.failureCode : undefined;
  const raw = { status: typeof body?.status === "string" ? body.status : `HTTP ${response.status}`, ...(code ? { code } : {}) };
  if (response.status === 200 && body?.status === "ACCEPTED") return { status: "processing", raw };
  if (response.status === 200 && body?.status === "REJECTED") {
    const message = typeof body.failureReason?.failureMessage === "string" ? body.failureReason.failureMessage : "pawaPay refused to cancel the payout";
    return { status: "failed", reason: code ? reasonFor(code) : "not_allowed", message, raw };
  }
  if (response.status === 401 || response.status === 403) return { status: "failed", reason: "configuration_error", message: `pawaPay refused our credentials (HTTP ${response.status})`, raw };
  return { status: "pending", message: `fail-enqueued answered HTTP ${response.status}`, raw };
}

/** `POST /v2/{deposits|payouts|refunds}/resend-callback/{id}`: asks pawaPay to send a final state's callback again. */
export async function resendCallback(context: PawapayContext, direction: Direction, reference: string): Promise<boolean> {
  const response = await pawapayRequest(context, { operation: `${direction}.resend-callback`, method: "POST", path: `/v2/${RESOURCE[direction]}/resend-callback/${encodeURIComponent(reference)}` });
  const body = parseJson(response.text) as { status?: unknown } | undefined;
  return response.status === 200 && body?.status === "ACCEPTED";
}

/** Our float for reconciliation: walletBalances in minor units, one wallet per country (a currency we do not know is left out). */
export async function floatBalances(context: PawapayContext): Promise<{ wallet: string; currency: string; balanceMinor: bigint }[]> {
  return (await walletBalances(context)).flatMap((w) => (isCurrency(w.currency) ? [{ wallet: w.country, currency: w.currency, balanceMinor: toMinorAllowZero(w.balance, w.currency) }] : []));
}

/** `GET /v2/wallet-balances`: our float at pawaPay per country and currency (major-unit strings as pawaPay writes them). */
export async function walletBalances(context: PawapayContext): Promise<{ country: string; currency: string; balance: string }[]> {
  const response = await pawapayRequest(context, { operation: "wallet-balances", method: "GET", path: "/v2/wallet-balances" });
  if (response.status !== 200) throw new OperatorUnavailableError(OPERATOR, `wallet-balances answered HTTP ${response.status}`);
  const body = parseJson(response.text) as { balances?: { country?: unknown; currency?: unknown; balance?: unknown }[] } | undefined;
  return (body?.balances ?? []).map((b) => ({ country: String(b.country), currency: String(b.currency), balance: String(b.balance) }));
}
