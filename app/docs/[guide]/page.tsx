import { notFound } from "next/navigation";
import { DocsShell } from "../docs-shell";
import { guideContent } from "../guide-pages";
import { GUIDES, type GuideId } from "../guides";
import { apiDocument } from "../reference-parts";
import styles from "../docs.module.css";

export const dynamic = "force-dynamic";

const guideOf = (id: string) => GUIDES.find((g) => g.id === id);

export async function generateMetadata({ params }: { params: Promise<{ guide: string }> }) {
  const guide = guideOf((await params).guide);
  return { title: guide ? `${guide.title} — Payments API` : "Not found — Payments API" };
}

/** /docs/<guide>: one guide, its own page (the guide's section, headed by its h2 under the API's name). */
export default async function GuidePage({ params }: { params: Promise<{ guide: string }> }) {
  const guide = guideOf((await params).guide);
  if (!guide) notFound();
  const doc = apiDocument();
  return (
    <DocsShell current={`/docs/${guide.id}`}>
      <h1 className={styles.crumb}>
        <a href="/docs">{doc.info.title}</a>
      </h1>
      {guideContent(guide.id as GuideId, doc)}
    </DocsShell>
  );
}
