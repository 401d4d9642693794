/**
 * The OpenAPI document as published (the one GET /api/v1/openapi.json serves), with the public
 * servers (SANDBOX_PUBLIC_URL / PRODUCTION_PUBLIC_URL, defaults below) rather than localhost:
 * what the linters read and the SDK is generated from.
 */
const { config, isSet, overrideSetting, setting } = await import("@/lib/config");
if (!isSet("APP_ENV")) overrideSetting("APP_ENV", "sandbox");
if (!isSet("PUBLIC_URL")) overrideSetting("PUBLIC_URL", setting("SANDBOX_PUBLIC_URL") ?? "https://sandbox.payments.test");
if (!isSet("PRODUCTION_PUBLIC_URL")) overrideSetting("PRODUCTION_PUBLIC_URL", "https://api.payments.test");

const { buildOpenApiDocument } = await import("@/lib/http/openapi");
const { contracts } = await import("@/app/api/v1/contracts");
const { webhookEventDocs } = await import("@/app/api/v1/webhook-events");

export function publishedOpenApiJson(): string {
  const doc = buildOpenApiDocument(contracts, { servers: config.apiServers(), version: config.version(), webhooks: webhookEventDocs });
  return `${JSON.stringify(doc, null, 2)}\n`;
}
