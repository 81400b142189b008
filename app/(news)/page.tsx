import Link from "next/link";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { decodeNewsCursor, listNewsFacets, listNewsPage, type NewsFilter } from "@/lib/db/news.ts";
import { searchPage } from "@/lib/db/search.ts";
import { viewSearch } from "@/lib/api/feed-view.ts";
import { listEntitiesByKey } from "@/lib/db/entities.ts";
import { ENTITY_QUALITY, FALLBACK_LANGUAGES, entityLanguageNames } from "@/lib/entities/languages.ts";
import { NewsFeed } from "./news-feed";
import { Snippet } from "./snippet";

export const dynamic = "force-dynamic";

const filterSchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  site: z.coerce.number().int().positive().optional().catch(undefined),
  lang: z.string().trim().regex(/^[a-z]{2,3}(-[a-z0-9]+)?$/i).optional().catch(undefined),
  entity: z.string().trim().max(200).optional().catch(undefined),
  /** paging: the cursor of the page before (News) or the result page (search) */
  before: z.string().trim().max(80).optional().catch(undefined),
  page: z.coerce.number().int().positive().optional().catch(undefined),
});

type SearchParams = Record<string, string | string[] | undefined>;

function first(sp: SearchParams): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(sp).map(([k, v]) => [k, (Array.isArray(v) ? v[0] : v) || undefined]));
}

