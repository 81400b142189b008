import { notFound } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { getArticleOrThrow, NotFoundError } from "@/lib/db/news.ts";

export const dynamic = "force-dynamic";

export default async function ArticlePage({ params }: { params: Promise<{ id: string }> }) {
  const parsed = z.coerce.number().int().positive().safeParse((await params).id);
  if (!parsed.success) notFound();
  let article;
  try {
    article = await getArticleOrThrow(await getDb(), parsed.data);
  } catch (err) {
    if (err instanceof NotFoundError) notFound();
    throw err;
  }
  return (
    <article>
      <h1>{article.title}</h1>
      <p className="muted">
        {article.siteName || article.site.name}
        {article.author ? ` · ${article.author}` : ""}
        {article.publishedAt ? ` · ${article.publishedAt.toISOString().slice(0, 10)}` : ""}
        {" · "}<a href={article.url} rel="noopener noreferrer">original</a>
      </p>
      <p className="muted">Extracted by <strong>{article.method}</strong>{article.methodReason ? ` (${article.methodReason})` : ""}.
        {" "}Classified as {article.isNews ? "news" : "not news"}{article.decisionReason ? `: ${article.decisionReason}` : ""}.</p>
      {/* html is sanitised by the extractor (no scripts, handlers, iframes) before it is stored */}
      <div className="reader" dangerouslySetInnerHTML={{ __html: article.html }} />
    </article>
  );
}
