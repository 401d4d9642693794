import { setting, VARIABLES } from "@/lib/config";
import { MAX_SCHEDULED_ATTEMPTS, RETRY_DELAYS_MS, RETRY_JITTER } from "@/lib/webhooks/webhook-config";
import { WEBHOOK_EVENT_STATUSES } from "@/lib/webhooks/event-types";
import { CodeBlock, exampleText, InlineCode } from "./code-block";
import { guideTitle } from "./guides";
import styles from "./docs.module.css";

/**
 * Webhooks (docs/design/webhooks.md) as lib/webhooks sends them: where, the body, the Standard Webhooks
 * headers, verification with the official libraries (their APIs as read in
 * github.com/standard-webhooks/standard-webhooks, libraries/javascript, python and php), the
 * retry schedule from webhook-config.ts, resend.
 */
export type WebhookDoc = { post: { summary: string; description: string; operationId: string; requestBody: { content: Record<string, { example?: unknown }> } } };

const NODE = `// npm install standardwebhooks
import { createServer } from "node:http";
import { Webhook } from "standardwebhooks";

const wh = new Webhook(process.env.WEBHOOK_SECRET); // whsec_… from the dashboard

createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8"); // the raw body, as received
    let event;
    try {
      event = wh.verify(body, req.headers); // throws WebhookVerificationError
    } catch {
      res.writeHead(400).end();
      return;
    }
    // Dedupe on event.id (= webhook-id), then act on event.type and event.data.
    res.writeHead(204).end();
  });
}).listen(8080);`;

const PYTHON = `# pip install standardwebhooks
import os
from standardwebhooks.webhooks import Webhook, WebhookVerificationError

wh = Webhook(os.environ["WEBHOOK_SECRET"])  # whsec_… from the dashboard

def handle(body: bytes, headers: dict) -> int:
    """body: the raw request body; headers: the request's headers. Returns the status to answer.
    Flask: handle(request.get_data(), dict(request.headers))"""
    try:
        event = wh.verify(body, headers)
    except WebhookVerificationError:
        return 400
    # Dedupe on event["id"] (= webhook-id), then act on event["type"] and event["data"].
    return 204`;

const PHP = `<?php
// composer require standard-webhooks/standard-webhooks
require __DIR__ . '/vendor/autoload.php';

$wh = new \\StandardWebhooks\\Webhook(getenv('WEBHOOK_SECRET')); // whsec_… from the dashboard
$body = file_get_contents('php://input'); // the raw body, as received
// The library looks the three headers up by their lower-case names.
$headers = array_change_key_case(getallheaders(), CASE_LOWER);

try {
    $event = $wh->verify($body, $headers);
} catch (\\StandardWebhooks\\Exception\\WebhookVerificationException $e) {
    http_response_code(400);
    exit;
}
// Dedupe on $event['id'] (= webhook-id), then act on $event['type'] and $event['data'].
http_response_code(204);`;

const duration = (ms: number) => (ms < 60_000 ? `${ms / 1000} s` : ms < 3_600_000 ? `${ms / 60_000} min` : `${ms / 3_600_000} h`);

