"use client";
// The live story list. New stories are announced as "N new stories" and shown on request, so the
// list a reader is reading never jumps; stories already shown update in place.
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import type { NewsStory } from "@/lib/db/news.ts";
import { hide, isMutedCard, markSeen, toggleMuted, toggleSaved, unhideAll } from "@/lib/reading/state.ts";
import { useReadingState } from "./reading-state";

/** Keys for the selected card (app/keyboard-help.tsx lists them through data-shortcuts). */
const READING_KEYS: [string, string][] = [
  ["s", "save the selected story for later (again: un-save)"],
  ["h", "hide the selected story"],
  ["m", "mute the selected story's source (again: unmute)"],
];

function isTyping(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName));
}

const hrefOf = (story: NewsStory) => (story.storyId ? `/stories/${story.storyId}` : `/articles/${story.articles[0]?.id}`);
const sourcesOf = (story: NewsStory) => [...new Set(story.articles.map((a) => a.siteName).filter(Boolean))];

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
  const listed = shownIds.map((id) => byId.get(id)).filter((s): s is NewsStory => !!s);
  const [reading, updateReading, readingReady] = useReadingState();
  const visible = readingReady ? listed.filter((s) => !reading.hidden[s.id] && !isMutedCard(sourcesOf(s), reading.muted)) : listed;
  const hiddenHere = listed.filter((s) => reading.hidden[s.id]).length;
  const mutedHere = readingReady ? listed.filter((s) => !reading.hidden[s.id] && isMutedCard(sourcesOf(s), reading.muted)).length : 0;
  const savedCount = Object.keys(reading.saved).length;

  const actions = useMemo(() => ({
    seen: (story: NewsStory) => updateReading((st) => markSeen(st, story.id, Date.now())),
    save: (story: NewsStory) => updateReading((st) => toggleSaved(st, story.id, { headline: story.headline, href: hrefOf(story), sources: sourcesOf(story).slice(0, 20) }, Date.now())),
    hide: (story: NewsStory) => updateReading((st) => hide(st, story.id, Date.now())),
    mute: (story: NewsStory) => { const src = sourcesOf(story)[0]; if (src) updateReading((st) => toggleMuted(st, src)); },
  }), [updateReading]);

  // s / h / m act on the selected card (j/k select, Enter/o open: app/keyboard-help.tsx).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target) || !["s", "h", "m"].includes(e.key)) return;
      const el = document.querySelector<HTMLElement>("[data-card-id].selected");
      const story = el ? byId.get(el.dataset.cardId ?? "") : undefined;
      if (!el || !story) return;
      e.preventDefault();
      if (e.key === "s") actions.save(story);
      else {
        // the card leaves the list: the next one (or the one before) keeps the selection
        const next = (el.nextElementSibling ?? el.previousElementSibling) as HTMLElement | null;
        if (e.key === "h") actions.hide(story); else actions.mute(story);
        if (next) { next.classList.add("selected"); next.setAttribute("tabindex", "-1"); next.focus({ preventScroll: true }); }
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [byId, actions]);

  if (data.length === 0 && listed.length === 0) {
    // a filtered view (or an old page) can be empty while News is not: say how to widen it
    if (query) return <p className="empty" data-testid="news-empty">No stories in this view. <Link href="/">Show all news</Link>, or pick another site or language above.</p>;
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
      <div className="reading-bar" data-testid="reading-bar">
        <Link href="/saved" data-testid="saved-link">Saved for later{readingReady && savedCount > 0 ? ` (${savedCount})` : ""}</Link>
        {hiddenHere > 0 ? (
          <span>{hiddenHere} hidden <button type="button" onClick={() => updateReading(unhideAll)} data-testid="unhide">show again</button></span>
        ) : null}
        {readingReady && reading.muted.length > 0 ? (
          <span data-testid="muted">Muted{mutedHere > 0 ? ` (${mutedHere} here)` : ""}: {reading.muted.map((m) => (
            <button key={m} type="button" onClick={() => updateReading((st) => toggleMuted(st, m))} title={`unmute ${m}`}>{m} ✕</button>
          ))}</span>
        ) : null}
      </div>
      <ul className="cards" data-testid="news-list" data-shortcuts={JSON.stringify(READING_KEYS)}>
        {visible.map((story) => {
          const lead = story.articles[0];
          const href = hrefOf(story);
          const saved = readingReady && !!reading.saved[story.id];
          const seen = readingReady && !!reading.seen[story.id];
          const source = sourcesOf(story)[0];
          return (
            <li key={story.id} className={`card${seen ? " seen" : ""}`} data-testid="story" data-nav-item data-card-id={story.id}
              data-seen={seen ? "true" : undefined} data-saved={saved ? "true" : undefined}
              onClickCapture={(e) => { if ((e.target as HTMLElement).closest("a")) actions.seen(story); }}
              onAuxClick={(e) => { if ((e.target as HTMLElement).closest("a")) actions.seen(story); }}>
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
              <div className="reading">
                <button type="button" aria-pressed={saved} onClick={() => actions.save(story)} data-testid="save">{saved ? "Saved" : "Save for later"}</button>
                <button type="button" onClick={() => actions.hide(story)} data-testid="hide">Hide</button>
                {source ? <button type="button" onClick={() => actions.mute(story)} data-testid="mute" title={`hide every story only ${source} reports`}>Mute {source}</button> : null}
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
