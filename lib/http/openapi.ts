import type { AppEnvironment } from "@/lib/config";
import { z } from "zod";
import { ERROR_CODES } from "@/lib/errors";
import type { RouteContract } from "./contract";
import { ERROR_STATUS, REASON_PHRASES } from "./error-status";

/**
 * Builds the OpenAPI 3.1 document from the route contracts, the same objects the wrapper runs,
 * so the documentation cannot drift from the behaviour. Everything here is general: a new
 * contract gets named schemas, examples, headers and error responses without touching this file.
 *
 * - A zod schema with `.meta({ id })` becomes `#/components/schemas/<id>` wherever it is used;
 *   other request and response bodies are named after their operation.
 * - Examples are sampled from the schema (its `examples`, `const`, `enum`, formats, bounds), so
 *   they match it by construction; the linters check them again.
 */
type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };
type Schemas = Record<string, JsonSchema>;

const pascal = (s: string) => s.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, __, c: string) => c.toUpperCase());

/** `createdAt`, `expiresAt`…: our timestamps are ISO 8601 in UTC (toISOString). */
const TIMESTAMP_NAME = /^[a-z]+At$/;
const URL_NAME = /Url$/;

/**
 * The longest string a simple anchored pattern (`^[A-Za-z]{3}$`, `^\d{4}-\d{2}-\d{2}$`) can
 * match, so it can be stated as maxLength; null for anything with groups or unbounded repeats.
 */
export function patternMaxLength(pattern: string): number | null {
  const body = /^\^(.*)\$$/.exec(pattern)?.[1];
  if (body === undefined || /[()|*+]/.test(body) || /\{\d+,\}/.test(body)) return null;
  const atom = /(\[(?:\\.|[^\]])*\]|\\.|[^\\[{?])(\{(\d+)(?:,(\d+))?\}|\?)?/y;
  let total = 0;
  while (atom.lastIndex < body.length) {
    const m = atom.exec(body);
    if (!m) return null;
    total += m[2] === "?" ? 1 : m[3] ? Number(m[4] ?? m[3]) : 1;
  }
  return total;
}

/** Adds what zod cannot say: formats by our naming rules, integer formats; drops zod's date-time regex. */
function polish(node: unknown, name?: string): void {
  if (Array.isArray(node)) return node.forEach((n) => polish(n, name));
  if (!node || typeof node !== "object") return;
  const s = node as JsonSchema;
  const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type];
  if (types.includes("string") && !s.format && !s.pattern && !s.enum && s.const === undefined && name) {
    if (TIMESTAMP_NAME.test(name)) s.format = "date-time";
    else if (URL_NAME.test(name)) s.format = "uri";
  }
  if (s.format === "date-time" || s.format === "email") delete s.pattern; // the format says it, readably
  // A calendar date: `format: date` says it to tools (and that 2026-02-30 is no date), readably.
  if (s.pattern === "^\\d{4}-\\d{2}-\\d{2}$" && !s.format) {
    s.format = "date";
    s.maxLength = 10;
    delete s.pattern;
  }
  if (typeof s.pattern === "string" && s.maxLength === undefined) {
    const max = patternMaxLength(s.pattern);
    if (max !== null) s.maxLength = max;
  }
  // JSON object keys are strings: `propertyNames: {type: string}` only adds noise.
  if (s.propertyNames && JSON.stringify(s.propertyNames) === '{"type":"string"}') delete s.propertyNames;
  if (types.includes("integer")) {
    delete s.pattern; // a query integer arrives as digits; the type says so
    s.format ??= "int64";
  }
  for (const [key, value] of Object.entries(s)) {
    if (key === "properties" && value && typeof value === "object") {
      for (const [prop, sub] of Object.entries(value as Schemas)) polish(sub, prop);
    } else if (key === "items" || key === "anyOf" || key === "oneOf" || key === "allOf" || key === "additionalProperties") {
      polish(value, key === "items" ? undefined : name);
    } else if (key === "$defs") {
      for (const sub of Object.values(value as Schemas)) polish(sub);
    }
  }
}

/** Rewrites zod's `#/$defs/X` into component references and collects the definitions. */
class SchemaRegistry {
  readonly schemas: Schemas = {};

