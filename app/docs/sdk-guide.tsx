import { CodeBlock } from "./code-block";
import { guideTitle } from "./guides";
import styles from "./docs.module.css";

/**
 * The TypeScript SDK (sdk/, generated from this document by `npm run sdk`). The sample is the
 * flow tests/e2e/sdk.spec.ts runs against a live server.
 */
const SAMPLE = `import { createPaymentsClient, PaymentsApiError, verifyWebhook } from "@payments-platform/sdk";

const api = createPaymentsClient({ apiKey: process.env.API_KEY!, baseUrl: process.env.BASE_URL! });

// Collect: an idempotency key is sent for you (or pass { idempotencyKey: "order-1042" }).
const { data } = await api.payments.initiate({
  type: "direct", amount: 5000, currency: "XOF", country: "SN",
  provider: "orange", customerPhone: "+221770000012", externalReference: "order-1042",
});
const payment = await api.payments.waitUntilFinal(data.transactionId); // polls GET /payments/status

// Pay out: quote first, then confirm with the quote.
const quote = await api.payouts.quote({ amount: 10000, currency: "XOF", destinationCountry: "SN", method: "orange" });
const payout = await api.payouts.initiate({ quoteId: quote.quoteId, recipient: { phone: "+221770000012", name: "Awa Diop" } });

// Errors are typed: switch on code, quote requestId to support.
try {
  await api.payouts.initiate({ quoteId: quote.quoteId, recipient: { phone: "+221770000012", name: "Awa Diop" } });
} catch (err) {
  if (err instanceof PaymentsApiError && err.code === "quote_already_used") { /* … */ }
}

// Lists: iterate every page.
for await (const t of api.payments.listAll({ status: "success" })) console.log(t.transactionId);

// Webhooks: verify the raw body with your whsec_… secret (the official standardwebhooks library).
const event = verifyWebhook(rawBody, request.headers, process.env.WEBHOOK_SECRET!);
if (event.type === "payment.success") console.log(event.data.amount);`;

export function SdkGuide() {
  return (
    <section id="sdk" className={styles.operation}>
      <h2>{guideTitle("sdk")}</h2>
      <p>
        <code>@payments-platform/sdk</code> is generated from this document: every operation, body and error code is typed, and it cannot
        fall behind the API (our CI regenerates it and fails on any difference). On top of the generated client it adds only what
        every integration rewrites otherwise:
      </p>
      <ul>
        <li>
          <strong>Auth</strong>: <code>X-API-Key</code> on every call.
        </li>
        <li>
          <strong>Idempotency and retries</strong>: every POST that honours <code>X-Idempotency-Key</code> gets one (a UUID, or yours), kept
          across retries. A 429, or a 503 with <code>Retry-After</code>, is retried for any call, waiting as told (up to 60 s). Network errors,
          timeouts and other 5xx are retried only when repeating cannot act twice: a GET or a POST with a key. Otherwise it waits 0.5 s,
          then 1 s, 2 s… with jitter, 2 retries by default.
        </li>
        <li>
          <strong>Typed errors</strong>: <code>PaymentsApiError</code> carries <code>status</code>, <code>code</code> (one of the{" "}
          <a href="/docs/errors">error codes</a>), <code>requestId</code>, <code>details</code> and <code>retryAfter</code>;{" "}
          <code>PaymentsNetworkError</code> means no answer came.
        </li>
        <li>
          <strong>Pagination</strong>: <code>listAll</code> and <code>allTransactions</code> iterate page-numbered and cursor lists.
        </li>
        <li>
          <strong>Webhooks</strong>: <code>verifyWebhook</code> checks the signature and timestamp with the official Standard Webhooks library
          and returns the typed event.
        </li>
        <li>
          <strong>One object model</strong>: <code>api.objects</code> reads the spec&apos;s differing shapes one way (no envelope,{" "}
          <code>paymentId</code> / <code>payoutId</code>, <code>externalReference</code>, typed methods, lower-case error codes); see{" "}
          <a href="/docs/spec-quirks">the spec&apos;s quirks and how the SDK evens them out</a>.
        </li>
      </ul>
      <CodeBlock id="sdk-sample" label="Using the SDK">
        {SAMPLE}
      </CodeBlock>
      <p>
        Anything else: <code>api.raw</code> is the typed openapi-fetch client for every operation (<code>{"api.raw.GET(\"/payouts/limits\")"}</code>
        returns <code>{"{ data, error, response }"}</code> and never throws).
      </p>
    </section>
  );
}
