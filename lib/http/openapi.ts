import { z } from "zod";
import type { RouteContract } from "./contract";
import { REASON_PHRASES } from "./error-status";

/**
 * Builds the OpenAPI 3.1 document from the route contracts, the same objects the wrapper runs,
 * so the documentation cannot drift from the behaviour.
 */
type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

const toSchema = (schema: z.ZodType, io: "input" | "output"): JsonSchema => {
  const out = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  delete out.$schema;
  return out;
};

const ERROR_SCHEMA: JsonSchema = {
  type: "object",
  required: ["statusCode", "message", "error"],
  properties: {
    statusCode: { type: "integer" },
    message: { type: "string" },
    error: { type: "string", description: "HTTP reason phrase" },
    code: { type: "string", description: "Machine-readable snake_case code" },
    details: {
      type: "array",
      items: { type: "object", properties: { path: { type: "string" }, message: { type: "string" } }, required: ["path", "message"] },
    },
    requestId: { type: "string" },
  },
};

function parameters(schema: z.ZodType | undefined, location: "query" | "path") {
  if (!schema) return [];
  const json = toSchema(schema, "input");
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, prop]) => {
    const { description, ...rest } = prop;
    return { name, in: location, required: location === "path" || required.has(name), description, schema: rest };
  });
}

function operation(contract: RouteContract) {
  const responses: Record<string, unknown> = {
    [contract.success.status]: {
      description: contract.success.description,
      content: { "application/json": { schema: toSchema(contract.success.schema, "output") } },
    },
  };
  const errorStatuses = new Set([400, 429, 500, ...(contract.auth === "apiKey" ? [401, 403] : []), ...(contract.errors ?? [])]);
  if (contract.idempotency) [409, 422].forEach((s) => errorStatuses.add(s));
  for (const status of [...errorStatuses].sort()) {
    responses[status] = {
      description: REASON_PHRASES[status] ?? "Error",
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  }
  const headerParams = contract.idempotency
    ? [
        {
          name: "X-Idempotency-Key",
          in: "header",
          required: false,
          description: "Replays the first response for 24 h; another body with the same key is 422.",
          schema: { type: "string", maxLength: 255 },
        },
      ]
    : [];
  return {
    operationId: `${contract.method.toLowerCase()}${contract.path.replace(/[{}]/g, "").replace(/(^|[/_.-])(\w)/g, (_, __, c: string) => c.toUpperCase())}`,
    summary: contract.summary,
    description: contract.description,
    tags: contract.tags,
    security: contract.auth === "apiKey" ? [{ ApiKey: [] }, { Bearer: [] }] : [],
    parameters: [...parameters(contract.request?.params, "path"), ...parameters(contract.request?.query, "query"), ...headerParams],
    ...(contract.request?.body
      ? { requestBody: { required: true, content: { "application/json": { schema: toSchema(contract.request.body, "input") } } } }
      : {}),
    responses,
  };
}

/** A webhook event type and the object its `data` carries (OpenAPI 3.1 `webhooks`). */
export type WebhookEventDoc = { type: string; description: string; data: z.ZodType; dataName: string };

function webhookOperation(event: WebhookEventDoc) {
  return {
    post: {
      operationId: `webhook_${event.type.replace(/\./g, "_")}`,
      summary: event.type,
      description: `${event.description} Signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature); \`data\` is ${event.dataName}.`,
      tags: ["Webhooks"],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["id", "type", "createdAt", "environment", "data"],
              properties: {
                id: { type: "string", description: "evt_…: the same on every attempt and resend (dedupe on it)" },
                type: { const: event.type },
                createdAt: { type: "string" },
                environment: { enum: ["sandbox", "production"] },
                data: toSchema(event.data, "output"),
              },
            },
          },
        },
      },
      responses: { "200": { description: "Any 2xx: delivered. 410 disables the endpoint; anything else is retried." } },
    },
  };
}

export function buildOpenApiDocument(contracts: RouteContract[], options: { serverUrl: string; version: string; webhooks?: WebhookEventDoc[] }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const contract of contracts) {
    paths[contract.path] ??= {};
    paths[contract.path][contract.method.toLowerCase()] = operation(contract);
  }
  const webhooks = Object.fromEntries((options.webhooks ?? []).map((event) => [event.type, webhookOperation(event)]));
  return {
    openapi: "3.1.0",
    info: {
      title: "Payments API",
      version: options.version,
      description:
        "Collect payments by mobile money, pay out to wallets and bank accounts, hold balances in several currencies. " +
        "Authenticate with `X-API-Key: <PUBLIC_KEY>:<SECRET_KEY>` (or `Authorization: Bearer <PUBLIC_KEY>:<SECRET_KEY>`).",
    },
    servers: [{ url: options.serverUrl }],
    paths,
    webhooks,
    components: {
      schemas: { Error: ERROR_SCHEMA },
      securitySchemes: {
        ApiKey: { type: "apiKey", in: "header", name: "X-API-Key", description: "<PUBLIC_KEY>:<SECRET_KEY>" },
        Bearer: { type: "http", scheme: "bearer", description: "<PUBLIC_KEY>:<SECRET_KEY>" },
      },
    },
  };
}
