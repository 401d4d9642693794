"use client";

import { type ReactNode, useActionState, useState } from "react";
import type { FormResult } from "@/lib/dashboard/form-result";
import type { Locale } from "@/lib/dashboard/i18n";
import { fill, moneyMessages } from "@/lib/dashboard/i18n-money";
import type { SendFields, SendMoneyOptions, SendReview } from "@/lib/dashboard/send-money";

type Failure = { ok: false; code: string; error: string; fieldErrors?: Record<string, string>; values?: SendFields };
type ReviewState = { ok: true; data: SendReview } | Failure | null;
type ReviewAction = (prev: ReviewState, form: FormData) => Promise<ReviewState>;
type ConfirmAction = (prev: FormResult<never> | null, form: FormData) => Promise<FormResult<never> | null>;
/** An action bound by useActionState, as a form's `action`. */
type FormAction = (payload: FormData) => void;
type PredictAction = (country: string, phone: string) => Promise<{ name: string; portability: boolean } | null>;

/**
 * Send money: details → review (the quote's numbers) → confirm. Both steps are server-action
 * forms, posted as plain forms without JavaScript; the review's hidden fields carry the details
 * to the confirmation, which the server checks again. With JavaScript, the operator read from
 * the number is shown as soon as the number is typed.
 */
export function SendMoneyForm({ review, confirm, predict, options, locale }: { review: ReviewAction; confirm: ConfirmAction; predict: PredictAction; options: SendMoneyOptions; locale: Locale }) {
  const t = moneyMessages(locale).send;
  const [state, reviewAction, reviewing] = useActionState(review, null);
  const [confirmState, confirmAction, sending] = useActionState(confirm, null);
  const data = state?.ok ? state.data : null;
  // Without JavaScript a refused confirmation comes back alone (the review's state is not kept): its values refill the details.
  const confirmFailed = confirmState && !confirmState.ok ? (confirmState as Failure) : null;
  const failed = state && !state.ok ? state : !data ? confirmFailed : null;
  if (data) {
    return (
      <Review data={data} reviewAction={reviewAction} confirmAction={confirmAction} reviewing={reviewing} sending={sending} confirmFailed={confirmFailed} locale={locale} />
    );
  }
  return <Details action={reviewAction} pending={reviewing} failed={failed} options={options} locale={locale} predict={predict} title={t.stepDetails} />;
}

