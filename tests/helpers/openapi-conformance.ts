import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { contracts } from "@/app/api/v1/contracts";
import { webhookEventDocs } from "@/app/api/v1/webhook-events";
import { config } from "@/lib/config";
import { buildOpenApiDocument } from "@/lib/http/openapi";

/**
 * Every answer an API test receives is checked against the OpenAPI document we publish: its
 * status must be documented for that operation, and a JSON body must match the schema documented
 * for that status (the success schema, or the shared Error body). The document is built from the
 * same contracts the routes run, so a drift between what we say and what we send fails the test
 * that saw it. Set OPENAPI_CONFORMANCE=off to silence it while debugging.
 */
type Operation = { responses: Record<string, { content?: Record<string, { schema: unknown }> }> };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

let state: { doc: Document; templates: { path: string; pattern: RegExp }[]; ajv: Ajv2020 } | undefined;
const validators = new Map<string, ValidateFunction>();

function load() {
  if (state) return state;
  const doc = buildOpenApiDocument(contracts, { servers: config.apiServers(), version: config.version(), webhooks: webhookEventDocs }) as unknown as Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: "openapi", components: doc.components }, "openapi");
  // Literal segments first: /payments/transactions beats /payments/{transactionId}/….
  const templates = Object.keys(doc.paths)
    .map((path) => ({ path, pattern: new RegExp(`^${path.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`), literals: path.split("/").filter((s) => s && !s.startsWith("{")).length }))
    .sort((a, b) => b.literals - a.literals);
  state = { doc, templates, ajv };
  return state;
}

/** Rewrites `#/components/…` refs to the registered document so ajv resolves them. */
function anchored(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(anchored);
  if (!schema || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [k, k === "$ref" && typeof v === "string" && v.startsWith("#/") ? `openapi${v}` : anchored(v)]),
  );
}

export function assertConformsToOpenApi(method: string, url: string, response: { status: number; headers: Headers; json: unknown; text: string }) {
  if (process.env.OPENAPI_CONFORMANCE === "off") return;
  const { doc, templates, ajv } = load();
  const path = new URL(url, "http://localhost").pathname.replace(/^\/api\/v1/, "");
  const template = templates.find((t) => t.pattern.test(path));
  if (!template) return; // not an /api/v1 operation of ours (a 404 for an unknown path)
  const operation = doc.paths[template.path][method.toLowerCase()];
  if (!operation) {
    if (response.status === 405) return; // an undocumented method is refused with 405 by design
    throw new Error(`OpenAPI: ${method} ${template.path} is not documented but answered ${response.status}`);
  }
  const documented = operation.responses[String(response.status)];
  if (!documented) throw new Error(`OpenAPI: ${method} ${template.path} answered ${response.status}, which its operation does not document (${Object.keys(operation.responses).join(", ")})`);
  const contentType = response.headers.get("content-type") ?? "";
  if (!contentType.includes("json") || response.json === undefined) return;
  const schema = documented.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`OpenAPI: ${method} ${template.path} ${response.status} sent a JSON body but documents none`);
  const key = `${method} ${template.path} ${response.status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(anchored(schema) as object);
    validators.set(key, validate);
  }
  if (!validate(response.json)) {
    const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || "/"} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ""}`);
    throw new Error(`OpenAPI: ${key}: the body does not match the documented schema:\n  ${errors.join("\n  ")}\n  body: ${response.text.slice(0, 500)}`);
  }
}
