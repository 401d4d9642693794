import type {
  CollectFailureCode,
  PaymentProvider,
  PayoutFailureCode,
  StatusResult,
  SubmitResult,
} from "./provider";

/**
 * The sandbox provider simulator (DESIGN §9). The last two digits of the phone number (or bank
 * account number) pick the outcome; everything else succeeds. It answers after
 * SANDBOX_PROVIDER_DELAY_MS (default 3000; tests use 0). It keeps no state: the outcome
 * follows from the destination and the submission time, so any instance, after any restart,
 * gives the same answer for the same transaction.
 */
const COLLECT_OUTCOMES: Record<string, CollectFailureCode> = {
  "90": "insufficient_funds",
  "91": "user_cancelled",
  "92": "timeout",
  "93": "provider_error",
  "94": "invalid_phone",
};

const PAYOUT_OUTCOMES: Record<string, PayoutFailureCode> = {
  "90": "invalid_recipient",
  "91": "provider_error",
  "92": "account_blocked",
  "93": "insufficient_balance",
  "94": "limit_exceeded",
};

const COLLECT_MESSAGES: Record<CollectFailureCode, string> = {
  insufficient_funds: "The customer's wallet balance is too low.",
  user_cancelled: "The customer declined the payment on their phone.",
  timeout: "The customer did not approve the payment in time.",
  provider_error: "The operator could not process the payment.",
  invalid_phone: "The phone number is not a valid wallet for this operator.",
};

const PAYOUT_MESSAGES: Record<PayoutFailureCode, string> = {
  invalid_recipient: "The recipient's wallet or account does not exist.",
  provider_error: "The operator could not process the payout.",
  account_blocked: "The recipient's account is blocked.",
  insufficient_balance: "The operator's float is too low for this payout.",
  limit_exceeded: "The recipient's account limit would be exceeded.",
};

/** "99": the provider never answers; the transaction stays processing until our timeout. */
const NO_ANSWER = "99";

export function simulatorDelayMs(): number {
  const raw = Number(process.env.SANDBOX_PROVIDER_DELAY_MS ?? 3000);
  return Number.isFinite(raw) && raw >= 0 ? raw : 3000;
}

function lastTwoDigits(value: string): string {
  return value.replace(/\D/g, "").slice(-2);
}

function outcome<F extends string>(
  destination: string,
  submittedAt: Date,
  outcomes: Record<string, F>,
  messages: Record<F, string>,
  now: Date,
): StatusResult<F> {
  const digits = lastTwoDigits(destination);
  if (digits === NO_ANSWER) return { status: "processing" };
  const answersAt = submittedAt.getTime() + simulatorDelayMs();
  if (now.getTime() < answersAt) return { status: "processing" };
  const failure = outcomes[digits];
  if (failure) return { status: "failed", errorCode: failure, message: messages[failure] };
  return { status: "success", completedAt: new Date(answersAt) };
}

export class SandboxSimulator implements PaymentProvider {
  readonly name = "sandbox-simulator";

  constructor(private readonly clock: () => Date = () => new Date()) {}

  isAvailable(): boolean {
    return true;
  }

  async requestPayment(request: { transactionId: string }): Promise<SubmitResult<CollectFailureCode>> {
    return { accepted: true, providerReference: `sim_${request.transactionId}` };
  }

  async getPaymentStatus(reference: { submittedAt: Date; phone: string }): Promise<StatusResult<CollectFailureCode>> {
    return outcome(reference.phone, reference.submittedAt, COLLECT_OUTCOMES, COLLECT_MESSAGES, this.clock());
  }

  async requestPayout(request: { payoutId: string }): Promise<SubmitResult<PayoutFailureCode>> {
    return { accepted: true, providerReference: `sim_${request.payoutId}` };
  }

  async getPayoutStatus(reference: { submittedAt: Date; destination: string }): Promise<StatusResult<PayoutFailureCode>> {
    return outcome(reference.destination, reference.submittedAt, PAYOUT_OUTCOMES, PAYOUT_MESSAGES, this.clock());
  }

  parseCallback(): null {
    // The simulator is polled; it sends no callbacks.
    return null;
  }
}
