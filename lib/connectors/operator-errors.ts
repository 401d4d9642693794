import { ConnectorNetworkError, type ConnectorContext, type ConnectorOutcome } from "./connector";

/**
 * The errors an operator client throws before or around a call, one set for every operator (the
 * operator a field, not a class name): the connector turns each into an outcome
 * (`outcomeOfCallError`) or into the answer of a check. Nothing here is about what the operator
 * said of an order: that is always an outcome, never an error.
 */

/** The operator refused our credentials at its token endpoint (a 4xx other than 429): the account's setup is wrong. */
export class OperatorCredentialsRefusedError extends Error {
  constructor(
    readonly operator: string,
    readonly httpStatus: number,
    message: string,
  ) {
    super(message);
    this.name = "OperatorCredentialsRefusedError";
  }
}

/** The operator could not answer or issue a token (5xx, 429, an unreadable answer): try again later. */
export class OperatorUnavailableError extends Error {
  constructor(
    readonly operator: string,
    message: string,
  ) {
    super(message);
    this.name = "OperatorUnavailableError";
  }
}

/** The account cannot make this call at all (product not configured, secret missing, unreadable key): nothing was sent. */
export class OperatorConfigurationError extends Error {
  constructor(
    readonly operator: string,
    message: string,
  ) {
    super(message);
    this.name = "OperatorConfigurationError";
  }
}

/** The operator serves the provider but not this operation or currency on this account: a final no. */
export class OperatorNotOfferedError extends Error {
  constructor(
    readonly operator: string,
    message: string,
  ) {
    super(message);
    this.name = "OperatorNotOfferedError";
  }
}

/** The account's base URL, else the operator's production host, without a trailing slash. */
export function operatorBaseUrl(context: ConnectorContext<unknown>, productionUrl: string): string {
  return (context.account.baseUrl ?? productionUrl).replace(/\/$/, "");
}

/**
 * What an error thrown around a submit or a status check means for the order. A submit refused
 * for our own setup fails at once (nothing reached the operator); anything else leaves the order
 * where it was, to be asked again: an unanswered call may have reached the operator, so it is
 * never a failure.
 */
export function outcomeOfCallError(err: unknown, what: "submit" | "status check", operation: string): ConnectorOutcome {
  const refused = err instanceof OperatorConfigurationError || err instanceof OperatorCredentialsRefusedError;
  const raw = err instanceof OperatorCredentialsRefusedError ? { status: String(err.httpStatus) } : undefined;
  if (refused && what === "submit") return { status: "failed", reason: "configuration_error", message: err.message, raw };
  if (refused || err instanceof OperatorUnavailableError) return { status: "pending", message: err.message, raw };
  if (err instanceof ConnectorNetworkError) return { status: "pending", message: `no answer to the ${operation} ${what}: ${err.message}` };
  return { status: "pending", message: `unexpected error around the ${operation} ${what}: ${err instanceof Error ? err.message : String(err)}` };
}
