import { isHexColour } from "@/lib/branding/accent-colour";
import type { Branding } from "@/lib/branding";
import type { Locale } from "@/lib/checkout/locale";
import { html, trustedHtml, type Html } from "@/lib/checkout/page/html";
import { merchantContact } from "@/lib/checkout/page/render-checkout-page";
import { uiText } from "@/lib/checkout/messages";
import { CHECKOUT_CSS } from "@/lib/checkout/page/styles";
import type { PaymentLink } from "@/lib/db/generated/client";
import { formatCustomerAmount, type CurrencyCode } from "@/lib/money";
import type { Country } from "@/lib/reference";
import type { LinkClosedReason, LinkFormErrors, LinkFormField } from "../pay-through-link";
import { linkImagePath } from "../payment-link-views";
import { linkErrorMessage, linkText, type LinkText } from "./link-messages";

/**
 * A payment link's first step, /pay/<slug>, as one HTML document in the hosted checkout's own
 * style (lib/checkout/page: its escaping `html` tag, its style sheet, its header): the merchant's
 * logo and colour, the product's picture, title and amount, and a plain form (no script at all:
 * it works the same with or without JavaScript) asking for the amount when the customer chooses
 * it, the country when the link takes several, and the details the merchant asked for. Its POST
 * goes on to the hosted checkout, step 2. The merchant's support contact closes the page, as on
 * the checkout. Open Graph tags give the shared link its preview
 * (WhatsApp, Facebook, SMS apps that unfurl): title, description, picture or logo.
 */
export const LINK_PAGE_CSS = `
.step{color:var(--muted);font-size:.875rem;margin:0}
.product{display:block;width:100%;height:auto;max-height:18rem;object-fit:cover;border-radius:.5rem;background:var(--panel)}
.field{display:flex;flex-direction:column;gap:.25rem;margin-bottom:.5rem}
.input{font:inherit;font-size:1.125rem;padding:.625rem .75rem;border:1px solid #8a93a3;border-radius:.5rem;width:100%;min-width:0;background:var(--bg);color:var(--fg)}
.input[aria-invalid=true],.phone input[aria-invalid=true]{border-color:var(--err)}
.opt{font-weight:400;color:var(--muted)}
.summary{border:2px solid var(--err);border-radius:.5rem;padding:.5rem .75rem}
.summary ul{margin:.25rem 0 0;padding-left:1.25rem}
`.trim();

export type LinkPageInput = {
  link: PaymentLink;
  merchantName: string;
  branding: Pick<Branding, "accentColor" | "logo" | "support"> | null;
  /** The link's countries, in the link's order (names in the page's language). */
  countries: Country[];
  locale: Locale;
  nonce: string;
  /** The page's absolute URL and origin, for Open Graph. */
  origin: string;
  formToken: string;
  /** Why the link takes no payment; null: the form. */
  closed: LinkClosedReason | null;
  /** Bounds of a customer-chosen amount, minor units (the link's, narrowed to what its methods take). */
  bounds: { min: bigint; max: bigint; whole?: boolean } | null;
  /** After a refused submission: what was typed, and the refusals. */
  values?: Partial<Record<LinkFormField, string>>;
  errors?: LinkFormErrors;
  sandbox: boolean;
};

