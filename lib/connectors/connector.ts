import type { AppEnvironment } from "@/lib/config";
/**
 * The one interface every connector implements (docs/design/connectors.md, the neutral model
 * every operator maps into). A connector is the code for one external API (`mtn-momo`,
 * `pawapay`, `simulator`…); a connector account is one configured use of it (settings in the
 * database, secrets in the environment). The core never sees an operator's types: each
 * connector maps the operator's statuses and reason codes into `ConnectorOutcome` in one table
 * (its `mapping.ts`), tested row by row.
 *
 * Rules every connector keeps (docs/design/connectors.md):
 * - The operator-facing reference (`order.reference`) is minted and stored by the core before
 *   the call; a connector never invents one. After an unclear submit the core asks for the status
 *   with that same reference, never submits under a new one.
 * - A timeout, a connection reset or a 5xx on submit is `pending` (outcome unknown), never
 *   `failed`. Only an explicit refusal by the operator is `failed`.
 * - An operator that says it already knows the reference (MTN 409, pawaPay DUPLICATE_IGNORED)
 *   is `duplicate`: the core then asks for the status.
 * - Connectors do their HTTP through `context.http` so every call is recorded (redacted),
 *   timed out and counted by the circuit breaker in one place.
 */
import type { z } from "zod";

export type Direction = "collect" | "payout" | "refund";

/** docs/design/connectors.md: why an operator said no, in words shared by every connector. */
export type NeutralReason =
  | "insufficient_funds"
  | "merchant_balance_insufficient"
  | "account_not_found"
  | "account_blocked"
  | "limit_exceeded"
  | "declined"
  | "expired"
  | "payer_busy"
  | "invalid_amount"
  | "invalid_request"
  | "not_allowed"
  | "cancelled"
  | "provider_unavailable"
  | "provider_error"
  | "configuration_error"
  | "other";

/** What the operator itself said, kept verbatim next to our mapping (stored, shown to ops). */
export type RawOperatorStatus = { status?: string; code?: string; message?: string };

/** What the customer must do next when a collect is not a push to the phone. */
export type NextAction = { type: "redirect"; url: string };

/**
 * The answer to a submit, a status check or a verified callback.
 * - `pending`: not known to be accepted (unsent, or the answer was lost). `unaskable` when the
 *   operator cannot be asked about it at all: nothing we hold names it to the operator (its answer,
 *   which carried the operator's only key for it, was lost; no lookup by our reference). Past the
 *   window a collect so answered is held for review, never failed (docs/design/order-lifecycle.md).
 * - `processing`: accepted, not final. `ambiguous` when the operator says the outcome is unclear.
 * - `success` / `failed`: final.
 * - `duplicate`: the operator already knows this reference; ask for its status.
 * - `not_found`: the operator does not know this reference (only from a status check): it never
 *   received the submit, which may then be sent again under the same reference.
 * - `reversed`: a paid payout whose money the operator returned to our float (Wave `reversed`).
 *   Final; the merchant is re-credited. Never a success.
 */
export type ConnectorOutcome =
  | { status: "pending"; raw?: RawOperatorStatus; message?: string; unaskable?: boolean }
  | { status: "processing"; operatorReference?: string; ambiguous?: boolean; nextAction?: NextAction; raw?: RawOperatorStatus }
  | {
      status: "success";
      operatorReference?: string;
      completedAt?: Date;
      raw?: RawOperatorStatus;
      /**
       * What the operator says moved, where its answer or callback states it. The core compares it
       * with the order: a success for another amount or currency settles nothing (review + alert).
       */
      amount?: { minor: bigint; currency: string };
    }
  | {
      status: "failed";
      reason: NeutralReason;
      message: string;
      operatorReference?: string;
      raw?: RawOperatorStatus;
      /** For `invalid_request`: the operator refused the phone number / account itself (docs/design/connectors.md). */
      destinationRelated?: boolean;
    }
  | { status: "duplicate"; raw?: RawOperatorStatus }
  | { status: "not_found"; raw?: RawOperatorStatus }
  | { status: "reversed"; operatorReference?: string; message?: string; raw?: RawOperatorStatus };

