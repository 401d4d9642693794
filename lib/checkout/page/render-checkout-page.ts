import { isHexColour } from "@/lib/branding/accent-colour";
import { setting } from "@/lib/config";
import { formatCustomerAmount, type CurrencyCode } from "@/lib/money";
import { qrPath } from "@/lib/http/qr-path";
import { countryTimeZone } from "@/lib/reference/country-time-zone";
import { numberOwner } from "@/lib/reference/predict-provider";
import { ussdApprovalCode } from "@/lib/reference/ussd-approval";
import { maskPhone } from "@/lib/request-log/mask-body";
import type { NumberingPlan } from "@/lib/reference/catalogue-types";
import { checkoutStage, isCancellable, isPayable, operatorUrlOf, type CheckoutStage } from "../checkout-stage";
import type { Checkout } from "../get-checkout";
import type { CheckoutMethod } from "../list-checkout-methods";
import type { Locale } from "../locale";
import { failureMessage, formErrorMessage, isFormErrorKey, operatorHint, uiText, type FormErrorKey, type UiText } from "../messages";
import { readPhoneInput } from "../read-phone-input";
import { redirectTarget, withStatus } from "../redirect-target";
import { html, trustedHtml, type Html } from "./html";
import { LIVE_SCRIPT } from "./live-script";
import { CHECKOUT_CSS } from "./styles";

/**
 * The hosted checkout page (docs/design/checkout-and-dashboard.md) as one HTML document: server-rendered on every request,
 * plain forms posting to /checkout/<token>/pay and /cancel, an inline style sheet and one small
 * inline script (live-script.ts), both nonce'd. No framework runtime reaches the browser: the
 * page weighs a few kilobytes on a slow network. Everything that changes with the payment's
 * stage lives in <main id="main">, which the script swaps in place on a change; the
 * role=status region outside it announces the change.
 */
export const REDIRECT_SECONDS = 3;
/** Without JavaScript, the waiting page reloads itself this often (the script polls instead). */
export const WAITING_REFRESH_SECONDS = 5;
/**
 * How long after the prompt was sent the page offers "I did not get the prompt": long enough
 * for a normal approval, short enough that nobody stares at a spinner for the operator's
 * 30-minute window. CHECKOUT_PROMPT_HELP_SECONDS overrides it (the browser tests use a few seconds).
 */
export const PROMPT_HELP_SECONDS = 45; // the variable's default (lib/config/variables.ts)
const promptHelpSeconds = () => setting("CHECKOUT_PROMPT_HELP_SECONDS");

export type CheckoutQuery = { error?: string; field?: string; method?: string; cancel?: string; stuck?: string };

export type CheckoutPageInput = {
  checkout: Checkout;
  methods: CheckoutMethod[];
  locale: Locale;
  nonce: string;
  query: CheckoutQuery;
  /** The number a refused form was sent with (from the refill cookie), to put back in the field. */
  typedPhone: string;
  /** The number to put in the field when nothing was refused: a payment link's contact number, national digits. */
  prefillPhone?: string;
  sandbox: boolean;
  /** The country's numbering plan: the script preselects the typed number's method from it. */
  numbering?: NumberingPlan | null;
  now?: Date;
};

