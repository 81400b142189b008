"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import type { NewsStory } from "@/lib/db/news.ts";

/** ms between refreshes of the story list: fresh enough for news, light on the server. */
const REFRESH_MS = 5_000;

async function fetchNews(): Promise<NewsStory[]> {
  const res = await fetch("/api/news", { cache: "no-store" });
  if (!res.ok) throw new Error(`news request failed: ${res.status}`);
  return ((await res.json()) as { stories: NewsStory[] }).stories;
}

function timeAgo(iso: string): string {
  const s = Math.max(0, (Date.now() - Date.parse(iso)) / 1000);
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return new Date(iso).toLocaleDateString();
}

export function NewsFeed({ initial }: { initial: NewsStory[] }) {
  const { data, error } = useQuery({ queryKey: ["news"], queryFn: fetchNews, initialData: initial, refetchInterval: REFRESH_MS });
  if (data.length === 0) {
    return <p className="empty" data-testid="news-empty">No news yet. Add a site on the <Link href="/sites">Sites</Link> page; its articles appear here by themselves.</p>;
  }
  return (
    <>
      {error ? <p className="error" role="status">Could not refresh: {(error as Error).message}</p> : null}
      <ul className="cards" data-testid="news-list">
        {data.map((story) => (
          <li key={story.id} className="card" data-testid="story">
            <h2>
              <Link href={`/articles/${story.articles[0]?.id}`}>{story.headline}</Link>
            </h2>
            <div className="muted">
              {story.sourceCount} source{story.sourceCount === 1 ? "" : "s"} · {story.articleCount} article{story.articleCount === 1 ? "" : "s"} · {timeAgo(story.lastSeenAt)}
            </div>
            {story.articles.length > 1 ? (
              <ul>
                {story.articles.map((a) => (
                  <li key={a.id}><Link href={`/articles/${a.id}`}>{a.title}</Link> <span className="muted">— {a.siteName}</span></li>
                ))}
              </ul>
            ) : (
              <p className="muted">{story.articles[0]?.siteName}{story.articles[0]?.lead ? ` — ${story.articles[0].lead.slice(0, 220)}` : ""}</p>
            )}
            {story.entities.length > 0 ? (
              <div className="chips">{story.entities.slice(0, 6).map((e) => <span key={e} className="chip">{e}</span>)}</div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
