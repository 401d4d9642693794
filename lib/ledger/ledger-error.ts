/**
 * A broken ledger rule in the calling code (postings that do not balance, an idempotency key
 * reused for a different entry, a posting outside a transaction). It is a bug, never a client
 * error: it surfaces as a 500. Client-facing refusals (overdraft) are AppErrors.
 */
export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LedgerError";
  }
}
