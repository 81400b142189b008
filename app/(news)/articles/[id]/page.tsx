import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { getArticleOrThrow, NotFoundError } from "@/lib/db/news.ts";
import { listAlsoPublishedBy } from "@/lib/db/dedup.ts";
import { sanitizeArticleHtml } from "@/lib/extract/sanitize.ts";
import { proxiedImageSrc } from "@/lib/images/address.ts";
import { serverSecret } from "@/lib/auth/secret.ts";
import { getEnv } from "@/lib/config.ts";
import { getAdmin } from "@/lib/auth/server.ts";
import { ReviewShortcuts } from "@/app/review/review-shortcuts";
import { cleanTitle } from "@/lib/present/card-text.ts";
import { tidyReaderHtml } from "@/lib/present/reader-html.ts";
import { entitiesSupported, entityNote } from "@/lib/entities/languages.ts";

export const dynamic = "force-dynamic";

async function loadArticle(raw: string) {
  const parsed = z.coerce.number().int().positive().safeParse(raw);
  if (!parsed.success) notFound();
  try {
    return await getArticleOrThrow(await getDb(), parsed.data);
  } catch (err) {
    if (err instanceof NotFoundError) notFound();
    throw err;
  }
}

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const a = await loadArticle((await params).id);
  return { title: cleanTitle(a.title, [a.site.name, a.site.host]) };
}

export default async function ArticlePage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  const article = await loadArticle((await params).id);
  const labelled = (await searchParams).labelled;
  const [also, admin] = await Promise.all([listAlsoPublishedBy(await getDb(), article.id), getAdmin()]);
  // Stored HTML was sanitised by the extractor; sanitising again at render keeps rows written by
  // older extractor versions or imported from elsewhere harmless too.
  // Images go through Lede's image proxy (app/api/img): the reader's browser never asks the publisher.
  const secret = serverSecret();
  const allowPrivateNetwork = getEnv().ALLOW_PRIVATE_NETWORK || article.site.allowPrivateNetwork;
  const html = sanitizeArticleHtml(article.html, article.url, { imageSrc: (url) => proxiedImageSrc(secret, { url, allowPrivateNetwork }) });
  const score = article.newsScore === null ? null : Math.round(article.newsScore * 100);
  const title = cleanTitle(article.title, [article.site.name, article.site.host]);
  // Tidied for reading (repeated title, leftover controls, mojibake), after extraction: lib/present/reader-html.ts.
  const body = tidyReaderHtml(html, [article.title, title]);
  return (
    <article data-testid="article-page" className="reading">
      <p className="muted crumbs">
        {article.story ? <Link href={`/stories/${article.story.id}`}>← Story: {cleanTitle(article.story.headline, [article.site.name])}</Link> : <Link href="/">← News</Link>}
      </p>
      <h1>{title}</h1>
      <p className="muted">
        {article.site.name}
        {article.author ? ` · ${article.author}` : ""}
        {article.publishedAt ? <> · <time dateTime={article.publishedAt.toISOString()}>{article.publishedAt.toISOString().slice(0, 10)}</time></> : null}
        {" · "}<a href={article.url} rel="noopener noreferrer nofollow" data-testid="original-link">original</a>
      </p>
      {admin ? (
        <form method="post" action="/api/labels" className="actions" data-label-form aria-label="Label this page"
          data-shortcuts={JSON.stringify([["n", "label this page news"], ["x", "label this page not news"]])}>
          <ReviewShortcuts />
          <input type="hidden" name="_csrf" value={admin.csrfToken} />
          <input type="hidden" name="pageId" value={article.page.id} />
          <input type="hidden" name="back" value={`/articles/${article.id}`} />
          <span className="muted">Is this news?</span>
          <button type="submit" name="isNews" value="true" data-label="news" className="small">News <kbd>n</kbd></button>
          <button type="submit" name="isNews" value="false" data-label="not-news" className="small secondary">Not news <kbd>x</kbd></button>
          {labelled ? <span className="ok" role="status" data-testid="label-saved">Label saved.</span> : null}
        </form>
      ) : null}
      <div className="reader" dangerouslySetInnerHTML={{ __html: body }} />
      {also.length > 0 ? (
        <section aria-labelledby="also-title" className="also" data-testid="also-published">
          <h2 id="also-title" className="sub">Also published by</h2>
          <ul>
            {also.map((a) => (
              <li key={a.articleId}>
                <Link href={`/articles/${a.articleId}`}>{a.siteName}</Link> — {a.title}{" "}
                <span className="muted">({a.kind === "original" ? "original" : `${a.kind} copy`}{a.publishedAt ? `, ${a.publishedAt.toISOString().slice(0, 10)}` : ""})</span>
                {" · "}<a href={a.url} rel="noopener noreferrer nofollow">original</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {article.entities.length > 0 ? (
        <div className="chips" aria-label="Entities">
          {article.entities.map((e) => (
            <Link key={e.entity.key} className="chip" href={`/?entity=${encodeURIComponent(e.entity.key)}`} title={e.entity.type}>{e.entity.name}</Link>
          ))}
        </div>
      ) : !entitiesSupported(article.lang) ? (
        <p className="muted" data-testid="entities-unsupported">{entityNote(article.lang)}</p>
      ) : null}
      {entitiesSupported(article.lang) && entityNote(article.lang) ? (
        <p className="muted" data-testid="entities-from-lists">{entityNote(article.lang)}</p>
      ) : null}
      {/* How Lede read the page: for the curious and for admins, folded away below the article. */}
      <details className="card how" data-testid="article-facts">
        <summary>How Lede read this page</summary>
        <dl className="facts">
          <div><dt>Extraction</dt><dd><strong>{article.method}</strong>{article.methodReason ? ` — ${article.methodReason}` : ""} · {article.textLength.toLocaleString("en")} characters</dd></div>
          <div><dt>Classification</dt><dd>
            <strong>{article.isNews ? "news" : "not news"}</strong>{score !== null ? ` (score ${score} %)` : ""}
            {article.isNews !== article.modelIsNews ? <span data-testid="label-override"> · by an admin&apos;s label (the model said {article.modelIsNews ? "news" : "not news"})</span> : null}
            {article.decisionReason ? ` — ${article.decisionReason}` : ""}
            {article.modelVersionId ? <span className="muted"> · model #{article.modelVersionId}</span> : null}
          </dd></div>
          {article.page.charset ? <div><dt>Encoding</dt><dd>{article.page.charset} <span className="muted">(from {article.page.charsetSource ?? "unknown"})</span></dd></div> : null}
          {article.lang ? <div><dt>Language</dt><dd>{article.lang}</dd></div> : null}
          {article.duplicateOfId ? <div><dt>Duplicate</dt><dd>{article.duplicateKind ?? "near"} copy of <Link href={`/articles/${article.duplicateOfId}`}>#{article.duplicateOfId}</Link></dd></div> : null}
        </dl>
      </details>
    </article>
  );
}
