import { AIRTEL_MAPPING } from "@/lib/connectors/airtel/mapping";
import { MPESA_MAPPING } from "@/lib/connectors/mpesa-daraja/mapping";
import { platformErrorCode } from "@/lib/connectors/platform-error-code";
import type { NeutralReason } from "@/lib/connectors/connector";
import styles from "./docs.module.css";

/**
 * One section per connector for M-Pesa Daraja and Airtel Money: what it supports, its settings and
 * secrets, and its status mapping drawn from the connector's own mapping table (so the page cannot
 * drift from the code). Details and known unknowns: lib/connectors/<type>/README.md.
 */
type Rule = { outcome: string; reason?: NeutralReason | Record<string, NeutralReason>; ambiguous?: true };

function describe(rule: Rule): string {
  if (rule.outcome === "failed") {
    const r = rule.reason!;
    if (typeof r === "string") return `failed: ${r} → ${platformErrorCode("collect", r)} / ${platformErrorCode("payout", r)}`;
    return `failed: collect ${r.collect} (${platformErrorCode("collect", r.collect)}), payout ${r.payout} (${platformErrorCode("payout", r.payout)})`;
  }
  if (rule.outcome === "from_code") return "failed: reason from the response code";
  if (rule.outcome === "from_body") return "read the body";
  return `${rule.outcome}${rule.ambiguous ? " (ambiguous: ask again later)" : ""}`;
}

function Table({ title, rows }: { title: string; rows: Record<string, Rule> }) {
  return (
    <>
      <h3>{title}</h3>
      <ul className={styles.fields}>
        {Object.entries(rows).map(([code, rule]) => (
          <li key={code}>
            <code>{code}</code> <span className={styles.desc}>→ {describe(rule)}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

export function MpesaAirtelGuide() {
  return (
    <>
      <section id="connector-mpesa-daraja" className={styles.operation}>
        <h2>Connector: M-Pesa Daraja (<code>mpesa-daraja</code>)</h2>
        <p>
          Safaricom Kenya, in KES (whole shillings). Collect: M-Pesa Express (STK push) and the STK query. Payout: B2C with the initiator&apos;s
          SecurityCredential (the initiator password encrypted with Safaricom&apos;s certificate). Payout status: Transaction Status, whose
          answer arrives asynchronously. No refund (no reversal API in the reference: a refund route to it is refused). Callbacks are unsigned:
          each callback URL carries our reference and an HMAC of it, a callback on any other URL is refused (401), and the STK callback, the B2C
          result and the queue timeout only trigger a status check; only the answer to our own Transaction Status query is applied.
        </p>
        <p>
          <strong>Not routable yet:</strong> the spec&apos;s provider codes are a closed list without an M-Pesa code and the catalogue has no
          Kenya; the connector works (and is tested against its simulator) for when they are added.
        </p>
        <pre tabIndex={0}>
          <code>{`npm run ops -- connector:add --id safaricom-ke --type mpesa-daraja --setting shortcode=174379 \\
  --setting b2cShortcode=600999 --setting initiatorName=api_user --secrets-env MPESA_KE`}</code>
        </pre>
        <p>
          Settings: <code>shortcode</code> (STK BusinessShortCode; collection), <code>transactionType</code> (CustomerPayBillOnline |
          CustomerBuyGoodsOnline), <code>partyB</code> (till; defaults to shortcode), <code>accountReference</code> (≤ 12, on the prompt),{" "}
          <code>b2cShortcode</code>, <code>initiatorName</code>, <code>commandId</code> (BusinessPayment | SalaryPayment | PromotionPayment),{" "}
          <code>b2cVersion</code> (v3 | v1), <code>currency</code> (KES), <code>products</code> (collection,payout). Secrets:{" "}
          <code>&lt;PREFIX&gt;_CONSUMER_KEY</code>, <code>_CONSUMER_SECRET</code>, <code>_PASSKEY</code> (collection),{" "}
          <code>_INITIATOR_PASSWORD</code>, <code>_SAFARICOM_CERTIFICATE</code> (payout; PEM certificate or public key).
        </p>
        <Table title="STK ResultCode" rows={MPESA_MAPPING.stkResultCodes} />
        <Table title="Transaction Status (B2C confirmation)" rows={MPESA_MAPPING.transactionStatuses} />
        <Table title="B2C ResultCode (recorded from the unsigned result; never applied by itself)" rows={MPESA_MAPPING.b2cResultCodes} />
        <Table title="HTTP answers to a submit" rows={MPESA_MAPPING.submitHttp} />
        <Table title="Error envelope codes" rows={MPESA_MAPPING.errorCodes} />
      </section>
      <section id="connector-airtel" className={styles.operation}>
        <h2>Connector: Airtel Money (<code>airtel</code>)</h2>
        <p>
          One account per country and currency (the <code>X-Country</code> / <code>X-Currency</code> headers): in the catalogue Airtel collects and
          pays out in NE, GA, CG, TD and pays out in CD (CDF, USD). Collect: USSD push, then enquiry. Payout: B2C disbursement with the wallet
          PIN RSA-encrypted with Airtel&apos;s public key. Refund: in full only, by the collection&apos;s airtel_money_id, answered by{" "}
          <code>data.transaction.status</code> (Airtel publishes <code>SUCCESS</code> with <code>status.success: false</code>); an unanswered
          refund is never resent: its status is read from an enquiry of the collection, and held for review until Airtel confirms it. Message signing (x-signature / x-key) where the country requires it. Callbacks:
          with callback authentication on, a callback without a valid <code>hash</code> is refused (401); every callback only triggers an
          enquiry.
        </p>
        <pre tabIndex={0}>
          <code>{`npm run ops -- connector:add --id airtel-ga --type airtel --setting country=GA --setting currency=XAF \\
  [--setting apiVersion=v2] [--setting refundApiVersion=v1] [--setting messageSigning=true] [--setting callbackAuth=true] --secrets-env AIRTEL_GA`}</code>
        </pre>
        <p>
          Settings: <code>country</code>, <code>currency</code>, <code>apiVersion</code> (v1 | v2), <code>refundApiVersion</code> (v2 | v1),{" "}
          <code>pinEncryption</code> (pkcs1 | oaep-sha256), <code>messageSigning</code>,{" "}
          <code>callbackAuth</code>, <code>products</code> (collection,disbursement). Secrets: <code>&lt;PREFIX&gt;_CLIENT_ID</code>,{" "}
          <code>_CLIENT_SECRET</code>, <code>_DISBURSEMENT_PIN</code> and <code>_PIN_PUBLIC_KEY</code> (disbursement),{" "}
          <code>_CALLBACK_SECRET</code> (with callbackAuth). Airtel sends callbacks to the URL registered for the app: register{" "}
          <code>/api/v1/connectors/&lt;accountId&gt;/callback</code>.
        </p>
        <Table title="Transaction status" rows={AIRTEL_MAPPING.statuses} />
        <Table title="Response and result codes" rows={AIRTEL_MAPPING.codes} />
        <Table title="HTTP answers" rows={AIRTEL_MAPPING.http} />
        <Table title="Refund answer (data.transaction.status)" rows={AIRTEL_MAPPING.refundStatuses} />
        <Table title="Enquiry of a refunded collection (anything else: held for review)" rows={AIRTEL_MAPPING.refundedCollection} />
      </section>
    </>
  );
}
