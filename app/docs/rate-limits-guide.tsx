import { contracts } from "@/app/api/v1/contracts";
import { setting, VARIABLES } from "@/lib/config";
import { PLAN_LIMITS } from "@/lib/http/rate-limit";
import { CodeBlock, ScrollTable } from "./code-block";
import { guideTitle } from "./guides";
import styles from "./docs.module.css";

/**
 * Rate limits as lib/http/rate-limit and the route wrapper apply them: per merchant plan
 * (PLAN_LIMITS), per client address for public routes and for failed authentications (defaults
 * from lib/config/variables.ts, and this deployment's values), the headers, the exempt routes.
 */
export function RateLimitsGuide() {
  const exempt = contracts.filter((c) => c.rateLimit === "none");
  const perMinute = (n: number | null) => (n === null ? "unlimited" : `${n} requests per minute`);
  return (
    <section id="rate-limits" className={styles.operation}>
      <h2>{guideTitle("rate-limits")}</h2>
      <p>Limits count requests in a sliding 60-second window.</p>
      <ScrollTable label="Rate limits">
        <table className={styles.table} data-testid="rate-limits">
          <thead>
            <tr>
              <th scope="col">Who</th>
              <th scope="col">Limit</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(PLAN_LIMITS).map(([plan, limit]) => (
              <tr key={plan}>
                <td>
                  A merchant on the <code>{plan}</code> plan (API-key routes)
                </td>
                <td>{perMinute(limit)}</td>
              </tr>
            ))}
            <tr>
              <td>One client address, on public routes</td>
              <td>
                {perMinute(Number(VARIABLES.RATE_LIMIT_PUBLIC_PER_MINUTE.default))} by default (<code>RATE_LIMIT_PUBLIC_PER_MINUTE</code>; this
                deployment: {setting("RATE_LIMIT_PUBLIC_PER_MINUTE") || "off"})
              </td>
            </tr>
            <tr>
              <td>One client address, failed authentications (401, 403)</td>
              <td>
                {Number(VARIABLES.RATE_LIMIT_AUTH_FAILURES_PER_MINUTE.default)} a minute by default (<code>RATE_LIMIT_AUTH_FAILURES_PER_MINUTE</code>;
                this deployment: {setting("RATE_LIMIT_AUTH_FAILURES_PER_MINUTE") || "off"}); once spent, every API-key request from that address
                is refused with 429 until the window resets, before its credentials are checked
              </td>
            </tr>
          </tbody>
        </table>
      </ScrollTable>
      <p>
        An operator can give a merchant its own figure instead of its plan&apos;s. Not limited:{" "}
        {exempt.map((c, i) => (
          <span key={c.method + c.path}>
            {i > 0 ? ", " : ""}
            <code>
              {c.method} {c.path}
            </code>
          </span>
        ))}
        .
      </p>
      <h3>Headers</h3>
      <CodeBlock id="rate-limit-headers" label="Rate-limit headers">
        {[
          "X-RateLimit-Limit: 1000          # requests allowed in the window",
          "X-RateLimit-Remaining: 997       # left in it",
          "X-RateLimit-Reset: 1767225660    # when it resets, Unix seconds",
          "Retry-After: 12                  # on a 429 only: seconds to wait",
        ].join("\n")}
      </CodeBlock>
      <p>
        Limited responses carry the <code>X-RateLimit-*</code> headers (401 and 403 too, counting failed authentications); an unlimited
        (enterprise) merchant gets none. Past the limit the answer is 429 <code>rate_limited</code> with <code>Retry-After</code>: wait that
        long, then retry; a POST retried with its idempotency key is safe. If the limiter itself is unreachable, requests are let through
        rather than refused.
      </p>
    </section>
  );
}
