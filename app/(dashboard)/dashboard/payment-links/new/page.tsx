import { ActionForm } from "@/app/_dashboard/client/action-form";
import { FileInput } from "@/app/_dashboard/client/file-input";
import { createPaymentLinkAction } from "@/app/_dashboard/payment-link-actions";
import { displayZone } from "@/app/_dashboard/format";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";
import { paymentLinkFormOptions } from "@/lib/dashboard/payment-links";
import { paymentLinkMessages } from "@/lib/dashboard/i18n-payment-links";

/**
 * New payment link: one form, a server action that also works as a plain multipart POST without
 * JavaScript. The essentials first (what, price, what to ask); the rest behind "More options"
 * (a native <details>, open without script too).
 */
export default async function NewPaymentLinkPage() {
  const scope = await requireScope("money");
  const locale = await currentLocale();
  const t = paymentLinkMessages(locale);
  const c = t.create;
  const options = await paymentLinkFormOptions(scope);
  const region = new Intl.DisplayNames([locale], { type: "region" });
  const modeSelect = (name: string, label: string, initial: string) => (
    <label>
      {label}
      <select name={name} defaultValue={initial}>
        {(["off", "optional", "required"] as const).map((mode) => (
          <option key={mode} value={mode}>
            {c.modes[mode]}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div className="stack pl-form">
      <p>
        <a href="/dashboard/payment-links">← {t.back}</a>
      </p>
      <h1>{c.title}</h1>
      <p className="muted">{c.intro}</p>
      <ActionForm action={createPaymentLinkAction} submit={c.submit} success={c.created} testId="payment-link-form">
        <fieldset>
          <legend>{c.what}</legend>
          <label>
            {c.titleLabel}
            <input name="title" required maxLength={120} aria-describedby="pl-title-help" />
          </label>
          <p id="pl-title-help" className="help">
            {c.titleHelp}
          </p>
          <label>
            {c.description}
            <textarea name="description" maxLength={1000} rows={3} />
          </label>
          <FileInput label={c.image} words={messages(locale).fileInput} name="image" accept="image/png,image/jpeg,image/webp" describedBy="pl-image-help" />
          <p id="pl-image-help" className="help">
            {c.imageHelp}
          </p>
        </fieldset>
        <fieldset>
          <legend>{c.price}</legend>
          <label>
            {c.amountType}
            <select name="amountType" defaultValue="fixed">
              <option value="fixed">{c.fixed}</option>
              <option value="open">{c.open}</option>
            </select>
          </label>
          <div className="grid">
            <label>
              {c.amount}
              <input name="amount" inputMode="decimal" autoComplete="off" aria-describedby="pl-amount-help" />
            </label>
            <label>
              {c.currency}
              <select name="currency" defaultValue={options.defaultCurrency}>
                {options.currencies.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <p id="pl-amount-help" className="help">
            {c.amountHelp}
          </p>
          <div className="grid">
            <label>
              {c.minAmount}
              <input name="minAmount" inputMode="decimal" autoComplete="off" aria-describedby="pl-bounds-help" />
            </label>
            <label>
              {c.maxAmount}
              <input name="maxAmount" inputMode="decimal" autoComplete="off" aria-describedby="pl-bounds-help" />
            </label>
          </div>
          <p id="pl-bounds-help" className="help">
            {c.boundsHelp}
          </p>
        </fieldset>
        <fieldset>
          <legend>{c.customer}</legend>
          <div className="grid">
            {modeSelect("collectName", c.name, "required")}
            {modeSelect("collectPhone", c.phone, "optional")}
            {modeSelect("collectEmail", c.email, "off")}
          </div>
          <label>
            {c.customField}
            <input name="customFieldLabel" maxLength={60} aria-describedby="pl-custom-help" />
          </label>
          <p id="pl-custom-help" className="help">
            {c.customFieldHelp}
          </p>
          <label className="radio">
            <input type="checkbox" name="customFieldRequired" /> {c.customRequired}
          </label>
        </fieldset>
        <fieldset>
          <legend>{c.after}</legend>
          <label>
            {c.successMessage}
            <textarea name="successMessage" maxLength={500} rows={2} />
          </label>
          <label>
            {c.redirectUrl}
            <input name="redirectUrl" type="url" inputMode="url" placeholder="https://" />
          </label>
        </fieldset>
        <details>
          <summary>{c.more}</summary>
          <div className="stack">
            <fieldset>
              <legend>{c.countries}</legend>
              <p className="help">{c.countriesHelp}</p>
              <div className="pl-checks">
                {options.countries.map((country) => (
                  <label key={country.code} className="radio">
                    <input type="checkbox" name="countries" value={country.code} defaultChecked={country.code === options.defaultCountry} /> {region.of(country.code) ?? country.code} ({country.currency})
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset>
              <legend>{c.methods}</legend>
              <p className="help">{c.methodsHelp}</p>
              <div className="pl-checks">
                {options.methods.map(([code, name]) => (
                  <label key={code} className="radio">
                    <input type="checkbox" name="methods" value={code} /> {name}
                  </label>
                ))}
              </div>
            </fieldset>
            <label>
              {c.expiresAt}
              <input name="expiresAt" type="datetime-local" aria-describedby="pl-expires-help" />
            </label>
            <p id="pl-expires-help" className="help">
              {c.expiresHelp.replace("{zone}", displayZone().timeZone)}
            </p>
            <label>
              {c.maxPayments}
              <input name="maxPayments" type="number" min={1} max={1000000} step={1} inputMode="numeric" aria-describedby="pl-max-help" />
            </label>
            <p id="pl-max-help" className="help">
              {c.maxPaymentsHelp}
            </p>
            <label>
              {c.slug}
              <input name="slug" maxLength={48} pattern="[a-z0-9]+(-[a-z0-9]+)*" autoCapitalize="none" spellCheck={false} aria-describedby="pl-slug-help" />
            </label>
            <p id="pl-slug-help" className="help">
              {c.slugHelp}
            </p>
          </div>
        </details>
      </ActionForm>
    </div>
  );
}
