import { isIP } from "node:net";
import { AppError } from "@/lib/errors";
import { forbiddenAddressReason } from "./forbidden-address";
import { MAX_WEBHOOK_URL_LENGTH, webhookUrlPolicy, type WebhookUrlPolicy } from "./webhook-config";

/**
 * The static half of the SSRF rules (docs/design/webhooks.md), for when a URL is configured (ops CLI,
 * dashboard) or handed to us as a transaction's `callbackUrl`: scheme, no credentials, and,
 * unless private targets are allowed, no IP literal or `localhost` name outside the public
 * internet. What a hostname resolves to can change, so delivery checks again at send time
 * (resolve-webhook-target.ts); passing this check is necessary, not sufficient.
 */
export type WebhookUrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** Hostname without the brackets WHATWG URL keeps around IPv6 literals. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "");
}

function isLocalhostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}

export function checkWebhookUrl(raw: string, policy: WebhookUrlPolicy = webhookUrlPolicy()): WebhookUrlCheck {
  if (typeof raw !== "string" || raw.trim() === "") return { ok: false, reason: "The webhook URL is empty." };
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) return { ok: false, reason: `The webhook URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters.` };
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: "The webhook URL is not a valid absolute URL." };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { ok: false, reason: "The webhook URL must use https." };
  }
  if (policy.requireHttps && url.protocol !== "https:") {
    return { ok: false, reason: "The webhook URL must use https in production." };
  }
  if (url.username || url.password) {
    return { ok: false, reason: "The webhook URL must not contain a user name or password." };
  }
  const host = bareHostname(url);
  if (!host) return { ok: false, reason: "The webhook URL has no host." };
  if (!policy.allowPrivate) {
    if (isLocalhostName(host)) return { ok: false, reason: "The webhook URL must not point at localhost." };
    if (isIP(host)) {
      const reason = forbiddenAddressReason(host);
      if (reason) return { ok: false, reason: `The webhook URL must not point at a ${reason} address.` };
    }
  }
  return { ok: true, url };
}

/**
 * Throws a 400 `validation_error` (with `details[{path: field}]`) when `raw` may not be used
 * as a webhook URL in this environment; returns the parsed URL otherwise.
 */
export function assertWebhookUrlAllowed(raw: string, options: { field?: string; policy?: WebhookUrlPolicy } = {}): URL {
  const check = checkWebhookUrl(raw, options.policy);
  if (!check.ok) {
    const path = options.field ?? "url";
    throw new AppError("validation_error", check.reason, { details: [{ path, message: check.reason }] });
  }
  return check.url;
}
