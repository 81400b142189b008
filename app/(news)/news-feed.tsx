"use client";
// The live story list. New stories are announced as "N new stories" and shown on request, so the
// list a reader is reading never jumps; stories already shown update in place.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import type { NewsStory } from "@/lib/db/news.ts";

/** ms between refreshes of the story list: fresh enough for news, light on the server. */
const REFRESH_MS = 5_000;

async function fetchNews(query: string): Promise<NewsStory[]> {
  const res = await fetch(`/api/news${query ? `?${query}` : ""}`, { cache: "no-store" });
  if (!res.ok) throw new Error(`news request failed: ${res.status}`);
  return ((await res.json()) as { stories: NewsStory[] }).stories;
}

function timeAgo(iso: string, now: number): string {
  const s = Math.max(0, (now - Date.parse(iso)) / 1000);
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return new Date(iso).toISOString().slice(0, 10);
}

function entityHref(query: string, key: string): string {
  const q = new URLSearchParams(query);
  q.set("entity", key);
  return `/?${q}`;
}

export function NewsFeed({ initial, query }: { initial: NewsStory[]; query: string }) {
  const { data, error } = useQuery({
    queryKey: ["news", query], queryFn: () => fetchNews(query), initialData: initial, refetchInterval: REFRESH_MS,
  });
  // Ids in the order the reader sees them; stories not in it are "new" until shown.
  const [shownIds, setShownIds] = useState<string[]>(() => initial.map((s) => s.id));
  const [now, setNow] = useState(() => Date.parse(initial[0]?.lastSeenAt ?? "") || 0);
  useEffect(() => setNow(Date.now()), [data]);

  const byId = useMemo(() => new Map(data.map((s) => [s.id, s])), [data]);
  const pending = data.filter((s) => !shownIds.includes(s.id));
  // Nothing on screen yet: nothing can jump, so show arrivals straight away.
  useEffect(() => {
    if (shownIds.length === 0 && data.length > 0) setShownIds(data.map((s) => s.id));
  }, [data, shownIds.length]);
  const visible = shownIds.map((id) => byId.get(id)).filter((s): s is NewsStory => !!s);

  if (data.length === 0 && visible.length === 0) {
    return <p className="empty" data-testid="news-empty">No news yet. Add a site on the <Link href="/sites">Sites</Link> page; its articles appear here by themselves.</p>;
  }
  return (
    <>
      {error ? <p className="error" role="status">Could not refresh: {(error as Error).message}</p> : null}
      <div aria-live="polite">
        {pending.length > 0 && visible.length > 0 ? (
          <button type="button" className="new-stories" data-testid="new-stories"
            onClick={() => { setShownIds(data.map((s) => s.id)); window.scrollTo({ top: 0 }); }}>
            {pending.length} new stor{pending.length === 1 ? "y" : "ies"} — show
          </button>
        ) : null}
      </div>
      <ul className="cards" data-testid="news-list">
        {visible.map((story) => {
          const lead = story.articles[0];
          const href = story.storyId ? `/stories/${story.storyId}` : `/articles/${lead?.id}`;
          return (
            <li key={story.id} className="card" data-testid="story" data-nav-item>
              <h2><Link href={href}>{story.headline}</Link></h2>
              <div className="muted">
                {story.sourceCount} source{story.sourceCount === 1 ? "" : "s"} · {story.articleCount} article{story.articleCount === 1 ? "" : "s"} ·{" "}
                <time dateTime={story.lastSeenAt} suppressHydrationWarning>{now ? timeAgo(story.lastSeenAt, now) : story.lastSeenAt.slice(0, 16).replace("T", " ")}</time>
              </div>
              {story.articles.length > 1 ? (
                <ul>
                  {story.articles.map((a) => (
                    <li key={a.id}><Link href={`/articles/${a.id}`}>{a.title}</Link> <span className="muted">— {a.siteName}</span></li>
                  ))}
                </ul>
              ) : (
                <p className="muted"><Link href={`/articles/${lead?.id}`} className="plain">{lead?.siteName}</Link>{lead?.lead ? ` — ${lead.lead}` : ""}</p>
              )}
              {story.entities.length > 0 ? (
                <div className="chips">{story.entities.map((e) => (
                  <Link key={e.key} className="chip" href={entityHref(query, e.key)} title={`${e.type}: show stories about ${e.name}`}>{e.name}</Link>
                ))}</div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}
