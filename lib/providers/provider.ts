/**
 * The provider layer: what we ask of a mobile-money operator or bank network, whoever runs it.
 * Sandbox talks to the simulator (sandbox-simulator.ts); production talks to connectors, and a
 * provider without a configured connector is unavailable (DESIGN §2).
 *
 * Calls are idempotent on our transaction id: submitting the same transaction twice must not
 * charge or pay twice (real connectors pass it as the operator's idempotency key).
 */
export type CollectFailureCode = "insufficient_funds" | "user_cancelled" | "timeout" | "provider_error" | "invalid_phone";
export type PayoutFailureCode = "invalid_recipient" | "insufficient_balance" | "provider_error" | "limit_exceeded" | "account_blocked";

export type SubmitResult<F extends string> =
  | { accepted: true; providerReference: string }
  | { accepted: false; errorCode: F; message: string };

export type StatusResult<F extends string> =
  | { status: "processing" }
  | { status: "success"; completedAt: Date }
  | { status: "failed"; errorCode: F; message: string };

export type CollectRequest = {
  transactionId: string;
  provider: string;
  country: string;
  currency: string;
  amountMinor: bigint;
  phone: string;
};

export type PayoutRequest = {
  payoutId: string;
  method: "mobile_money" | "bank_transfer";
  provider: string | null;
  country: string;
  currency: string;
  amountMinor: bigint;
  /** Phone for wallets, account number or IBAN for banks. */
  destination: string;
};

export type ProviderReference = { id: string; providerReference: string; submittedAt: Date };

/** A status update pushed by a provider to our callback endpoint, once verified. */
export type ProviderCallback = { providerReference: string; kind: "collect" | "payout"; status: StatusResult<string> };

export interface PaymentProvider {
  readonly name: string;
  isAvailable(provider: string): boolean;
  requestPayment(request: CollectRequest): Promise<SubmitResult<CollectFailureCode>>;
  getPaymentStatus(reference: ProviderReference & { phone: string }): Promise<StatusResult<CollectFailureCode>>;
  requestPayout(request: PayoutRequest): Promise<SubmitResult<PayoutFailureCode>>;
  getPayoutStatus(reference: ProviderReference & { destination: string }): Promise<StatusResult<PayoutFailureCode>>;
  /** Verifies and reads a provider's callback; null when it is not from this provider. */
  parseCallback(body: string, headers: Headers): ProviderCallback | null;
}
