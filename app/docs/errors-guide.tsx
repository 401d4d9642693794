import { REASON_TABLE } from "@/lib/connectors/platform-error-code";
import { ERROR_CODES, type ErrorCode } from "@/lib/errors";
import { toErrorBody, zodToAppError } from "@/lib/http/error-response";
import { ERROR_STATUS, REASON_PHRASES } from "@/lib/http/error-status";
import { initiatePaymentBody } from "@/lib/payments/initiate-payment-input";
import { CodeBlock, ScrollTable } from "./code-block";
import { guideTitle } from "./guides";
import { QUICKSTART_PAYMENT } from "./quickstart-guide";
import styles from "./docs.module.css";

/**
 * Every `code` an error body can carry (lib/errors.ts ERROR_CODES, the Error schema's enum), its
 * status from the one table (lib/http/error-status.ts) and what it means, as read where each one
 * is thrown. The Record type makes a new code fail the type check until it is explained here.
 */
const MEANING: Record<ErrorCode, string> = {
  invalid_request: "The request cannot be used as sent: X-Idempotency-Key and Idempotency-Key differ, an idempotency key is not 1–255 printable ASCII characters, or the body could not be read completely.",
  invalid_json: "The body is not valid JSON or not UTF-8, or a JSON body is required and missing.",
  validation_error: "A field of the body, query or path is missing or invalid; `details` lists each one with its `path` and `message`.",
  invalid_amount: "Zero, negative, more decimals than the currency has, or outside the provider's, corridor's or method's bounds; on a refund, more than what is left to refund (422).",
  invalid_phone: "Not an E.164 number of the country (prefix, length), or the number belongs to another operator than `provider` (the message names it).",
  invalid_currency: "A currency this API does not handle, or no exchange rate links the two currencies.",
  invalid_country: "A country code this API does not serve (the message lists the ones it does).",
  provider_unavailable: "An unknown provider or payout method, a provider that does not pay out or has no tariff, or a provider with no operator account available right now in this environment.",
  quote_expired: "The quote is past its 5 minutes, or the balance mode changed since it was priced: request a new quote.",
  corridor_unsupported: "No payout corridor from your country to that destination, currency and method (see GET /payouts/reference/corridors).",
  purpose_missing: "An international payout without a purpose (`purpose` or `international.purpose`).",
  company_missing: "A B2B payout without `sender.company`.",
  insufficient_balance: "A wallet cannot cover the debit; on a refund, your available collect balance cannot cover it (422).",
  INSUFFICIENT_BALANCE: "A quote (or a quoted payout) no wallet can cover: the body adds `balanceCategory`, `attempts[]` and `convertibleFrom[]` (currencies you may pass as `allowFxFrom`).",
  limit_exceeded: "A payout outside your per-transaction minimum or maximum, or past your daily or monthly limit; the message names the threshold and its currency.",
  bulk_rejected: "An atomic bulk payout where an item is invalid or the total is not covered: nothing was created; `items[]` gives each item's error.",
  unauthenticated: "Credentials missing, malformed, unknown, of the other environment, revoked, or rotated past their grace period.",
  forbidden: "Valid credentials without the right: a suspended merchant, or live access before verification.",
  not_found: "No such resource for you (another merchant's resource is not found either), no such endpoint, or a sandbox-only endpoint in production.",
  method_not_allowed: "The path exists but not with this method; the `Allow` header lists the ones it takes.",
  idempotency_key_in_progress: "A request with this idempotency key is still running: retry shortly.",
  payload_too_large: "The body is larger than the route accepts (64 KB unless the route says otherwise).",
  unsupported_media_type: "A body sent without `Content-Type: application/json`.",
  idempotency_key_reused: "This idempotency key was used with another body.",
  quote_already_used: "The quote already made a payout (the body adds its `payoutId`): request a new quote.",
  duplicate_reference: "`externalReference` is already used by another payment or payout (the body adds its `transactionId`), or twice in one bulk.",
  invalid_state: "The resource's status does not allow the action: refunding a payment that is not `success` or has nothing left, cancelling a payment or payout that has gone too far, resending an event with no URL or to a disabled endpoint…",
  slug_taken: "POST /payment-links with a `slug` another payment link already has: choose another, or leave it out to get one made from the title.",
  rate_limited: "Too many requests in the window, or too many failed authentications from your address: wait `Retry-After` seconds.",
  internal_error: "Our fault. Nothing internal is in the body; quote its `requestId` to support. A retry with the same idempotency key runs again.",
  service_unavailable: "Reserved: no route sends it today (a health check that fails answers 503 with its own report).",
};

const uniqueColumn = (column: "collect" | "payout") => [...new Set(Object.values(REASON_TABLE).map((r) => r[column]))];

export function ErrorsGuide() {
  // A real refusal, made by the same schema and mapper the API uses: the amount sent as a string.
  const parsed = initiatePaymentBody.safeParse({ ...QUICKSTART_PAYMENT, amount: String(QUICKSTART_PAYMENT.amount) });
  const example = parsed.success ? null : toErrorBody(zodToAppError(parsed.error, "body"), "req_…");
  return (
    <section id="errors" className={styles.operation}>
      <h2>{guideTitle("errors")}</h2>
      <p>
        Every error has the same body: <code>statusCode</code>, <code>message</code> (for the developer, safe to log), <code>error</code> (the
        HTTP reason phrase), <code>code</code> (act on this one), <code>details</code> for field errors and <code>requestId</code> (also in
        the <code>X-Request-Id</code> header: quote it to support). Branch on <code>code</code>, never on <code>message</code>.
      </p>
      {example ? (
        <CodeBlock id="errors-example" label="An error body">
          {JSON.stringify(example, null, 2)}
        </CodeBlock>
      ) : null}
      <p>
        The status follows from the code. Two exceptions answer 422 instead of 400 because the request is fine but stored state refuses it: a
        refund larger than what is left (<code>invalid_amount</code>) or than your available balance (<code>insufficient_balance</code>).
      </p>
      <ScrollTable label="Error codes">
        <table className={styles.table} data-testid="error-codes">
          <thead>
            <tr>
              <th scope="col">code</th>
              <th scope="col">HTTP</th>
              <th scope="col">Meaning</th>
            </tr>
          </thead>
          <tbody>
            {ERROR_CODES.map((code) => (
              <tr key={code} id={`error-${code}`}>
                <td>
                  <code>{code}</code>
                </td>
                <td>
                  {ERROR_STATUS[code]} {REASON_PHRASES[ERROR_STATUS[code]]}
                </td>
                <td>{MEANING[code]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      <h3>Why a payment, payout or refund failed</h3>
      <p>
        A transaction that fails after it was accepted is not an HTTP error: it has <code>status: &quot;failed&quot;</code> with{" "}
        <code>errorCode</code> and <code>errorMessage</code>, in its status and its <code>*.failed</code> webhook.
      </p>
      <ul className={styles.fields}>
        <li>
          <b>Payments</b> <span className={styles.desc}>— {uniqueColumn("collect").map((c) => <code key={c}>{c} </code>)}</span>
        </li>
        <li>
          <b>Payouts and refunds</b> <span className={styles.desc}>— {uniqueColumn("payout").map((c) => <code key={c}>{c} </code>)}</span>
        </li>
      </ul>
      <p>
        <code>timeout</code> (payments) means the provider gave no final answer within the provider timeout; such a payment may still become{" "}
        <code>success</code> if the provider reports it later (<a href="/docs/lifecycles">states</a>).
      </p>
    </section>
  );
}