export function formatCountdown(seconds: number): string {
  const s = Math.max(0, seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

export function renderCheckoutPage(input: CheckoutPageInput): string {
  const { checkout, methods, locale, nonce, query, sandbox } = input;
  const now = input.now ?? new Date();
  const t = uiText(locale);
  const { payment } = checkout;
  const stage = checkoutStage(payment, now);
  const amount = formatCustomerAmount(payment.amount, payment.currency as CurrencyCode, locale);
  const payable = isPayable(payment, now);
  const cancellable = isCancellable(payment, now);
  const confirmCancel = query.cancel === "1" && cancellable;
  const redirectUrl = redirectTarget(payment);
  const formError = isFormErrorKey(query.error) ? { key: query.error, field: query.field ?? "form" } : null;
  const form: MethodFormInput = {
    checkout,
    methods,
    t,
    locale,
    amount,
    formError,
    typedPhone: formError ? input.typedPhone : (input.prefillPhone ?? ""),
    selected: query.method,
    numbering: input.numbering ?? null,
  };

  let content: Html;
  if (confirmCancel) content = cancelConfirm(payment.checkoutToken, t);
  else if (stage === "choose") content = methodForm(form);
  else if (stage === "waiting") content = waiting({ checkout, t, locale, now, stuck: query.stuck === "open" });
  else if (stage === "failed") content = failed(payment.errorCode, payable, { ...form, selected: query.method ?? payment.provider ?? undefined }, t, locale);
  else content = finalState(stage, t, redirectUrl, { checkout, amount, locale });

  const secondsLeft = Math.ceil((payment.expiresAt.getTime() - now.getTime()) / 1000);
  // The link's expiry only while the customer has to act: once the prompt is on the phone the
  // operator's own timer decides, and a countdown to the link's expiry would mislead.
  const counting = !confirmCancel && stage === "choose";
  const polling = stage === "waiting" && !confirmCancel;
  const redirecting = !confirmCancel && redirectUrl !== null && (stage === "success" || stage === "cancelled");
  // The merchant's accent (checked #RRGGBB, AA with white text) replaces the page's own, so the
  // pay button, links and focus marks take it; the methods' colours follow. All in the nonce'd
  // <style id="brand">: the page's CSP allows no style attribute.
  const accent = checkout.branding?.accentColor;
  const brand = (accent && isHexColour(accent) ? `:root{--accent:${accent}}` : "") + methods.map((m) => `.m-${m.provider}{--brand:${m.color}}`).join("");
  const logo = checkout.branding?.logo;

  const document = html`<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow"><meta name="referrer" content="same-origin">
<title>${t.title} · ${checkout.merchantName}</title>
<style nonce="${nonce}">${trustedHtml(CHECKOUT_CSS)}</style><style nonce="${nonce}" id="brand">${trustedHtml(brand)}</style>
${redirecting && redirectUrl && html`<noscript><meta http-equiv="refresh" content="${REDIRECT_SECONDS};url=${redirectUrl}"></noscript>`}
${polling && html`<noscript><meta http-equiv="refresh" content="${WAITING_REFRESH_SECONDS}"></noscript>`}
</head><body><div class="page">
<header class="header">
<nav class="lang" aria-label="${t.language}"><a href="?lang=fr" hreflang="fr" lang="fr"${locale === "fr" && html` aria-current="true"`}>Français</a><a href="?lang=en" hreflang="en" lang="en"${locale === "en" && html` aria-current="true"`}>English</a></nav>
<div class="brand">${logo && html`<img class="brand-logo" src="${logo.src}" alt=""${logo.width > 0 && logo.height > 0 && html` width="${String(logo.width)}" height="${String(logo.height)}"`} data-testid="merchant-logo">`}<p class="merchant">${t.payTo} <strong>${checkout.merchantName}</strong></p></div>
<p class="amount"><span class="vh">${t.amount}: </span><span data-testid="amount">${amount}</span></p>
${payment.description && html`<p class="description">${payment.description}</p>`}
</header>
<p class="vh" role="status" aria-live="polite" id="live" data-testid="live-region">${announcement(stage, payment.status, payment.errorCode, t, locale)}</p>
<main id="main" data-stage="${stage}"${polling && html` data-poll`}>
${content}
${counting && html`<p class="countdown">${t.timeLeft} <time id="countdown" role="timer" aria-live="off" data-expires="${payment.expiresAt.toISOString()}" datetime="PT${Math.max(0, secondsLeft)}S">${formatCountdown(secondsLeft)}</time></p>`}
${!confirmCancel && cancellable && html`<p class="center"><a href="?cancel=1">${t.cancel}</a></p>`}
</main>
${supportContact(checkout, t)}
<footer>${sandbox ? t.secure : t.secureLive}</footer>
</div><script nonce="${nonce}">${trustedHtml(LIVE_SCRIPT)}</script></body></html>`;
  return document.value;
}

/** A page with a title and a sentence: unknown link (404), refused or failed request. */
export function renderMessagePage(input: { locale: Locale; nonce: string; title: string; text: string; backHref?: string; backLabel?: string }): string {
  const { locale, nonce, title, text, backHref, backLabel } = input;
  return html`<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow">
<title>${title}</title><style nonce="${nonce}">${trustedHtml(CHECKOUT_CSS)}</style></head>
<body><div class="page"><main><h1 class="title">${title}</h1><p>${text}</p>${backHref && backLabel && html`<p><a class="button" href="${backHref}">${backLabel}</a></p>`}</main></div></body></html>`.value;
}

function announcement(stage: CheckoutStage, status: string, errorCode: string | null, t: UiText, locale: Locale): string {
  switch (stage) {
    case "choose":
      return t.chooseMethod;
    case "waiting":
      return status === "processing" ? t.waitingProcessing : t.waitingSubmitted;
    case "failed":
      return `${t.failedTitle}. ${failureMessage(errorCode, locale)}`;
    case "success":
      return t.successTitle;
    case "cancelled":
      return t.cancelledTitle;
    case "expired":
      return t.expiredTitle;
    case "refunded":
      return t.refundedTitle;
  }
}

type MethodFormInput = {
  checkout: Checkout;
  methods: CheckoutMethod[];
  t: UiText;
  locale: Locale;
  amount: string;
  formError: { key: FormErrorKey; field: string } | null;
  typedPhone: string;
  selected?: string;
  numbering: NumberingPlan | null;
};

function methodForm({ checkout, methods, t, locale, amount, formError, typedPhone, selected, numbering }: MethodFormInput): Html {
  const { payment, country } = checkout;
  if (methods.length === 0 || !country) return html`<p role="alert">${t.noMethods}</p>`;
  const prefix = country.phonePrefix;
  // The digit count of a refused number comes from the refill cookie, not from the URL.
  const trunk = numbering?.trunkPrefix ?? null;
  const typed = typedPhone ? readPhoneInput(typedPhone, { ...country, trunkPrefix: trunk }) : null;
  const params = typed && !typed.ok ? typed.params : { prefix, length: country.nationalNumberLength, ...operatorParams(typed, country.phonePrefix, numbering, methods, selected) };
  const message = formError ? formErrorMessage(formError.key, locale, params) : null;
  const chosen = methods.some((m) => m.provider === selected) ? selected : methods.length === 1 ? methods[0].provider : undefined;
  // Each method's blocks of numbers, and the blocks of operators without a method here, for the
  // script's preselection (docs/design/provider-prediction.md). Without JavaScript the server predicts on submit instead,
  // so no radio is \`required\`.
  const blocksOf = (provider: string | null) => (numbering?.prefixes ?? []).filter((p) => p.providerCode === provider).map((p) => p.prefix).join(" ");
  const offered = new Set(methods.map((m) => m.provider));
  const others = (numbering?.prefixes ?? []).filter((p) => !p.providerCode || !offered.has(p.providerCode)).map((p) => p.prefix).join(" ");
  const phoneError = formError?.field === "phone" ? message : null;
  const methodError = formError?.field === "provider" ? message : null;
  const otherError = formError && !phoneError && !methodError ? message : null;
  return html`<form method="post" action="/checkout/${payment.checkoutToken}/pay">
${otherError && html`<p class="error" role="alert">${otherError}</p>`}
<fieldset class="methods"${methodError && html` aria-describedby="method-error"`}><legend>${t.chooseMethod}</legend>
${methods.map(
  (m) =>
    html`<label class="method m-${m.provider}"><input type="radio" name="provider" value="${m.provider}"${blocksOf(m.provider) && html` data-prefixes="${blocksOf(m.provider)}"`}${m.provider === chosen && html` checked`}>${
      m.logoPath ? html`<img src="${m.logoPath}" alt="" width="32" height="32">` : html`<span class="logo" aria-hidden="true"></span>`
    }<span>${m.name}</span></label>`,
)}
${methodError && html`<p id="method-error" class="error" role="alert">${methodError}</p>`}
</fieldset>
<label for="phone" class="label">${t.phoneLabel}</label>
<div class="phone"><span id="phone-prefix" class="prefix">${prefix}</span><input id="phone" name="phone" type="tel" inputmode="numeric" autocomplete="tel-national" required maxlength="20" value="${typedPhone}"${
    phoneError && html` aria-invalid="true"`
  } aria-describedby="phone-prefix phone-help${phoneError ? " phone-error" : ""}"${others && html` data-other-prefixes="${others}"`}${
    trunk && html` data-trunk="${trunk}" data-nsn-length="${String(country.nationalNumberLength)}"`
  }></div>
<p id="phone-help" class="help">${t.phoneHelp(country.nationalNumberLength)}</p>
${phoneError && html`<p id="phone-error" class="error" role="alert">${phoneError}</p>`}
<button type="submit" class="button">${t.pay(amount)}</button>
</form>`;
}

/** "This number belongs to MTN, not Orange Money": the owner of the refused number, from the plan. */
function operatorParams(
  typed: ReturnType<typeof readPhoneInput> | null,
  phonePrefix: string,
  numbering: NumberingPlan | null,
  methods: CheckoutMethod[],
  selected: string | undefined,
): { operator?: string; method?: string } {
  if (!typed?.ok || !numbering) return {};
  const owner = numberOwner(numbering, typed.e164.slice(phonePrefix.length));
  const method = methods.find((m) => m.provider === selected)?.name;
  return owner && method ? { operator: owner.operatorName, method } : {};
}

type WaitingInput = { checkout: Checkout; t: UiText; locale: Locale; now: Date; stuck: boolean };

function waiting({ checkout, t, locale, now, stuck }: WaitingInput): Html {
  const { payment } = checkout;
  const operatorUrl = operatorUrlOf(payment);
  // A redirect flow: the customer pays on the operator's page; the script goes there at once.
  if (operatorUrl) {
    // Wave on a computer: its page is meant for the phone, so the page shows it as a QR code for
    // the phone's camera and the script does not leave (CSS shows the code on wide screens with a mouse only).
    const qr = payment.provider === "wave" ? qrPath(operatorUrl) : null;
    return html`<section aria-labelledby="stage-title"><h1 id="stage-title" class="title">${t.operatorTitle}</h1>
<p>${t.operatorText}</p>
${qr && html`<figure class="qr" data-testid="wave-qr"><svg viewBox="-2 -2 ${String(qr.size + 4)} ${String(qr.size + 4)}" width="200" height="200" role="img" aria-label="${t.qrLabel}"><rect x="-2" y="-2" width="${String(qr.size + 4)}" height="${String(qr.size + 4)}" fill="#fff"/><path fill="#000" d="${qr.d}"/></svg><figcaption>${t.qrTitle}</figcaption></figure>`}
<p><a id="operator" class="button" href="${operatorUrl}" rel="noreferrer"${qr && html` data-qr`}>${t.operatorContinue}</a></p></section>`;
  }
  // "I did not get the prompt", once the prompt has had time to arrive: shown by the server
  // when the page is rendered late enough, revealed by the script at that moment otherwise.
  const sentAt = payment.submittedAt ?? payment.updatedAt ?? now;
  const helpAt = new Date(sentAt.getTime() + promptHelpSeconds() * 1000);
  const helpNow = stuck || now.getTime() >= helpAt.getTime();
  const action = `/checkout/${payment.checkoutToken}/stuck`;
  const phone = maskedPhone(payment.customerPhone);
  const ussd = ussdApprovalCode(payment.provider, payment.country);
  const choice = (want: string, label: string, tone = " secondary") =>
    html`<form method="post" action="${action}"><input type="hidden" name="want" value="${want}"><button type="submit" class="button${trustedHtml(tone)}">${label}</button></form>`;
  return html`<section aria-labelledby="stage-title"><h1 id="stage-title" class="title">${t.waitingTitle}</h1>
<div class="spinner" aria-hidden="true"></div>
<p>${operatorHint(payment.provider, locale)}</p>
${phone && html`<p data-testid="prompt-phone">${t.promptSentTo} <strong>${phone}</strong>${checkout.providerName && html` (${checkout.providerName})`}</p>`}
${ussd && html`<p class="notice" data-testid="ussd-code">${t.ussdFallback(ussd)}</p>`}
<p class="muted">${payment.status === "processing" ? t.waitingProcessing : t.waitingSubmitted}</p>
${stuck && html`<p class="notice" role="alert" data-testid="stuck-open">${t.stuckOpen}</p>`}
<section id="stuck" class="stuck" aria-labelledby="stuck-title" data-reveal-in="${String(Math.max(0, Math.ceil((helpAt.getTime() - now.getTime()) / 1000)))}"${!helpNow && html` hidden`}>
<h2 id="stuck-title" class="subtitle">${t.stuckTitle}</h2>
<p class="help">${t.stuckText}</p>
${choice("resend", t.stuckResend)}${choice("other", t.stuckOther)}${choice("cancel", t.stuckCancel, " secondary danger-text")}
</section>
<noscript><p class="center"><a href="?">${t.checkAgain}</a></p></noscript></section>`;
}

function failed(errorCode: string | null, payable: boolean, form: MethodFormInput, t: UiText, locale: Locale): Html {
  return html`<section aria-labelledby="stage-title"><h1 id="stage-title" class="title err">${t.failedTitle}</h1>
<p data-testid="failure-message">${failureMessage(errorCode, locale)}</p>
${payable && html`<h2 class="subtitle">${t.retryTitle}</h2>${methodForm(form)}`}</section>`;
}

function cancelConfirm(token: string, t: UiText): Html {
  return html`<section aria-labelledby="stage-title"><h1 id="stage-title" class="title">${t.cancelConfirmTitle}</h1>
<p>${t.cancelConfirmText}</p>
<form method="post" action="/checkout/${token}/cancel"><button type="submit" class="button danger">${t.cancelConfirm}</button></form>
<p class="center"><a href="?">${t.cancelBack}</a></p></section>`;
}

type FinalInput = { checkout: Checkout; amount: string; locale: Locale };

/**
 * How to reach the merchant (their branding's support phone and e-mail), outside <main> so every
 * stage shows it, swaps included; nothing when the merchant gave none. A payment link's page shows
 * the same block (lib/payment-links/page).
 */
export function merchantContact(support: { phone: string | null; email: string | null } | null | undefined, merchantName: string, t: Pick<UiText, "contactTitle" | "contactText" | "contactPhone" | "contactEmail">): Html | null {
  if (!support || (!support.phone && !support.email)) return null;
  return html`<aside class="contact" aria-labelledby="contact-title" data-testid="merchant-contact"><h2 id="contact-title" class="subtitle">${t.contactTitle}</h2>
<p>${t.contactText(merchantName)}</p><ul>${support.phone && html`<li>${t.contactPhone} <a href="tel:${support.phone}">${support.phone}</a></li>`}${
    support.email && html`<li>${t.contactEmail} <a href="mailto:${support.email}">${support.email}</a></li>`
  }</ul></aside>`;
}

const supportContact = (checkout: Checkout, t: UiText) => merchantContact(checkout.branding?.support, checkout.merchantName, t);

/** The customer's number as the operator got it, masked (lib/request-log's rule): they recognise it, a shoulder does not read it. */
const maskedPhone = (e164: string | null) => (e164 ? maskPhone(e164) : null);

function finalState(stage: CheckoutStage, t: UiText, redirectUrl: string | null, { checkout, amount, locale }: FinalInput): Html {
  const { payment } = checkout;
  const reference = payment.externalReference;
  const content =
    {
      success: { title: t.successTitle, text: t.successText, tone: " ok" },
      cancelled: { title: t.cancelledTitle, text: t.cancelledText, tone: "" },
      expired: { title: t.expiredTitle, text: t.expiredText, tone: "" },
      refunded: { title: t.refundedTitle, text: t.refundedText, tone: "" },
    }[stage as "success" | "cancelled" | "expired" | "refunded"] ?? { title: t.expiredTitle, text: t.expiredText, tone: "" };
  const redirecting = redirectUrl && (stage === "success" || stage === "cancelled");
  const [before, after] = t.redirecting.split("{s}");
  // Through a payment link: the merchant's own thanks on success; a way back to the link's page
  // when this payment can no longer be paid (the link itself may still take a new one).
  const link = checkout.link;
  // An expired checkout never tells the customer to ask for a new link without a way to: the
  // link's page when it came from one, else the merchant's contact (shown below), else the
  // merchant's own page (its cancel or return URL); with none, it says only that it is over.
  const support = checkout.branding?.support;
  const contact = !!(support && (support.phone || support.email));
  const back = stage === "expired" && !link ? withStatus(payment.cancelUrl ?? payment.returnUrl ?? "", payment.id, "expired") : null;
  const expiredText = link ? t.expiredLink : contact ? t.expiredContact : back ? t.expiredBack : t.expiredText;
  const text = stage === "success" && link?.successMessage ? link.successMessage : stage === "expired" ? expiredText : content.text;
  const again = link && !redirecting && (stage === "expired" || stage === "cancelled") ? html`<p><a class="button" href="/pay/${link.slug}" data-testid="link-again">${t.linkAgain}</a></p>` : null;
  const backLink = back ? html`<p><a class="button" href="${back}" data-testid="back-to-merchant">${t.backToMerchant}</a></p>` : null;
  // A paid page is the customer's receipt: what they keep if the merchant asks.
  const paidAt = payment.completedAt ?? payment.updatedAt;
  const receipt =
    stage === "success" || stage === "refunded"
      ? html`<dl class="receipt" data-testid="receipt">
<dt>${t.amount}</dt><dd>${amount}</dd>
<dt>${t.merchant}</dt><dd>${checkout.merchantName}</dd>
${checkout.providerName && html`<dt>${t.paidWith}</dt><dd data-testid="receipt-wallet">${checkout.providerName}${maskedPhone(payment.customerPhone) && html` · ${maskedPhone(payment.customerPhone)}`}</dd>`}
<dt>${t.reference}</dt><dd>${reference}</dd>
${paidAt && html`<dt>${t.date}</dt><dd><time datetime="${paidAt.toISOString()}" data-testid="receipt-date">${receiptDate(paidAt, locale, payment.country ?? checkout.country?.code ?? null, t)}</time></dd>`}
${payment.providerReference && html`<dt>${t.operatorReference}</dt><dd>${payment.providerReference}</dd>`}
<dt>${t.transaction}</dt><dd>${payment.id}</dd>
</dl>`
      : html`<p class="muted">${t.reference}: ${reference}</p>`;
  return html`<section aria-labelledby="stage-title"><h1 id="stage-title" class="title${content.tone}">${content.title}</h1>
<p${stage === "success" && text !== content.text && html` data-testid="link-success-message"`}${stage === "expired" && html` data-testid="expired-text"`}>${text}</p>
${receipt}
${again}
${backLink}
${
  redirecting
    ? html`<p id="redirect" data-href="${redirectUrl}" data-seconds="${REDIRECT_SECONDS}">${before}<span id="redirect-seconds">${REDIRECT_SECONDS}</span>${after ?? ""}</p>
<p><a class="button" href="${redirectUrl}">${t.continue}</a></p>`
    : html`<p>${t.closeWindow}</p>`
}</section>`;
}

/**
 * "22 novembre 2026 à 11:05, heure locale (Douala)": in the payment country's time zone, which is
 * the customer's (the server does not know the phone's own), named so nobody misreads it.
 */
export function receiptDate(at: Date, locale: Locale, country: string | null, t: UiText): string {
  const timeZone = countryTimeZone(country);
  const local = new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-GB", { dateStyle: "long", timeStyle: "short", timeZone }).format(at);
  const place = timeZone === "UTC" ? "UTC" : timeZone.slice(timeZone.lastIndexOf("/") + 1).replaceAll("_", " ");
  return `${local}, ${t.timeZoneNote(place)}`;
}
