import QRCode from "qrcode";
import { BRANDING_COLUMNS, presentBranding } from "@/lib/branding";
import { LOGO_EXTENSION, type LogoType } from "@/lib/branding/logo-image";
import { LOCALE_COOKIE, isLocale, pickLocale, type Locale } from "@/lib/checkout/locale";
import { contentSecurityPolicy, isSameOriginPost, readCookie } from "@/lib/checkout/page/checkout-responses";
import { renderMessagePage } from "@/lib/checkout/page/render-checkout-page";
import { config, isSandbox, setting } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import type { PaymentLink } from "@/lib/db/generated/client";
import { isAppError } from "@/lib/errors";
import { clientIp } from "@/lib/http/client-ip";
import { newNonce } from "@/lib/http/new-nonce";
import { checkRateLimit } from "@/lib/http/rate-limit";
import { readBodyText } from "@/lib/http/read-body";
import { newToken } from "@/lib/ids";
import { log } from "@/lib/log";
import { getCatalogue, type Country } from "@/lib/reference";
import { findLinkBySlug } from "../get-payment-link";
import { amountBounds, linkAvailability, payThroughLink, type LinkClosedReason, type LinkFormErrors, type LinkFormField } from "../pay-through-link";
import { linkPath, linkUrl } from "../payment-link-views";
import { linkText } from "./link-messages";
import { renderLinkPage } from "./render-link-page";
import { findMerchant } from "@/lib/merchants/merchant-records";

/**
 * HTTP for a payment link's public side, on the web platform's Request/Response (no next/*):
 * - GET /pay/<slug>: the first step (render-link-page.ts), or why the link takes no payment;
 * - POST /pay/<slug>: the form; 303 to the hosted checkout of the payment it created (or of the
 *   one this same submission created before: pay-through-link.ts), else the page again with its
 *   refusals. Rate limited per client IP and per link before any work;
 * - GET /pay/<slug>/qr.svg and qr.png: the link's QR code (?download=1 to save it);
 * - GET /pay/<slug>/image/<sha256>.<ext>: the link's picture.
 * The pages carry the checkout's strict CSP (no script runs at all here), are never cached
 * (the form holds a fresh token) and refuse cross-site posts by Origin, as the checkout does.
 */
const MAX_FORM_BYTES = 8 * 1024;
const FIELDS: LinkFormField[] = ["amount", "country", "name", "phone", "email", "custom"];

function pageHeaders(nonce: string): Headers {
  return new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Content-Security-Policy": contentSecurityPolicy(nonce),
    "Cache-Control": "no-store, max-age=0",
    "Referrer-Policy": "same-origin",
    "X-Robots-Tag": "noindex, nofollow",
    "X-Content-Type-Options": "nosniff",
  });
}

function requestLocale(request: Request, url = new URL(request.url)): Locale {
  return pickLocale({ query: url.searchParams.get("lang"), cookie: readCookie(request, LOCALE_COOKIE), acceptLanguage: request.headers.get("accept-language") });
}

/** The origin the customer reached us on, for the Open Graph URLs: the configured public URL. */
const origin = () => config.publicUrl().replace(/\/$/, "");

function messageResponse(locale: Locale, status: number, title: string, text: string, back?: string): Response {
  const nonce = newNonce();
  const t = linkText(locale);
  const body = renderMessagePage({ locale, nonce, title, text, ...(back ? { backHref: back, backLabel: t.backToForm } : {}) });
  return new Response(body, { status, headers: pageHeaders(nonce) });
}

const notFound = (locale: Locale) => messageResponse(locale, 404, linkText(locale).notFoundTitle, linkText(locale).notFoundText);

async function withErrorPage(request: Request, handle: () => Promise<Response>): Promise<Response> {
  try {
    return await handle();
  } catch (err) {
    log.error("payment link request failed", { method: request.method, error: (err as Error).message });
    const t = linkText(requestLocale(request));
    return messageResponse(requestLocale(request), 500, t.errorTitle, t.errorText);
  }
}

