import { ScrollTable } from "./code-block";
import { VARIABLES } from "@/lib/config";
import { nextPollOffsetMs } from "@/lib/orders/poll-cadence";
import { PaymentStatus, PayoutStatus, RefundStatus } from "@/lib/db/generated/enums";
import { ALLOWED_TRANSITIONS, FINAL_STATUSES } from "@/lib/payments/payment-lifecycle";
import { canTransitionPayout } from "@/lib/payouts/transition-payout";
import { canTransitionRefund } from "@/lib/refunds/transition-refund";
import { guideTitle } from "./guides";
import styles from "./docs.module.css";

/**
 * The three state machines as tables. The edges are read from the code that enforces them
 * (payment-lifecycle.ts, transition-payout.ts, transition-refund.ts); only the words saying when
 * each one happens are written here (tests/unit/docs/lifecycles-guide.test.ts checks every edge
 * has them, so a new transition cannot go undocumented).
 */
type Edge = { from: string; to: string };

export const PAYMENT_WHEN: Record<string, string> = {
  "pending→processing": "The provider accepted the request: the customer has the prompt on their phone (or is on the operator's page).",
  "pending→cancelled": "You cancel (POST /payments/{transactionId}/cancel) or the customer cancels on the hosted page, before it was sent to the provider.",
  "pending→expired": "expiresAt passed before the payment was sent to a provider (and no earlier attempt of a hosted checkout may still be paid).",
  "pending→failed": "The provider refused the request, or no provider account was available to send it.",
  "processing→success": "The provider confirmed: the amount minus the fee is credited to collect.pending.",
  "processing→failed": "The provider reported a failure (errorCode says why), or gave no final answer within the provider timeout (errorCode timeout).",
  "success→refunded": "Successful refunds now cover the whole amount.",
  "failed→success":
    "Late success: a payment failed with errorCode timeout, or a hosted checkout whose earlier attempt the provider now reports paid. An operator callback or a re-check finds the customer did pay; the money was taken, so success wins and is credited.",
  "failed→pending": "Hosted checkout only: after a failed attempt the customer tries again (another method or number).",
  "failed→cancelled": "Hosted checkout only: after a failed attempt the customer gives up.",
};

export const PAYOUT_WHEN: Record<string, string> = {
  "pending→processing": "The provider accepted the payout — or it was sent and the provider has not answered within the provider timeout, so it may have: it stays held until the provider says. The total debit was held from your balance when the payout was created.",
  "pending→failed": "The provider refused it at submission; the held debit, fees included, is back in your balance.",
  "pending→cancelled": "You cancelled it (POST /payouts/{payoutId}/cancel) before it was sent, e.g. while it waits for an unavailable provider; the held debit is back.",
  "processing→success": "The beneficiary was paid; the held debit is final.",
  "processing→failed": "The provider reported a failure (or confirmed it never received the payout); the held debit is back. Our own timeout never fails a payout the provider may still pay.",
  "failed→success": "Late success: the provider reported a failure, then that it paid after all. The money left, so the debit is taken again from your available balance (what it cannot cover is owed to us), and our operations team contacts you.",
  "success→reversed": "The provider returned the money it paid (a Wave reversal): the amount is back in your available balance (reversal.credited); the fees are not refunded.",
};

export const REFUND_WHEN: Record<string, string> = {
  "pending→processing": "The provider accepted the refund — or it was sent and the provider has not answered within the provider timeout, so it may have: it stays held until the provider says. The amount was held from your collect balance when the refund was created.",
  "pending→failed": "The provider refused it at submission, or refunds are not available for it; the amount is back in your balance.",
  "processing→success": "The customer got the money back; the payment's refundedAmount grows (and it becomes refunded once fully refunded).",
  "processing→failed": "The provider reported a failure (or confirmed it never received the refund); the amount is back. Our own timeout never fails a refund the provider may still pay.",
  "failed→success": "Late success: the provider reported a failure, then that the customer got the money back after all. The amount is taken again from your available balance (what it cannot cover is owed to us), and our operations team contacts you.",
};

const pairs = <S extends string>(statuses: S[], allowed: (from: S, to: S) => boolean): Edge[] =>
  statuses.flatMap((from) => statuses.filter((to) => allowed(from, to)).map((to) => ({ from, to })));

export const paymentEdges = () => pairs(Object.values(PaymentStatus), (from, to) => ALLOWED_TRANSITIONS[from].includes(to));
export const payoutEdges = () => pairs(Object.values(PayoutStatus), canTransitionPayout);
export const refundEdges = () => pairs(Object.values(RefundStatus), canTransitionRefund);

