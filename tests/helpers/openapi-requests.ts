import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { contracts } from "@/app/api/v1/contracts";
import { config } from "@/lib/config";
import { buildOpenApiDocument } from "@/lib/http/openapi";

/**
 * The request side of the published document, for tests: every operation with its parameters
 * and body schema, and a check of a request against them (what a client validating against the
 * document would accept). The answer side is openapi-conformance.ts.
 */
export type JsonSchema = Record<string, any>;
export type Parameter = { name: string; in: "query" | "path" | "header"; required: boolean; schema: JsonSchema };
export type DocumentedOperation = {
  operationId: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  security: unknown[];
  contract: (typeof contracts)[number];
};

let cache: { doc: JsonSchema; ajv: Ajv2020; operations: DocumentedOperation[] } | undefined;
const validators = new Map<string, ValidateFunction>();

function anchored(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(anchored);
  if (!schema || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [k, k === "$ref" && typeof v === "string" && v.startsWith("#/") ? `openapi-requests${v}` : anchored(v)]),
  );
}

export function documentedRequests() {
  if (cache) return cache;
  const doc = buildOpenApiDocument(contracts, { servers: config.apiServers(), version: config.version() }) as JsonSchema;
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: "openapi-requests", components: doc.components }, "openapi-requests");
  const operations: DocumentedOperation[] = [];
  for (const contract of contracts) {
    const op = doc.paths[contract.path][contract.method.toLowerCase()];
    operations.push({
      operationId: op.operationId,
      method: contract.method,
      path: contract.path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content?.["application/json"]?.schema,
      security: op.security ?? [],
      contract,
    });
  }
  cache = { doc, ajv, operations };
  return cache;
}

/** Resolves `#/components/schemas/X` one level (the document's bodies are references). */
export function resolveSchema(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return schema;
  const { doc } = documentedRequests();
  if (typeof schema.$ref === "string") return resolveSchema(doc.components.schemas[schema.$ref.split("/").pop()!]);
  return schema;
}

function validatorFor(key: string, schema: JsonSchema): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = documentedRequests().ajv.compile(anchored(schema) as object);
    validators.set(key, validate);
  }
  return validate;
}

/**
 * Whether the document accepts this request: each query parameter against its schema (digits
 * read as the integers the document shows), required ones present, and the body against its
 * schema. Returns the reasons it does not, empty when it does.
 */
export function requestViolations(operation: DocumentedOperation, request: { query?: Record<string, string>; body?: unknown }): string[] {
  const problems: string[] = [];
  const query = request.query ?? {};
  for (const p of operation.parameters.filter((x) => x.in === "query")) {
    const raw = query[p.name];
    if (raw === undefined) {
      if (p.required) problems.push(`query.${p.name} is required`);
      continue;
    }
    const value = p.schema.type === "integer" || p.schema.type === "number" ? (/^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw) : raw;
    const validate = validatorFor(`${operation.operationId} query ${p.name}`, p.schema);
    if (!validate(value)) problems.push(`query.${p.name}: ${(validate.errors ?? []).map((e) => e.message).join("; ")}`);
  }
  if (operation.body) {
    if (request.body === undefined) problems.push("body is required");
    else {
      const validate = validatorFor(`${operation.operationId} body`, operation.body);
      if (!validate(request.body)) problems.push(...(validate.errors ?? []).slice(0, 5).map((e) => `body${e.instancePath}: ${e.message}`));
    }
  }
  return problems;
}

export function operationById(operationId: string): DocumentedOperation {
  const op = documentedRequests().operations.find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId}`);
  return op;
}
