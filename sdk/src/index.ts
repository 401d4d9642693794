/**
 * The payments platform's TypeScript SDK: types generated from our OpenAPI document
 * (openapi-typescript, `npm run sdk`), requests by openapi-fetch, and a thin hand-written layer —
 * API-key auth, an idempotency key on every POST that honours one, safe retries (network errors,
 * 5xx, 429 with Retry-After), typed errors, pagination helpers and webhook verification.
 *
 *   const api = createPaymentsClient({ apiKey: process.env.API_KEY!, baseUrl: "https://sandbox.payments.test/api/v1" });
 *   const { data } = await api.payments.initiate({ type: "direct", amount: 5000, externalReference: "order-1042", ... });
 *   const payment = await api.payments.waitUntilFinal(data.transactionId);
 */
import createClient, { type Client, type Middleware } from "openapi-fetch";
import { PaymentsApiError } from "./errors.js";
import { IDEMPOTENT_POST_PATHS } from "./idempotent-operations.js";
import { toPayment, toPayout, toQuote, unwrapEnvelope } from "./model.js";
import { retryingFetch } from "./retrying-fetch.js";
import type { components, paths } from "./schema.js";

export type { components, paths, webhooks, operations } from "./schema.js";
export { PaymentsApiError, PaymentsNetworkError, type ApiErrorBody, type ErrorCode } from "./errors.js";
export { verifyWebhook, type WebhookEvent, type WebhookEventType, type WebhookHeaders } from "./webhooks.js";
export { normaliseErrorCode, normalisePayoutMethod, toPayment, toPayout, toQuote, unwrapEnvelope, type NormalisedErrorCode, type PayoutMethod } from "./model.js";

type Schemas = components["schemas"];
export type Payment = Schemas["Payment"];
export type PaymentDetail = Schemas["PaymentDetail"];
export type Refund = Schemas["Refund"];
export type Quote = Schemas["Quote"];
export type Payout = Schemas["Payout"];
export type BulkPayout = Schemas["BulkPayout"];
export type PayoutLimits = Schemas["PayoutLimits"];
export type Balance = Schemas["Balance"];
export type BalanceMovement = Schemas["BalanceMovement"];
export type WebhookEventRecord = Schemas["WebhookEventRecord"];
export type PaymentLink = Schemas["PaymentLink"];

type JsonBody<P extends keyof paths> = paths[P] extends { post: { requestBody?: { content: { "application/json": infer B } } } } ? B : never;
type Query<P extends keyof paths> = paths[P] extends { get: { parameters: { query?: infer Q } } } ? NonNullable<Q> : never;

export type InitiatePaymentBody = JsonBody<"/payments/initiate">;
export type RefundBody = JsonBody<"/payments/{transactionId}/refund">;
export type QuoteBody = JsonBody<"/payouts/quote">;
export type InitiatePayoutBody = JsonBody<"/payouts/initiate">;
export type BulkPayoutBody = JsonBody<"/payouts/bulk">;
export type CreatePaymentLinkBody = JsonBody<"/payment-links">;

export type PaymentsClientOptions = {
  /** `pk_…:sk_…` (public and secret key joined by a colon), sent as X-API-Key. Keep it server-side. */
  apiKey: string;
  /** The API's base URL including `/api/v1`, e.g. `https://sandbox.payments.test/api/v1`. */
  baseUrl: string;
  /** Retries after the first attempt for what is safe to retry (default 2). */
  maxRetries?: number;
  /** Per-attempt timeout in milliseconds (default 30 000). */
  timeoutMs?: number;
  /** Longest Retry-After honoured, in seconds (default 60). */
  maxRetryAfterSeconds?: number;
  /** A fetch implementation (default: the global one). */
  fetch?: (request: Request) => Promise<Response>;
};

/** Per-call options of a POST that honours idempotency. */
export type IdempotentCall = {
  /** Your own key (e.g. your order id): the same key replays the first answer. Default: a new UUID per call, kept across retries. */
  idempotencyKey?: string;
};

const FINAL_PAYMENT = new Set(["success", "failed", "cancelled", "expired", "refunded"]);
// `reversed` follows success; it is final too (a payout can be first seen reversed).
const FINAL_PAYOUT = new Set(["success", "failed", "cancelled", "reversed"]);