/** A collect to submit: a push to `phone`, or a redirect flow (see `capabilities.collect`). */
export type CollectOrder = {
  /** Our transaction id (`txn_…`). */
  transactionId: string;
  /** The operator-facing reference stored before the call (a UUID v4 where the operator demands one). */
  reference: string;
  /** Catalogue provider code (`mtn`, `orange`…) and ISO country the merchant named. */
  provider: string;
  country: string;
  currency: string;
  amountMinor: bigint;
  /** E.164 with the leading `+`. */
  phone: string | null;
  description?: string | null;
  /** Where a redirect flow sends the customer back (success / cancel). */
  returnUrl?: string;
  cancelUrl?: string;
};

export type PayoutOrder = {
  payoutId: string;
  reference: string;
  method: "mobile_money" | "bank_transfer";
  provider: string;
  country: string;
  currency: string;
  amountMinor: bigint;
  /** Phone (E.164) for wallets, account number or IBAN for banks. */
  destination: string;
  recipientName?: string | null;
  description?: string | null;
};

export type RefundOrder = {
  refundId: string;
  reference: string;
  /** The collect being refunded: our id and the reference and operator reference it was submitted under. */
  transactionId: string;
  collectReference: string;
  collectOperatorReference: string | null;
  provider: string;
  country: string;
  currency: string;
  amountMinor: bigint;
  /** The collect's own amount: operators that refund a whole transaction only (Airtel, Wave) refuse a partial refund with it. */
  collectAmountMinor: bigint;
  phone: string | null;
};

/** Identifies a submitted order for a status check. */
export type OrderRef = {
  direction: Direction;
  /** Our id (`txn_…`, `po_…`, `rf_…`). */
  id: string;
  reference: string;
  operatorReference: string | null;
  provider: string;
  country: string;
  currency: string;
  submittedAt: Date | null;
  /** Phone or destination the order went to (the stateless simulator decides by it). */
  destination: string | null;
  /** The order's amount in minor units, where known (Orange's status query repeats it; the sandbox simulator decides a refund's outcome by it). */
  amountMinor?: bigint | null;
  /**
   * For a refund: the collect it refunds, as it was sent to the same operator. Wave reads a
   * refund's state through the collect's checkout session; Airtel through an enquiry of the
   * collection (a refund has no id of its own there).
   */
  collect?: { id: string; reference: string; operatorReference: string | null; amountMinor: bigint } | null;
  /**
   * An operator id an unsigned callback named for this order (Daraja's B2C result carries the
   * M-Pesa receipt). Unverified: a lookup key only, never evidence; the connector must check that
   * what the operator answers for it is this order (amount, party, conversation id).
   */
  hintedOperatorReference?: string | null;
};

/** A callback as it arrived: the raw bytes matter for signatures. */
export type IncomingCallback = { method: string; url: string; headers: Headers; rawBody: string };

/**
 * What a connector understood of a callback.
 * - `rejected`: not from the operator (bad or missing signature, tampered, stale): answer 401, change nothing.
 * - `hint`: unsigned (MTN, Daraja, Orange): says which order to re-check at once; its body never
 *   changes a state by itself.
 * - `verified`: signed and checked: its outcome may be applied as it is.
 * `reference` is the operator-facing reference we sent (the core finds our order by it).
 */
export type CallbackResult =
  | { kind: "rejected"; why: string }
  | { kind: "ignored"; why: string }
  | {
      kind: "hint";
      direction: Direction | null;
      reference: string;
      /** An operator id the unsigned body names (Daraja's receipt), kept on the attempt as a lookup key only. */
      operatorReference?: string;
    }
  | { kind: "verified"; direction: Direction; reference: string; outcome: ConnectorOutcome };

export type HealthResult = { ok: boolean; detail: string };

/** One of our providers (catalogue code + country) in one direction. */
export type ProviderPair = { country: string; provider: string; direction: Direction };

/** Whether the operator itself says it takes that provider now; `detail` in its words (for ops). */
export type ProviderAvailability = ProviderPair & { open: boolean; detail: string };

