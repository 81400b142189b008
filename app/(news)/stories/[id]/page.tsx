import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { NotFoundError } from "@/lib/db/news.ts";
import { getStoryOrThrow, type StoryView } from "@/lib/db/stories-view.ts";

export const dynamic = "force-dynamic";

async function loadStory(raw: string): Promise<StoryView> {
  const id = z.coerce.number().int().positive().safeParse(raw);
  if (!id.success) notFound();
  try {
    return await getStoryOrThrow(await getDb(), id.data);
  } catch (err) {
    if (err instanceof NotFoundError) notFound();
    throw err;
  }
}

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  return { title: (await loadStory((await params).id)).headline };
}

function hhmm(iso: string): string {
  return iso.slice(11, 16);
}

export default async function StoryPage({ params }: { params: Promise<{ id: string }> }) {
  const story = await loadStory((await params).id);
  return (
    <article data-testid="story-page">
      <p className="muted crumbs"><Link href="/">← News</Link></p>
      <h1>{story.headline}</h1>
      <p className="muted">
        {story.articleCount} article{story.articleCount === 1 ? "" : "s"} from {story.sourceCount} source{story.sourceCount === 1 ? "" : "s"} ·
        first seen <time dateTime={story.firstSeenAt}>{story.firstSeenAt.slice(0, 16).replace("T", " ")}</time> UTC ·
        last <time dateTime={story.lastSeenAt}>{story.lastSeenAt.slice(0, 16).replace("T", " ")}</time> UTC
      </p>
      {story.mergedFrom ? <p className="muted">Story {story.mergedFrom} was merged into this one.</p> : null}
      {story.entities.length > 0 ? (
        <div className="chips" aria-label="Entities">
          {story.entities.map((e) => <Link key={e.key} className="chip" href={`/?entity=${encodeURIComponent(e.key)}`}>{e.name}</Link>)}
        </div>
      ) : null}

      <div className="two-col">
        <section aria-labelledby="articles-title">
          <h2 id="articles-title" className="sub">Articles</h2>
          <ul className="cards">
            {story.articles.map((a) => (
              <li key={a.id} className="card" data-nav-item data-testid="story-article">
                <h3><Link href={`/articles/${a.id}`}>{a.title}</Link></h3>
                <p className="muted">{a.siteName} · <time dateTime={a.at}>{a.at.slice(0, 10)}</time>
                  {a.duplicateOfId ? ` · copy (${a.duplicateKind ?? "near"}) of #${a.duplicateOfId}` : ""}
                  {" · "}<a href={a.url} rel="noopener noreferrer nofollow">original</a></p>
                {a.lead ? <p>{a.lead.slice(0, 300)}</p> : null}
              </li>
            ))}
          </ul>
        </section>
        <aside aria-labelledby="timeline-title">
          <h2 id="timeline-title" className="sub">Timeline</h2>
          <ol className="timeline" data-testid="timeline">
            {story.timeline.map((d) => (
              <li key={d.day}>
                <h3><time dateTime={d.day}>{d.day}</time></h3>
                <ul>
                  {d.articles.map((a) => (
                    <li key={a.id}><time dateTime={a.at}>{hhmm(a.at)}</time> <Link href={`/articles/${a.id}`}>{a.siteName}</Link></li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
          <h2 className="sub">Sources</h2>
          <ul>
            {story.sources.map((s) => <li key={s.siteId}>{s.siteName} <span className="muted">({s.articles})</span></li>)}
          </ul>
        </aside>
      </div>
    </article>
  );
}