  /** The JSON Schema of `schema`; `name` names it as a component when zod gave it no id. */
  convert(schema: z.ZodType, io: "input" | "output", name?: string): JsonSchema {
    const out = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
    delete out.$schema;
    // zod drops a root `examples` from its output when the schema transforms (trim, upper-case);
    // the examples in `.meta()` are written for the wire, so take them from the registry.
    const meta = z.globalRegistry.get(schema);
    if (out.examples === undefined && Array.isArray(meta?.examples)) out.examples = meta.examples;
    polish(out);
    const defs = (out.$defs ?? {}) as Schemas;
    delete out.$defs;
    const rewriteWith =
      (names: Record<string, string>) =>
      (node: unknown): unknown => {
        const rewrite = rewriteWith(names);
        if (Array.isArray(node)) return node.map(rewrite);
        if (!node || typeof node !== "object") return node;
        const obj = node as Record<string, unknown>;
        if (typeof obj.$ref === "string" && obj.$ref.startsWith("#/$defs/")) {
          const id = obj.$ref.slice(8);
          return { ...obj, $ref: `#/components/schemas/${names[id] ?? id}` };
        }
        return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, rewrite(v)]));
      };
    // Compare definitions as they will be stored (component refs), so a schema met again is
    // recognised as the same one; rewrite again only if a clash renamed something.
    const renamed: Record<string, string> = {};
    for (const [id, def] of Object.entries(defs)) renamed[id] = this.add(id, rewriteWith({})(def) as JsonSchema, io);
    if (Object.entries(renamed).some(([id, name]) => id !== name)) {
      for (const [id, def] of Object.entries(defs)) this.schemas[renamed[id]] = rewriteWith(renamed)(def) as JsonSchema;
    }
    const root = rewriteWith(renamed)(out) as JsonSchema;
    const id = typeof root.id === "string" ? root.id : undefined;
    delete root.id;
    // A body that is exactly a named schema is referenced directly, not wrapped in an alias.
    if (typeof root.$ref === "string" && Object.keys(root).length === 1) return root;
    const component = id ?? name;
    if (!component) return root;
    return { $ref: `#/components/schemas/${this.add(component, root, io)}` };
  }

  /** Stores a component; an input shape that differs from the output one is `<Name>Input`. */
  private add(id: string, def: JsonSchema, io: "input" | "output"): string {
    const existing = this.schemas[id];
    if (!existing || JSON.stringify(existing) === JSON.stringify(def)) {
      this.schemas[id] = def;
      return id;
    }
    const alt = io === "input" ? `${id}Input` : `${id}Output`;
    this.schemas[alt] = def;
    return alt;
  }
}

// ---------------------------------------------------------------------------------------------
// Examples sampled from schemas
// ---------------------------------------------------------------------------------------------

const STRING_BY_FORMAT: Record<string, string> = {
  "date-time": "2026-03-02T10:15:30.000Z",
  date: "2026-03-02",
  uri: "https://merchant.example/payments/return",
  email: "customer@example.com",
  uuid: "0b3f8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b",
};

/** Values tried, in order, for a string with a `pattern` and no `examples`: the first that matches wins. */
const PATTERN_CANDIDATES = ["SN", "XOF", "2026-03-02", "txn_01j9x7k2m3", "po_01j9x7k2m3", "qt_01j9x7k2m3", "evt_01j9x7k2m3", "+221770000001", "1"];

/**
 * Realistic values for a string with no pattern, format or examples, by its property name: a
 * response shows `"currency": "XOF"`, not `"currency": "currency"`. Each must still fit the
 * schema (maxLength); the linters check the examples against it.
 */
const STRING_BY_NAME: Record<string, string> = {
  currency: "XOF",
  sourceCurrency: "XOF",
  destinationCurrency: "XOF",
  fromCurrency: "EUR",
  toCurrency: "XOF",
  country: "SN",
  destinationCountry: "SN",
  transactionId: "txn_01j9x7k2m3",
  payoutId: "po_01j9x7k2m3",
  quoteId: "qt_01j9x7k2m3",
  refundId: "rf_01j9x7k2m3",
  bulkId: "pb_01j9x7k2m3",
  eventId: "evt_01j9x7k2m3",
  provider: "orange",
  providerReference: "MP240302.1015.A12345",
  externalReference: "order-1042",
  merchantReference: "order-1042",
  customerPhone: "+221770000001",
  phone: "+221770000001",
  phoneNumber: "+221770000001",
  customerName: "Awa Diop",
  customerEmail: "awa.diop@example.com",
  firstName: "Awa",
  lastName: "Diop",
  description: "Order #1042",
  reason: "Item returned",
  message: "Payment is pending",
  method: "mobile_money",
  name: "Orange Money",
  purpose: "FAMILY_SUPPORT",
};