type PageState = { closed: LinkClosedReason | null; values?: Partial<Record<LinkFormField, string>>; errors?: LinkFormErrors; formToken?: string };

async function renderPage(link: PaymentLink, locale: Locale, state: PageState, status: number, extraHeaders?: (h: Headers) => void): Promise<Response> {
  const prisma = await getPrisma();
  const merchant = await findMerchant(link.merchantId, { name: true, branding: { select: BRANDING_COLUMNS } }, prisma);
  const branding = merchant?.branding ? presentBranding(link.merchantId, merchant.branding) : null;
  const catalogue = await getCatalogue();
  const countries = link.countries.map((c) => catalogue.countryByCode.get(c)).filter((c): c is Country => Boolean(c));
  const chosen = countries.length === 1 ? countries[0].code : (state.values?.country ?? null);
  const nonce = newNonce();
  const body = renderLinkPage({
    link,
    merchantName: branding?.displayName ?? merchant?.name ?? "",
    branding,
    countries,
    locale,
    nonce,
    origin: origin(),
    formToken: state.formToken ?? newToken(18),
    closed: state.closed,
    bounds: link.amount === null && !state.closed ? await amountBounds(link, chosen && link.countries.includes(chosen) ? chosen : null) : null,
    values: state.values,
    errors: state.errors,
    sandbox: isSandbox(),
  });
  const headers = pageHeaders(nonce);
  extraHeaders?.(headers);
  return new Response(body, { status, headers });
}

/** A link's closed states are final (410) but "every place is held" may pass (409). */
const closedStatus = (reason: LinkClosedReason) => (reason === "full" ? 409 : 410);

export function linkPageResponse(request: Request, slug: string): Promise<Response> {
  return withErrorPage(request, async () => {
    const url = new URL(request.url);
    const locale = requestLocale(request, url);
    const link = await findLinkBySlug(slug);
    if (!link) return notFound(locale);
    const { status } = await linkAvailability(link);
    const closed = status === "active" ? null : status;
    const chosen = url.searchParams.get("lang");
    return renderPage(link, locale, { closed }, closed ? closedStatus(closed) : 200, (headers) => {
      // The choice holds on this page and on the checkout it leads to.
      if (!isLocale(chosen)) return;
      for (const path of [linkPath(link.slug), "/checkout"]) {
        headers.append("Set-Cookie", `${LOCALE_COOKIE}=${chosen}; Path=${path}; Max-Age=${365 * 86_400}; HttpOnly; SameSite=Lax${origin().startsWith("https:") ? "; Secure" : ""}`);
      }
    });
  });
}

/** Over the limit: the 429 page, with Retry-After. A limiter outage lets the request through (the API does the same). */
async function rateLimited(request: Request, link: PaymentLink, locale: Locale): Promise<Response | null> {
  const checks: [string, number][] = [
    [`pl-ip:${clientIp(request.headers)}`, setting("PAYMENT_LINK_SUBMITS_PER_IP_PER_MINUTE")],
    [`pl-link:${link.id}`, setting("PAYMENT_LINK_SUBMITS_PER_LINK_PER_MINUTE")],
  ];
  for (const [identifier, max] of checks) {
    if (max === 0) continue;
    let result;
    try {
      result = await checkRateLimit(identifier, max);
    } catch (err) {
      log.warn("rate limiter unavailable, payment link submission allowed", { error: (err as Error).message });
      return null;
    }
    if (!result.success) {
      const t = linkText(locale);
      const response = messageResponse(locale, 429, t.rateLimitedTitle, t.rateLimitedText, linkPath(link.slug));
      response.headers.set("Retry-After", String(Math.max(1, Math.ceil((result.reset - Date.now()) / 1000))));
      return response;
    }
  }
  return null;
}

