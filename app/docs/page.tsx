import { contracts } from "@/app/api/v1/contracts";
import { webhookEventDocs } from "@/app/api/v1/webhook-events";
import { config } from "@/lib/config";
import { buildOpenApiDocument, inlineSchemaRefs } from "@/lib/http/openapi";
import { AuthenticationGuide } from "./authentication-guide";
import { ChangelogGuide } from "./changelog-guide";
import { CodeBlock, exampleText, InlineCode } from "./code-block";
import { ConnectorsGuide } from "./connectors-guide";
import { ErrorsGuide } from "./errors-guide";
import { GUIDES } from "./guides";
import { IdempotencyGuide } from "./idempotency-guide";
import { LifecyclesGuide } from "./lifecycles-guide";
import { MpesaAirtelGuide } from "./mpesa-airtel-guide";
import { NumberingGuide } from "./numbering-guide";
import { QuickstartGuide } from "./quickstart-guide";
import { QuotesGuide } from "./quotes-guide";
import { RateLimitsGuide } from "./rate-limits-guide";
import { RedirectConnectors } from "./redirect-connectors";
import { SandboxGuide } from "./sandbox-guide";
import { SdkGuide } from "./sdk-guide";
import { WebhooksGuide, type WebhookDoc } from "./webhooks-guide";
import styles from "./docs.module.css";

export const dynamic = "force-dynamic";
export const metadata = { title: "API reference and guides — Payments platform" };

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

/** Connector sections listed under "Connectors (operators)" in the nav. */
const CONNECTOR_LINKS = [
  { id: "connector-wave", label: "Wave" },
  { id: "connector-orange-webpay", label: "Orange WebPay" },
  { id: "connector-mpesa-daraja", label: "M-Pesa Daraja" },
  { id: "connector-airtel", label: "Airtel Money" },
];

function Operation({ path, method, op }: { path: string; method: string; op: Record<string, any> }) {
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

export default function DocsPage() {
  const doc = inlineSchemaRefs(buildOpenApiDocument(contracts, { servers: config.apiServers(), version: config.version(), webhooks: webhookEventDocs }));
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op: op as Record<string, any> })),
  );
  const tags = [...new Set(operations.map((o) => o.op.tags?.[0] ?? "Other"))];
  const sandbox = config.apiServers().find((s) => s.environment === "sandbox")?.url ?? null;
  return (
    <div className={styles.layout}>
      <nav className={styles.nav} aria-label="Documentation">
        <p className={styles.title}>{doc.info.title}</p>
        <p className={styles.tag} id="nav-guides">
          Guides
        </p>
        <ul aria-labelledby="nav-guides">
          {GUIDES.map((guide) => (
            <li key={guide.id}>
              <a href={`#${guide.id}`}>{guide.title}</a>
              {guide.id === "connectors" ? (
                <ul className={styles.subnav}>
                  {CONNECTOR_LINKS.map((c) => (
                    <li key={c.id}>
                      <a href={`#${c.id}`}>{c.label}</a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
        <p className={styles.tag}>Reference</p>
        {tags.map((tag) => (
          <div key={tag}>
            <p className={styles.tag} id={`nav-tag-${tag}`}>
              {tag}
            </p>
            <ul aria-labelledby={`nav-tag-${tag}`}>
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
        <p>
          <InlineCode text={doc.info.description} />
        </p>
        <p>
          Base URL: <code>{doc.servers[0].url}</code> · Machine-readable: <a href="/api/v1/openapi.json">openapi.json</a>
        </p>
        <p>
          Errors share one body: <code>statusCode</code>, <code>message</code>, <code>error</code>, and where useful <code>code</code>,{" "}
          <code>details</code> (<code>path</code>, <code>message</code>) and <code>requestId</code>. Every response carries{" "}
          <code>X-Request-Id</code>; rate-limited responses carry <code>X-RateLimit-Limit</code>, <code>X-RateLimit-Remaining</code> and{" "}
          <code>X-RateLimit-Reset</code>.
        </p>
        <QuickstartGuide sandboxBaseUrl={sandbox} />
        <AuthenticationGuide servers={doc.servers} />
        <IdempotencyGuide />
        <ErrorsGuide />
        <LifecyclesGuide />
        <WebhooksGuide webhooks={doc.webhooks as unknown as Record<string, WebhookDoc>} />
        <SandboxGuide />
        <QuotesGuide />
        <RateLimitsGuide />
        <SdkGuide />
        <ConnectorsGuide publicUrl={config.publicBaseUrl()} />
        <RedirectConnectors />
        <MpesaAirtelGuide />
        <NumberingGuide />
        <ChangelogGuide version={doc.info.version} />
        <h2 className={styles.part} id="reference">
          API reference
        </h2>
        {operations.map(({ path, method, op }) => (
          <Operation key={method + path} path={path} method={method} op={op} />
        ))}
      </main>
    </div>
  );
}