/** The view's feeds, for feed readers that look for <link rel="alternate"> in the page. */
export async function generateMetadata({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const f = filterSchema.parse(first(await searchParams));
  const search = viewSearch({ q: f.q, site: f.site, lang: f.lang, entity: f.entity });
  // The tab says which view this is: a search, an entity's stories, or the News page.
  const entity = f.entity && !f.q ? (await listEntitiesByKey(await getDb(), [f.entity]))[0]?.name ?? f.entity.replace(/^[a-z]+:/, "") : null;
  const title = f.q ? `Search: ${f.q}` : entity ? `News about ${entity}` : "News";
  return { title, alternates: { types: { "application/atom+xml": `/feed.xml${search}`, "application/feed+json": `/feed.json${search}` } } };
}

export default async function NewsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const f = filterSchema.parse(first(await searchParams));
  const db = await getDb();
  const before = f.before ? decodeNewsCursor(f.before) ?? undefined : undefined;
  const filter: NewsFilter = { siteId: f.site, lang: f.lang, entity: f.entity };
  const query = new URLSearchParams();
  if (f.site) query.set("site", String(f.site));
  if (f.lang) query.set("lang", f.lang);
  if (f.entity) query.set("entity", f.entity);
  const [facets, news, search, entityRows] = await Promise.all([
    listNewsFacets(db),
    f.q ? Promise.resolve({ stories: [], next: null }) : listNewsPage(db, { ...filter, before }),
    f.q ? searchPage(db, f.q, { siteId: f.site, lang: f.lang, page: f.page }) : Promise.resolve(null),
    f.entity ? listEntitiesByKey(db, [f.entity]) : Promise.resolve([]),
  ]);
  const hits = search?.hits ?? null;
  const pageQuery = new URLSearchParams(query);
  if (before && f.before) pageQuery.set("before", f.before);
  const withParams = (extra: Record<string, string>) => `/?${new URLSearchParams([...query, ...(f.q ? [["q", f.q]] : []), ...Object.entries(extra)])}`;
  // The banner names the entity as articles spell it ("Barack Obama"), not its key ("person:barack obama").
  const entityName = entityRows[0]?.name ?? f.entity?.replace(/^[a-z]+:/, "");
  return (
    <>
      <h1>News</h1>
      <form className="filters" method="get" action="/" role="search" aria-label="Search and filter news">
        <label className="grow">
          Search articles
          <input type="search" name="q" defaultValue={f.q ?? ""} placeholder="Words in the title or text" />
        </label>
        <label>
          Site
          <select name="site" defaultValue={f.site ? String(f.site) : ""}>
            <option value="">All sites</option>
            {facets.sites.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
          </select>
        </label>
        <label>
          Language
          <select name="lang" defaultValue={f.lang ?? ""}>
            <option value="">All languages</option>
            {facets.langs.map((l) => <option key={l} value={l}>{l}</option>)}
          </select>
        </label>
        {f.entity ? <input type="hidden" name="entity" value={f.entity} /> : null}
        <button type="submit">Show</button>
        {f.q || f.site || f.lang || f.entity ? <Link href="/" className="clear">Clear filters</Link> : null}
      </form>
      <p className="muted feeds" data-testid="view-feeds">
        This view as a feed: <a href={`/feed.xml${viewSearch({ q: f.q, site: f.site, lang: f.lang, entity: f.entity })}`} type="application/atom+xml">Atom</a>
        {" · "}<a href={`/feed.json${viewSearch({ q: f.q, site: f.site, lang: f.lang, entity: f.entity })}`} type="application/feed+json">JSON Feed</a>
      </p>
      {f.entity ? (
        <p className="muted" data-testid="entity-filter">
          Stories mentioning <strong>{entityName}</strong> ·{" "}
          <Link href={`/?${new URLSearchParams([...query].filter(([k]) => k !== "entity"))}`}>show all</Link>
          {" "}· <span data-testid="entity-languages">names are recognised in {entityLanguageNames()} articles ({ENTITY_QUALITY.tagger}), and from name lists only in {FALLBACK_LANGUAGES.length} other languages ({ENTITY_QUALITY.lists})</span>
        </p>
      ) : null}
      {hits ? (
        <section aria-labelledby="results-title">
          <h2 id="results-title" className="sub">{hits.length === 0 ? "No articles match" : search!.page > 1 ? `Articles matching` : `${hits.length}${search!.next ? "+" : ""} articles match`} “{f.q}”{search!.page > 1 ? ` · page ${search!.page}` : ""}</h2>
          {hits.length === 0 ? (
            <p className="empty" data-testid="search-empty">{search!.page > 1 ? "No more results on this page. " : "Try other or fewer words. "}
              {f.site || f.lang ? <>Or search <Link href={`/?${new URLSearchParams({ q: f.q! })}`}>every site and language</Link>.</> : null}</p>
          ) : null}
          <ol className="cards" data-testid="search-results">
            {hits.map((h) => (
              <li key={h.id} className="card" data-nav-item>
                <h3><Link href={`/articles/${h.id}`}>{h.title}</Link></h3>
                <p className="muted">{h.siteName} · {(h.publishedAt ?? h.createdAt).slice(0, 10)}
                  {h.storyId ? <> · <Link href={`/stories/${h.storyId}`}>story</Link></> : null}</p>
                <p><Snippet text={h.snippet} /></p>
              </li>
            ))}
          </ol>
          <Pager newer={search!.page > 1 ? withParams(search!.page > 2 ? { page: String(search!.page - 1) } : {}) : null}
            older={search!.next ? withParams({ page: String(search!.next) }) : null} olderLabel="More results" newerLabel="Previous results" />
        </section>
      ) : (
        <>
          {/* keyed by the view: a link to another page or filter (a client-side navigation) starts a fresh list */}
          <NewsFeed key={pageQuery.toString()} initial={news.stories} query={pageQuery.toString()} />
          <Pager newer={before ? withParams({}) : null} older={news.next ? withParams({ before: news.next }) : null}
            olderLabel="Older stories" newerLabel="Newest stories" />
        </>
      )}
    </>
  );
}

/** Links to the next (older) and back to the first page of a list; nothing when there is one page. */
function Pager({ newer, older, newerLabel, olderLabel }: { newer: string | null; older: string | null; newerLabel: string; olderLabel: string }) {
  if (!newer && !older) return null;
  return (
    <nav className="pager" aria-label="Pages" data-testid="pager">
      {newer ? <Link href={newer} rel="prev" data-testid="newer-page">← {newerLabel}</Link> : <span />}
      {older ? <Link href={older} rel="next" data-testid="older-page">{olderLabel} →</Link> : null}
    </nav>
  );
}
