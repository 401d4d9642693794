import { describe, expect, it } from "vitest";
import { sampleOf } from "@/lib/http/openapi";
import { apiRouteFiles } from "../../helpers/api-routes";
import { call } from "../../helpers/http";
import { fund } from "../../helpers/ledger";
import { createTestMerchant } from "../../helpers/merchants";
import { directBody, initiatePayment } from "../../helpers/payments";
import { quote, quoteBody, recipient, initiate } from "../../helpers/payouts";
import { createBulk, legacyItem } from "../../helpers/bulk-payouts";
import { recordTestEvent } from "../../helpers/webhooks";
import { POST as createPaymentLink } from "@/app/api/v1/payment-links/route";
import { type DocumentedOperation, documentedRequests, type JsonSchema, requestViolations, resolveSchema } from "../../helpers/openapi-requests";

/**
 * A bounded property-based fuzz of every operation from the published document (issue: "the
 * document as strict as the server"). For each operation, requests are generated from its
 * parameter and body schemas — valid ones (the document accepts them, checked with ajv) and
 * invalid ones (one mutation the document refuses) — and sent to the route handlers in-process.
 * It fails on any 5xx, any answer outside the document (tests/helpers/http.ts checks each one),
 * a valid request refused with `validation_error`, or an invalid one accepted.
 *
 * Seeded: FUZZ_SEED replays a run exactly (the generated requests; ids differ), FUZZ_RUNS sets the
 * requests per operation and kind (default 3: about 250 requests, a few seconds on PGlite).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261128);
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);

/**
 * Rules the document states in prose because JSON Schema cannot relate them to other inputs or
 * to the server's state: a valid-by-schema request may still meet them as `validation_error`.
 */
const DESCRIBED_RULES: { operationId: RegExp; path: RegExp; why: string }[] = [
  { operationId: /^list/, path: /^query\.page$/, why: "(page - 1) × limit ≤ 10,000 relates two parameters" },
  { operationId: /^listTransactions$/, path: /^query\.startDate$/, why: "startDate ≤ endDate relates two parameters" },
  { operationId: /^listTransactions$/, path: /^query\.startingAfter$/, why: "the cursor must be one of the merchant's transactions" },
  { operationId: /^(listBalanceTransactions|listBulkPayouts)$/, path: /^query\.cursor$/, why: "a cursor is an opaque token the server signed" },
  { operationId: /^(listBalanceTransactions|listWebhookEvents)$/, path: /^query\.(from|to)$/, why: "from ≤ to, and a real calendar day (2026-02-30)" },
  { operationId: /^createPaymentLink$/, path: /.*/, why: "min/max amounts against each other and against the offered methods' bounds" },
  { operationId: /^createBulkPayout$/, path: /^body\.items/, why: "externalReferences unique within the file" },
  { operationId: /^listPaymentMethods$/, path: /^query\.(merchant_amount|merchant_currency|currency)$/, why: "merchant_amount, merchant_currency and currency go together (three parameters)" },
];

