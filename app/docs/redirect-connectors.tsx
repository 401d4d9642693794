import styles from "./docs.module.css";

/**
 * One section per redirect connector (Wave, Orange Money web payment): what it supports, its
 * settings and secrets, its status mapping. The full tables: lib/connectors/<type>/README.md.
 */
const CONNECTORS = [
  {
    type: "wave",
    title: "Wave (wave) — SN, CI",
    supports: "Collect by checkout session (redirect: nextAction, then the hosted page forwards the customer to Wave's page and back), full refunds of a session, payouts under an Idempotency-Key, signed webhooks (Wave-Signature t=…,v1=… HMAC-SHA256 of t + body; stale or tampered refused).",
    settings: "currency=XOF; webhookStrategy=signing|shared; webhookToleranceSeconds=300; signRequests=false; aggregatedMerchantId (aggregators).",
    secrets: "<PREFIX>_API_KEY, <PREFIX>_WEBHOOK_SECRET; <PREFIX>_SIGNING_SECRET when signRequests=true.",
    rows: [
      ["session open (also after a failed attempt)", "processing"],
      ["complete + succeeded", "success"],
      ["expired / payment cancelled", "failed: reason of last_payment_error, else expired → timeout"],
      ["insufficient-funds / blocked-account, customer-age-restricted / payer-mobile-mismatch", "insufficient_funds / provider_error / user_cancelled"],
      ["payout processing / succeeded / failed", "processing / success / failed by payout_error"],
      ["payout insufficient-funds (422) / recipient-account-* / recipient-limit-exceeded", "insufficient_balance / account_blocked / limit_exceeded"],
      ["429, 5xx, no answer", "pending (searched by client_reference, never resent under a new reference)"],
    ],
  },
  {
    type: "orange-webpay",
    title: "Orange Money web payment (orange-webpay)",
    supports: "Collect only (WebPay has no payout or refund API: route:set refuses those directions). Token, payment init (redirect), notification (unsigned: only triggers a status query), status query.",
    settings: "countryPath=dev|sn|ci|cm|ml|bf|gn…; currency=XOF|XAF; merchantLabel (≤ 30); lang=fr|en.",
    secrets: "<PREFIX>_CLIENT_ID, <PREFIX>_CLIENT_SECRET, <PREFIX>_MERCHANT_KEY.",
    rows: [
      ["INITIATED, PENDING", "processing"],
      ["SUCCESS", "success"],
      ["FAILED", "failed provider_error (WebPay gives no reason)"],
      ["EXPIRED", "failed timeout"],
      ["init 403 (order_id refused)", "failed provider_error"],
      ["init 429, 5xx, no answer", "pending"],
    ],
  },
] as const;

export function RedirectConnectors() {
  return (
    <>
      {CONNECTORS.map((c) => (
        <section key={c.type} id={`connector-${c.type}`} className={styles.operation}>
          <h3>{c.title}</h3>
          <p>{c.supports}</p>
          <p>
            Settings: <code>{c.settings}</code>
          </p>
          <p>
            Secrets: <code>{c.secrets}</code>
          </p>
          <table>
            <thead>
              <tr>
                <th>Operator says</th>
                <th>We record</th>
              </tr>
            </thead>
            <tbody>
              {c.rows.map(([operator, ours]) => (
                <tr key={operator}>
                  <td>{operator}</td>
                  <td>{ours}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </>
  );
}
