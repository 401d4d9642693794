import { contracts } from "@/app/api/v1/contracts";
import { webhookEventDocs } from "@/app/api/v1/webhook-events";
import { config } from "@/lib/config";
import { buildOpenApiDocument, inlineSchemaRefs } from "@/lib/http/openapi";
import { SandboxTestNumbers } from "@/app/_dashboard/getting-started";
import { ConnectorsGuide } from "./connectors-guide";
import { RedirectConnectors } from "./redirect-connectors";
import { MpesaAirtelGuide } from "./mpesa-airtel-guide";
import { NumberingGuide } from "./numbering-guide";
import styles from "./docs.module.css";

export const dynamic = "force-dynamic";
export const metadata = { title: "API reference — Payments platform" };

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
          {prop.description ? <span className={styles.desc}> — {prop.description}</span> : null}
          {(prop.properties || prop.items?.properties) && <Fields schema={prop} />}
        </li>
      ))}
    </ul>
  );
}

export default function DocsPage() {
  const doc = inlineSchemaRefs(buildOpenApiDocument(contracts, { servers: config.apiServers(), version: config.version(), webhooks: webhookEventDocs }));
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op: op as Record<string, any> })),
  );
  const tags = [...new Set(operations.map((o) => o.op.tags?.[0] ?? "Other"))];
  return (
    <div className={styles.layout}>
      <nav className={styles.nav} aria-label="Endpoints">
        <p className={styles.title}>{doc.info.title}</p>
        <p className={styles.tag}>Guides</p>
        <ul>
          <li>
            <a href="#connectors">Connectors (operators)</a>
          </li>
          <li>
            <a href="#connector-mpesa-daraja">M-Pesa Daraja</a>, <a href="#connector-airtel">Airtel Money</a>
          </li>
          <li>
            <a href="#webhooks">Webhook events</a>
          </li>
          <li>
            <a href="#test-numbers">Sandbox test numbers</a>
          </li>
          <li>
            <a href="#numbering-plans">Predicting the provider (numbering plans)</a>
          </li>
        </ul>
        {tags.map((tag) => (
          <div key={tag}>
            <p className={styles.tag}>{tag}</p>
            <ul>
              {operations
                .filter((o) => (o.op.tags?.[0] ?? "Other") === tag)
                .map((o) => (
                  <li key={o.method + o.path}>
                    <a href={`#${o.op.operationId}`}>
                      <span className={styles[o.method]}>{o.method.toUpperCase()}</span> {o.path}
                    </a>
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </nav>
      <main className={styles.main}>
        <h1>{doc.info.title}</h1>
        <p>{doc.info.description}</p>
        <p>
          Base URL: <code>{doc.servers[0].url}</code> · Machine-readable: <a href="/api/v1/openapi.json">openapi.json</a>
        </p>
        <p>
          Errors share one body: <code>statusCode</code>, <code>message</code>, <code>error</code>, and where useful <code>code</code>,{" "}
          <code>details</code> (<code>path</code>, <code>message</code>) and <code>requestId</code>. Every response carries{" "}
          <code>X-Request-Id</code>; authenticated responses carry <code>X-RateLimit-Limit</code>, <code>X-RateLimit-Remaining</code>{" "}
          and <code>X-RateLimit-Reset</code>.
        </p>
        <ConnectorsGuide publicUrl={config.publicBaseUrl()} />
        <section id="webhooks" className={styles.operation}>
          <h2>Webhook events</h2>
          <p>
            Each event is POSTed as <code>{"{id, type, createdAt, environment, data}"}</code>, signed per Standard Webhooks (
            <code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>), to the transaction&apos;s{" "}
            <code>callbackUrl</code> or else your webhook URL. Any 2xx acknowledges it; others are retried.
          </p>
          <ul className={styles.fields}>
            {Object.values(doc.webhooks).map(({ post }) => (
              <li key={post.summary} id={post.operationId}>
                <code>{post.summary}</code> <span className={styles.desc}> — {post.description}</span>
              </li>
            ))}
          </ul>
          <h3>The refund object (refund.* data)</h3>
          <Fields schema={(doc.webhooks["refund.pending"]?.post.requestBody.content["application/json"].schema as unknown as { properties: Record<string, Schema> }).properties.data} />
        </section>
        <div className={styles.operation}>
          <SandboxTestNumbers locale="en" />
        </div>
        <RedirectConnectors />
        <MpesaAirtelGuide />
        <NumberingGuide />
        {operations.map(({ path, method, op }) => (
          <section key={method + path} id={op.operationId} className={styles.operation}>
            <h2>
              <span className={styles[method]}>{method.toUpperCase()}</span> <code>{path}</code>
            </h2>
            <p>
              <strong>{op.summary}</strong> · {op.security?.length ? "API key" : "Public"}
            </p>
            {op.description ? <p>{op.description}</p> : null}
            {op.parameters?.length ? (
              <>
                <h3>Parameters</h3>
                <ul className={styles.fields}>
                  {op.parameters.map((p: any) => (
                    <li key={p.in + p.name}>
                      <code>{p.name}</code> <span className={styles.type}>{p.in} · {typeLabel(p.schema)}</span>
                      {p.required ? <span className={styles.required}> required</span> : null}
                      {p.description ? <span className={styles.desc}> — {p.description}</span> : null}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            {op.requestBody ? (
              <>
                <h3>Request body</h3>
                <Fields schema={op.requestBody.content["application/json"].schema} />
              </>
            ) : null}
            <h3>Responses</h3>
            <ul className={styles.responses}>
              {Object.entries(op.responses).map(([status, r]: [string, any]) => (
                <li key={status}>
                  <code>{status}</code> {r.description}
                  {Number(status) < 300 ? <Fields schema={r.content["application/json"].schema} /> : null}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </main>
    </div>
  );
}
