import { VARIABLES } from "@/lib/config";
import type { Merchant } from "@/lib/db/generated/client";
import { AppError } from "@/lib/errors";
import { toErrorBody } from "@/lib/http/error-response";
import { convertMinor, CURRENCY_CODES, type CurrencyCode, currencyExponent, INVERTED_RATE_DIGITS, minorToDecimalString, RATE_DECIMALS, toMinor, toMinorAllowZero } from "@/lib/money";
import { planQuote, type QuoteRequest } from "@/lib/payouts/build-quote";
import { QUOTE_TTL_SECONDS, quoteRow } from "@/lib/payouts/create-quote";
import { quoteView } from "@/lib/payouts/quote-view";
import { buildCatalogue } from "@/lib/reference/build-catalogue";
import { DEFAULT_SPREAD_PERCENT, SEED_FX_RATES, SEED_PAYOUT_TARIFFS } from "@/lib/reference/catalogue-seed";
import { seedRows } from "@/lib/reference/seed-rows";
import { CodeBlock } from "./code-block";
import { INTERNATIONAL_EXAMPLES } from "./international-examples";
import { guideTitle } from "./guides";
import styles from "./docs.module.css";

/**
 * Quotes and FX with worked examples that are not written by hand: each one runs the quote
 * pipeline itself (planQuote → quoteRow → quoteView, the code POST /payouts/quote runs) on the
 * seed catalogue (rates, spreads, tariffs as seeded) and the default limits, for a Senegalese
 * merchant settling in XOF with the wallets shown. Only the database is left out.
 */
type Example = { id: string; title: string; wallets: Partial<Record<CurrencyCode, bigint>>; request: QuoteRequest; why: (q: Quoted) => string };
type Quoted = ReturnType<typeof quoteView>;

const catalogue = () => buildCatalogue(seedRows());
const merchant = { id: "mch_docs", country: "SN", settlementCurrency: "XOF" } as Merchant;
const limits = () => ({
  currency: "XOF" as const,
  daily: toMinorAllowZero(VARIABLES.PAYOUT_DAILY_LIMIT.default, "XOF"),
  monthly: toMinorAllowZero(VARIABLES.PAYOUT_MONTHLY_LIMIT.default, "XOF"),
  perTxMin: toMinorAllowZero(VARIABLES.PAYOUT_MIN_AMOUNT.default, "XOF"),
  perTxMax: toMinorAllowZero(VARIABLES.PAYOUT_MAX_AMOUNT.default, "XOF"),
});

function quote(example: Example): { quote: Quoted } | { error: ReturnType<typeof toErrorBody> } {
  const wallets = Object.entries(example.wallets).map(([currency, available]) => ({ currency: currency as CurrencyCode, available: available! }));
  try {
    const planned = planQuote(merchant, example.request, { catalogue: catalogue(), limits: limits(), balanceCategory: "collect", wallets });
    const row = quoteRow(merchant.id, "sandbox", planned, { internal: false, now: new Date("2026-03-02T10:15:30.000Z") });
    return { quote: { ...quoteView({ ...row, id: "qt_…" } as Parameters<typeof quoteView>[0]) } };
  } catch (err) {
    if (err instanceof AppError) return { error: toErrorBody(err, "req_…") };
    throw err;
  }
}

const show = (minor: bigint, currency: CurrencyCode) => `${minorToDecimalString(minor, currency)} ${currency}`;
const held = (wallets: Example["wallets"]) =>
  Object.entries(wallets)
    .map(([c, m]) => show(m!, c as CurrencyCode))
    .join(" and ");

const usdMid = SEED_FX_RATES.find((r) => r.base === "USD" && r.quote === "XOF")!.midRate;
const mobileDomestic = SEED_PAYOUT_TARIFFS.find((t) => t.method === "mobile_money" && t.type === "c2c" && t.scope === "domestic")!;
const mobileInternational = SEED_PAYOUT_TARIFFS.find((t) => t.method === "mobile_money" && t.type === "c2c" && t.scope === "international")!;

/** "15.40 USD gives 9101 XOF; 15.39 USD would give 9095 XOF", by lib/money's own conversion. */
function topUpCheck(q: Quoted): string {
  const topUp = q.fxTopUp;
  if (!topUp) return "";
  const from = topUp.fromCurrency as CurrencyCode;
  const to = topUp.toCurrency as CurrencyCode;
  const source = toMinor(topUp.sourceAmount, from);
  const gives = (minor: bigint) => show(convertMinor(minor, from, to, String(topUp.rate), "down"), to);
  return `${show(source, from)} gives ${gives(source)}; ${show(source - 1n, from)} would give ${gives(source - 1n)}`;
}

