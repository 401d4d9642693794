import { InlineCode } from "./code-block";
import { guideTitle } from "./guides";
import styles from "./docs.module.css";

/**
 * What changed in /api/v1 that an integrator can see, newest first, dated by the commit that
 * shipped it (git log), and the versioning policy (docs/decisions/sdk-and-docs.md, "Versioning").
 * Add a line here with every change a client could notice.
 */
type Entry = { date: string; changes: string[] };

export const CHANGELOG: Entry[] = [
  {
    date: "2026-11-28",
    changes: [
      "`POST /providers/predict` answers `wholeUnits` (additive): whether the predicted provider takes whole units only in the country's currency, as its channel's `wholeUnits` in `GET /providers/payment-methods`.",
      "Orange Money DRC pays out whole Congolese francs (`wholeUnits` on its CDF payout channel; its USD channel keeps cents): 100,000.50 CDF is refused with 400 `invalid_amount`, a payout converted into CDF is rounded down to a whole franc.",
      "A payment link whose `minAmount` or `maxAmount` has cents is refused with 400 `invalid_amount` on that field when every method it offers takes whole units only.",
      "Payment methods carry `wholeUnits`: the channel takes whole units only (a currency without minor unit, or M-Pesa and Airtel in Kenya and the Tanzanian wallets, which take no cents). An amount with cents to such a channel is refused at initiate (collect, checkout, payment links, payouts, refunds) with 400 `invalid_amount` whose `details` name the field; a payout converted into one is rounded down to a whole unit.",
      "Default payout limits are per settlement currency (GHS 2 to 100,000 per payout, 200,000 a day; KES 20 to 1,000,000…); XOF and XAF are unchanged. `GET /payouts/limits` shows them.",
      "Quotes carry `requirements` (`international`, `fields`): the POST /payouts/initiate fields the quote's payout will require. Initiate reports every missing field in one 400 (`details` names each; the codes `purpose_missing` and `company_missing` are kept).",
      "The paged lists (`/payments/transactions`, `/payment-links`) refuse an unknown query parameter with 400 `validation_error` naming it, as `/payments/balance/transactions`, `/payouts/bulk` and `/webhooks/events` already did: a misspelt filter no longer answers the whole list.",
      "The OpenAPI document states what the server enforces: countries, currencies and provider codes as enums, amounts > 0 (whole in XOF, XAF, UGX, RWF), bounded `from`/`to`, the paging depth. Nothing the server accepts changed.",
      "Hosted checkout retries: an earlier attempt that the provider reports paid completes the payment (with that attempt's method and number); no new prompt is sent while an earlier one's outcome is unclear.",
      "The `payment.duplicate_charge` webhook: the customer was charged twice for one payment; the duplicate is refunded to the customer automatically where the provider refunds, and never added to your balance.",
    ],
  },
  {
    date: "2026-11-24",
    changes: [
      "`Idempotency-Key` is accepted as an alias of `X-Idempotency-Key`; both with different values is 400 `invalid_request`.",
      "Failed authentications (401, 403) are limited per client address (`RATE_LIMIT_AUTH_FAILURES_PER_MINUTE`) and carry `X-RateLimit-*` headers; past the budget, 429 before the credentials are checked.",
      "A payout's `externalReference` is unique per merchant and environment: a second payout with it is 422 `duplicate_reference` naming the first (single, and each bulk item).",
      "Payment responses (initiate, status, detail, `payment.*` webhooks) carry `fees`, the fee taken on success.",
      "A replayed quote (same idempotency key) shows the `expiresIn` it has left, not 300.",
    ],
  },
  {
    date: "2026-11-23",
    changes: [
      "Refunds: `POST /payments/{transactionId}/refund` (full or partial), `refund.*` webhooks, `payment.refunded`; payments show `refundedAmount` and `refunds[]`.",
      "Bulk payouts: `POST /payouts/bulk`, `GET /payouts/bulk`, `GET /payouts/bulk/{bulkId}`, and the `payout.bulk.completed` webhook.",
      "`POST /providers/predict`: the provider of a phone number from the numbering plans; a direct payment whose number belongs to another operator than `provider` is 400 `invalid_phone`.",
      "Balance history: `GET /payments/balance/transactions`.",
      "Redirect providers: a direct payment may answer `nextAction {type: \"redirect\", url}` where the operator's page must be shown.",
      "The OpenAPI document names its schemas, carries examples, response headers and an `Error.code` enum; 401 answers carry `WWW-Authenticate`.",
    ],
  },
  {
    date: "2026-11-22",
    changes: ["First version of /api/v1: collect, payouts with quotes, balances, reference data, webhooks."],
  },
];

export function ChangelogGuide({ version }: { version: string }) {
  return (
    <section id="changelog" className={styles.operation}>
      <h2>{guideTitle("changelog")}</h2>
      <h3>Versioning</h3>
      <p>
        The API version is in the path: every URL starts with <code>/api/v1</code>. The OpenAPI document&apos;s <code>info.version</code> (
        <code>{version}</code> here) is the version of the platform that serves it, not of the API.
      </p>
      <ul className={styles.fields}>
        <li>
          <span className={styles.desc}>
            Within v1 we only add: endpoints, optional request fields, response fields, webhook event types, error codes and enum values in
            responses. Your client must ignore a field it does not know and treat an unknown <code>code</code>, <code>errorCode</code> or event{" "}
            <code>type</code> as a generic one of its kind.
          </span>
        </li>
        <li>
          <span className={styles.desc}>
            Request bodies are strict: a field the API does not know is 400 <code>validation_error</code>, so a typo never drops data silently.
            Send only documented fields.
          </span>
        </li>
        <li>
          <span className={styles.desc}>
            A change that could break a v1 client (removing or renaming a field, changing a type or a status code, requiring a field that was
            optional) goes to a new version, <code>/api/v2</code>, served next to v1. The date v1 ends is announced here first.
          </span>
        </li>
      </ul>
      <h3>Changelog</h3>
      {CHANGELOG.map((entry) => (
        <div key={entry.date}>
          <h4>
            <time dateTime={entry.date}>{entry.date}</time>
          </h4>
          <ul className={styles.fields}>
            {entry.changes.map((change) => (
              <li key={change}>
                <InlineCode text={change} />
              </li>
            ))}
          </ul>
        </div>
      ))}
      <p className={styles.desc}>
        Before these dates the interface specification recorded one change: the balance response lost its single-currency block at the root (
        <code>currency</code>, <code>categories</code>, <code>totals</code>) for <code>balances[]</code>, one entry per currency, with{" "}
        <code>balanceMode</code> and <code>payoutSourceCategory</code>; quotes gained <code>fxTopUp</code> and <code>fees.billed</code>.
      </p>
    </section>
  );
}
