import { SEED_COUNTRIES } from "@/lib/reference/catalogue-seed";
import { SEED_NUMBERING_PLANS } from "@/lib/reference/numbering-seed";
import styles from "./docs.module.css";

/**
 * /docs section on predicting the provider (docs/design/provider-prediction.md): the rules, and the numbering plans as
 * seeded, drawn from lib/reference/numbering-seed.ts so the page cannot drift from the seed.
 * The live plans may differ after an operator's edit (`npm run ops -- numbering:list`).
 */
export function NumberingGuide() {
  const portable = SEED_NUMBERING_PLANS.filter((p) => p.portability).map((p) => p.country).join(", ");
  return (
    <section id="numbering-plans" className={styles.operation}>
      <h2>Predicting the provider from a phone number</h2>
      <p>
        <a href="/docs/reference#predictProvider">
          <code>POST /providers/predict</code>
        </a>{" "}
        reads the national numbering plan of the number&apos;s country: which operator was allocated the leading digits of the national
        significant number (the digits after the calling code). It accepts <code>+CC…</code>, <code>00CC…</code>, <code>CC…</code> and
        national forms (with <code>country</code>); spaces, dots, dashes and brackets are ignored; a trunk <code>0</code> is dropped only
        where the country has one (CD, GA, and the six East African and Ghanaian countries: <code>0712 345 678</code> in Kenya; in CI, BJ
        and CG the leading 0 is part of the number). An old 8-digit Benin mobile gains <code>01</code>; an old 8-digit Ivorian number is
        refused (01/05/07 cannot be inferred). The answer is a prediction: a ported number follows its block&apos;s original operator. It
        says how far to trust it: <code>confidence</code> (the plan&apos;s) and <code>portability</code>, true where subscribers can keep
        their number on another operator ({portable}): there the provider is a best guess the customer may correct.
      </p>
      <p>
        Provider codes of East Africa and Ghana: <code>mpesa</code> (Safaricom M-Pesa in KE, Vodacom M-Pesa in TZ), <code>airtel</code>{" "}
        and <code>mtn</code> (the codes already used in West and Central Africa, same operators), <code>mixx</code> (Mixx by Yas, formerly
        Tigo Pesa, TZ), <code>halotel</code> (HaloPesa, TZ), <code>zamtel</code> (Zamtel Kwacha, ZM), <code>telecel</code> (Telecel Cash,
        formerly Vodafone Cash, GH), <code>at</code> (AT Money, formerly AirtelTigo Money, GH). Each collects and pays out in its countries.
      </p>
      <ul className={styles.fields}>
        <li>
          <b>404 not_found</b> <span className={styles.desc}>— no block matches, or the block belongs to an operator without a mobile-money method on this platform (Promobile in SN, Telecel in BF…), or the country has no plan (bank-only destinations: MA, IN, FR, US).</span>
        </li>
        <li>
          <b>400 invalid_phone</b> <span className={styles.desc}>— not digits, wrong length, a calling code we do not serve, or a <code>country</code> that contradicts the number.</span>
        </li>
        <li>
          <b>Direct initiate</b>{" "}
          <span className={styles.desc}>
            — a number whose block belongs to another operator than <code>provider</code> is refused with 400 <code>invalid_phone</code>{" "}
            (&quot;This number belongs to MTN, not Orange.&quot;). Never refused: Wave and Coris (their wallets sit on any mobile number),
            bank transfer and crypto, a provider with no block in that country, and a number whose block is in no plan (the plan may lag a new
            allocation; the operator refuses a number it does not hold).
          </span>
        </li>
        <li>
          <b>Hosted checkout</b>{" "}
          <span className={styles.desc}>
            — typing the number preselects its operator&apos;s method unless the customer picked one; without JavaScript, a form sent without a
            method gets the predicted one.
          </span>
        </li>
      </ul>
      <h3>Plans as seeded (confidence: high = regulator renumbering notice confirmed by libphonenumber; low = ITU national plan as reflected in libphonenumber only, or stale)</h3>
      {SEED_NUMBERING_PLANS.map((plan) => {
        const country = SEED_COUNTRIES.find((c) => c.code === plan.country)!;
        return (
          <div key={plan.country} id={`numbering-${plan.country.toLowerCase()}`}>
            <h4>
              {country.name} ({plan.country}, {country.phonePrefix}, {country.nationalNumberLength} digits{plan.trunkPrefix ? `, trunk ${plan.trunkPrefix}` : ""}
              {plan.portability ? ", number portability" : ""}) — confidence {plan.confidence}
            </h4>
            <ul className={styles.fields}>
              {plan.operators.map((o) => (
                <li key={o.name}>
                  <b>{o.name}</b> <code>{o.provider ?? "no method"}</code> <span className={styles.desc}>— {o.prefixes.join(", ")}</span>
                </li>
              ))}
            </ul>
            <p className={styles.desc}>Source: {plan.source}.</p>
          </div>
        );
      })}
    </section>
  );
}