/** Throws PaymentsApiError for any non-2xx answer; returns the typed body otherwise. */
async function unwrap<R extends { data?: unknown; error?: unknown; response: Response }>(call: Promise<R>): Promise<NonNullable<R["data"]>> {
  const { data, error, response } = await call;
  if (!response.ok) throw new PaymentsApiError(response, error);
  return data as NonNullable<R["data"]>;
}

const keyHeader = (options?: IdempotentCall) => (options?.idempotencyKey ? { "X-Idempotency-Key": options.idempotencyKey } : {});

/** Pages of a page-numbered list (`meta.page`, `meta.totalPages`), item by item. */
async function* byPage<T>(fetchPage: (page: number) => Promise<{ data: T[]; meta: { page: number; totalPages: number } }>): AsyncGenerator<T> {
  for (let page = 1; ; page++) {
    const { data, meta } = await fetchPage(page);
    yield* data;
    if (meta.page >= meta.totalPages || data.length === 0) return;
  }
}

/** Pages of a cursor list (`meta.nextCursor`, `meta.hasMore`), item by item. */
async function* byCursor<T>(fetchPage: (cursor: string | undefined) => Promise<{ data: T[]; meta: { hasMore: boolean; nextCursor: string | null } }>): AsyncGenerator<T> {
  let cursor: string | undefined;
  for (;;) {
    const { data, meta } = await fetchPage(cursor);
    yield* data;
    if (!meta.hasMore || !meta.nextCursor) return;
    cursor = meta.nextCursor;
  }
}