/** An HTTP request a connector makes; `context.http` records, times out and redacts it. */
export type ConnectorHttpRequest = {
  /** What the call is for, for the call record: `token`, `collect`, `collect.status`, `payout`… */
  operation: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Absolute URL, or a path joined to the account's base URL. */
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** Our id the call is about (for the record and the dashboard timeline). */
  subjectId?: string;
  /** Extra strings to redact from the record (beyond the account's secrets, which always are). */
  redact?: string[];
  /** The operator-facing reference the call is about, when known (for the record). */
  operatorReference?: string;
};

export type ConnectorHttpResponse = { status: number; headers: Headers; text: string };

/** Thrown by `context.http` when no answer came back (timeout, refused, reset): outcome unknown. */
export class ConnectorNetworkError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = "ConnectorNetworkError";
  }
}

/** A cache for short-lived credentials (MTN's bearer, OAuth tokens), per account. */
export interface TokenCache {
  /** The cached token for `key`, or a fresh one from `fetch` (single flight per key). */
  get(key: string, fetch: () => Promise<{ token: string; expiresInSeconds: number }>): Promise<string>;
  /** Forget `key` (after a 401), so the next `get` fetches again. */
  invalidate(key: string): void;
}

/** Everything a connector call gets: its account, its secrets, and the recorded HTTP client. */
export type ConnectorContext<Settings = Record<string, unknown>> = {
  account: { id: string; type: string; environment: AppEnvironment; baseUrl: string | null; settings: Settings };
  /** Secret values by name (`API_KEY`…), read from `<PREFIX>_<NAME>`; never stored, never logged. */
  secrets: Record<string, string>;
  /** Where the operator should send callbacks for this account. */
  callbackUrl: string;
  http(request: ConnectorHttpRequest): Promise<ConnectorHttpResponse>;
  tokens: TokenCache;
  now(): Date;
};

export type ConnectorCapabilities = {
  /** How a collect reaches the customer: a push to the phone, a redirect, or not at all. */
  collect: "push" | "redirect" | false;
  payout: boolean;
  refund: boolean;
  /** Whether its callbacks are signed (verified before reading) or only hints. */
  signedCallbacks: boolean;
  /** Whether the operator demands a UUID v4 as our reference (MTN, pawaPay). */
  uuidReference: boolean;
  /** Whether a refund may be for less than the collect (Airtel and Wave refund a whole transaction only). */
  partialRefund: boolean;
  /**
   * The operator refuses a reference it has seen once, even when its answer never reached us
   * (Orange WebPay's `order_id`): after this connector says `not_found`, the order is sent again
   * under a NEW attempt reference, never the same one. Absent = false (same reference).
   */
  singleUseReference?: boolean;
};

/**
 * What an operator's own records say about one transaction: an item of its transaction list, a
 * row of its statement file. Reconciliation (lib/reconciliation) matches it to our order by
 * `reference` (ours, as the operator keeps it) or, failing that, by `operatorReference`.
 */
export type OperatorRecord = {
  /** Our reference as the operator keeps it (Wave's client_reference, pawaPay's Transaction ID…), when it keeps one. */
  reference: string | null;
  /** The operator's own id for it (Wave's checkout session or payout id, the M-Pesa receipt…). */
  operatorReference: string | null;
  /** Null when the record does not say (reconciliation then matches it in every direction). */
  direction: Direction | null;
  /** What the operator says happened: final success or failure, still open, or paid and returned. */
  state: "success" | "failed" | "processing" | "reversed";
  /** What moved, in minor units of `currency`, where the record states it. */
  amountMinor: bigint | null;
  currency: string | null;
  /** When the operator recorded it. */
  at: Date | null;
};

/**
 * The layout of an operator's statement or settlement file (`ops recon:import`), column by
 * column as the operator names them. Every field but one amount column is optional; a file
 * without a status column lists money that moved (each row is a success).
 */