function Details({ action, pending, failed, options, locale, predict, title }: { action: FormAction; pending: boolean; failed: Failure | null; options: SendMoneyOptions; locale: Locale; predict: PredictAction; title: string }) {
  const t = moneyMessages(locale).send;
  const values = failed?.values ?? {};
  const errors = failed?.fieldErrors ?? {};
  const [country, setCountry] = useState(values.country ?? options.defaultCountry);
  const [detected, setDetected] = useState<string | null>(null);
  const destination = options.destinations.find((d) => d.country === country) ?? options.destinations[0];
  const payTo = values.payTo === "bank" ? "bank" : "wallet";
  const invalid = (name: string) => (errors[name] ? { "aria-invalid": true as const, "aria-describedby": `send-${name}-error` } : {});
  const err = (name: string) =>
    errors[name] ? (
      <span id={`send-${name}-error`} className="field-error">
        {errors[name]}
      </span>
    ) : null;
  const showError = failed && failed.code !== "editing" && failed.error;
  return (
    <form action={action} className="stack send-form" key={JSON.stringify(values)} data-testid="send-money-form" noValidate>
      <h2>{title}</h2>
      {showError ? (
        <div role="alert" className="error" data-testid="send-error">
          <p>{failed.fieldErrors && Object.keys(failed.fieldErrors).length > 0 ? moneyMessages(locale).errors.summary : failed.error}</p>
        </div>
      ) : null}
      <fieldset className="send-fieldset">
        <legend>{t.payTo}</legend>
        <label className="radio">
          <input type="radio" name="payTo" value="wallet" defaultChecked={payTo === "wallet"} /> {t.wallet}
        </label>
        <label className="radio">
          <input type="radio" name="payTo" value="bank" defaultChecked={payTo === "bank"} disabled={!destination?.bank} /> {t.bank}
        </label>
        {err("payTo")}
      </fieldset>
      {options.destinations.length > 1 ? (
        <label>
          {t.country}
          <select name="country" defaultValue={country} onChange={(e) => setCountry(e.currentTarget.value)} {...invalid("country")}>
            {options.destinations.map((d) => (
              <option key={d.country} value={d.country}>
                {d.countryName}
              </option>
            ))}
          </select>
          {err("country")}
        </label>
      ) : (
        <p className="muted">
          {fill(t.countryFixed, { country: destination?.countryName ?? country })} <input type="hidden" name="country" value={country} />
        </p>
      )}
      <fieldset className="send-fieldset send-wallet">
        <legend className="visually-hidden">{t.wallet}</legend>
        <label>
          {t.phone}
          <input
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            defaultValue={values.phone}
            aria-describedby={errors.phone ? "send-phone-error" : "send-phone-help"}
            aria-invalid={errors.phone ? true : undefined}
            onBlur={async (e) => {
              const typed = e.currentTarget.value.trim();
              if (typed.length < 6) return setDetected(null);
              const found = await predict(country, typed);
              setDetected(found ? fill(found.portability ? t.detectedPorted : t.detected, { operator: found.name }) : null);
            }}
          />
          {err("phone")}
        </label>
        <p id="send-phone-help" className="help">
          {fill(t.phoneHelp, { example: destination?.phoneExample ?? "" })}
        </p>
        <label>
          {t.operator}
          <select name="operator" defaultValue={values.operator ?? "auto"} aria-describedby="send-operator-help" {...invalid("operator")}>
            <option value="auto">{t.operatorAuto}</option>
            {destination?.operators.map((o) => (
              <option key={o.code} value={o.code}>
                {o.name}
              </option>
            ))}
          </select>
          {err("operator")}
        </label>
        <p id="send-operator-help" className="help" aria-live="polite" data-testid="send-detected">
          {detected ?? t.operatorHelp}
        </p>
      </fieldset>
      <fieldset className="send-fieldset send-bank">
        <legend className="visually-hidden">{t.bank}</legend>
        <label>
          {t.accountNumber}
          <input name="accountNumber" autoComplete="off" spellCheck={false} defaultValue={values.accountNumber} {...invalid("accountNumber")} />
          {err("accountNumber")}
        </label>
        <label>
          {t.bankName}
          <input name="bankName" autoComplete="off" defaultValue={values.bankName} />
        </label>
      </fieldset>
      <label>
        {t.name}
        <input name="name" autoComplete="off" maxLength={200} defaultValue={values.name} aria-describedby="send-name-help" {...invalid("name")} />
        {err("name")}
      </label>
      <p id="send-name-help" className="help">
        {t.nameHelp}
      </p>
      <div className="send-amount">
        <label>
          {t.amount}
          <input name="amount" inputMode="decimal" autoComplete="off" defaultValue={values.amount} aria-describedby={errors.amount ? "send-amount-error" : "send-amount-help"} aria-invalid={errors.amount ? true : undefined} />
          {err("amount")}
        </label>
        <label>
          {t.currency}
          <select name="currency" defaultValue={values.currency ?? destination?.currency}>
            {options.currencies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p id="send-amount-help" className="help">
        {t.amountHelp}
      </p>
      <label>
        {t.description}
        <input name="description" maxLength={500} autoComplete="off" defaultValue={values.description} {...invalid("description")} />
        {err("description")}
      </label>
      <p className="help">{t.onlyDomestic}</p>
      <button className="btn" type="submit" disabled={pending}>
        {t.review}
      </button>
    </form>
  );
}

/** The review's fields posted again (to confirm, to change the operator, to edit). */
function Hidden({ values, skip = [] }: { values: SendFields; skip?: string[] }) {
  return (
    <>
      {Object.entries(values)
        .filter(([name, v]) => v !== undefined && !skip.includes(name))
        .map(([name, v]) => (
          <input key={name} type="hidden" name={name} value={v} />
        ))}
    </>
  );
}

function Review({
  data,
  reviewAction,
  confirmAction,
  reviewing,
  sending,
  confirmFailed,
  locale,
}: {
  data: SendReview;
  reviewAction: FormAction;
  confirmAction: FormAction;
  reviewing: boolean;
  sending: boolean;
  confirmFailed: Failure | null;
  locale: Locale;
}) {
  const t = moneyMessages(locale).send;
  const r = data.recipient;
  const threshold = data.approvalAbove;
  const fact = (label: string, value: ReactNode, testId?: string) => (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </>
  );
  return (
    <section className="stack" aria-labelledby="send-review-title" data-testid="send-review">
      <h2 id="send-review-title">{t.reviewTitle}</h2>
      <dl className="facts send-facts">
        {fact(
          t.recipient,
          <>
            {r.name ? <strong>{r.name}</strong> : null}
            {r.name ? <br /> : null}
            {r.phone ?? r.account}
            <br />
            {r.operator}
            {r.bankName ? ` · ${r.bankName}` : ""} · {r.country}
          </>,
          "send-recipient",
        )}
        {fact(t.sendAmount, data.amount)}
        {fact(t.fees, data.fees, "send-fees")}
        {data.fx ? fact(t.fx, fill(t.fxLine, { from: data.fx.from, to: data.fx.to, rate: data.fx.rate, spread: data.fx.spread })) : null}
        {data.topUp ? fact(t.topUp, fill(t.topUpLine, { from: data.topUp.from, to: data.topUp.to })) : null}
        {fact(t.receives, <strong>{data.receives}</strong>, "send-receives")}
        {fact(t.leaves, <strong>{data.leaves}</strong>, "send-leaves")}
      </dl>
      {data.predicted ? <p className="muted">{fill(data.predicted.portability ? t.detectedPorted : t.detected, { operator: r.operator })}</p> : null}
      {data.ownerMismatch ? (
        <p className="warning" role="note" data-testid="send-owner-mismatch">
          {fill(t.wrongOperator, { owner: data.ownerMismatch, operator: r.operator })}
        </p>
      ) : null}
      <p className="muted">{fill(t.validUntil, { time: data.validUntil })}</p>
      {threshold ? (
        <p className="warning" role="note" data-testid="send-needs-approval">
          {fill(t.needsApproval, { threshold })}
        </p>
      ) : null}
      {data.operators.length > 1 && r.phone ? (
        <form action={reviewAction} className="send-inline" data-testid="send-change-operator">
          <Hidden values={data.values} skip={["operator"]} />
          <label>
            {t.changeOperator}
            <select name="operator" defaultValue={r.operatorCode}>
              {data.operators.map((o) => (
                <option key={o.code} value={o.code}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
          <button className="btn btn-ghost" type="submit" disabled={reviewing}>
            {t.updateQuote}
          </button>
        </form>
      ) : null}
      <form action={confirmAction} className="stack" data-testid="send-confirm-form">
        <Hidden values={data.values} />
        <input type="hidden" name="quoteId" value={data.quoteId} />
        <label className="radio send-confirm-check">
          <input type="checkbox" name="confirm" value="yes" required /> {fill(t.confirm, { amount: data.leaves })}
        </label>
        <button className="btn" type="submit" disabled={sending}>
          {threshold ? t.submitForApproval : t.send}
        </button>
        {confirmFailed ? (
          <p role="alert" className="error" data-testid="send-confirm-error">
            {confirmFailed.error}
          </p>
        ) : null}
      </form>
      <form action={reviewAction} className="row">
        <Hidden values={data.values} />
        <button className="btn btn-ghost" type="submit" name="edit" value="1">
          {t.edit}
        </button>
        {confirmFailed?.code === "quote_expired" ? (
          <button className="btn btn-ghost" type="submit" disabled={reviewing}>
            {t.reviewAgain}
          </button>
        ) : null}
      </form>
    </section>
  );
}