async function pollUntil<T extends { status: string }>(read: () => Promise<T>, final: Set<string>, timeoutMs: number, intervalMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const current = await read();
    if (final.has(current.status)) return current;
    if (Date.now() + intervalMs > deadline) return current;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export type PaymentsClient = ReturnType<typeof createPaymentsClient>;

export function createPaymentsClient(options: PaymentsClientOptions) {
  const transport = retryingFetch({
    maxRetries: options.maxRetries ?? 2,
    timeoutMs: options.timeoutMs ?? 30_000,
    maxRetryAfterSeconds: options.maxRetryAfterSeconds ?? 60,
    fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
  });
  const client: Client<paths> = createClient<paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ""), fetch: transport });

  const authAndIdempotency: Middleware = {
    onRequest({ request, schemaPath }) {
      request.headers.set("X-API-Key", options.apiKey);
      if (request.method === "POST" && IDEMPOTENT_POST_PATHS.has(schemaPath) && !request.headers.has("x-idempotency-key") && !request.headers.has("idempotency-key")) {
        request.headers.set("X-Idempotency-Key", crypto.randomUUID());
      }
      return request;
    },
  };
  client.use(authAndIdempotency);

  const payments = {
    /** POST /payments/initiate: a push to the customer's phone (`direct`) or a hosted checkout (`checkout`). */
    initiate: (body: InitiatePaymentBody, call?: IdempotentCall) => unwrap(client.POST("/payments/initiate", { body, headers: keyHeader(call) })),
    /** GET /payments/status/{transactionId}: the object every payment.* webhook carries. */
    status: (transactionId: string) => unwrap(client.GET("/payments/status/{transactionId}", { params: { path: { transactionId } } })),
    /** GET /payments/transactions/{transactionId}. */
    get: (transactionId: string) => unwrap(client.GET("/payments/transactions/{transactionId}", { params: { path: { transactionId } } })),
    /** GET /payments/transactions: one page. */
    list: (query: Query<"/payments/transactions"> = {}) => unwrap(client.GET("/payments/transactions", { params: { query } })),
    /** Every transaction matching `query`, page after page. */
    listAll: (query: Omit<Query<"/payments/transactions">, "page"> = {}) =>
      byPage((page) => unwrap(client.GET("/payments/transactions", { params: { query: { ...query, page } } }))),
    cancel: (transactionId: string) => unwrap(client.POST("/payments/{transactionId}/cancel", { params: { path: { transactionId } } })),
    /** POST /payments/{transactionId}/refund: `{}` refunds everything left. */
    refund: (transactionId: string, body: RefundBody = {}, call?: IdempotentCall) =>
      unwrap(client.POST("/payments/{transactionId}/refund", { params: { path: { transactionId } }, body, headers: keyHeader(call) })),
    /** Polls the status until it is final (success, failed, cancelled, expired, refunded) or the time is up; returns the last status read. */
    waitUntilFinal: (transactionId: string, wait: { timeoutMs?: number; intervalMs?: number } = {}) =>
      pollUntil(() => payments.status(transactionId), FINAL_PAYMENT, wait.timeoutMs ?? 120_000, wait.intervalMs ?? 2_000),
  };

  const payouts = {
    /** POST /payouts/quote: fees, FX and the total debit, valid 5 minutes. */
    quote: (body: QuoteBody, call?: IdempotentCall) => unwrap(client.POST("/payouts/quote", { body, headers: keyHeader(call) })),
    /** POST /payouts/initiate: with a `quoteId` (recommended) or a legacy body. */
    initiate: (body: InitiatePayoutBody, call?: IdempotentCall) => unwrap(client.POST("/payouts/initiate", { body, headers: keyHeader(call) })),
    status: (payoutId: string) => unwrap(client.GET("/payouts/status/{payoutId}", { params: { path: { payoutId } } })),
    cancel: (payoutId: string) => unwrap(client.POST("/payouts/{payoutId}/cancel", { params: { path: { payoutId } } })),
    limits: () => unwrap(client.GET("/payouts/limits")),
    /** Polls until success, failed, cancelled or reversed, or the time is up; returns the last payout read. */
    waitUntilFinal: (payoutId: string, wait: { timeoutMs?: number; intervalMs?: number } = {}) =>
      pollUntil(() => payouts.status(payoutId), FINAL_PAYOUT, wait.timeoutMs ?? 120_000, wait.intervalMs ?? 2_000),
    bulk: {
      create: (body: BulkPayoutBody, call?: IdempotentCall) => unwrap(client.POST("/payouts/bulk", { body, headers: keyHeader(call) })),
      get: (bulkId: string) => unwrap(client.GET("/payouts/bulk/{bulkId}", { params: { path: { bulkId } } })),
      list: (query: Query<"/payouts/bulk"> = {}) => unwrap(client.GET("/payouts/bulk", { params: { query } })),
      listAll: (query: Omit<Query<"/payouts/bulk">, "cursor"> = {}) =>
        byCursor((cursor) => unwrap(client.GET("/payouts/bulk", { params: { query: { ...query, cursor } } }))),
    },
  };

  const paymentLinks = {
    /** POST /payment-links: a reusable page at `url` to share by WhatsApp, SMS or QR code (`qrCode.png`, `qrCode.svg`). */
    create: (body: CreatePaymentLinkBody, call?: IdempotentCall) => unwrap(client.POST("/payment-links", { body, headers: keyHeader(call) })),
    get: (paymentLinkId: string) => unwrap(client.GET("/payment-links/{paymentLinkId}", { params: { path: { paymentLinkId } } })),
    /** GET /payment-links: one page, newest first, each link with its totals. */
    list: (query: Query<"/payment-links"> = {}) => unwrap(client.GET("/payment-links", { params: { query } })),
    /** Every payment link matching `query`, page after page. */
    listAll: (query: Omit<Query<"/payment-links">, "page"> = {}) => byPage((page) => unwrap(client.GET("/payment-links", { params: { query: { ...query, page } } }))),
    /** POST /payment-links/{paymentLinkId}/deactivate: final; payments already started go on. */
    deactivate: (paymentLinkId: string, call?: IdempotentCall) =>
      unwrap(client.POST("/payment-links/{paymentLinkId}/deactivate", { params: { path: { paymentLinkId } }, headers: keyHeader(call) })),
    /** The payments made through a link (GET /payments/transactions?paymentLinkId=), page after page. */
    payments: (paymentLinkId: string) => byPage((page) => unwrap(client.GET("/payments/transactions", { params: { query: { paymentLinkId, page } } }))),
  };

  const balance = {
    get: () => unwrap(client.GET("/payments/balance")),
    transactions: (query: Query<"/payments/balance/transactions"> = {}) => unwrap(client.GET("/payments/balance/transactions", { params: { query } })),
    /** Every balance movement matching `query`, newest first, across pages. */
    allTransactions: (query: Omit<Query<"/payments/balance/transactions">, "cursor"> = {}) =>
      byCursor((cursor) => unwrap(client.GET("/payments/balance/transactions", { params: { query: { ...query, cursor } } }))),
  };

  const webhookEvents = {
    list: (query: Query<"/webhooks/events"> = {}) => unwrap(client.GET("/webhooks/events", { params: { query } })),
    listAll: (query: Omit<Query<"/webhooks/events">, "page"> = {}) =>
      byPage((page) => unwrap(client.GET("/webhooks/events", { params: { query: { ...query, page } } }))),
    get: (eventId: string) => unwrap(client.GET("/webhooks/events/{eventId}", { params: { path: { eventId } } })),
    resend: (eventId: string) => unwrap(client.POST("/webhooks/events/{eventId}/resend", { params: { path: { eventId } } })),
  };

  /** Where events are sent and the secret that signs them. */
  const webhookEndpoint = {
    get: () => unwrap(client.GET("/webhooks/endpoint")),
    /** Sets (or with null removes) the URL; setting it enables an endpoint disabled after a 410. */
    setUrl: (url: string | null) => unwrap(client.PUT("/webhooks/endpoint", { body: { url } })),
    /** A new `whsec_…` secret, shown in this answer only; the previous one also signs for 24 h. */
    rotateSecret: () => unwrap(client.POST("/webhooks/endpoint/rotate-secret")),
  };

  const reference = {
    paymentMethods: (query: Query<"/providers/payment-methods">) => unwrap(client.GET("/providers/payment-methods", { params: { query } })),
    providers: (query: Query<"/payments/providers">) => unwrap(client.GET("/payments/providers", { params: { query } })),
    countries: () => unwrap(client.GET("/countries/active")),
    predictProvider: (body: JsonBody<"/providers/predict">) => unwrap(client.POST("/providers/predict", { body })),
    corridors: (query: Query<"/payouts/reference/corridors"> = {}) => unwrap(client.GET("/payouts/reference/corridors", { params: { query } })),
    purposes: (query: Query<"/payouts/reference/purposes">) => unwrap(client.GET("/payouts/reference/purposes", { params: { query } })),
  };

  const sandbox = {
    /** Sandbox only: credits a wallet at once. */
    fundWallet: (body: JsonBody<"/sandbox/wallets/fund">, call?: IdempotentCall) =>
      unwrap(client.POST("/sandbox/wallets/fund", { body, headers: keyHeader(call) })),
    /** Sandbox only: settles every pending collection now (the sandbox otherwise waits 60 s). */
    settle: () => unwrap(client.POST("/sandbox/settle")),
  };

  /**
   * The same operations in one object model (model.ts): every answer is the object itself (no
   * `{success, data}`), a payment is `paymentId`, a payout `payoutId`, `externalReference`
   * everywhere, a payout's method typed with its operator as `provider`. The wire is unchanged.
   */
  const objects = {
    initiatePayment: async (body: InitiatePaymentBody, call?: IdempotentCall) => toPayment(unwrapEnvelope(await payments.initiate(body, call))),
    payment: async (paymentId: string) => toPayment(await payments.status(paymentId)),
    paymentDetail: async (paymentId: string) => toPayment(await payments.get(paymentId)),
    quote: async (body: QuoteBody, call?: IdempotentCall) => toQuote(await payouts.quote(body, call)),
    initiatePayout: async (body: InitiatePayoutBody, call?: IdempotentCall) => toPayout(await payouts.initiate(body, call)),
    payout: async (payoutId: string) => toPayout(await payouts.status(payoutId)),
    balance: async () => unwrapEnvelope(await balance.get()),
  };

  /** `raw` is the typed openapi-fetch client for every operation: `{ data, error, response }`, no throwing. */
  return { payments, payouts, paymentLinks, balance, webhookEvents, webhookEndpoint, reference, sandbox, objects, raw: client };
}
