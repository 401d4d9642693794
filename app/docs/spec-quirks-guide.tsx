import { ERROR_CODES } from "@/lib/errors";
import { PAYOUT_OPERATORS } from "@/lib/reference/provider-codes";
import type { ReactNode } from "react";
import { CodeBlock, ScrollTable } from "./code-block";
import { guideTitle } from "./guides";
import styles from "./docs.module.css";

/**
 * The interface spec's inconsistencies, kept on the wire (clients already parse them), and what
 * the SDK's object model (sdk/src/model.ts, `api.objects`) makes of each. The error codes that
 * differ only by case are found in ERROR_CODES, not listed by hand.
 */
const caseTwins = [...new Set(ERROR_CODES.filter((c) => c !== c.toLowerCase() && (ERROR_CODES as readonly string[]).includes(c.toLowerCase())))];

type Quirk = { topic: string; wire: ReactNode; sdk: ReactNode };

const QUIRKS: Quirk[] = [
  {
    topic: "Envelopes",
    wire: (
      <>
        Collect initiate and balance answer <code>{"{success: true, data}"}</code>; status, quote and payout answers are bare; lists are{" "}
        <code>{"{data, meta}"}</code>; reference listings use their own keys (<code>corridors</code>, <code>purposes</code>, a bare array
        of countries).
      </>
    ),
    sdk: (
      <>
        <code>api.objects.*</code> returns the object itself (<code>unwrapEnvelope</code>); a page stays <code>{"{data, meta}"}</code>, and{" "}
        <code>listAll</code> iterates items.
      </>
    ),
  },
  {
    topic: "Ids",
    wire: (
      <>
        A payment and a payout are both <code>transactionId</code> in bodies; a payout is <code>{"{payoutId}"}</code> in paths.
      </>
    ),
    sdk: (
      <>
        <code>paymentId</code> for a payment, <code>payoutId</code> for a payout, <code>quoteId</code> for a quote (<code>toPayment</code>,{" "}
        <code>toPayout</code>).
      </>
    ),
  },
  {
    topic: "Your reference",
    wire: (
      <>
        <code>externalReference</code> in requests, initiate and lists; <code>merchantReference</code> in the payment status and detail.
      </>
    ),
    sdk: (
      <>
        Always <code>externalReference</code>.
      </>
    ),
  },
  {
    topic: "Payout method",
    wire: (
      <>
        A quote's <code>method</code> is a provider code ({PAYOUT_OPERATORS.join(", ")}) or <code>bank_transfer</code>; the legacy initiate
        takes <code>MOBILE_MONEY</code> or <code>BANK_TRANSFER</code>; a payout answers <code>mobile_money</code> or{" "}
        <code>bank_transfer</code>, its operator under <code>mobileWallet.provider</code>.
      </>
    ),
    sdk: (
      <>
        <code>method</code> is typed <code>&quot;mobile_money&quot; | &quot;bank_transfer&quot;</code> and the operator is{" "}
        <code>provider</code>, on quotes and payouts alike (<code>normalisePayoutMethod</code>).
      </>
    ),
  },
  {
    topic: "Error codes",
    wire: (
      <>
        One condition, two spellings: {caseTwins.map((c) => <code key={c}>{c}</code>)} (the quote&apos;s spec body) and{" "}
        {caseTwins.map((c) => (
          <code key={c}>{c.toLowerCase()}</code>
        ))}{" "}
        (initiate).
      </>
    ),
    sdk: (
      <>
        <code>PaymentsApiError.code</code> is lower case, typed as the union of the codes; <code>error.body.code</code> keeps the wire&apos;s
        spelling.
      </>
    ),
  },
  {
    topic: "Enums",
    wire: <>Currencies, countries, providers and statuses are strings on the wire.</>,
    sdk: (
      <>
        Typed as the document&apos;s enums (the catalogue&apos;s countries, the handled currencies, the provider codes): a typo is a compile
        error. The server stays case-insensitive on codes; the types use the canonical spelling.
      </>
    ),
  },
];

export function SpecQuirksGuide() {
  return (
    <section id="spec-quirks" className={styles.operation}>
      <h2>{guideTitle("spec-quirks")}</h2>
      <p>
        The API answers exactly as its interface specification says, quirks included, so that clients written against it keep working.
        The SDK reads those answers into one object model: <code>api.objects</code> (and the exported functions it uses, for anything
        read through <code>api.raw</code> or received by webhook). Nothing sent on the wire changes.
      </p>
      <ScrollTable label="The spec's quirks and the SDK">
      <table className={styles.table}>
        <thead>
          <tr>
            <th>Topic</th>
            <th>On the wire (the spec)</th>
            <th>In the SDK</th>
          </tr>
        </thead>
        <tbody>
          {QUIRKS.map((q) => (
            <tr key={q.topic}>
              <td>{q.topic}</td>
              <td>{q.wire}</td>
              <td>{q.sdk}</td>
            </tr>
          ))}
        </tbody>
      </table>
      </ScrollTable>
      <CodeBlock id="spec-quirks-sample" label="The object model">{`const payment = await api.objects.initiatePayment({ type: "checkout", amount: 5000, externalReference: "order-1042" });
payment.paymentId;                        // txn_… (the wire's data.transactionId)
const payout = await api.objects.payout("po_…");
payout.payoutId; payout.method; payout.provider; // "po_…", "mobile_money", "orange"`}</CodeBlock>
    </section>
  );
}
