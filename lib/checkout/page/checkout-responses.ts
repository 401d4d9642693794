import { config, isSandbox } from "@/lib/config";
import { isAppError } from "@/lib/errors";
import { newNonce } from "@/lib/http/new-nonce";
import { readBodyText } from "@/lib/http/read-body";
import { log } from "@/lib/log";
import { cancelCheckout } from "../cancel-checkout";
import { getCheckoutByToken, isWellFormedToken } from "../get-checkout";
import { listMethodsForCheckout } from "../list-checkout-methods";
import { isPayable } from "../checkout-stage";
import { getCatalogue } from "@/lib/reference/get-catalogue";
import { LEAVE_WAITING_CHOICES, type LeaveWaitingChoice, leaveWaiting } from "../leave-waiting";
import { isLocale, LOCALE_COOKIE, pickLocale, type Locale } from "../locale";
import { uiText } from "../messages";
import { submitCheckoutMethod } from "../submit-checkout-method";
import { renderCheckoutPage, renderMessagePage } from "./render-checkout-page";

/**
 * HTTP for the hosted checkout, on the web platform's Request/Response (no next/* here):
 * - GET /checkout/<token>: the page (render-checkout-page.ts);
 * - POST /checkout/<token>/pay and /cancel: the page's two forms, answered 303 back to the page
 *   (post/redirect/get, so reload and back never resubmit).
 * Every response is `no-store` (the page shows personal data), carries a strict CSP with a fresh
 * nonce (only our inline style and script run), keeps the token-bearing URL out of Referer
 * headers to other sites, and is never indexed. The forms are protected against cross-site
 * posting by the Origin check below (the token, unguessable, is the real capability).
 */
export const PHONE_COOKIE = "checkout_phone";
const MAX_FORM_BYTES = 4 * 1024;
const pagePath = (token: string) => `/checkout/${token}`;

export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}

function baseHeaders(): Headers {
  return new Headers({
    "Cache-Control": "no-store, max-age=0",
    // same-origin, not no-referrer: with no-referrer a browser sends `Origin: null` on a form
    // POST, which the Origin check must refuse.
    "Referrer-Policy": "same-origin",
    "X-Robots-Tag": "noindex, nofollow",
    "X-Content-Type-Options": "nosniff",
  });
}

function htmlResponse(body: string, status: number, nonce: string, headers = baseHeaders()): Response {
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  return new Response(body, { status, headers });
}

function seeOther(location: string, headers = baseHeaders()): Response {
  headers.set("Location", location);
  return new Response(null, { status: 303, headers });
}

export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

function setCookie(headers: Headers, name: string, value: string, options: { path: string; maxAge: number; sameSite: "Lax" | "Strict" }) {
  headers.append("Set-Cookie", `${name}=${encodeURIComponent(value)}; Path=${options.path}; Max-Age=${options.maxAge}; HttpOnly; SameSite=${options.sameSite}${secureCookies() ? "; Secure" : ""}`);
}

/** Over plain http (the sandbox on localhost) a Secure cookie would be dropped by the browser. */
const secureCookies = () => config.publicUrl().startsWith("https:");

/**
 * The customer's language: ?lang= (remembered), then the cookie, then Accept-Language, else the
 * payment's country's (English in East Africa and Ghana), else French.
 */
function requestLocale(request: Request, url = new URL(request.url), country?: string | null): Locale {
  return pickLocale({
    query: url.searchParams.get("lang"),
    cookie: readCookie(request, LOCALE_COOKIE),
    acceptLanguage: request.headers.get("accept-language"),
    country,
  });
}

/**
 * A form POST must come from our own page. Browsers send Origin on every POST (and
 * Sec-Fetch-Site on all recent ones), so a cross-site form or a sandboxed frame (`Origin: null`)
 * is refused; a request with neither header cannot come from another site in a browser.
 * The host compared is the one the request was sent to (X-Forwarded-Host behind a proxy), as
 * Next does for server actions.
 */
export function isSameOriginPost(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return false;
  const origin = request.headers.get("origin");
  if (origin === null) return true;
  const host = request.headers.get("x-forwarded-host")?.split(",")[0].trim() || request.headers.get("host");
  try {
    return host !== null && new URL(origin).host === host;
  } catch {
    return false;
  }
}

function messagePage(locale: Locale, status: number, kind: "notFound" | "refused" | "error", token?: string): Response {
  const t = uiText(locale);
  const nonce = newNonce();
  const title = { notFound: t.notFoundTitle, refused: t.refusedTitle, error: t.errorTitle }[kind];
  const text = { notFound: t.notFoundText, refused: t.refusedText, error: t.errorText }[kind];
  const back = token && kind !== "notFound" ? { backHref: pagePath(token), backLabel: t.backToPayment } : {};
  return htmlResponse(renderMessagePage({ locale, nonce, title, text, ...back }), status, nonce);
}

/** An unexpected failure (database down…) gets a page in the customer's language, never a stack. */
async function withErrorPage(request: Request, token: string, handle: () => Promise<Response>): Promise<Response> {
  try {
    return await handle();
  } catch (err) {
    log.error("checkout request failed", { method: request.method, error: (err as Error).message });
    return messagePage(requestLocale(request), 500, "error", isWellFormedToken(token) ? token : undefined);
  }
}

