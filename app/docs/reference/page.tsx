import { DocsShell } from "../docs-shell";
import { apiDocument, Operation, operationsOf, tagAnchor, tagOf } from "../reference-parts";
import styles from "../docs.module.css";

export const dynamic = "force-dynamic";
export const metadata = { title: "API reference — Payments API" };

/** /docs/reference: every operation of the OpenAPI document, by tag, each with its examples and its anchor (its operationId). */
export default function ReferencePage() {
  const doc = apiDocument();
  const operations = operationsOf(doc);
  const tags = [...new Set(operations.map((o) => tagOf(o.op)))];
  return (
    <DocsShell current="/docs/reference">
      <h1>API reference</h1>
      <p>
        Base URL: <code>{doc.servers[0].url}</code> · Machine-readable: <a href="/api/v1/openapi.json">openapi.json</a>
      </p>
      {tags.map((tag) => (
        <section key={tag} aria-labelledby={tagAnchor(tag)}>
          <h2 className={styles.part} id={tagAnchor(tag)}>
            {tag}
          </h2>
          <ul className={styles.toc}>
            {operations
              .filter((o) => tagOf(o.op) === tag)
              .map((o) => (
                <li key={o.method + o.path}>
                  <a href={`#${o.op.operationId}`}>
                    <span className={styles[o.method]}>{o.method.toUpperCase()}</span> {o.path}
                  </a>
                </li>
              ))}
          </ul>
          {operations
            .filter((o) => tagOf(o.op) === tag)
            .map(({ path, method, op }) => (
              <Operation key={method + path} path={path} method={method} op={op} />
            ))}
        </section>
      ))}
    </DocsShell>
  );
}
