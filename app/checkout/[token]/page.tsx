import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import {
  checkoutStage,
  failureMessage,
  formErrorMessage,
  getCheckoutByToken,
  isCancellable,
  isLocale,
  isPayable,
  listMethodsForCheckout,
  operatorHint,
  readPhoneInput,
  redirectTarget,
  uiText,
  type Checkout,
  type CheckoutMethod,
  type FormErrorKey,
  type Locale,
  type UiText,
} from "@/lib/checkout";
import { isSandbox } from "@/lib/config";
import { formatAmount, type CurrencyCode } from "@/lib/money";
import { cancelAction, submitMethodAction } from "./actions";
import { AutoRedirect } from "./auto-redirect";
import styles from "./checkout.module.css";
import { LiveCheckout } from "./live-checkout";
import { PHONE_COOKIE } from "./phone-cookie";

/**
 * The hosted checkout (DESIGN §11): server-rendered from lib/checkout on every request (never
 * cached, see proxy.ts), plain HTML forms posting to server actions, and one small client
 * component for the countdown and live status. The stage decides what is shown.
 */
export const dynamic = "force-dynamic";

export const metadata: Metadata = { robots: { index: false, follow: false } };

type PageProps = {
  params: Promise<{ token: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

const REDIRECT_SECONDS = 3;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function CheckoutPage({ params, searchParams }: PageProps) {
  const [{ token }, query, requestHeaders] = await Promise.all([params, searchParams, headers()]);
  const checkout = await getCheckoutByToken(token);
  if (!checkout) notFound();

  const headerLocale = requestHeaders.get("x-checkout-locale");
  const locale: Locale = isLocale(headerLocale) ? headerLocale : "fr";
  const nonce = requestHeaders.get("x-nonce") ?? undefined;
  const t = uiText(locale);
  const { payment } = checkout;
  const now = new Date();
  const stage = checkoutStage(payment, now);
  const amount = formatAmount(payment.amount, payment.currency as CurrencyCode, locale);
  const secondsLeft = Math.max(0, Math.ceil((payment.expiresAt.getTime() - now.getTime()) / 1000));
  const payable = isPayable(payment, now);
  const methods = payable ? await listMethodsForCheckout(payment) : [];
  const redirectUrl = redirectTarget(payment);
  const error = one(query.error);
  const formError = error && isFormErrorKey(error) ? { key: error, field: one(query.field) ?? "form" } : null;
  const typedPhone = formError ? ((await cookies()).get(PHONE_COOKIE)?.value ?? "") : "";
  const confirmCancel = one(query.cancel) === "1" && isCancellable(payment, now);

  const announcement = {
    choose: t.chooseMethod,
    waiting: payment.status === "processing" ? t.waitingProcessing : t.waitingSubmitted,
    success: t.successTitle,
    failed: `${t.failedTitle}. ${failureMessage(payment.errorCode, locale)}`,
    cancelled: t.cancelledTitle,
    expired: t.expiredTitle,
    refunded: t.refundedTitle,
  }[stage];

  return (
    <div className={styles.page}>
      {methods.length > 0 && <style nonce={nonce}>{methods.map((m) => `.m-${m.provider}{--brand:${m.color}}`).join("")}</style>}
      <header className={styles.header}>
        <nav className={styles.lang} aria-label={t.language}>
          <a href="?lang=fr" hrefLang="fr" lang="fr" aria-current={locale === "fr" ? "true" : undefined}>
            Français
          </a>
          <a href="?lang=en" hrefLang="en" lang="en" aria-current={locale === "en" ? "true" : undefined}>
            English
          </a>
        </nav>
        <p className={styles.merchant}>
          {t.payTo} <strong>{checkout.merchantName}</strong>
        </p>
        <p className={styles.amount}>
          <span className={styles.visuallyHidden}>{t.amount}: </span>
          <span data-testid="amount">{amount}</span>
        </p>
        {payment.description && <p className={styles.description}>{payment.description}</p>}
      </header>

      <main className={styles.main}>
        <p className={styles.visuallyHidden} role="status" aria-live="polite" data-testid="live-region">
          {announcement}
        </p>
        {confirmCancel ? (
          <CancelConfirm token={token} t={t} />
        ) : stage === "choose" ? (
          <MethodForm checkout={checkout} methods={methods} t={t} locale={locale} amount={amount} formError={formError} typedPhone={typedPhone} selected={one(query.method)} />
        ) : stage === "waiting" ? (
          <section aria-labelledby="stage-title">
            <h1 id="stage-title" className={styles.title}>
              {t.waitingTitle}
            </h1>
            <div className={styles.spinner} aria-hidden="true" />
            <p>{operatorHint(payment.provider, locale)}</p>
            <p className={styles.muted}>{payment.status === "processing" ? t.waitingProcessing : t.waitingSubmitted}</p>
          </section>
        ) : stage === "failed" ? (
          <section aria-labelledby="stage-title">
            <h1 id="stage-title" className={`${styles.title} ${styles.err}`}>
              {t.failedTitle}
            </h1>
            <p data-testid="failure-message">{failureMessage(payment.errorCode, locale)}</p>
            {payable && (
              <>
                <h2 className={styles.subtitle}>{t.retryTitle}</h2>
                <MethodForm checkout={checkout} methods={methods} t={t} locale={locale} amount={amount} formError={formError} typedPhone={typedPhone} selected={one(query.method) ?? payment.provider ?? undefined} />
              </>
            )}
          </section>
        ) : (
          <FinalState stage={stage} t={t} redirectUrl={redirectUrl} reference={payment.externalReference} />
        )}

        {(stage === "choose" || stage === "waiting") && (
          <LiveCheckout token={token} stage={stage} expiresAt={payment.expiresAt.toISOString()} initialSeconds={secondsLeft} poll={stage === "waiting"} timeLeftLabel={t.timeLeft} />
        )}
        {!confirmCancel && isCancellable(payment, now) && (
          <p className={styles.cancelRow}>
            <a href="?cancel=1">{t.cancel}</a>
          </p>
        )}
      </main>
      <footer className={styles.footer}>{isSandbox() ? t.secure : t.secureLive}</footer>
    </div>
  );
}

const FORM_ERROR_KEYS: FormErrorKey[] = [
  "method_required",
  "method_unavailable",
  "amount_out_of_bounds",
  "phone_required",
  "phone_digits",
  "phone_prefix",
  "phone_length",
  "phone_invalid",
  "expired",
  "not_payable",
];
const isFormErrorKey = (v: string): v is FormErrorKey => (FORM_ERROR_KEYS as string[]).includes(v);

function MethodForm(props: {
  checkout: Checkout;
  methods: CheckoutMethod[];
  t: UiText;
  locale: Locale;
  amount: string;
  formError: { key: FormErrorKey; field: string } | null;
  typedPhone: string;
  selected?: string;
}) {
  const { checkout, methods, t, locale, amount, formError, typedPhone } = props;
  const { payment, country } = checkout;
  if (methods.length === 0 || !country) return <p role="alert">{t.noMethods}</p>;
  const prefix = country.phonePrefix;
  // The digit count of a refused number comes from the refill cookie, not from the URL.
  const typed = typedPhone ? readPhoneInput(typedPhone, country) : null;
  const params = typed && !typed.ok ? typed.params : { prefix, length: country.nationalNumberLength };
  const message = formError ? formErrorMessage(formError.key, locale, params) : null;
  const selected = methods.some((m) => m.provider === props.selected) ? props.selected : methods.length === 1 ? methods[0].provider : undefined;
  const phoneError = formError?.field === "phone" ? message : null;
  const methodError = formError?.field === "provider" ? message : null;
  const otherError = formError && !phoneError && !methodError ? message : null;
  return (
    <form action={submitMethodAction} className={styles.form}>
      <input type="hidden" name="token" value={payment.checkoutToken} />
      {otherError && (
        <p className={styles.error} role="alert">
          {otherError}
        </p>
      )}
      <fieldset className={styles.methods} aria-describedby={methodError ? "method-error" : undefined}>
        <legend className={styles.legend}>{t.chooseMethod}</legend>
        {methods.map((m) => (
          <label key={m.provider} className={`${styles.method} m-${m.provider}`}>
            <input type="radio" name="provider" value={m.provider} required defaultChecked={m.provider === selected} />
            {m.logoPath ? <img src={m.logoPath} alt="" width={32} height={32} /> : <span className={styles.logo} aria-hidden="true" />}
            <span>{m.name}</span>
          </label>
        ))}
        {methodError && (
          <p id="method-error" className={styles.error} role="alert">
            {methodError}
          </p>
        )}
      </fieldset>
      <label htmlFor="phone" className={styles.label}>
        {t.phoneLabel}
      </label>
      <div className={styles.phoneRow}>
        <span id="phone-prefix" className={styles.prefix}>
          {prefix}
        </span>
        <input
          id="phone"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          required
          maxLength={20}
          defaultValue={typedPhone}
          aria-invalid={phoneError ? true : undefined}
          aria-describedby={`phone-prefix phone-help${phoneError ? " phone-error" : ""}`}
          className={styles.input}
        />
      </div>
      <p id="phone-help" className={styles.help}>
        {t.phoneHelp(country.nationalNumberLength)}
      </p>
      {phoneError && (
        <p id="phone-error" className={styles.error} role="alert">
          {phoneError}
        </p>
      )}
      <button type="submit" className={styles.button}>
        {t.pay(amount)}
      </button>
    </form>
  );
}

function CancelConfirm({ token, t }: { token: string; t: UiText }) {
  return (
    <section aria-labelledby="stage-title">
      <h1 id="stage-title" className={styles.title}>
        {t.cancelConfirmTitle}
      </h1>
      <p>{t.cancelConfirmText}</p>
      <form action={cancelAction} className={styles.form}>
        <input type="hidden" name="token" value={token} />
        <button type="submit" className={`${styles.button} ${styles.danger}`}>
          {t.cancelConfirm}
        </button>
      </form>
      <p className={styles.cancelRow}>
        <a href="?">{t.cancelBack}</a>
      </p>
    </section>
  );
}

function FinalState({ stage, t, redirectUrl, reference }: { stage: string; t: UiText; redirectUrl: string | null; reference: string }) {
  const content = {
    success: { title: t.successTitle, text: t.successText, tone: styles.ok },
    cancelled: { title: t.cancelledTitle, text: t.cancelledText, tone: "" },
    expired: { title: t.expiredTitle, text: t.expiredText, tone: "" },
    refunded: { title: t.refundedTitle, text: t.refundedText, tone: "" },
  }[stage] ?? { title: t.expiredTitle, text: t.expiredText, tone: "" };
  return (
    <section aria-labelledby="stage-title">
      <h1 id="stage-title" className={`${styles.title} ${content.tone}`}>
        {content.title}
      </h1>
      <p>{content.text}</p>
      <p className={styles.muted}>
        {t.reference}: {reference}
      </p>
      {redirectUrl ? (
        <AutoRedirect href={redirectUrl} seconds={REDIRECT_SECONDS} template={t.redirecting} continueLabel={t.continue} />
      ) : (
        <p>{t.closeWindow}</p>
      )}
    </section>
  );
}
