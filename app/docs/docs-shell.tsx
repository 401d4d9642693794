import type { ReactNode } from "react";
import { GUIDES } from "./guides";
import { HashRedirect } from "./hash-redirect";
import { apiDocument, operationsOf, tagAnchor, tagOf } from "./reference-parts";
import styles from "./docs.module.css";

/** Connector sections listed under "Connectors (operators)" in the nav. */
const CONNECTOR_LINKS = [
  { id: "connector-wave", label: "Wave" },
  { id: "connector-orange-webpay", label: "Orange WebPay" },
  { id: "connector-mpesa-daraja", label: "M-Pesa Daraja" },
  { id: "connector-airtel", label: "Airtel Money" },
];

/**
 * Every /docs page: the sidebar (each guide is its own page, /docs/<id>; the reference is
 * /docs/reference, by tag) and the page's content. One guide per page keeps a page short enough
 * to read on a phone and to picture (`npm run screenshots`); every page is linkable.
 */
export function DocsShell({ current, children }: { current: string; children: ReactNode }) {
  const doc = apiDocument();
  const tags = [...new Set(operationsOf(doc).map((o) => tagOf(o.op)))];
  const here = (href: string) => (href === current ? ("page" as const) : undefined);
  return (
    <div className={styles.layout}>
      <HashRedirect guides={GUIDES.map((g) => g.id)} connectors={CONNECTOR_LINKS.map((c) => c.id)} />
      <nav className={styles.nav} aria-label="Documentation">
        <p className={styles.title}>
          <a href="/docs" aria-current={here("/docs")}>
            {doc.info.title}
          </a>
        </p>
        <p className={styles.tag} id="nav-guides">
          Guides
        </p>
        <ul aria-labelledby="nav-guides">
          {GUIDES.map((guide) => (
            <li key={guide.id}>
              <a href={`/docs/${guide.id}`} aria-current={here(`/docs/${guide.id}`)}>
                {guide.title}
              </a>
              {guide.id === "connectors" ? (
                <ul className={styles.subnav}>
                  {CONNECTOR_LINKS.map((c) => (
                    <li key={c.id}>
                      <a href={`/docs/connectors#${c.id}`}>{c.label}</a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
        <p className={styles.tag} id="nav-reference">
          <a href="/docs/reference" aria-current={here("/docs/reference")}>
            API reference
          </a>
        </p>
        <ul aria-labelledby="nav-reference">
          {tags.map((tag) => (
            <li key={tag}>
              <a href={`/docs/reference#${tagAnchor(tag)}`}>{tag}</a>
            </li>
          ))}
        </ul>
      </nav>
      <main className={styles.main}>{children}</main>
    </div>
  );
}
