import type { AppEnvironment } from "@/lib/config";
import { firstPaymentExample, firstPayoutExamples, sandboxTestNumbers, type SandboxOutcome } from "@/lib/dashboard/getting-started";
import type { Locale, Messages } from "@/lib/dashboard/i18n";
import { onboardingMessages, type OnboardingMessages } from "@/lib/dashboard/i18n-onboarding";
import { Fragment } from "react";
import { CopyButton } from "./client/copy-button";

/**
 * The empty states of a new merchant: what to do next, with the requests to copy
 * (this deployment's API URL, $API_KEY for the key shown only once) and, in the sandbox, the
 * test numbers from the simulator's table. Words: lib/dashboard/i18n-onboarding.ts.
 */

/** A shell command with its copy button; the block scrolls sideways and takes focus to do so by keyboard. */
export function Command({ command, copyLabel, m, testId }: { command: string; copyLabel: string; m: Messages; testId?: string }) {
  return (
    <div className="command">
      <pre tabIndex={0} data-testid={testId}>
        <code>{command}</code>
      </pre>
      <CopyButton value={command} label={copyLabel} copiedLabel={m.copied} />
    </div>
  );
}

/** `insufficient_funds` may wrap after an underscore on a phone, never inside a word. */
function breakAfterUnderscores(code: string) {
  return code.split("_").map((part, i) => (i === 0 ? part : <Fragment key={i}>_<wbr />{part}</Fragment>));
}

function outcomeText(outcome: SandboxOutcome | null, o: OnboardingMessages) {
  if (!outcome) return o.testNumbers.succeeds;
  if (outcome.kind === "no_answer") return o.testNumbers.noAnswer;
  if (outcome.kind === "reversed") return o.testNumbers.reversed;
  return (
    <>
      <code className="code-name">{breakAfterUnderscores(outcome.code)}</code> — {o.outcomes[`${outcome.direction}.${outcome.reason}`] ?? outcome.message}
    </>
  );
}

/** The simulator's outcomes by the number's last two digits. Sandbox only. */
export function SandboxTestNumbers({ locale }: { locale: Locale }) {
  const o = onboardingMessages(locale);
  const table = sandboxTestNumbers();
  return (
    <section aria-labelledby="test-numbers-title" className="stack" id="test-numbers" data-testid="test-numbers">
      <h2 id="test-numbers-title">{o.testNumbers.title}</h2>
      <p>{o.testNumbers.intro.replace("{s}", String(table.answerSeconds).replace(".", locale === "fr" ? "," : "."))}</p>
      <div className="table-wrap" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">{o.testNumbers.endsIn}</th>
              <th scope="col">{o.testNumbers.payment}</th>
              <th scope="col">{o.testNumbers.payout}</th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.digits}>
                <th scope="row">
                  <code>…{row.digits}</code>
                </th>
                <td>{outcomeText(row.collect, o)}</td>
                <td>{outcomeText(row.payout, o)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">{o.testNumbers.refunds}</p>
    </section>
  );
}

/** The first payment: the key, the request to copy, where it shows up; then the test numbers. */
export function FirstPaymentGuide(props: { environment: AppEnvironment; country: string; publicKey: string | null; canSeeKeys: boolean; locale: Locale; m: Messages }) {
  const { environment, country, publicKey, canSeeKeys, locale, m } = props;
  const o = onboardingMessages(locale);
  const sandbox = environment === "sandbox";
  const request = firstPaymentExample(environment, country);
  const keyLine = `export API_KEY="${publicKey ?? (sandbox ? "pk_test_…" : "pk_live_…")}:${o.payments.secretPlaceholder}"`;
  return (
    <section aria-labelledby="first-payment-title" className="panel stack" data-testid="first-payment">
      <h2 id="first-payment-title">{sandbox ? o.payments.title : o.payments.titleLive}</h2>
      <p>{sandbox ? o.payments.intro : o.payments.introLive}</p>
      <ol className="steps">
        <li>
          <h3>{o.payments.keyStep}</h3>
          <p>{o.payments.keyText}</p>
          <Command command={keyLine} copyLabel={o.payments.copyKey} m={m} testId="api-key-command" />
          <p className="muted">{o.payments.keyOnce}</p>
          <p>{canSeeKeys ? <a href="/dashboard/api-keys">{o.payments.keysLink}</a> : o.payments.keysAsk}</p>
        </li>
        <li>
          <h3>{o.payments.requestStep}</h3>
          <Command command={request.curl} copyLabel={o.payments.copyRequest} m={m} testId="first-payment-command" />
          <p className="muted">{o.payments.requestHelp}</p>
        </li>
        <li>
          <h3>{o.payments.followStep}</h3>
          <p>
            {o.payments.followText} <a href="/dashboard/webhooks">{o.payments.webhooksLink}</a>
          </p>
        </li>
      </ol>
      {sandbox ? <SandboxTestNumbers locale={locale} /> : null}
    </section>
  );
}

/** The first payout: test funds (sandbox), the quote, the payout of that quote. */
export function FirstPayoutGuide({ environment, country, locale, m }: { environment: AppEnvironment; country: string; locale: Locale; m: Messages }) {
  const o = onboardingMessages(locale);
  const sandbox = environment === "sandbox";
  const { quote, initiate } = firstPayoutExamples(environment, undefined, country);
  return (
    <section aria-labelledby="first-payout-title" className="panel stack" data-testid="first-payout">
      <h2 id="first-payout-title">{sandbox ? o.payouts.title : o.payouts.titleLive}</h2>
      <p>{sandbox ? o.payouts.intro : o.payouts.introLive}</p>
      <ol className="steps">
        {sandbox ? (
          <li>
            <h3>{o.payouts.fundsStep}</h3>
            <p>
              <a href="/dashboard/balances">{o.payouts.fundsLink}</a>
            </p>
          </li>
        ) : null}
        <li>
          <h3>{o.payouts.quoteStep}</h3>
          <Command command={quote.curl} copyLabel={o.payouts.copyQuote} m={m} testId="first-quote-command" />
          <p className="muted">{o.payouts.quoteHelp}</p>
        </li>
        <li>
          <h3>{o.payouts.initiateStep}</h3>
          <Command command={initiate.curl} copyLabel={o.payouts.copyInitiate} m={m} testId="first-payout-command" />
          <p className="muted">{o.payouts.initiateHelp}</p>
        </li>
      </ol>
      {sandbox ? <SandboxTestNumbers locale={locale} /> : null}
    </section>
  );
}
