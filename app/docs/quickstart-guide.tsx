import { setting } from "@/lib/config";
import { CodeBlock } from "./code-block";
import { guideTitle } from "./guides";
import styles from "./docs.module.css";

/**
 * The quickstart: sandbox keys, one direct payment by curl, its status, its webhooks. The commands
 * are the ones tests/e2e/docs.spec.ts parses and runs against a live server (blocks
 * `quickstart-env`, `quickstart-initiate`, `quickstart-status`): keep them plain curl with
 * `$BASE_URL`, `$API_KEY` and `$TRANSACTION_ID` as the only variables.
 */
export const QUICKSTART_PAYMENT = {
  type: "direct",
  amount: 5000,
  currency: "XOF",
  externalReference: "order-1042",
  provider: "orange",
  country: "SN",
  customerPhone: "+221770000012",
  callbackUrl: "https://example.com/webhooks",
};

export function QuickstartGuide({ sandboxBaseUrl }: { sandboxBaseUrl: string | null }) {
  const base = sandboxBaseUrl ?? "https://<sandbox host>/api/v1";
  const signUpUrl = sandboxBaseUrl ? `${sandboxBaseUrl.replace(/\/api\/v1$/, "")}/signup` : "/signup";
  const delayMs = setting("SANDBOX_PROVIDER_DELAY_MS");
  const env = `export BASE_URL=${base}\nexport API_KEY='pk_test_…:sk_test_…'   # your public and secret key, joined by ':'`;
  const initiate = [
    `curl -s -X POST "$BASE_URL/payments/initiate" \\`,
    `  -H "X-API-Key: $API_KEY" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -H "Idempotency-Key: ${QUICKSTART_PAYMENT.externalReference}" \\`,
    `  -d '${JSON.stringify(QUICKSTART_PAYMENT, null, 2).replace(/\n/g, "\n  ")}'`,
  ].join("\n");
  const status = `curl -s "$BASE_URL/payments/status/$TRANSACTION_ID" -H "X-API-Key: $API_KEY"`;
  return (
    <section id="quickstart" className={styles.operation}>
      <h2>{guideTitle("quickstart")}</h2>
      <ol className={styles.steps}>
        <li>
          <strong>Get sandbox keys.</strong> <a href={signUpUrl}>Sign up on the sandbox</a> and confirm your e-mail: the confirmation page shows your sandbox key
          pair (<code>pk_test_…</code> and <code>sk_test_…</code>) once. The public key stays visible in the dashboard under API keys; a rotation
          there gives a new secret. Running the platform yourself, the start-up banner prints the demo merchant&apos;s keys. Then set two
          variables:
          <CodeBlock id="quickstart-env" testId="quickstart-env" label="Shell variables">
            {env}
          </CodeBlock>
        </li>
        <li>
          <strong>Create a payment.</strong> A <code>direct</code> payment pushes a prompt to the customer&apos;s phone through one provider
          (here Orange Money in Senegal). Put your own endpoint in <code>callbackUrl</code>, or leave it out and set a webhook URL for the
          whole account in the dashboard (Webhooks).
          <CodeBlock id="quickstart-initiate" testId="quickstart-initiate" label="Create a payment">
            {initiate}
          </CodeBlock>
          The answer is <code>201</code> with <code>{"{success: true, data: {transactionId, status: \"pending\", …}}"}</code>. Keep{" "}
          <code>data.transactionId</code> (<code>txn_…</code>). Sending the same request again with the same <code>Idempotency-Key</code> gives
          back the same answer and creates nothing (see <a href="/docs/idempotency">Idempotency</a>).
        </li>
        <li>
          <strong>Follow its status.</strong>
          <CodeBlock id="quickstart-status" testId="quickstart-status" label="Read the payment's status">
            {`export TRANSACTION_ID=txn_…   # data.transactionId from the step before\n${status}`}
          </CodeBlock>
          It goes <code>pending</code> → <code>processing</code> → <code>success</code>: the sandbox&apos;s simulated provider answers{" "}
          {delayMs / 1000} s after the submission on this deployment (<code>SANDBOX_PROVIDER_DELAY_MS</code>). A phone number ending in 90–94
          fails instead, one ending in 99 never gets an answer (<a href="/docs/sandbox">Sandbox test numbers</a>). Polling is the fallback; webhooks
          are the way to learn the outcome.
        </li>
        <li>
          <strong>Receive the webhooks.</strong> Your endpoint gets <code>payment.pending</code>, <code>payment.processing</code> and{" "}
          <code>payment.success</code>, each a signed POST of <code>{"{id, type, createdAt, environment, data}"}</code> where{" "}
          <code>data</code> is what the status endpoint returns. Check the signature with the secret from the dashboard&apos;s Webhooks page (
          <code>whsec_…</code>) before you trust the body, then answer any 2xx: see <a href="/docs/webhooks">Webhooks</a>.
        </li>
      </ol>
    </section>
  );
}