const EXAMPLES: Example[] = [
  {
    id: "quote-same-currency",
    title: "Same currency, enough in the wallet",
    wallets: { XOF: 100_000n },
    request: { amount: 10_000, currency: "XOF", destinationCountry: "SN", method: "orange" },
    why: (q) =>
      `Fee: ${mobileDomestic.percent} % of ${q.input.amount} XOF, at least ${mobileDomestic.minimumXof} XOF (domestic mobile money) = ${q.fees.amount} XOF. totalDebit = ${q.source.amount} + ${q.fees.amount} = ${q.totalDebit.amount} XOF. No fx (same currency), no top-up (the wallet covers it).`,
  },
  {
    id: "quote-parity-top-up",
    title: "Shortfall covered at parity (XAF → XOF)",
    wallets: { XOF: 1_000n, XAF: 100_000n },
    request: { amount: 10_000, currency: "XOF", destinationCountry: "SN", method: "orange" },
    why: (q) =>
      `The XOF wallet holds 1000 of the ${q.totalDebit.amount} XOF needed: only the shortfall, ${q.fxTopUp?.targetAmount} XOF, is converted, from XAF at the fixed parity (rate 1, no spread, parity true), without allowFxFrom.`,
  },
  {
    id: "quote-floating-top-up",
    title: "Shortfall converted from USD (allowFxFrom)",
    wallets: { XOF: 1_000n, USD: 10_000n },
    request: { amount: 10_000, currency: "XOF", destinationCountry: "SN", method: "orange", allowFxFrom: "USD" },
    why: (q) =>
      `Mid USD→XOF ${usdMid}; this rate converts your money, so the ${DEFAULT_SPREAD_PERCENT} % spread lowers it: ${usdMid} × (1 − ${DEFAULT_SPREAD_PERCENT} %) = ${q.fxTopUp?.rate}. ` +
      `sourceAmount is the smallest amount whose conversion (rounded down) covers the ${q.fxTopUp?.targetAmount} XOF shortfall: ${topUpCheck(q)}.`,
  },
  {
    id: "quote-insufficient",
    title: "The same without allowFxFrom: 400 INSUFFICIENT_BALANCE",
    wallets: { XOF: 1_000n, USD: 10_000n },
    request: { amount: 10_000, currency: "XOF", destinationCountry: "SN", method: "orange" },
    why: () => "A floating-rate conversion needs your consent: convertibleFrom lists the currencies you may pass as allowFxFrom (empty: fund the account).",
  },
  {
    id: "quote-fx",
    title: "Beneficiary paid in another currency (XOF → USD, Orange Money DR Congo)",
    wallets: { XOF: 1_000_000n },
    request: { amount: 100_000, currency: "XOF", destinationCountry: "CD", destinationCurrency: "USD", method: "orange" },
    why: (q) =>
      `fx.rate = (1 ÷ ${usdMid}, to ${INVERTED_RATE_DIGITS} significant digits) × (1 − ${DEFAULT_SPREAD_PERCENT} %) = ${q.fx?.rate}; destination = ${q.source.amount} × ${q.fx?.rate} = ${q.destination.amount} USD (half-up to the cent). Fee: ${mobileInternational.percent} % of ${q.input.amount} XOF, at least ${mobileInternational.minimumXof} XOF (international mobile money) = ${q.fees.amount} XOF.`,
  },
];

