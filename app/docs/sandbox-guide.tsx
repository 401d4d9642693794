import { ScrollTable } from "./code-block";
import { setting, VARIABLES } from "@/lib/config";
import { sandboxTestNumbers, type SandboxOutcome } from "@/lib/dashboard/getting-started";
import { sandboxSampleNumbers, SUCCESS_ENDING } from "@/lib/reference/sample-numbers";
import { guideTitle } from "./guides";
import styles from "./docs.module.css";

/**
 * The sandbox's magic numbers: the simulator's own table (lib/dashboard/getting-started.ts reads
 * it from the simulator connector, as the dashboard's empty states do), so this page cannot
 * restate it wrongly. A refund's outcome follows the payout column, by the refunded amount's last
 * two digits in minor units (the customer's number already decided the payment).
 */
const PHONE_STEM = "+2217700000"; // Orange Senegal (77…), 9 national digits with the ending

function Outcome({ outcome }: { outcome: SandboxOutcome | null }) {
  if (!outcome) return <code>success</code>;
  if (outcome.kind === "no_answer") return <>stays <code>processing</code>: no answer until the provider timeout, then <code>failed</code></>;
  if (outcome.kind === "reversed")
    return (
      <>
        <code>success</code>, then <code>reversed</code> <span className={styles.desc}>— paid, then returned by the operator: <code>payout.success</code> then <code>payout.reversed</code>; the amount back in the balance, fees kept</span>
      </>
    );
  return (
    <>
      <code>failed</code> <code>{outcome.code}</code> <span className={styles.desc}>— {outcome.message}</span>
    </>
  );
}

export function SandboxGuide() {
  const delay = Number(VARIABLES.SANDBOX_PROVIDER_DELAY_MS.default);
  const settlement = Number(VARIABLES.SANDBOX_SETTLEMENT_DELAY_SECONDS.default);
  return (
    <section id="sandbox" className={styles.operation}>
      <h2>{guideTitle("sandbox")}</h2>
      <p>
        In the sandbox every provider is a simulator that moves no money. The last two digits of the customer&apos;s phone (payments), of the
        beneficiary&apos;s phone or bank account number (payouts), or of the refund&apos;s amount in minor units (refunds: the customer&apos;s
        number already decided the payment) pick the outcome; any other ending succeeds. The simulator answers{" "}
        {delay / 1000} s after the submission by default (<code>SANDBOX_PROVIDER_DELAY_MS</code>; this deployment:{" "}
        {setting("SANDBOX_PROVIDER_DELAY_MS") / 1000} s).
      </p>
      <p>
        Numbers are still checked as in production: E.164, the country&apos;s length, and the provider&apos;s own prefixes (
        <a href="/docs/numbering-plans">numbering plans</a>). For Orange Money in Senegal use <code>{PHONE_STEM}XX</code> with the ending below.
      </p>
      <ScrollTable label="Sandbox test numbers">
        <table className={styles.table} data-testid="sandbox-numbers">
          <caption className={styles.caption}>Outcome by the last two digits</caption>
          <thead>
            <tr>
              <th scope="col">Ending</th>
              <th scope="col">Payment (customer&apos;s phone)</th>
              <th scope="col">Payout (phone or account number)</th>
              <th scope="col">Refund (amount in minor units, e.g. XOF 10{"XX"})</th>
            </tr>
          </thead>
          <tbody>
            {[...sandboxTestNumbers().rows, { digits: "any other", collect: null, payout: null }].map((row) => (
              <tr key={row.digits}>
                <th scope="row">
                  <code>{row.digits}</code>
                </th>
                <td>
                  <Outcome outcome={row.collect} />
                </td>
                <td>
                  <Outcome outcome={row.payout} />
                </td>
                <td>
                  <Outcome outcome={row.payout?.kind === "reversed" ? null : row.payout} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      <p>
        A number for every operator of every country, ending in <code>{SUCCESS_ENDING}</code> (success): replace the last two digits with
        an ending above for another outcome. Each sits in the operator&apos;s own block, so it passes the same checks as a real number.
        Amounts follow the currency&apos;s minor unit: UGX, RWF, XOF and XAF are whole; KES, TZS, ZMW, GHS take cents, except where the
        method takes whole units only (<code>wholeUnits</code> in <code>GET /providers/payment-methods</code>: M-Pesa and Airtel in Kenya,
        the four Tanzanian wallets, Orange Money payouts in CDF), in the sandbox as in production.
      </p>
      <ScrollTable label="Sandbox numbers per operator">
        <table className={styles.table} data-testid="sandbox-operator-numbers">
          <caption className={styles.caption}>Sample numbers per country and operator</caption>
          <thead>
            <tr>
              <th scope="col">Country</th>
              <th scope="col">Provider</th>
              <th scope="col">Operator</th>
              <th scope="col">Number</th>
            </tr>
          </thead>
          <tbody>
            {sandboxSampleNumbers().map((row) => (
              <tr key={`${row.country}-${row.provider}`}>
                <td>
                  {row.countryName} ({row.country})
                </td>
                <td>
                  <code>{row.provider}</code>
                </td>
                <td>{row.operator}</td>
                <td>
                  <code>{row.number}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      <ul className={styles.fields}>
        <li>
          <b>Funds for payouts</b>{" "}
          <span className={styles.desc}>
            —{" "}
            <a href="/docs/reference#fundSandboxWallet">
              <code>POST /sandbox/wallets/fund</code>
            </a>{" "}
            <code>{'{"currency": "XOF", "amount": 100000}'}</code> credits a wallet&apos;s <code>available</code> balance at once (also from the
            dashboard&apos;s Balances page). It answers 404 in production.
          </span>
        </li>
        <li>
          <b>Settlement</b>{" "}
          <span className={styles.desc}>
            — a successful payment&apos;s net amount waits in <code>collect.pending</code> for {settlement} s by default (
            <code>SANDBOX_SETTLEMENT_DELAY_SECONDS</code>), then moves to <code>available</code>; a refund draws on <code>available</code>.
          </span>
        </li>
      </ul>
    </section>
  );
}