export function sampleOf(schema: unknown, schemas: Schemas, name = "", depth = 0): unknown {
  if (!schema || typeof schema !== "object" || depth > 12) return null;
  const s = schema as JsonSchema;
  if (typeof s.$ref === "string") return sampleOf(schemas[s.$ref.split("/").pop()!], schemas, name, depth + 1);
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum.find((v) => v !== null) ?? s.enum[0];
  if (s.default !== undefined) return s.default;
  // An object whose shapes are told apart by oneOf (direct/checkout, quoted/legacy): sample its
  // properties, then make them fit the first shape (its consts; drop what it forbids with `false`).
  const shapes = (s.oneOf ?? s.anyOf) as JsonSchema[] | undefined;
  if (s.properties && shapes?.length) {
    const { oneOf: _oneOf, anyOf: _anyOf, ...plain } = s;
    const out = sampleOf(plain, schemas, name, depth + 1) as Record<string, unknown>;
    for (const [prop, rule] of Object.entries((shapes[0].properties ?? {}) as Record<string, unknown>)) {
      if (rule === false) delete out[prop];
      else if (rule && typeof rule === "object" && "const" in rule) out[prop] = (rule as { const: unknown }).const;
    }
    return out;
  }
  for (const key of ["oneOf", "anyOf", "allOf"] as const) {
    // An object's `allOf` holds conditions on its properties (if/then), not a shape to sample.
    if (key === "allOf" && s.properties) continue;
    const options = s[key] as JsonSchema[] | undefined;
    if (options?.length) {
      const pick = options.find((o) => o.type !== "null") ?? options[0];
      return sampleOf(pick, schemas, name, depth + 1);
    }
  }
  const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string | undefined];
  const type = types.find((t) => t && t !== "null");
  if (type === undefined && types.includes("null")) return null;
  if (type === "object" || s.properties) {
    const out: Record<string, unknown> = {};
    for (const [prop, sub] of Object.entries(s.properties ?? {})) out[prop] = sampleOf(sub, schemas, prop, depth + 1);
    return out;
  }
  if (type === "array") {
    const count = Math.max(1, Number(s.minItems ?? 1));
    return Array.from({ length: count }, () => sampleOf(s.items, schemas, name, depth + 1));
  }
  if (type === "integer" || type === "number") {
    const min = Number(s.minimum ?? (s.exclusiveMinimum !== undefined ? Number(s.exclusiveMinimum) + 1 : 0));
    const max = Number(s.maximum ?? (s.exclusiveMaximum !== undefined ? Number(s.exclusiveMaximum) - 1 : Number.MAX_SAFE_INTEGER));
    return Math.min(max, Math.max(min, 1));
  }
  if (type === "boolean") return true;
  if (type === "string") {
    if (typeof s.format === "string" && STRING_BY_FORMAT[s.format]) return STRING_BY_FORMAT[s.format];
    if (typeof s.pattern === "string") {
      const re = new RegExp(s.pattern as string);
      const hit = PATTERN_CANDIDATES.find((c) => re.test(c));
      if (hit) return hit;
    }
    const known = STRING_BY_NAME[name];
    if (known && known.length <= Number(s.maxLength ?? Infinity) && known.length >= Number(s.minLength ?? 0)) return known;
    const base = name || "string";
    const min = Number(s.minLength ?? 0);
    const max = Number(s.maxLength ?? 64);
    return base.padEnd(min, "x").slice(0, Math.max(max, 1));
  }
  return {};
}

// ---------------------------------------------------------------------------------------------
// Shared components: error body, headers
// ---------------------------------------------------------------------------------------------