export function renderLinkPage(input: LinkPageInput): string {
  const { link, merchantName, branding, locale, nonce, origin, closed, sandbox } = input;
  const t = linkText(locale);
  const currency = link.currency as CurrencyCode;
  const money = (minor: bigint) => formatCustomerAmount(minor, currency, locale);
  const image = linkImagePath(link);
  const previewImage = image ?? branding?.logo?.src ?? null;
  const description = link.description ?? `${t.payTo} ${merchantName}${link.amount !== null ? ` · ${money(link.amount)}` : ""}`;
  const accent = branding?.accentColor;
  const logo = branding?.logo;
  const url = `${origin}/pay/${link.slug}`;

  // The merchant's support contact, as on the checkout: on the form and on a closed link, whose
  // text then points to it (never "ask the merchant" without a way to).
  const contact = merchantContact(branding?.support, merchantName, uiText(locale));
  const content = closed
    ? html`<section aria-labelledby="closed-title" data-testid="link-closed" data-reason="${closed}"><h2 id="closed-title" class="title err">${t.closed[closed][0]}</h2><p>${t.closed[closed][1]}${contact && closed !== "full" && html` ${t.closedContact}`}</p></section>`
    : form(input, t, money);

  return html`<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow"><meta name="referrer" content="same-origin">
<title>${link.title} · ${merchantName}</title>
<meta name="description" content="${description}">
<meta property="og:type" content="website"><meta property="og:site_name" content="${merchantName}"><meta property="og:title" content="${link.title}"><meta property="og:description" content="${description}"><meta property="og:url" content="${url}"><meta property="og:locale" content="${locale === "fr" ? "fr_FR" : "en_GB"}">
${previewImage && html`<meta property="og:image" content="${origin}${previewImage}">`}${image && link.imageWidth && link.imageHeight && html`<meta property="og:image:width" content="${String(link.imageWidth)}"><meta property="og:image:height" content="${String(link.imageHeight)}">`}
<meta name="twitter:card" content="${image ? "summary_large_image" : "summary"}">
<style nonce="${nonce}">${trustedHtml(CHECKOUT_CSS)}${trustedHtml(LINK_PAGE_CSS)}</style>${accent && isHexColour(accent) && html`<style nonce="${nonce}" id="brand">:root{--accent:${accent}}</style>`}
</head><body><div class="page">
<header class="header">
<nav class="lang" aria-label="${t.language}"><a href="?lang=fr" hreflang="fr" lang="fr"${locale === "fr" && html` aria-current="true"`}>Français</a><a href="?lang=en" hreflang="en" lang="en"${locale === "en" && html` aria-current="true"`}>English</a></nav>
<div class="brand">${logo && html`<img class="brand-logo" src="${logo.src}" alt=""${logo.width > 0 && logo.height > 0 && html` width="${String(logo.width)}" height="${String(logo.height)}"`} data-testid="merchant-logo">`}<p class="merchant">${t.payTo} <strong>${merchantName}</strong></p></div>
</header>
<main id="main">
${image && html`<img class="product" src="${image}" alt=""${link.imageWidth && link.imageHeight && html` width="${String(link.imageWidth)}" height="${String(link.imageHeight)}"`} data-testid="link-image">`}
<h1 class="title" data-testid="link-title">${link.title}</h1>
${link.description && html`<p class="description">${link.description}</p>`}
${link.amount !== null && html`<p class="amount"><span class="vh">${t.amount}: </span><span data-testid="amount">${money(link.amount)}</span></p>`}
${content}
</main>
${contact}
<footer>${sandbox ? t.secure : t.secureLive}</footer>
</div></body></html>`.value;
}

