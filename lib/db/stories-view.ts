// Read model for the story page and GET /api/stories/:id: a story, its articles and its timeline.
import type { Db } from "./client.ts";
import { NotFoundError, parseEntityKeys, resolveEntityChips, type EntityChip } from "./news.ts";
import { cleanTitle, teaser } from "../present/card-text.ts";

/** Articles listed on a story page: big stories keep their newest ones. */
const MAX_STORY_ARTICLES = 500;
/** Merge chains followed before giving up (a merged story points at the one that absorbed it). */
const MAX_MERGE_HOPS = 10;

export interface StoryArticle {
  id: number;
  title: string;
  url: string;
  siteId: number;
  siteName: string;
  lead: string;
  publishedAt: string | null;
  createdAt: string;
  /** publishedAt when known, else when Lede found it */
  at: string;
  duplicateOfId: number | null;
  duplicateKind: string | null;
}

export interface TimelineDay {
  day: string; // yyyy-mm-dd (UTC)
  articles: StoryArticle[];
}

export interface StoryView {
  id: number;
  headline: string;
  firstSeenAt: string;
  lastSeenAt: string;
  articleCount: number;
  sourceCount: number;
  entities: EntityChip[];
  sources: { siteId: number; siteName: string; articles: number }[];
  articles: StoryArticle[];
  /** oldest first, grouped by day */
  timeline: TimelineDay[];
  /** set when the requested story was merged into this one */
  mergedFrom: number | null;
}

export async function getStoryOrThrow(db: Db, requestedId: number): Promise<StoryView> {
  let id = requestedId;
  let story = null;
  for (let hop = 0; hop < MAX_MERGE_HOPS; hop++) {
    story = await db.story.findUnique({ where: { id } });
    if (!story?.mergedIntoId) break;
    id = story.mergedIntoId;
  }
  if (!story) throw new NotFoundError(`story ${requestedId} not found`);
  const rows = await db.article.findMany({
    where: { storyId: story.id, isNews: true },
    orderBy: { createdAt: "desc" },
    take: MAX_STORY_ARTICLES,
    select: {
      id: true, title: true, url: true, siteId: true, siteName: true, lead: true, publishedAt: true, createdAt: true,
      duplicateOfId: true, duplicateKind: true, site: { select: { name: true, host: true } },
    },
  });
  const articles: StoryArticle[] = rows.map((a) => ({
    // One site, one name everywhere: the site's (lib/db/sites.ts adoptSiteName), not each page's og:site_name.
    id: a.id, title: cleanTitle(a.title, [a.site.name, a.site.host]), url: a.url, siteId: a.siteId, siteName: a.site.name, lead: teaser(a.lead, a.title),
    publishedAt: a.publishedAt?.toISOString() ?? null, createdAt: a.createdAt.toISOString(),
    at: (a.publishedAt ?? a.createdAt).toISOString(), duplicateOfId: a.duplicateOfId, duplicateKind: a.duplicateKind,
  }));
  const sources = new Map<number, { siteId: number; siteName: string; articles: number }>();
  for (const a of articles) {
    const s = sources.get(a.siteId) ?? { siteId: a.siteId, siteName: a.siteName, articles: 0 };
    s.articles++;
    sources.set(a.siteId, s);
  }
  const days = new Map<string, StoryArticle[]>();
  for (const a of [...articles].sort((x, y) => x.at.localeCompare(y.at))) {
    const day = a.at.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), a]);
  }
  const keys = parseEntityKeys(story.entityKeys);
  const chips = await resolveEntityChips(db, keys);
  return {
    id: story.id, headline: cleanTitle(story.headline, [...sources.values()].map((s) => s.siteName)), firstSeenAt: story.firstSeenAt.toISOString(), lastSeenAt: story.lastSeenAt.toISOString(),
    articleCount: story.articleCount, sourceCount: story.sourceCount,
    entities: keys.map((k) => chips.get(k)!),
    sources: [...sources.values()].sort((a, b) => b.articles - a.articles),
    articles,
    timeline: [...days.entries()].map(([day, list]) => ({ day, articles: list })),
    mergedFrom: story.id !== requestedId ? requestedId : null,
  };
}

/** Stories shown on News (not merged away, with articles): for the worker's progress line. */
export async function countStories(db: Db): Promise<number> {
  return db.story.count({ where: { mergedIntoId: null, articleCount: { gt: 0 } } });
}