export type StatementFormat = {
  /** Where the layout is published (the operator's page), shown by recon:import and in the connector's README. */
  documentedAt: string;
  columns: {
    reference?: string;
    operatorReference?: string;
    /** One signed or unsigned amount column, or the pair credit (money in) / debit (money out). */
    amount?: string;
    credit?: string;
    debit?: string;
    currency?: string;
    status?: string;
    type?: string;
    time?: string;
  };
  /** The operator's status words → ours (compared without case; absent: the usual words, statement.ts); a word not listed skips the row. */
  statuses?: Record<string, OperatorRecord["state"]>;
  /** The operator's transaction types → our directions; a type not listed (top-up, fee) is not an order of ours. */
  types?: Record<string, Direction>;
  /**
   * The directions whose rows can be matched to our orders (default: all). Rows of the others are
   * skipped, and our orders of those directions are asked by status instead: M-Pesa's statement
   * names a collect by its receipt, which the STK query never gives us.
   */
  directions?: readonly Direction[];
};

/** How reconciliation reads an operator's records (lib/reconciliation, docs/design/reconciliation.md). */
export type ReconciliationHooks<Settings> = {
  /**
   * The directions whose `status` is a plain read of where the operator stands. Reconciliation
   * asks only these: Wave's refund "status" sends the repeat-safe refund again (it would refund an
   * order we hold failed), Daraja's Transaction Status answers later on a callback. Absent: every
   * direction the connector serves.
   */
  readableStatus?: readonly Direction[];
  /**
   * The operator's list of what moved on our account in [from, to) (Wave's balance API,
   * `GET /v1/transactions`): finds what we never sent or never recorded. Throws when the list
   * cannot be read in full.
   */
  listTransactions?(context: ConnectorContext<Settings>, window: { from: Date; to: Date }): Promise<OperatorRecord[]>;
  /** The layout of the statement file the operator delivers, where it publishes one. */
  statement?: StatementFormat;
  /**
   * The operator's statement files covering [from, to), fetched through its API where it offers
   * one (pawaPay's `POST /v2/statements`), as text in the `statement` layout: read like a file
   * imported by hand, on every run. Throws when a file cannot be had in full.
   */
  fetchStatements?(context: ConnectorContext<Settings>, window: { from: Date; to: Date }): Promise<string[]>;
  /**
   * Our float at the operator, where it publishes it: `read` gives one balance per wallet it keeps
   * for the account (MTN: `collection` and `disbursement`; pawaPay: one per country), in minor
   * units, and throws when the operator does not answer; `walletOf` names the wallet an order of
   * ours moves (docs/design/reconciliation.md, "Float").
   */
  floats?: {
    read(context: ConnectorContext<Settings>): Promise<FloatBalance[]>;
    walletOf(order: { direction: Direction; country: string; currency: string }): string;
    /**
     * What the operator took from the float as its fees on our orders, per wallet, over a window
     * of its own timestamps (Wave: the `fee` of each movement it lists), where it publishes them;
     * throws when it cannot say. Without it, fees show as a difference.
     */
    fees?(context: ConnectorContext<Settings>, window: { from: Date; to: Date }): Promise<FloatFee[]>;
  };
};

/** One wallet of our float at an operator, as it says it holds it. */
export type FloatBalance = { wallet: string; currency: string; balanceMinor: bigint };

/** What an operator took from one wallet of our float as fees. */
export type FloatFee = { wallet: string; currency: string; feeMinor: bigint };

export interface Connector<Settings = Record<string, unknown>> {
  /** The connector type (`mtn-momo`, `pawapay`, `simulator`…), as `connector:add --type` names it. */
  readonly type: string;
  readonly capabilities: ConnectorCapabilities;
  /** Non-secret settings (`targetEnvironment`, `currency`…), validated at `connector:add`. */
  readonly settingsSchema: z.ZodType<Settings>;
  /** Secret names read from `<PREFIX>_<NAME>`; all required unless listed in `optionalSecrets`. */
  readonly secretNames: readonly string[];
  readonly optionalSecrets?: readonly string[];
  /**
   * Which secrets these settings need, when that depends on them (an MTN account serving only
   * Collection needs only its three); overrides `optionalSecrets` when present.
   */
  requiredSecretsFor?(settings: Settings): readonly string[];
  /** Default base URL when `--base-url` is not given (the operator's production host). */
  readonly defaultBaseUrl: string | null;