// ---------------------------------------------------------------------------------------------
// A small seeded generator (mulberry32): the same seed, the same requests.
// ---------------------------------------------------------------------------------------------
class Gen {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(0, items.length - 1)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

function genString(schema: JsonSchema, g: Gen, name: string): string {
  const { schemas } = documentedRequests().doc.components;
  const min = Number(schema.minLength ?? 0);
  const max = Math.min(Number(schema.maxLength ?? 24), 24);
  const formats = [schema.format, ...((schema.anyOf ?? []) as JsonSchema[]).map((s) => s.format)].filter(Boolean);
  const format = formats.length ? g.pick(formats) : undefined;
  const y = g.int(2000, 2030);
  const m = g.int(1, 12);
  const d = g.int(1, 28);
  if (format === "date") return `${y}-${pad(m)}-${pad(d)}`;
  if (format === "date-time") return `${y}-${pad(m)}-${pad(d)}T${pad(g.int(0, 23))}:${pad(g.int(0, 59))}:${pad(g.int(0, 59))}${g.pick(["Z", "+01:00", ".123Z"])}`;
  if (format === "email") return `user${g.int(1, 999)}@example.com`;
  if (format === "uri") return `https://merchant.example/${g.pick(["hooks", "return", "cancel"])}/${g.int(1, 999)}`;
  if (schema.pattern || g.chance(0.5)) return String(sampleOf(schema, schemas, name));
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789 -_éA";
  const length = g.int(Math.max(min, 1), Math.max(min, max, 1));
  return Array.from({ length }, () => g.pick(alphabet.split(""))).join("").trim().padEnd(Math.max(min, 1), "x");
}

/** A value the schema (probably) accepts; ajv has the last word. */
function genValue(input: JsonSchema | undefined, g: Gen, name = "", depth = 0): unknown {
  const schema = resolveSchema(input);
  if (!schema || depth > 8) return null;
  if (Array.isArray(schema.examples) && schema.examples.length && g.chance(0.3)) return g.pick(schema.examples);
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return g.pick(schema.enum.filter((v: unknown) => v !== null));
  const shapes = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (shapes?.length && !schema.properties) {
    const options = shapes.filter((s) => s.type !== "null");
    return genValue(g.pick(options.length ? options : shapes), g, name, depth + 1);
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((t: string | undefined) => t && t !== "null") ?? (schema.properties ? "object" : undefined);
  if (type === "object") {
    const shape = shapes?.length ? g.pick(shapes) : undefined;
    const required = new Set<string>([...(schema.required ?? []), ...(shape?.required ?? [])]);
    const out: Record<string, unknown> = {};
    for (const [prop, sub] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
      const rule = shape?.properties?.[prop];
      if (rule === false) continue;
      if (!required.has(prop) && !g.chance(0.4)) continue;
      out[prop] = rule && typeof rule === "object" && "const" in rule ? rule.const : genValue(sub, g, prop, depth + 1);
    }
    return out;
  }
  if (type === "array") {
    const count = g.int(Number(schema.minItems ?? 0), Math.min(Number(schema.maxItems ?? 3), 3));
    return Array.from({ length: Math.max(count, Number(schema.minItems ?? 0)) }, () => genValue(schema.items, g, name, depth + 1));
  }
  if (type === "integer" || type === "number") {
    const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
    const high = Math.min(schema.maximum ?? low + 100_000, low + 100_000);
    const whole = g.int(Math.ceil(low), Math.floor(high));
    return type === "number" && g.chance(0.2) ? whole + g.int(1, 99) / 100 : whole;
  }
  if (type === "boolean") return g.chance(0.5);
  if (type === "string") return genString(schema, g, name);
  return sampleOf(schema, documentedRequests().doc.components.schemas, name);
}

type Request = { query: Record<string, string>; body?: unknown };

function genValidRequest(op: DocumentedOperation, g: Gen): Request | undefined {
  const { schemas } = documentedRequests().doc.components;
  for (let attempt = 0; attempt < 25; attempt++) {
    const query: Record<string, string> = {};
    for (const p of op.parameters.filter((x) => x.in === "query")) {
      if (!p.required && !g.chance(0.5)) continue;
      query[p.name] = String(genValue(p.schema, g, p.name));
    }
    // Page depth relates page and limit (a described rule): keep valid requests within it.
    if (query.page) query.page = String(Math.min(Number(query.page), 3));
    // The document's own examples, then generated bodies, each checked against the document.
    const body = op.body ? (attempt === 24 ? sampleOf(op.body, schemas) : genValue(op.body, g)) : undefined;
    const request = { query, body };
    if (requestViolations(op, request).length === 0) return request;
  }
  return undefined;
}

/** One mutation the document refuses; undefined when none applied (the caller tries again). */
function mutate(op: DocumentedOperation, valid: Request, g: Gen): Request | undefined {
  const query = { ...valid.query };
  const queryParams = op.parameters.filter((x) => x.in === "query");
  const body = valid.body && typeof valid.body === "object" ? structuredClone(valid.body) as Record<string, unknown> : valid.body;
  const bodySchema = resolveSchema(op.body);
  const moves: (() => Request | undefined)[] = [];
  if (queryParams.length) {
    moves.push(() => {
      const p = g.pick(queryParams);
      const bad = g.pick(["", "%%%", "-1", "0", "1.5", "2026-13-45", "T27:00", "x".repeat(300), "not_a_known_value", "ZZ"]);
      return { query: { ...query, [p.name]: bad }, body };
    });
    const required = queryParams.filter((p) => p.required);
    if (required.length) moves.push(() => {
      const { [g.pick(required).name]: _gone, ...rest } = query;
      return { query: rest, body };
    });
  }
  if (bodySchema && body && typeof body === "object" && !Array.isArray(body)) {
    moves.push(() => ({ query, body: g.pick([[], "body", 42, null]) }));
    if (bodySchema.additionalProperties === false) moves.push(() => ({ query, body: { ...body, unexpectedField: "x" } }));
    const present = Object.keys(body);
    if (present.length) {
      moves.push(() => {
        const prop = g.pick(present);
        const sub = resolveSchema(bodySchema.properties?.[prop]) ?? {};
        const candidates: unknown[] = [{ nested: true }, [1, 2]];
        if (sub.type === "string" || sub.enum) candidates.push(12345, "not_a_known_value_zz", "x".repeat(Number(sub.maxLength ?? 5000) + 1));
        if (sub.type === "number" || sub.type === "integer" || sub.anyOf) candidates.push(0, -1, "abc", 1e15, true);
        return { query, body: { ...body, [prop]: g.pick(candidates) } };
      });
    }
    const required = (bodySchema.required ?? []) as string[];
    if (required.length) moves.push(() => {
      const copy: Record<string, unknown> = { ...body };
      delete copy[g.pick(required)];
      return { query, body: copy };
    });
  }
  if (!moves.length) return undefined;
  const mutated = g.pick(moves)();
  if (!mutated || requestViolations(op, mutated).length === 0) return undefined;
  return mutated;
}

describe("property-based fuzz of every operation from the OpenAPI document", () => {
  it(`sends generated valid and invalid requests (seed ${SEED}, ${RUNS} per operation and kind)`, async () => {
    const started = Date.now();
    const g = new Gen(SEED);
    const merchant = await createTestMerchant({ plan: "enterprise" });
    await fund(merchant.merchant.id, "XOF", 50_000_000n, "collect");
    await fund(merchant.merchant.id, "XOF", 50_000_000n, "payout");
    // Real ids for path parameters, so reads and actions reach past the 404.
    const payment = await initiatePayment(merchant.headers, directBody());
    const q = await quote(merchant.headers, quoteBody());
    const payout = await initiate(merchant.headers, { quoteId: q.json.quoteId, recipient: recipient() });
    const link = await call(createPaymentLink, { path: "/payment-links", headers: merchant.headers, body: { title: "Fuzz", amount: 5000 } });
    const bulk = await createBulk(merchant.headers, { items: [legacyItem({ externalReference: "fuzz-bulk-1" })] });
    const event = await recordTestEvent(merchant.merchant.id, { hold: true });
    const ids: Record<string, string[]> = {
      transactionId: [payment.json.data.transactionId, "txn_00000000000000000000000000"],
      payoutId: [payout.json.transactionId, "po_00000000000000000000000000"],
      paymentLinkId: [link.json.paymentLinkId ?? link.json.data?.paymentLinkId ?? link.json.id, "plink_0000000000000000000000"].filter(Boolean),
      bulkId: [bulk.json.bulkId ?? bulk.json.data?.bulkId, "pb_00000000000000000000000000"].filter(Boolean),
      eventId: [event.id, "evt_00000000000000000000000000"],
    };
    expect([link.status, bulk.status], `${link.text}\n${bulk.text}`).toEqual([201, 201]);

    const routes = await apiRouteFiles();
    const failures: string[] = [];
    const counts = { valid: 0, invalid: 0, skipped: [] as string[] };
    for (const op of documentedRequests().operations) {
      const route = routes.find((r) => r.path === op.path && !r.catchAll);
      const handler = route?.module[op.method] as Parameters<typeof call>[0] | undefined;
      if (!handler) {
        failures.push(`${op.operationId}: no handler for ${op.method} ${op.path}`);
        continue;
      }
      const send = async (kind: "valid" | "invalid", request: Request) => {
        const params = Object.fromEntries(
          op.parameters
            .filter((p) => p.in === "path")
            .map((p) => [p.name, ids[p.name] && g.chance(0.7) ? g.pick(ids[p.name]) : String(genValue(p.schema, g, p.name))]),
        );
        const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]));
        const search = new URLSearchParams(request.query).toString();
        const url = `${path}${search ? `?${search}` : ""}`;
        const shown = `${op.method} ${url}${request.body !== undefined ? ` ${JSON.stringify(request.body).slice(0, 300)}` : ""}`;
        let res: Awaited<ReturnType<typeof call>>;
        try {
          res = await call(handler, {
            method: op.method,
            path: url,
            params,
            headers: op.security.length ? merchant.headers : {},
            ...(request.body !== undefined ? { rawBody: JSON.stringify(request.body), headers: { ...(op.security.length ? merchant.headers : {}), "content-type": "application/json" } } : {}),
          });
        } catch (error) {
          failures.push(`${kind} ${shown}\n    answer outside the document: ${(error as Error).message.slice(0, 400)}`);
          return;
        }
        const said = `${res.status} ${res.text.slice(0, 300)}`;
        if (res.status >= 500) failures.push(`${kind} ${shown}\n    server error: ${said}`);
        else if (kind === "invalid" && res.status < 400) failures.push(`${kind} ${shown}\n    accepted (the document refuses it): ${said}`);
        else if (kind === "valid" && res.json?.code === "validation_error") {
          const paths: string[] = (res.json.details ?? []).map((d: { path: string }) => d.path);
          const described = paths.length > 0 && paths.every((p) => DESCRIBED_RULES.some((r) => r.operationId.test(op.operationId) && r.path.test(p)));
          if (!described) failures.push(`${kind} ${shown}\n    refused with validation_error (the document accepts it): ${said}`);
        }
      };
      for (let i = 0; i < RUNS; i++) {
        const valid = genValidRequest(op, g);
        if (!valid) {
          counts.skipped.push(op.operationId);
          break;
        }
        await send("valid", valid);
        counts.valid++;
        for (let tries = 0; tries < 10; tries++) {
          const invalid = mutate(op, valid, g);
          if (!invalid) continue;
          await send("invalid", invalid);
          counts.invalid++;
          break;
        }
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const summary = `seed ${SEED} (replay: FUZZ_SEED=${SEED} npx vitest run tests/api/platform/openapi-fuzz.test.ts): ${counts.valid} valid, ${counts.invalid} invalid requests in ${seconds} s; no valid request generated for: ${counts.skipped.join(", ") || "none"}`;
    expect(failures, `${summary}\n${failures.join("\n")}`).toEqual([]);
    // Every operation with parameters or a body got valid requests (the generator did not silently give up).
    expect(counts.skipped, summary).toEqual([]);
  });
});
