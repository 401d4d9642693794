import { appEnv } from "@/lib/config";
import { getPrisma } from "@/lib/db/client";
import { describeWebhookEndpoint, type WebhookEndpointView } from "@/lib/webhooks/describe-webhook-endpoint";
import { enableWebhookEndpoint } from "@/lib/webhooks/enable-webhook-endpoint";
import { getOrCreateEndpoint } from "@/lib/webhooks/get-or-create-endpoint";
import { reencryptTotpSecrets } from "@/lib/identity/two-factor/reencrypt-totp-secrets";
import { reencryptWebhookSecrets } from "@/lib/webhooks/reencrypt-webhook-secrets";
import { rotateWebhookSecret } from "@/lib/webhooks/rotate-webhook-secret";
import { setWebhookUrl } from "@/lib/webhooks/set-webhook-url";
import { optionalFlag, OpsUsageError, requireFlag, type OpsCommand } from "./command";
import { resendWebhookEvent } from "@/lib/webhooks/resend-webhook-event";
import { resolveMerchantId } from "./merchant-commands";
import { listEventsSince } from "@/lib/webhooks/transaction-events";

/**
 * Webhook configuration of a merchant in this deployment's environment (docs/design/webhooks.md, docs/design/operations.md),
 * until the dashboard does it. Every change is audited with actor "ops".
 */
function printEndpoint(view: WebhookEndpointView, out: (line: string) => void) {
  out(`  url      ${view.url ?? "(none: events are recorded but not sent, unless the transaction has a callbackUrl)"}`);
  out(`  status   ${view.status}${view.disabledAt ? ` since ${view.disabledAt}: ${view.disabledReason}` : ""}`);
  if (view.previousSecretValidUntil) out(`  rotation the previous secret still signs until ${view.previousSecretValidUntil}`);
  out(`  secret   ${view.secretShownAt ? `shown on ${view.secretShownAt}; a lost secret is replaced with webhook:rotate-secret` : "not shown yet: the merchant reveals it once in the dashboard, or webhook:rotate-secret prints a new one"}`);
}

export const webhookSet: OpsCommand = {
  name: "webhook:set",
  summary: "Set a merchant's default webhook URL (checked against this environment's rules; `none` removes it)",
  usage: "webhook:set --merchant <id|email> --url <https://…|none> [--json]",
  async run(args, out) {
    const merchantId = await resolveMerchantId(requireFlag(args, "merchant"));
    const raw = requireFlag(args, "url");
    const view = await setWebhookUrl(merchantId, appEnv(), raw === "none" ? null : raw, "ops");
    if (args.flags.json) return void out(JSON.stringify(view, null, 2));
    out(`Webhook endpoint of ${merchantId} (${view.environment}):`);
    printEndpoint(view, out);
  },
};

export const webhookShow: OpsCommand = {
  name: "webhook:show",
  summary: "Show a merchant's webhook URL and status (never the signing secret: it is shown once, at creation or rotation)",
  usage: "webhook:show --merchant <id|email> [--json]",
  async run(args, out) {
    const merchantId = await resolveMerchantId(requireFlag(args, "merchant"));
    const environment = appEnv();
    const view = describeWebhookEndpoint(await getOrCreateEndpoint(merchantId, environment, await getPrisma()));
    if (args.flags.json) return void out(JSON.stringify(view, null, 2));
    out(`Webhook endpoint of ${merchantId} (${environment}):`);
    printEndpoint(view, out);
  },
};

export const webhookRotateSecret: OpsCommand = {
  name: "webhook:rotate-secret",
  summary: "New webhook signing secret; the previous one keeps signing (second signature) for 24 h",
  usage: "webhook:rotate-secret --merchant <id|email> [--json]",
  async run(args, out) {
    const merchantId = await resolveMerchantId(requireFlag(args, "merchant"));
    const { secret, previousValidUntil } = await rotateWebhookSecret(merchantId, appEnv(), "ops");
    if (args.flags.json) return void out(JSON.stringify({ merchantId, secret, previousValidUntil: previousValidUntil.toISOString() }, null, 2));
    out(`New webhook secret for ${merchantId}: ${secret}`);
    out(`Messages carry both signatures until ${previousValidUntil.toISOString()}; switch your verifier before then.`);
  },
};

