import { appEnv, setting, VARIABLES } from "@/lib/config";
import { MAX_ROTATION_GRACE_HOURS } from "@/lib/merchants/rotate-api-keys";
import { CodeBlock } from "./code-block";
import { guideTitle } from "./guides";
import styles from "./docs.module.css";

/**
 * Keys and environments (docs/design/environments.md, docs/design/authentication-and-limits.md), from lib/auth: the two header forms, the key
 * prefixes per environment, what each refusal means, rotation and revocation.
 */
export function AuthenticationGuide({ servers }: { servers: { url: string; description: string }[] }) {
  return (
    <section id="authentication" className={styles.operation}>
      <h2>{guideTitle("authentication")}</h2>
      <p>
        Every call that is not public sends the key pair, public key and secret key joined by a colon, in one of two headers:
      </p>
      <CodeBlock id="auth-headers" label="Authentication headers">
        {`X-API-Key: pk_test_…:sk_test_…\nAuthorization: Bearer pk_test_…:sk_test_…`}
      </CodeBlock>
      <p>
        The public key names the pair; the secret proves it and is stored only as a SHA-256 hash, so it is shown once (at sign-up, or when
        you rotate) and cannot be shown again. Keep it on your server: never in a browser, an app or a repository.
      </p>
      <h3>Environments</h3>
      <ul className={styles.fields}>
        <li>
          <b>Sandbox</b> <span className={styles.desc}>— <code>pk_test_…:sk_test_…</code>. No real money: every provider is the simulator (
          <a href="/docs/sandbox">test numbers</a>), and <code>POST /sandbox/wallets/fund</code> adds test funds.</span>
        </li>
        <li>
          <b>Production</b> <span className={styles.desc}>— <code>pk_live_…:sk_live_…</code>, only for a merchant whose verification is
          approved (otherwise 403). Real operators, real money; webhook URLs must be https and public.</span>
        </li>
      </ul>
      <p>
        Each environment is its own deployment with its own base URL and database: a sandbox key sent to production (or the other way round)
        is 401 with a message naming the base URL it belongs to. This deployment is the <b>{appEnv()}</b>. Base URLs:
      </p>
      <ul className={styles.fields}>
        {servers.map((s) => (
          <li key={s.url}>
            <code>{s.url}</code> <span className={styles.desc}>— {s.description}</span>
          </li>
        ))}
      </ul>
      <h3>Refusals</h3>
      <ul className={styles.fields}>
        <li>
          <b>401 unauthenticated</b>{" "}
          <span className={styles.desc}>
            — no credentials, a malformed pair (not <code>pk_…:sk_…</code>, or a public and a secret key of different environments), a key of the
            other environment, an unknown pair or a wrong secret (the same answer, so nobody learns which public keys exist), a revoked key, or
            a rotated key past its grace period. The answer carries <code>WWW-Authenticate</code>.
          </span>
        </li>
        <li>
          <b>403 forbidden</b> <span className={styles.desc}>— the pair is valid but the merchant account is suspended, or is not verified (production).</span>
        </li>
        <li>
          <b>429 rate_limited</b>{" "}
          <span className={styles.desc}>
            — after {VARIABLES.RATE_LIMIT_AUTH_FAILURES_PER_MINUTE.default} failed authentications (401 or 403) in a minute from one address
            (default of <code>RATE_LIMIT_AUTH_FAILURES_PER_MINUTE</code>; this deployment: {setting("RATE_LIMIT_AUTH_FAILURES_PER_MINUTE")}),
            that address is refused before its credentials are even checked, until the window resets (<a href="/docs/rate-limits">Rate limits</a>).
          </span>
        </li>
      </ul>
      <h3>Rotation and revocation</h3>
      <p>
        Rotating (dashboard, API keys) creates a new pair and shows its secret once; the previous pairs keep working for a grace period you
        choose, from 0 to {MAX_ROTATION_GRACE_HOURS} hours (default {VARIABLES.KEY_ROTATION_GRACE_HOURS.default} h,{" "}
        <code>KEY_ROTATION_GRACE_HOURS</code>), then answer 401. Choose 0 after a leak. Revoking a pair stops it; an instance may trust a cached
        key for up to {Number(VARIABLES.API_KEY_CACHE_MS.default) / 1000} s (<code>API_KEY_CACHE_MS</code>), so a revocation shows
        everywhere within that time.
      </p>
    </section>
  );
}