export function submitLinkResponse(request: Request, slug: string): Promise<Response> {
  return withErrorPage(request, async () => {
    const locale = requestLocale(request);
    const link = await findLinkBySlug(slug);
    if (!link) return notFound(locale);
    const t = linkText(locale);
    const back = linkPath(link.slug);
    if (!isSameOriginPost(request)) return messageResponse(locale, 403, t.refusedTitle, t.refusedText, back);
    if (!/^application\/x-www-form-urlencoded\b/i.test((request.headers.get("content-type") ?? "").trim())) return messageResponse(locale, 415, t.refusedTitle, t.refusedText, back);
    let form: URLSearchParams;
    try {
      form = new URLSearchParams(await readBodyText(request, MAX_FORM_BYTES));
    } catch (err) {
      if (!isAppError(err)) throw err;
      return messageResponse(locale, err.code === "payload_too_large" ? 413 : 400, t.refusedTitle, t.refusedText, back);
    }
    const limited = await rateLimited(request, link, locale);
    if (limited) return limited;

    const values = Object.fromEntries(FIELDS.map((f) => [f, (form.get(f) ?? "").slice(0, 300)])) as Record<LinkFormField, string>;
    const formToken = form.get("formToken") ?? "";
    const result = await payThroughLink(link, { formToken, ...values });
    if (result.ok) {
      return new Response(null, { status: 303, headers: { Location: `/checkout/${result.checkoutToken}`, "Cache-Control": "no-store", "Referrer-Policy": "same-origin" } });
    }
    if ("closed" in result) return renderPage(link, locale, { closed: result.closed }, closedStatus(result.closed));
    // The same token again: resending the corrected form is a new submission (its fields differ),
    // resending it unchanged still finds the first payment.
    const keepToken = result.errors.form ? undefined : formToken;
    return renderPage(link, locale, { closed: null, values, errors: result.errors, formToken: keepToken }, 400);
  });
}

/** The QR code of the link's page, SVG or PNG; `?download=1` saves it as a file named after the slug. */
export function linkQrResponse(request: Request, slug: string, format: "svg" | "png"): Promise<Response> {
  return withErrorPage(request, async () => {
    const link = await findLinkBySlug(slug);
    if (!link) return notFound(requestLocale(request));
    const target = linkUrl(link.slug);
    const headers = new Headers({
      "Cache-Control": "public, max-age=86400",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cross-Origin-Resource-Policy": "cross-origin",
    });
    if (new URL(request.url).searchParams.get("download") === "1") headers.set("Content-Disposition", `attachment; filename="${link.slug}.${format}"`);
    if (format === "svg") {
      headers.set("Content-Type", "image/svg+xml; charset=utf-8");
      return new Response(await QRCode.toString(target, { type: "svg", errorCorrectionLevel: "M", margin: 2 }), { status: 200, headers });
    }
    headers.set("Content-Type", "image/png");
    const png = await QRCode.toBuffer(target, { type: "png", errorCorrectionLevel: "M", margin: 2, width: 600 });
    return new Response(new Uint8Array(png), { status: 200, headers });
  });
}

const IMAGE_FILE = /^([0-9a-f]{64})\.(png|jpg|webp)$/;

/** The link's picture, named by its content: immutable, cached for a year (as the checkout logo, lib/branding). */
export async function linkImageResponse(request: Request, slug: string, file: string): Promise<Response> {
  const missing = () => new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } });
  const match = IMAGE_FILE.exec(file);
  if (!match) return missing();
  let link;
  try {
    link = await findLinkBySlug(slug);
  } catch (err) {
    log.error("payment link image request failed", { error: (err as Error).message });
    return new Response("Unavailable\n", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "5" } });
  }
  if (!link?.image || link.imageSha256 !== match[1] || LOGO_EXTENSION[link.imageType as LogoType] !== match[2]) return missing();
  const etag = `"${link.imageSha256}"`;
  const headers = new Headers({
    "Content-Type": link.imageType!,
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    // Link previews (WhatsApp, Facebook) fetch it from their own servers.
    "Cross-Origin-Resource-Policy": "cross-origin",
    "Content-Disposition": "inline",
  });
  if (request.headers.get("if-none-match")?.split(",").some((t) => t.trim().replace(/^W\//, "") === etag)) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : new Uint8Array(link.image), { status: 200, headers });
}
