import { InlineCode } from "./code-block";
import { DocsShell } from "./docs-shell";
import { GUIDES } from "./guides";
import { apiDocument } from "./reference-parts";

export const dynamic = "force-dynamic";
export const metadata = { title: "API reference and guides — Payments platform" };

/** /docs: what the API is, where it lives, and the guides and reference, each on its own page. */
export default function DocsPage() {
  const doc = apiDocument();
  return (
    <DocsShell current="/docs">
      <h1>{doc.info.title}</h1>
      <p>
        <InlineCode text={doc.info.description} />
      </p>
      <p>
        Base URL: <code>{doc.servers[0].url}</code> · Machine-readable: <a href="/api/v1/openapi.json">openapi.json</a> ·{" "}
        <a href="/docs/reference">API reference</a>
      </p>
      <p>
        Errors share one body: <code>statusCode</code>, <code>message</code>, <code>error</code>, and where useful <code>code</code>,{" "}
        <code>details</code> (<code>path</code>, <code>message</code>) and <code>requestId</code>. Every response carries <code>X-Request-Id</code>;
        rate-limited responses carry <code>X-RateLimit-Limit</code>, <code>X-RateLimit-Remaining</code> and <code>X-RateLimit-Reset</code>.
      </p>
      <h2>Guides</h2>
      <ul data-testid="guide-list">
        {GUIDES.map((guide) => (
          <li key={guide.id}>
            <a href={`/docs/${guide.id}`}>{guide.title}</a>
          </li>
        ))}
      </ul>
    </DocsShell>
  );
}