export const webhookEnable: OpsCommand = {
  name: "webhook:enable",
  summary: "Re-enable a merchant's webhook endpoint disabled after a 410 Gone answer",
  usage: "webhook:enable --merchant <id|email> [--json]",
  async run(args, out) {
    const merchantId = await resolveMerchantId(requireFlag(args, "merchant"));
    const view = await enableWebhookEndpoint(merchantId, appEnv(), "ops");
    if (args.flags.json) return void out(JSON.stringify(view, null, 2));
    out(`Webhook endpoint of ${merchantId} re-enabled. Events that came up while it was disabled can be resent.`);
    printEndpoint(view, out);
  },
};

export const webhookReencrypt: OpsCommand = {
  name: "webhook:reencrypt",
  summary: "Re-encrypt every stored webhook secret and dashboard TOTP secret with the first WEBHOOK_SECRET_KEYS key (after adding a key, or for rows from before encryption)",
  usage: "webhook:reencrypt [--json]",
  async run(args, out) {
    const result = await reencryptWebhookSecrets();
    // The same keyring seals the dashboard's TOTP secrets: both must move before an old key goes.
    const totp = await reencryptTotpSecrets();
    if (args.flags.json) return void out(JSON.stringify({ ...result, totp }, null, 2));
    out(
      `Checked ${result.checked} webhook endpoint(s); re-encrypted ${result.rewritten}. Checked ${totp.checked} two-factor secret(s); re-encrypted ${totp.rewritten}. Keys no longer used by any row can now be removed from WEBHOOK_SECRET_KEYS.`,
    );
  },
};

/**
 * Sends a merchant's events again (a merchant lost what it received, or its endpoint was down
 * past the retry window): every event recorded since `--since`, oldest first, each as one
 * manual attempt (the API's resend: same event id, so a receiver that has it dedupes).
 * `--failed-only` skips the ones already delivered. One at a time: a receiver is never flooded.
 */
export const webhooksRedeliver: OpsCommand = {
  name: "webhooks:redeliver",
  summary: "Send a merchant's webhook events recorded since a date again (oldest first; same event ids)",
  usage: "webhooks:redeliver --merchant <id|email> --since <ISO date> [--failed-only] [--limit <n>] [--dry-run]",
  async run(args, out) {
    const merchantId = await resolveMerchantId(requireFlag(args, "merchant"));
    const since = new Date(requireFlag(args, "since"));
    if (Number.isNaN(since.getTime())) throw new OpsUsageError("--since must be a date (2026-11-23 or 2026-11-23T10:00:00Z)");
    const limit = Number(optionalFlag(args, "limit") ?? 1000);
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new OpsUsageError("--limit must be 1 to 10000");
    const environment = appEnv();
    const events = await listEventsSince(merchantId, environment, since, limit, args.flags["failed-only"] === true ? ["failed", "disabled", "skipped"] : undefined);
    if (events.length === 0) return void out(`No webhook event for ${merchantId} since ${since.toISOString()}.`);
    if (args.flags["dry-run"] === true) {
      for (const e of events) out(`would resend ${e.id}  ${e.type}  (${e.status})`);
      return void out(`${events.length} event(s) would be sent again.`);
    }
    let delivered = 0;
    let failed = 0;
    for (const e of events) {
      try {
        const view = await resendWebhookEvent(merchantId, environment, e.id);
        // This attempt's answer (the event of an earlier success stays delivered whatever it got).
        const last = view.attempts.at(-1);
        const ok = last?.statusCode != null && last.statusCode >= 200 && last.statusCode < 300;
        if (ok) delivered++;
        else failed++;
        out(`${e.id}  ${e.type}  ${ok ? "delivered" : `not delivered (${last?.statusCode ?? last?.error ?? "no answer"})`}`);
      } catch (err) {
        failed++;
        out(`${e.id}  ${e.type}  refused: ${(err as Error).message}`);
      }
    }
    out(`Sent ${events.length} event(s) again: ${delivered} delivered, ${failed} not.`);
    return failed > 0 ? 1 : 0;
  },
};

export const webhookCommands: OpsCommand[] = [webhookSet, webhookShow, webhookRotateSecret, webhookEnable, webhookReencrypt, webhooksRedeliver];