  collect(context: ConnectorContext<Settings>, order: CollectOrder): Promise<ConnectorOutcome>;
  payout(context: ConnectorContext<Settings>, order: PayoutOrder): Promise<ConnectorOutcome>;
  refund(context: ConnectorContext<Settings>, order: RefundOrder): Promise<ConnectorOutcome>;
  /** Asks the operator where an order stands (any direction). */
  status(context: ConnectorContext<Settings>, order: OrderRef): Promise<ConnectorOutcome>;
  /** Reads a callback; verifies it first when the operator signs them. Never throws on bad input. */
  parseCallback(context: ConnectorContext<Settings>, callback: IncomingCallback): Promise<CallbackResult>;
  /** Authenticates and reports health without moving money (`connector:check`, the breaker's probe). */
  checkHealth(context: ConnectorContext<Settings>): Promise<HealthResult>;
  /**
   * For operators that publish per-provider status (aggregators: pawaPay's availability): the
   * status of each pair asked, which the seam reads on a cadence and routes around
   * (provider-availability.ts), never per payment. Throws when the status cannot be read.
   */
  providerAvailability?(context: ConnectorContext<Settings>, pairs: readonly ProviderPair[]): Promise<ProviderAvailability[]>;
  /**
   * Asks the operator to cancel an order it holds and has not paid (pawaPay's
   * `POST /v2/payouts/fail-enqueued/{id}` for an `ENQUEUED` payout). The answer is only a request
   * accepted (`processing`) or refused (`failed`, nothing changes): money is released when a later
   * status check says the order `failed`, never on this call's answer.
   */
  cancelHeld?(context: ConnectorContext<Settings>, order: OrderRef): Promise<ConnectorOutcome>;
  /**
   * Refusals at `connector:add` that depend on the account as a whole (its id, environment, the
   * callback URL the operator will be given), beyond what `settingsSchema` checks alone: Orange
   * limits the length of `notif_url`, Daraja
   * refuses callback URLs with "mpesa" in them, MTN needs the registered callback host in
   * production. Each entry says what is wrong and what to do; empty when nothing is.
   */
  accountProblems?(account: { id: string; environment: AppEnvironment; settings: Settings; callbackUrl: string }): string[];
  /**
   * Asked at `route:set`: why this account cannot serve that provider in that direction (a
   * pawaPay provider whose authorisation step this connector does not implement), or null when
   * it can. May ask the operator; throws only when it cannot tell.
   */
  routeProblem?(context: ConnectorContext<Settings>, pair: ProviderPair): Promise<string | null>;
  /**
   * The operators (catalogue provider codes) and countries this connector type can serve, checked
   * at `route:set`; absent: any (an aggregator, the simulator). Daraja is M-Pesa in Kenya only.
   */
  readonly serves?: { providers: readonly string[]; countries?: readonly string[] };
  /**
   * The market an account is bound to by its settings, checked at `route:set` against the route
   * and the catalogue: Airtel's `country` and `currency`, MTN's `currency` (outside MTN's EUR
   * sandbox), the products it was given per direction. A field left out binds nothing.
   */
  market?(settings: Settings): AccountMarket;
  /** How reconciliation reads this operator's records beyond `status` (ReconciliationHooks). */
  readonly reconciliation?: ReconciliationHooks<Settings>;
}

/** What an account's settings bind it to (Connector.market). */
export type AccountMarket = {
  country?: { code: string; setting: string };
  currency?: { code: string; setting: string };
  /** Per direction the account's product for it, when the account names its products; null: not among them. */
  products?: { list: readonly string[]; needs: Partial<Record<Direction, string>> };
};

/** Thrown by a connector for a call it does not support (a refund on a collect-only operator…). */
export class UnsupportedOperationError extends Error {
  constructor(type: string, operation: string) {
    super(`The ${type} connector does not support ${operation}`);
    this.name = "UnsupportedOperationError";
  }
}
