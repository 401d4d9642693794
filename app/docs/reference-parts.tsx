import { contracts } from "@/app/api/v1/contracts";
import { webhookEventDocs } from "@/app/api/v1/webhook-events";
import { config } from "@/lib/config";
import { buildOpenApiDocument, inlineSchemaRefs } from "@/lib/http/openapi";
import { CodeBlock, exampleText, InlineCode } from "./code-block";
import styles from "./docs.module.css";

/**
 * The API reference's parts, shared by /docs (the overview), /docs/<guide> (each guide) and
 * /docs/reference (every operation): the OpenAPI document as the app builds it, its operations
 * in order with their tag, and one operation drawn with its fields and examples.
 */
export function apiDocument() {
  return inlineSchemaRefs(buildOpenApiDocument(contracts, { servers: config.apiServers(), version: config.version(), webhooks: webhookEventDocs }));
}

export function operationsOf(doc: ReturnType<typeof apiDocument>) {
  return Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op: op as Record<string, any> })));
}

export const tagOf = (op: Record<string, any>) => (op.tags?.[0] as string | undefined) ?? "Other";
export const tagAnchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  description?: string;
  $ref?: string;
  const?: unknown;
  format?: string;
  default?: unknown;
  additionalProperties?: Schema | boolean;
};

function typeLabel(s: Schema): string {
  if (s.$ref) return s.$ref.split("/").pop() ?? "object";
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (s.const !== undefined) return JSON.stringify(s.const);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return alternatives.map(typeLabel).join(" | ");
  if (s.type === "array") return `array of ${s.items ? typeLabel(s.items) : "any"}`;
  const t = Array.isArray(s.type) ? s.type.join(" | ") : (s.type ?? "any");
  return s.format ? `${t} (${s.format})` : t;
}

function Fields({ schema }: { schema: Schema }) {
  const target = schema.type === "array" && schema.items ? schema.items : schema;
  const alternatives = (target.anyOf ?? target.oneOf)?.filter((a) => a.properties);
  const props = target.properties ?? alternatives?.[0]?.properties;
  if (!props) return <code>{typeLabel(schema)}</code>;
  const required = new Set(target.required ?? alternatives?.[0]?.required ?? []);
  return (
    <ul className={styles.fields}>
      {Object.entries(props).map(([name, prop]) => (
        <li key={name}>
          <code>{name}</code> <span className={styles.type}>{typeLabel(prop)}</span>
          {required.has(name) ? <span className={styles.required}> required</span> : null}
          {prop.description ? <span className={styles.desc}> — <InlineCode text={prop.description} /></span> : null}
          {(prop.properties || prop.items?.properties) && <Fields schema={prop} />}
        </li>
      ))}
    </ul>
  );
}

/** An example the document carries for a request or response body, if any. */
const exampleOf = (content: Record<string, { example?: unknown }> | undefined) => content?.["application/json"]?.example;

export function Operation({ path, method, op }: { path: string; method: string; op: Record<string, any> }) {
  const id = op.operationId as string;
  const request = exampleOf(op.requestBody?.content);
  const responses = Object.entries(op.responses as Record<string, any>);
  const errors = responses.filter(([status, r]) => Number(status) >= 400 && exampleOf(r.content) !== undefined);
  return (
    <section id={id} className={styles.operation}>
      <h2>
        <span className={styles[method]}>{method.toUpperCase()}</span> <code>{path}</code>
      </h2>
      <p>
        <strong>{op.summary}</strong> · {op.security?.length ? "API key" : "Public"}
      </p>
      {op.description ? <p><InlineCode text={op.description} /></p> : null}
      {op.parameters?.length ? (
        <>
          <h3>Parameters</h3>
          <ul className={styles.fields}>
            {op.parameters.map((p: any) => (
              <li key={p.in + p.name}>
                <code>{p.name}</code>{" "}
                <span className={styles.type}>
                  {p.in} · {typeLabel(p.schema)}
                </span>
                {p.required ? <span className={styles.required}> required</span> : null}
                {p.description ? <span className={styles.desc}> — <InlineCode text={p.description} /></span> : null}
                {p.example !== undefined ? (
                  <span className={styles.desc}>
                    {" "}
                    e.g. <code>{exampleText(p.example)}</code>
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {op.requestBody ? (
        <>
          <h3>Request body</h3>
          <Fields schema={op.requestBody.content["application/json"].schema} />
          {request !== undefined ? (
            <>
              <h4>Example request</h4>
              <CodeBlock id={`${id}-request-example`} testId="request-example" label={`Example request body of ${method.toUpperCase()} ${path}`}>
                {exampleText(request)}
              </CodeBlock>
            </>
          ) : null}
        </>
      ) : null}
      <h3>Responses</h3>
      <ul className={styles.responses}>
        {responses.map(([status, r]) => (
          <li key={status}>
            <code>{status}</code> {r.description}
            {Number(status) < 300 && r.content ? (
              <>
                <Fields schema={r.content["application/json"].schema} />
                {exampleOf(r.content) !== undefined ? (
                  <CodeBlock id={`${id}-${status}-example`} testId="response-example" label={`Example ${status} response of ${method.toUpperCase()} ${path}`}>
                    {exampleText(exampleOf(r.content))}
                  </CodeBlock>
                ) : null}
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {errors.length ? (
        <details className={styles.errors}>
          <summary>Error examples ({errors.map(([status]) => status).join(", ")})</summary>
          {errors.map(([status, r]) => (
            <CodeBlock key={status} id={`${id}-${status}-example`} label={`Example ${status} response of ${method.toUpperCase()} ${path}`}>
              {exampleText(exampleOf(r.content))}
            </CodeBlock>
          ))}
        </details>
      ) : null}
    </section>
  );
}