export function checkoutPageResponse(request: Request, token: string): Promise<Response> {
  return withErrorPage(request, token, async () => {
    const url = new URL(request.url);
    const checkout = await getCheckoutByToken(token);
    if (!checkout) return messagePage(requestLocale(request, url), 404, "notFound");
    const locale = requestLocale(request, url, checkout.payment.country);

    const now = new Date();
    const query = Object.fromEntries(["error", "field", "method", "cancel", "stuck"].map((k) => [k, url.searchParams.get(k) ?? undefined]));
    const methods = isPayable(checkout.payment, now) ? await listMethodsForCheckout(checkout.payment) : [];
    const nonce = newNonce();
    const body = renderCheckoutPage({
      checkout,
      methods,
      locale,
      nonce,
      query,
      typedPhone: query.error ? (readCookie(request, PHONE_COOKIE) ?? "") : "",
      prefillPhone: nationalDigits(checkout.payment.customerPhone, checkout.country?.phonePrefix),
      sandbox: isSandbox(),
      numbering: checkout.country ? (await getCatalogue()).numberingPlans.get(checkout.country.code) : null,
      now,
    });
    const headers = baseHeaders();
    const chosen = url.searchParams.get("lang");
    if (isLocale(chosen)) setCookie(headers, LOCALE_COOKIE, chosen, { path: "/checkout", maxAge: 365 * 86_400, sameSite: "Lax" });
    return htmlResponse(body, 200, nonce, headers);
  });
}

/** "+221770000012" → "770000012" when it is in the checkout's country; "" otherwise. */
function nationalDigits(e164: string | null, prefix: string | undefined): string {
  return e164 && prefix && e164.startsWith(prefix) ? e164.slice(prefix.length) : "";
}

/** The form's fields, or the response that refuses the request. */
async function readForm(request: Request, token: string): Promise<URLSearchParams | Response> {
  const locale = requestLocale(request);
  if (!isWellFormedToken(token)) return messagePage(locale, 404, "notFound");
  if (!isSameOriginPost(request)) return messagePage(locale, 403, "refused", token);
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/x-www-form-urlencoded\b/i.test(type.trim())) return messagePage(locale, 415, "refused", token);
  try {
    return new URLSearchParams(await readBodyText(request, MAX_FORM_BYTES));
  } catch (err) {
    if (!isAppError(err)) throw err;
    return messagePage(locale, err.code === "payload_too_large" ? 413 : 400, "refused", token);
  }
}

export function submitMethodResponse(request: Request, token: string): Promise<Response> {
  return withErrorPage(request, token, async () => {
    const form = await readForm(request, token);
    if (form instanceof Response) return form;
    const provider = form.get("provider");
    const phone = form.get("phone");
    const result = await submitCheckoutMethod(token, { provider, phone });
    if (!result) return messagePage(requestLocale(request), 404, "notFound");

    const headers = baseHeaders();
    const cookie = { path: pagePath(token), sameSite: "Strict" as const };
    if (result.ok) {
      setCookie(headers, PHONE_COOKIE, "", { ...cookie, maxAge: 0 });
      return seeOther(pagePath(token), headers);
    }
    // The refusal travels as a message key; the number typed never goes in the URL, but in a
    // short-lived cookie scoped to this checkout, to refill the field.
    if (phone !== null && phone.length <= 32) setCookie(headers, PHONE_COOKIE, phone, { ...cookie, maxAge: 600 });
    const query = new URLSearchParams({ error: result.key, field: result.field });
    if (provider !== null && /^[a-z_]{1,32}$/.test(provider)) query.set("method", provider);
    return seeOther(`${pagePath(token)}?${query}`, headers);
  });
}

export function cancelCheckoutResponse(request: Request, token: string): Promise<Response> {
  return withErrorPage(request, token, async () => {
    const form = await readForm(request, token);
    if (form instanceof Response) return form;
    const result = await cancelCheckout(token);
    if (!result) return messagePage(requestLocale(request), 404, "notFound");
    // Refused (a prompt is already on the phone) or done: the page shows the payment as it is.
    return seeOther(pagePath(token));
  });
}

/**
 * POST /checkout/<token>/stuck — "I did not get the prompt" (lib/checkout leaveWaiting); 303
 * back to the page, with `?stuck=open` when the operator still holds the prompt sent.
 */
export function leaveWaitingResponse(request: Request, token: string): Promise<Response> {
  return withErrorPage(request, token, async () => {
    const form = await readForm(request, token);
    if (form instanceof Response) return form;
    const raw = form.get("want");
    const want: LeaveWaitingChoice = (LEAVE_WAITING_CHOICES as readonly string[]).includes(raw ?? "") ? (raw as LeaveWaitingChoice) : "other";
    const outcome = await leaveWaiting(token, want);
    if (!outcome) return messagePage(requestLocale(request), 404, "notFound");
    return seeOther(outcome === "still_open" ? `${pagePath(token)}?stuck=open` : pagePath(token));
  });
}