function form(input: LinkPageInput, t: LinkText, money: (minor: bigint) => string): Html {
  const { link, countries, locale, formToken, bounds } = input;
  const values = input.values ?? {};
  const errors = input.errors ?? {};
  const message = (field: LinkFormField) => {
    const e = errors[field];
    if (!e) return null;
    const params = { ...e.params };
    for (const k of ["min", "max"] as const) if (e.key.startsWith("amount_") && params[k] !== undefined) params[k] = money(BigInt(params[k]));
    return linkErrorMessage(e.key, locale, params);
  };
  const refused = (Object.keys(errors) as LinkFormField[]).filter((f) => errors[f]);
  const single = countries.length === 1 ? countries[0] : null;
  const attrs = (field: LinkFormField, help?: string) => {
    const described = [help, errors[field] ? `${field}-error` : null].filter(Boolean).join(" ");
    return html`${errors[field] && html` aria-invalid="true"`}${described && html` aria-describedby="${described}"`}`;
  };
  const error = (field: LinkFormField) => errors[field] && html`<p id="${field}-error" class="error">${message(field)}</p>`;
  const label = (field: string, text: string, required: boolean) => html`<label for="${field}" class="label">${text}${!required && html` <span class="opt">${t.optional}</span>`}</label>`;
  const regionName = (code: string) => new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;

  const amountField =
    link.amount === null &&
    html`<div class="field">${label("amount", t.amountIn(link.currency), true)}
<input id="amount" name="amount" class="input" inputmode="${bounds?.whole ? "numeric" : "decimal"}" autocomplete="transaction-amount" required maxlength="20" value="${values.amount ?? ""}"${attrs("amount", bounds ? "amount-help" : undefined)}>
${bounds && html`<p id="amount-help" class="help">${t.amountHelp(money(bounds.min), money(bounds.max))}${bounds.whole ? ` ${t.amountWhole}` : ""}</p>`}${error("amount")}</div>`;

  const countryField =
    !single &&
    html`<div class="field">${label("country", t.country, true)}
<select id="country" name="country" class="input" required${attrs("country")}><option value="">${t.chooseCountry}</option>${countries.map(
      (c) => html`<option value="${c.code}"${values.country === c.code && html` selected`}>${regionName(c.code)}</option>`,
    )}</select>${error("country")}</div>`;

  const textField = (field: "name" | "email" | "custom", text: string, mode: "off" | "optional" | "required", type: string, autocomplete: string) =>
    mode !== "off" &&
    html`<div class="field">${label(field, text, mode === "required")}
<input id="${field}" name="${field}" class="input" type="${type}" autocomplete="${autocomplete}" maxlength="${field === "email" ? "254" : "200"}"${mode === "required" && html` required`} value="${values[field] ?? ""}"${attrs(field)}>${error(field)}</div>`;

  const phoneField =
    link.collectPhone !== "off" &&
    html`<div class="field">${label("phone", t.phone, link.collectPhone === "required")}
${
  single
    ? html`<div class="phone"><span id="phone-prefix" class="prefix">${single.phonePrefix}</span><input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="tel-national" maxlength="20"${link.collectPhone === "required" && html` required`} value="${values.phone ?? ""}"${attrs("phone", "phone-prefix phone-help")}></div>
<p id="phone-help" class="help">${t.phoneHelp(single.nationalNumberLength)}</p>`
    : html`<input id="phone" name="phone" class="input" type="tel" inputmode="tel" autocomplete="tel" maxlength="24"${link.collectPhone === "required" && html` required`} value="${values.phone ?? ""}"${attrs("phone", "phone-help")}>
<p id="phone-help" class="help">${t.phoneHelpAny}</p>`
}${error("phone")}</div>`;

  const customMode = link.customFieldLabel ? (link.customFieldRequired ? "required" : "optional") : "off";
  const submit = link.amount !== null ? t.pay(money(link.amount)) : t.continue;
  return html`<form method="post" action="/pay/${link.slug}" novalidate data-testid="link-form">
<p class="step">${t.step}</p>
${refused.length > 0 && html`<div class="summary" role="alert" tabindex="-1" data-testid="link-errors"><p class="error">${errors.form ? message("form") : t.summary}</p>${refused.length > 0 && !errors.form && html`<ul>${refused.map((f) => html`<li><a href="#${f}">${message(f)}</a></li>`)}</ul>`}</div>`}
<input type="hidden" name="formToken" value="${formToken}">
${amountField}${countryField}
${textField("name", t.name, link.collectName, "text", "name")}
${phoneField}
${textField("email", t.email, link.collectEmail, "email", "email")}
${textField("custom", link.customFieldLabel ?? "", customMode, "text", "off")}
<button type="submit" class="button">${submit}</button>
</form>
${link.expiresAt && html`<p class="countdown">${t.expiresOn(new Intl.DateTimeFormat(locale === "fr" ? "fr-FR" : "en-GB", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(link.expiresAt))} UTC</p>`}`;
}