export function QuotesGuide() {
  return (
    <section id="quotes" className={styles.operation}>
      <h2>{guideTitle("quotes")}</h2>
      <p>
        A payout is priced first (
        <a href="/docs/reference#createPayoutQuote">
          <code>POST /payouts/quote</code>
        </a>
        ), then confirmed with the <code>quoteId</code> (
        <a href="/docs/reference#initiatePayout">
          <code>POST /payouts/initiate</code>
        </a>
        ). A quote fixes amounts, rates and fees for {QUOTE_TTL_SECONDS} s (<code>expiresIn</code>), is used at most once (again: 422{" "}
        <code>quote_already_used</code>; late: 400 <code>quote_expired</code>).
      </p>
      <ul className={styles.fields}>
        <li>
          <b>source</b> <span className={styles.desc}>— what is sent to the provider, in the payout <code>currency</code>; <b>destination</b> — what the beneficiary receives (converted with <code>fx</code> when its currency differs).</span>
        </li>
        <li>
          <b>fees</b>{" "}
          <span className={styles.desc}>
            — from a tariff always in XOF: max(percent × the amount in XOF at the mid rate, minimum) + flat, converted into the debited
            wallet&apos;s currency; <code>fees.billed</code> keeps the XOF amount and the rate used.
          </span>
        </li>
        <li>
          <b>totalDebit</b>{" "}
          <span className={styles.desc}>
            — source + fees, in the wallet actually debited: the payout currency&apos;s wallet if you hold it and it covers the debit, otherwise
            your settlement currency&apos;s.
          </span>
        </li>
        <li>
          <b>fxTopUp</b>{" "}
          <span className={styles.desc}>
            — when that wallet falls short, only the shortfall is converted from another of your wallets: automatically at a fixed parity (XOF↔XAF,
            rate 1, preferred when possible), or at a floating rate only from the currency you name in <code>allowFxFrom</code>.
          </span>
        </li>
      </ul>
      <h3>Rates and rounding</h3>
      <ul className={styles.fields}>
        <li>
          <span className={styles.desc}>
            Every <code>rate</code> multiplies an amount in the first currency named to give the second (<code>fx.rate</code>: payout currency →
            destination; <code>fxTopUp.rate</code>: <code>fromCurrency</code> → <code>toCurrency</code>; <code>fees.billed.rate</code>: XOF →
            debited currency).
          </span>
        </li>
        <li>
          <span className={styles.desc}>
            Floating rates are a mid rate moved against you by the spread ({DEFAULT_SPREAD_PERCENT} % by default): × (1 − spread) when the rate
            converts your money (<code>fx</code>, <code>fxTopUp</code>), × (1 + spread) when it prices what you pay (fees and a debit in another
            currency). Rates keep {RATE_DECIMALS} decimal places (half-up); an inverted pair keeps {INVERTED_RATE_DIGITS} significant digits.
          </span>
        </li>
        <li>
          <span className={styles.desc}>
            Amounts are rounded once, to the currency&apos;s minor unit: conversions and fees half-up; <code>fxTopUp.sourceAmount</code> up (the
            smallest amount whose conversion covers the shortfall). Decimals per currency:{" "}
            {CURRENCY_CODES.map((c, i) => (
              <span key={c}>
                {i > 0 ? ", " : ""}
                {c} {currencyExponent(c)}
              </span>
            ))}
            .
          </span>
        </li>
      </ul>
      <h3>Worked examples</h3>
      <p className={styles.desc}>
        Computed by the quote engine itself with the sandbox&apos;s seeded rates and tariffs (an operator may have changed them on this
        deployment: <code>GET /payouts/reference/corridors</code> and a quote tell you the live ones), for a merchant in Senegal settling in XOF.
      </p>
      {EXAMPLES.map((example) => {
        const result = quote(example);
        return (
          <div key={example.id} id={example.id}>
            <h4>{example.title}</h4>
            <p>
              Wallets: {held(example.wallets)}. Request:
            </p>
            <CodeBlock id={`${example.id}-request`} label={`${example.title}: request`}>
              {JSON.stringify(example.request, null, 2)}
            </CodeBlock>
            <CodeBlock id={`${example.id}-response`} testId={`${example.id}-response`} label={`${example.title}: answer`}>
              {JSON.stringify("quote" in result ? result.quote : result.error, null, 2)}
            </CodeBlock>
            <p className={styles.desc}>{"quote" in result ? example.why(result.quote) : example.why(undefined as never)}</p>
          </div>
        );
      })}
      <h3 id="international-payouts">International payouts, step by step</h3>
      <p className={styles.desc}>
        A quote tells you what its payout will need: <code>requirements.international</code> and <code>requirements.fields</code>, the dotted
        paths of the <code>POST /payouts/initiate</code> fields that are required with it (a purpose, the sender with an identity and the
        recipient&apos;s names and nationality for any cross-border payout, SWIFT details for a bank abroad). Send them all with the
        quote&apos;s <code>quoteId</code>. If some are missing, one 400 names every one in <code>details</code> (code{" "}
        <code>purpose_missing</code> when the purpose is among them, <code>company_missing</code> for a b2b payout without{" "}
        <code>sender.company</code>, else <code>validation_error</code>). <code>GET /payouts/reference/purposes</code> lists the purposes
        a corridor accepts (any case).
      </p>
      {INTERNATIONAL_EXAMPLES.map((example) => {
        const result = quote({ id: example.id, title: example.title, wallets: { XOF: 10_000_000n }, request: example.quote as QuoteRequest, why: () => "" });
        const answer = "quote" in result ? result.quote : result.error;
        return (
          <div key={example.id} id={example.id}>
            <h4>{example.title}</h4>
            <p>1. Quote (<code>POST /payouts/quote</code>):</p>
            <CodeBlock id={`${example.id}-quote`} label={`${example.title}: quote request`}>
              {JSON.stringify(example.quote, null, 2)}
            </CodeBlock>
            <p>
              2. The answer; its <code>requirements</code> list what step 3 must carry:
            </p>
            <CodeBlock id={`${example.id}-quote-answer`} testId={`${example.id}-quote-answer`} label={`${example.title}: quote answer`}>
              {JSON.stringify(answer, null, 2)}
            </CodeBlock>
            <p>
              3. Initiate (<code>POST /payouts/initiate</code>) with the quote&apos;s id and every required field; 201 with the payout{" "}
              <code>pending</code>, then follow it by webhook or <code>GET /payouts/status/{"{payoutId}"}</code>:
            </p>
            <CodeBlock id={`${example.id}-initiate`} label={`${example.title}: initiate request`}>
              {JSON.stringify({ quoteId: "quoteId" in answer ? answer.quoteId : "qt_…", ...example.initiate }, null, 2)}
            </CodeBlock>
          </div>
        );
      })}
    </section>
  );
}