const ERROR_SCHEMA: JsonSchema = {
  type: "object",
  description: "Every error answer.",
  required: ["statusCode", "message", "error"],
  properties: {
    statusCode: { type: "integer", format: "int32", minimum: 400, maximum: 599 },
    message: { type: "string", maxLength: 2000, description: "Human-readable; safe to show to the developer." },
    error: { type: "string", maxLength: 64, description: "HTTP reason phrase" },
    code: { type: "string", enum: [...ERROR_CODES], description: "Machine-readable code; the status follows from it." },
    details: {
      type: "array",
      maxItems: 100,
      items: {
        type: "object",
        properties: { path: { type: "string", maxLength: 200 }, message: { type: "string", maxLength: 500 } },
        required: ["path", "message"],
      },
    },
    requestId: { type: "string", maxLength: 128, description: "Quote it to support (the X-Request-Id header)." },
  },
};

const integerHeader = (description: string) => ({ description, schema: { type: "integer", format: "int64", minimum: 0, maximum: 2 ** 53 - 1 } });

const HEADERS = {
  "X-Request-Id": { description: "The request's id (yours when you sent a well-formed X-Request-Id); quote it to support.", schema: { type: "string", maxLength: 128 } },
  "X-RateLimit-Limit": integerHeader("Requests allowed per minute for this caller."),
  "X-RateLimit-Remaining": integerHeader("Requests left in the current window."),
  "X-RateLimit-Reset": integerHeader("When the window resets, in Unix seconds."),
  "Retry-After": integerHeader("Seconds to wait before retrying."),
  "Idempotent-Replayed": {
    description: "`true` when this answer is the stored one for your Idempotency key (nothing was done again).",
    schema: { type: "string", enum: ["true"] },
  },
  "WWW-Authenticate": { description: "The schemes this API accepts.", schema: { type: "string", maxLength: 200 } },
  ETag: { description: "Entity tag; send it back in If-None-Match to get 304.", schema: { type: "string", maxLength: 64 } },
  "Cache-Control": { description: "How long this public reference answer may be cached.", schema: { type: "string", maxLength: 64 } },
};
type HeaderName = keyof typeof HEADERS;
const headerRefs = (names: HeaderName[]) => Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));

/** The challenge sent with every 401 of an API-key route (RFC 9110 §11.6.1). */
export const WWW_AUTHENTICATE = 'ApiKey realm="api", header="X-API-Key", Bearer realm="api"';

/** Statuses the wrapper itself may answer for any route of this shape. */
function errorStatuses(contract: RouteContract): number[] {
  const statuses = new Set([400, 500, ...(contract.errors ?? [])]);
  if (contract.auth === "apiKey") [401, 403].forEach((s) => statuses.add(s));
  if (contract.rateLimit !== "none") statuses.add(429);
  if (contract.idempotency) [409, 422].forEach((s) => statuses.add(s));
  if (contract.request?.body) [413, 415].forEach((s) => statuses.add(s));
  return [...statuses].sort((a, b) => a - b);
}

function errorExample(status: number, requestId: string) {
  const code = (Object.entries(ERROR_STATUS).find(([, s]) => s === status)?.[0] ?? "internal_error") as string;
  const message =
    code === "validation_error" ? "Invalid request body: amount: must be greater than 0" : `${REASON_PHRASES[status] ?? "Error"} (${code}).`;
  return {
    statusCode: status,
    message,
    error: REASON_PHRASES[status] ?? "Error",
    code,
    ...(code === "validation_error" ? { details: [{ path: "amount", message: "must be greater than 0" }] } : {}),
    requestId,
  };
}

function parameters(registry: SchemaRegistry, schema: z.ZodType | undefined, location: "query" | "path") {
  if (!schema) return [];
  const json = registry.convert(schema, "input");
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, prop]) => {
    const { description, ...rest } = prop;
    const param: Record<string, unknown> = { name, in: location, required: location === "path" || required.has(name), schema: rest };
    param.description = description ?? `The ${name}.`;
    param.example = sampleOf(rest, registry.schemas, name);
    return param;
  });
}

