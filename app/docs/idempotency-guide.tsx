import { contracts } from "@/app/api/v1/contracts";
import { setting, VARIABLES } from "@/lib/config";
import { CodeBlock } from "./code-block";
import { guideTitle } from "./guides";
import styles from "./docs.module.css";

/**
 * Idempotency as lib/http/idempotency.ts and the route wrapper (lib/http/define-route.ts) do it:
 * which routes honour a key (their contracts say so), the key's rules, replay and its refusals.
 */
export function IdempotencyGuide() {
  const routes = contracts.filter((c) => c.idempotency);
  return (
    <section id="idempotency" className={styles.operation}>
      <h2>{guideTitle("idempotency")}</h2>
      <p>
        A network error leaves you not knowing whether a POST was done. Send a key of your choice with it, and retry with the same key and the
        same body as often as you need: it is done once. <code>X-Idempotency-Key</code> is the header; <code>Idempotency-Key</code> (the
        IETF draft&apos;s name) is accepted as its alias. Sending both with different values is 400 <code>invalid_request</code>.
      </p>
      <CodeBlock id="idempotency-header" label="Idempotency header">
        {"X-Idempotency-Key: order-1042-attempt"}
      </CodeBlock>
      <ul className={styles.fields}>
        <li>
          <b>Routes</b>{" "}
          <span className={styles.desc}>
            —{" "}
            {routes.map((c, i) => (
              <span key={c.method + c.path}>
                {i > 0 ? ", " : ""}
                <code>
                  {c.method} {c.path}
                </code>
              </span>
            ))}
            . Elsewhere the header is ignored.
          </span>
        </li>
        <li>
          <b>The key</b> <span className={styles.desc}>— 1 to 255 printable ASCII characters (spaces around it are trimmed); anything else is 400 <code>invalid_request</code>. A UUID or your order number plus an attempt counter both work.</span>
        </li>
        <li>
          <b>Scope and lifetime</b>{" "}
          <span className={styles.desc}>
            — one key per merchant, environment, method and path: the same key on two routes is two keys. Kept{" "}
            {VARIABLES.IDEMPOTENCY_TTL_HOURS.default} h by default (<code>IDEMPOTENCY_TTL_HOURS</code>; this deployment:{" "}
            {setting("IDEMPOTENCY_TTL_HOURS")} h), then forgotten.
          </span>
        </li>
      </ul>
      <h3>What a retry gets</h3>
      <ul className={styles.fields}>
        <li>
          <b>Same key, same body</b>{" "}
          <span className={styles.desc}>
            — the first answer again, same status and body, with the header <code>Idempotent-Replayed: true</code>; nothing is done twice. The
            body is compared as JSON, so key order does not matter. A replayed quote shows the <code>expiresIn</code> it has left now.
          </span>
        </li>
        <li>
          <b>409 idempotency_key_in_progress</b>{" "}
          <span className={styles.desc}>
            — the first request with this key is still running: retry shortly to get its answer. If the process running it died, the key is
            taken over after 60 s.
          </span>
        </li>
        <li>
          <b>422 idempotency_key_reused</b> <span className={styles.desc}>— the key was used with another body: a new request needs a new key.</span>
        </li>
        <li>
          <b>Errors</b>{" "}
          <span className={styles.desc}>
            — a 4xx the request earned (a duplicate reference, a balance too low…) is stored and replayed like a success: the same request would
            fail the same way. A 5xx is not stored, so a retry runs again. Refusals before the request is read (authentication, rate limit, a
            malformed body or query: 400 <code>validation_error</code>) do not use the key at all.
          </span>
        </li>
      </ul>
      <p>
        Without a key, your own reference still guards against doubles: a second payment or payout with an <code>externalReference</code>{" "}
        already used is 422 <code>duplicate_reference</code>, and <code>details</code> names the first one.
      </p>
    </section>
  );
}
