/**
 * Writes the OpenAPI document (the same one GET /api/v1/openapi.json serves) to a file, for the
 * linters and the SDK generator: `tsx scripts/write-openapi.ts [out.json]`. The servers are the
 * published ones (SANDBOX_PUBLIC_URL / PRODUCTION_PUBLIC_URL, defaults below), not localhost.
 */
import { writeFileSync } from "node:fs";

process.env.APP_ENV ??= "sandbox";
process.env.PUBLIC_URL ??= process.env.SANDBOX_PUBLIC_URL ?? "https://sandbox.payments.test";
process.env.PRODUCTION_PUBLIC_URL ??= "https://api.payments.test";

const { buildOpenApiDocument } = await import("@/lib/http/openapi");
const { contracts } = await import("@/app/api/v1/contracts");
const { webhookEventDocs } = await import("@/app/api/v1/webhook-events");
const { config } = await import("@/lib/config");

const out = process.argv[2] ?? ".data/openapi.json";
const doc = buildOpenApiDocument(contracts, { servers: config.apiServers(), version: config.version(), webhooks: webhookEventDocs });
writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
console.log(`OpenAPI document written to ${out}`);