function operation(registry: SchemaRegistry, contract: RouteContract) {
  const { operationId } = contract;
  const limited = contract.rateLimit !== "none";
  const rateHeaders: HeaderName[] = limited ? ["X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"] : [];
  const successSchema = registry.convert(contract.success.schema, "output", `${pascal(operationId)}Response`);
  const successHeaders: HeaderName[] = ["X-Request-Id", ...rateHeaders];
  if (contract.idempotency) successHeaders.push("Idempotent-Replayed");
  if (contract.cacheSeconds) successHeaders.push("ETag", "Cache-Control");
  const responses: Record<string, unknown> = {
    [contract.success.status]: {
      description: contract.success.description,
      headers: headerRefs(successHeaders),
      content: { "application/json": { schema: successSchema, example: sampleOf(successSchema, registry.schemas) } },
    },
    ...Object.fromEntries(
      (contract.otherResponses ?? []).map((other) => {
        const schema = registry.convert(other.schema, "output", `${pascal(operationId)}${other.status}Response`);
        return [other.status, { description: other.description, headers: headerRefs(successHeaders), content: { "application/json": { schema, example: sampleOf(schema, registry.schemas) } } }];
      }),
    ),
  };
  if (contract.cacheSeconds) {
    responses["304"] = { description: "Not Modified (If-None-Match matched the ETag)", headers: headerRefs(["X-Request-Id", ...rateHeaders, "ETag"]) };
  }
  for (const status of errorStatuses(contract)) {
    const names: HeaderName[] = ["X-Request-Id", ...rateHeaders];
    if (status === 401) names.push("WWW-Authenticate");
    if (status === 429) names.push("Retry-After");
    responses[status] = {
      description: REASON_PHRASES[status] ?? "Error",
      headers: headerRefs(names),
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" }, example: errorExample(status, "req_8f14e45fceea167a") } },
    };
  }
  const headerParams = contract.idempotency
    ? [
        {
          name: "X-Idempotency-Key",
          in: "header",
          required: false,
          description: "Replays the first response for 24 h; another body with the same key is 422.",
          schema: { type: "string", minLength: 1, maxLength: 255 },
          example: "order-1042-attempt",
        },
        {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description: "The IETF draft's name for X-Idempotency-Key, accepted as its alias; sending both with different values is 400.",
          schema: { type: "string", minLength: 1, maxLength: 255 },
          example: "order-1042-attempt",
        },
      ]
    : [];
  // Said on every operation with a query, from its schema, so the rule cannot drift per list.
  const queryRule = contract.request?.query
    ? registry.convert(contract.request.query, "input").additionalProperties === false
      ? " Unknown query parameters are refused (400 validation_error naming them)."
      : " Unknown query parameters are ignored."
    : "";
  const requestSchema = contract.request?.body ? registry.convert(contract.request.body, "input", `${pascal(operationId)}Request`) : undefined;
  return {
    operationId,
    summary: contract.summary,
    description: (contract.description ?? contract.summary) + queryRule,
    tags: contract.tags,
    security: contract.auth === "apiKey" ? [{ ApiKey: [] }, { Bearer: [] }] : [],
    parameters: [...parameters(registry, contract.request?.params, "path"), ...parameters(registry, contract.request?.query, "query"), ...headerParams],
    ...(requestSchema
      ? { requestBody: { required: true, content: { "application/json": { schema: requestSchema, example: sampleOf(requestSchema, registry.schemas) } } } }
      : {}),
    responses,
  };
}

/** A webhook event type and the object its `data` carries (OpenAPI 3.1 `webhooks`). */
export type WebhookEventDoc = { type: string; description: string; data: z.ZodType; dataName: string };

function webhookOperation(registry: SchemaRegistry, event: WebhookEventDoc) {
  const data = registry.convert(event.data, "output", `${pascal(event.type)}Data`);
  const schema = {
    type: "object",
    required: ["id", "type", "createdAt", "environment", "data"],
    properties: {
      id: { type: "string", maxLength: 64, pattern: "^evt_[0-9a-z]+$", description: "evt_…: the same on every attempt and resend (dedupe on it)", examples: ["evt_01j9x7k2m3"] },
      type: { type: "string", const: event.type },
      createdAt: { type: "string", format: "date-time" },
      environment: { type: "string", enum: ["sandbox", "production"] },
      data,
    },
  };
  const name = `${pascal(event.type)}Event`;
  registry.schemas[name] = schema;
  return {
    post: {
      operationId: `webhook${pascal(event.type)}`,
      summary: event.type,
      description: `${event.description} Signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature); \`data\` is ${event.dataName}.`,
      tags: ["Webhooks"],
      security: [],
      requestBody: {
        required: true,
        content: { "application/json": { schema: { $ref: `#/components/schemas/${name}` }, example: sampleOf(schema, registry.schemas) } },
      },
      responses: { "200": { description: "Any 2xx: delivered. 410 disables the endpoint; anything else is retried." } },
    },
  };
}