function Machine({ id, title, object, edges, when, finals }: { id: string; title: string; object: string; edges: Edge[]; when: Record<string, string>; finals: string[] }) {
  return (
    <>
      <h3 id={id}>{title}</h3>
      <p>
        Start: <code>pending</code>. Final: {finals.map((s, i) => <span key={s}>{i > 0 ? ", " : ""}<code>{s}</code></span>)}. Each change sends the{" "}
        <code>{object}.&lt;new status&gt;</code> webhook.
      </p>
      <ScrollTable label={`${object} states`}>
        <table className={styles.table} data-testid={`${id}-table`}>
          <caption className={styles.caption}>{title}: every allowed change of status</caption>
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">To</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            {edges.map((e) => (
              <tr key={e.from + e.to}>
                <td>
                  <code>{e.from}</code>
                </td>
                <td>
                  <code>{e.to}</code>
                </td>
                <td>{when[`${e.from}→${e.to}`] ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </>
  );
}

export function LifecyclesGuide() {
  const timeoutSeconds = Number(VARIABLES.PROVIDER_TIMEOUT_SECONDS.default);
  // The poll cadence, read from the scheduler: the first three checks, in seconds after the submission.
  const cadence = (direction: "collect" | "payout") => {
    const out: number[] = [];
    let at = 0;
    for (let i = 0; i < 3; i++) out.push((at = nextPollOffsetMs(direction, at)));
    return out.map((ms) => `${ms / 1000} s`).join(", ");
  };
  const payoutFinals = Object.values(PayoutStatus).filter((s) => payoutEdges().every((e) => e.from !== s));
  const refundFinals = Object.values(RefundStatus).filter((s) => refundEdges().every((e) => e.from !== s));
  return (
    <section id="lifecycles" className={styles.operation}>
      <h2>{guideTitle("lifecycles")}</h2>
      <p>
        A status only moves along the rows below; each change is applied once, even when a callback, a poll and your cancel arrive together.
        We learn outcomes from operators&apos; callbacks and by asking them (payments: {cadence("collect")} after the submission, then every 30 s
        up to 5 min, then every 5 min; payouts and refunds: {cadence("payout")} after the submission, then every 5 min). With no final answer after the provider
        timeout ({timeoutSeconds / 60} min by default, <code>PROVIDER_TIMEOUT_SECONDS</code>) a payment fails with <code>timeout</code>: no money left
        your customer&apos;s wallet that we know of, and a late success still wins. A payout or a refund is different: once sent, only the provider
        decides where the money went. It stays <code>processing</code> with its funds held, our operations team follows it up, and we keep asking the
        provider (hourly, then less often) until it gives its final answer.
      </p>
      <Machine id="lifecycle-payment" title="Payment (collect)" object="payment" edges={paymentEdges()} when={PAYMENT_WHEN} finals={FINAL_STATUSES.filter((s) => s !== "failed" && s !== "success")} />
      <p>
        <code>success</code> is final except for refunds; <code>failed</code> is final except for a late success after a timeout and, on the
        hosted checkout, a new attempt. A <code>processing</code> payment never expires: the customer may be approving it, so only the
        provider&apos;s answer or the timeout ends it.
      </p>
      <p>
        <b>Late success after a timeout.</b> A payment we failed with <code>timeout</code> stays attached to the operator&apos;s reference. If
        the operator later reports it paid (its callback, or a re-check), it moves <code>failed</code> → <code>success</code>, you get{" "}
        <code>payment.success</code> after the earlier <code>payment.failed</code>, and the amount is credited. Treat <code>timeout</code> as
        &quot;not paid so far&quot;: do not hand the goods over, but do not treat a later success as an error either. Any other failure is
        final, except on the hosted checkout (below).
      </p>
      <p>
        <b>Hosted checkout attempts.</b> When the customer tries again after a failure (another method or number), every earlier attempt
        stays known to us: we ask the provider about the last one before sending a new prompt, and send none while its outcome is unclear
        (the payment stays <code>pending</code>, the page waits). If an earlier attempt turns out paid, the payment takes it: <code>success</code>,
        with that attempt&apos;s method and number. If the customer was charged twice — an earlier attempt went through after a later one
        had paid, or a charge went through for a payment already cancelled or expired — you get <code>payment.duplicate_charge</code>
        once: the duplicate is never added to your balance, it is refunded to the customer automatically where the provider refunds,
        else our operations follow it up.
      </p>
      <Machine id="lifecycle-payout" title="Payout" object="payout" edges={payoutEdges()} when={PAYOUT_WHEN} finals={payoutFinals} />
      <p>
        A payout is never failed by our timeout: it ends on the provider&apos;s answer. <code>success</code> is final except for a reversal by
        the provider (<code>payout.reversed</code> follows <code>payout.success</code>), <code>failed</code> except for a late success. A bulk
        payout sends <code>payout.bulk.completed</code> once every one of its payouts is final.
      </p>
      <Machine id="lifecycle-refund" title="Refund" object="refund" edges={refundEdges()} when={REFUND_WHEN} finals={refundFinals} />
    </section>
  );
}
