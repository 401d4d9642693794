import { setting, VARIABLES } from "@/lib/config";
import { CodeBlock } from "./code-block";
import { guideTitle } from "./guides";
import styles from "./docs.module.css";

/**
 * Payment links as lib/payment-links makes them: the API, the customer's two steps, one payment
 * per submission, the cap on payments, the limits, and how the link's payments are found.
 */
export function PaymentLinksGuide({ sandboxBaseUrl }: { sandboxBaseUrl: string | null }) {
  const base = sandboxBaseUrl ?? "https://<sandbox host>/api/v1";
  const origin = base.replace(/\/api\/v1$/, "");
  const create = `curl -X POST ${base}/payment-links \\
  -H "X-API-Key: $PUBLIC_KEY:$SECRET_KEY" \\
  -H "X-Idempotency-Key: robe-wax-link" \\
  -H "Content-Type: application/json" \\
  -d '{
    "title": "Robe wax, taille unique",
    "description": "Livraison à Dakar sous 48 h.",
    "amount": 15000,
    "currency": "XOF",
    "collect": { "name": "required", "phone": "required", "customField": { "label": "Taille", "required": false } },
    "maxPayments": 20,
    "successMessage": "Merci ! Nous vous appelons pour la livraison."
  }'`;
  const answer = `{
  "id": "plink_01j9x7k2m3…",
  "slug": "robe-wax-taille-unique-k3x9",
  "url": "${origin}/pay/robe-wax-taille-unique-k3x9",
  "qrCode": { "png": "${origin}/pay/robe-wax-taille-unique-k3x9/qr.png", "svg": "…/qr.svg" },
  "status": "active",
  "amount": 15000, "currency": "XOF",
  "paymentsCount": 0, "amountCollected": 0,
  …
}`;
  return (
    <section id="payment-links" className={styles.operation}>
      <h2>{guideTitle("payment-links")}</h2>
      <p>
        A payment link is a page at <code>/pay/&lt;slug&gt;</code> that you share by WhatsApp, SMS, Instagram or a printed QR code: no
        code on your side. Make one in the dashboard (Payment links › New) or with the API:
      </p>
      <CodeBlock id="payment-link-create" label="Create a payment link">
        {create}
      </CodeBlock>
      <CodeBlock id="payment-link-answer" label="Answer (201)">
        {answer}
      </CodeBlock>
      <ul className={styles.fields}>
        <li>
          <b>Amount</b>{" "}
          <span className={styles.desc}>
            — <code>amount</code> for a fixed price; leave it out to let the customer type it, between <code>minAmount</code> and{" "}
            <code>maxAmount</code> (default: what the offered methods take). Amounts follow the currency&apos;s minor unit (XOF has none:
            <code>100.5</code> is 400 <code>invalid_amount</code>). An amount no offered method takes is refused when the link is made, and a
            typed amount outside the bounds is refused on the page, before any payment exists and before any operator is called.
          </span>
        </li>
        <li>
          <b>Where and how</b>{" "}
          <span className={styles.desc}>
            — <code>countries</code> (default: your account&apos;s) and <code>methods</code> (default: every mobile-money method the checkout
            offers there). With several countries the customer picks theirs first.
          </span>
        </li>
        <li>
          <b>What to ask</b>{" "}
          <span className={styles.desc}>
            — <code>collect.name</code>, <code>collect.phone</code>, <code>collect.email</code>: <code>off</code>, <code>optional</code> or{" "}
            <code>required</code>; <code>collect.customField</code> one question of yours, answered in the payment&apos;s{" "}
            <code>metadata.customField</code>. The phone is put in the checkout&apos;s wallet-number field.
          </span>
        </li>
        <li>
          <b>Afterwards</b> <span className={styles.desc}>— <code>successMessage</code> on the receipt, or <code>redirectUrl</code> (with <code>transactionId</code> and <code>status</code> in its query).</span>
        </li>
        <li>
          <b>Until when</b>{" "}
          <span className={styles.desc}>
            — <code>expiresAt</code>, <code>maxPayments</code> (payments in progress hold a place until they end, so two customers cannot both
            take the last one), or <code>POST /payment-links/&#123;paymentLinkId&#125;/deactivate</code> (final). The page then says why it
            takes no payment.
          </span>
        </li>
        <li>
          <b>Picture</b> <span className={styles.desc}>— <code>image</code>: base64 of a PNG, JPEG or WebP of at most 200 KB; shown on the page and in the shared preview (Open Graph).</span>
        </li>
      </ul>
      <h3>What the customer does</h3>
      <ol>
        <li>
          Opens <code>/pay/&lt;slug&gt;</code> (French or English from their phone&apos;s language, with a switch): your logo and colour, the
          picture, the title, the amount or a field for it, and your questions. The page is plain HTML with no script, a few kilobytes.
        </li>
        <li>
          Continues to the hosted checkout of an ordinary <code>checkout</code> payment: picks their operator, approves on the phone, reads
          your message or is sent to your address. Cancelling brings them back to the link&apos;s page.
        </li>
      </ol>
      <p>
        Each submission of the page&apos;s form creates exactly one payment: a double tap or a refreshed POST finds the first one. Submissions
        are limited per customer address ({VARIABLES.PAYMENT_LINK_SUBMITS_PER_IP_PER_MINUTE.default} a minute by default,{" "}
        <code>PAYMENT_LINK_SUBMITS_PER_IP_PER_MINUTE</code>; this deployment: {setting("PAYMENT_LINK_SUBMITS_PER_IP_PER_MINUTE")}) and per link (
        <code>PAYMENT_LINK_SUBMITS_PER_LINK_PER_MINUTE</code>, {setting("PAYMENT_LINK_SUBMITS_PER_LINK_PER_MINUTE")}).
      </p>
      <h3>Its payments</h3>
      <p>
        Every payment made through a link carries <code>paymentLinkId</code>: in <code>GET /payments/status/&#123;transactionId&#125;</code>,
        the transaction detail and list, every <code>payment.*</code> webhook, and the dashboard&apos;s CSV export (<code>payment_link_id</code>).
        List one link&apos;s payments with <code>GET /payments/transactions?paymentLinkId=plink_…</code>; the link itself shows{" "}
        <code>paymentsCount</code> and <code>amountCollected</code> (successful payments, less refunds).
      </p>
    </section>
  );
}