export type ServerDoc = { url: string; environment: AppEnvironment };

const TAG_DESCRIPTIONS: Record<string, string> = {
  Collect: "Take payments from customers' wallets (direct push or hosted checkout).",
  Payouts: "Send money to wallets and bank accounts, with quotes and bulk files.",
  "Payment links": "Reusable pages at /pay/<slug> to share by WhatsApp, SMS or QR code: each payment through one is a checkout payment carrying `paymentLinkId`.",
  Refunds: "Give back all or part of a successful payment.",
  Balance: "Balances per currency and their movements.",
  Reference: "Public reference data: providers, payment methods, countries, corridors.",
  Webhooks: "Events we send to your endpoint, and the log of their deliveries.",
  Sandbox: "Test helpers, only in the sandbox.",
  Connectors: "Where operators call us back.",
  Platform: "Health and this document.",
};

export function buildOpenApiDocument(
  contracts: RouteContract[],
  options: { servers: ServerDoc[]; version: string; webhooks?: WebhookEventDoc[] },
) {
  const registry = new SchemaRegistry();
  registry.schemas.Error = ERROR_SCHEMA;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const contract of contracts) {
    paths[contract.path] ??= {};
    paths[contract.path][contract.method.toLowerCase()] = operation(registry, contract);
  }
  const webhooks = Object.fromEntries((options.webhooks ?? []).map((event) => [event.type, webhookOperation(registry, event)]));
  const tagNames = [...new Set([...contracts.flatMap((c) => c.tags), ...(options.webhooks?.length ? ["Webhooks"] : [])])];
  return {
    openapi: "3.1.0",
    info: {
      title: "Payments API",
      version: options.version,
      description:
        "Collect payments by mobile money, pay out to wallets and bank accounts, hold balances in several currencies. " +
        "Authenticate with `X-API-Key: <PUBLIC_KEY>:<SECRET_KEY>` (or `Authorization: Bearer <PUBLIC_KEY>:<SECRET_KEY>`). " +
        "Sandbox keys work only against the sandbox server, live keys only against production.",
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
      contact: { name: "Support", email: "support@example.com" },
    },
    servers: options.servers.map((s) => ({
      url: s.url,
      description: s.environment === "sandbox" ? "sandbox: test keys, simulated providers" : "production: live keys, real money",
      "x-internal": false,
    })),
    security: [{ ApiKey: [] }, { Bearer: [] }],
    tags: tagNames.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? name })),
    paths,
    webhooks,
    components: {
      schemas: registry.schemas,
      headers: HEADERS,
      securitySchemes: {
        ApiKey: { type: "apiKey", in: "header", name: "X-API-Key", description: "<PUBLIC_KEY>:<SECRET_KEY>" },
        Bearer: { type: "http", scheme: "bearer", description: "<PUBLIC_KEY>:<SECRET_KEY>" },
      },
    },
  };
}

/**
 * The document with every `#/components/schemas/…` reference replaced by its schema, for readers
 * that walk schemas directly (/docs, tests). The components stay as they are.
 */
export function inlineSchemaRefs<T>(doc: T): T {
  const schemas = (doc as { components: { schemas: Schemas } }).components.schemas;
  const walk = (node: unknown, depth: number): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, depth));
    if (!node || typeof node !== "object") return node;
    const obj = node as Record<string, unknown>;
    if (typeof obj.$ref === "string" && obj.$ref.startsWith("#/components/schemas/") && depth < 20) {
      const { $ref, ...rest } = obj;
      return { ...(walk(schemas[$ref.slice(21)], depth + 1) as object), ...rest };
    }
    return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, k === "components" ? v : walk(v, depth)]));
  };
  return walk(doc, 0) as T;
}