export function WebhooksGuide({ webhooks }: { webhooks: Record<string, WebhookDoc> }) {
  const events = Object.values(webhooks);
  const example = webhooks["payment.success"]?.post.requestBody.content["application/json"]?.example;
  const timeoutMs = Number(VARIABLES.WEBHOOK_TIMEOUT_MS.default);
  const headers = [
    "webhook-id: evt_…                 # the event's id: the same on every attempt and resend",
    "webhook-timestamp: 1767225600     # this attempt's time, Unix seconds",
    "webhook-signature: v1,<base64>    # HMAC-SHA256 of \"<id>.<timestamp>.<body>\"; during a secret rotation, two, space-separated",
    "content-type: application/json",
  ].join("\n");
  return (
    <section id="webhooks" className={styles.operation}>
      <h2>{guideTitle("webhooks")}</h2>
      <p>
        Every change of a payment, payout or refund status is recorded as an event, in the same database transaction as the change, and
        POSTed to the transaction&apos;s <code>callbackUrl</code>, else to your account&apos;s webhook URL (dashboard, Webhooks). With
        neither, the event is kept (status <code>skipped</code>) and can be resent once a URL is set.
      </p>
      <h3>Events</h3>
      <ul className={styles.fields}>
        {events.map(({ post }) => (
          <li key={post.summary} id={post.operationId}>
            <code>{post.summary}</code> <span className={styles.desc}> — <InlineCode text={post.description} /></span>
          </li>
        ))}
      </ul>
      <h3>Body and headers</h3>
      <p>
        The body is <code>{"{id, type, createdAt, environment, data}"}</code>; <code>data</code> is the object the status endpoint returned at
        the moment of the change. It is fixed when the event is recorded: every attempt and every resend sends the same bytes. The example the
        OpenAPI document carries for <code>payment.success</code>:
      </p>
      {example !== undefined ? (
        <CodeBlock id="webhook-example" label="Example webhook body">
          {exampleText(example)}
        </CodeBlock>
      ) : null}
      <CodeBlock id="webhook-headers" label="Webhook headers">
        {headers}
      </CodeBlock>
      <h3>Verify the signature</h3>
      <p>
        Events are signed per <a href="https://www.standardwebhooks.com/">Standard Webhooks</a> with your endpoint&apos;s secret (
        <code>whsec_…</code>, shown once in the dashboard; a rotation keeps the previous one signing for{" "}
        {VARIABLES.WEBHOOK_SECRET_GRACE_HOURS.default} h by default, <code>WEBHOOK_SECRET_GRACE_HOURS</code>). Verify the raw body, before any
        JSON parsing re-serialises it, with the official library of your language: each one checks the signature (any of the ones sent),
        refuses a timestamp more than 5 minutes away from your clock, and returns the parsed event.
      </p>
      <h4>Node.js</h4>
      <CodeBlock id="webhook-verify-node" testId="webhook-verify-node" label="Verify in Node.js">
        {NODE}
      </CodeBlock>
      <h4>Python</h4>
      <CodeBlock id="webhook-verify-python" label="Verify in Python">
        {PYTHON}
      </CodeBlock>
      <h4>PHP</h4>
      <CodeBlock id="webhook-verify-php" label="Verify in PHP">
        {PHP}
      </CodeBlock>
      <h3>Answer, retries and resend</h3>
      <ul className={styles.fields}>
        <li>
          <b>2xx</b> <span className={styles.desc}>within {timeoutMs / 1000} s (<code>WEBHOOK_TIMEOUT_MS</code>; this deployment: {setting("WEBHOOK_TIMEOUT_MS") / 1000} s): delivered. Answer first, work after.</span>
        </li>
        <li>
          <b>410 Gone</b>{" "}
          <span className={styles.desc}>
            — stops that event; when it came from your account&apos;s URL, that endpoint is disabled until you re-enable it or set a new URL (a
            transaction&apos;s <code>callbackUrl</code> answering 410 disables nothing).
          </span>
        </li>
        <li>
          <b>Anything else</b> <span className={styles.desc}>— another status, a redirect (not followed), a timeout or a network error: retried.</span>
        </li>
      </ul>
      <p data-testid="webhook-retries">
        A failed attempt is retried after {RETRY_DELAYS_MS.map((ms, i) => <span key={i}>{i > 0 ? ", then " : ""}{duration(ms)}</span>)} (each
        delay ±{RETRY_JITTER * 100} %, so that a receiver back from an outage is not flooded). That makes {MAX_SCHEDULED_ATTEMPTS} attempts over about{" "}
        {Math.round(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) / 3_600_000)} hours; after the last one fails the event is{" "}
        <code>failed</code>. Event statuses: {WEBHOOK_EVENT_STATUSES.map((s, i) => <span key={s}>{i > 0 ? ", " : ""}<code>{s}</code></span>)}.
      </p>
      <p>
        Delivery is at least once, and events are delivered independently: dedupe on <code>webhook-id</code>, and read the status from{" "}
        <code>data</code> rather than from the order events arrive in. Every attempt is recorded:{" "}
        <a href="/docs/reference#listWebhookEvents">
          <code>GET /webhooks/events</code>
        </a>{" "}
        and the dashboard list them with each answer. <a href="/docs/reference#resendWebhookEvent">
          <code>POST /webhooks/events/{"{eventId}"}/resend</code>
        </a>{" "}
        (or Resend in the dashboard) sends one more attempt now, whatever the event&apos;s status, with the same <code>webhook-id</code>; it does
        not change the automatic schedule.
      </p>
      <p>
        Production sends only to https URLs. Hosts that resolve to private, loopback or link-local addresses are refused, checked at every
        attempt, unless the deployment sets <code>WEBHOOK_ALLOW_PRIVATE</code> (local development).
      </p>
    </section>
  );
}
