import Link from "next/link";
import { z } from "zod";
import { getDb } from "@/lib/db/client.ts";
import { listNews, listNewsFacets, type NewsFilter } from "@/lib/db/news.ts";
import { searchArticles } from "@/lib/db/search.ts";
import { listEntitiesByKey } from "@/lib/db/entities.ts";
import { entityLanguageNames } from "@/lib/entities/languages.ts";
import { NewsFeed } from "./news-feed";
import { Snippet } from "./snippet";

export const dynamic = "force-dynamic";

const filterSchema = z.object({
  q: z.string().trim().max(200).optional().catch(undefined),
  site: z.coerce.number().int().positive().optional().catch(undefined),
  lang: z.string().trim().regex(/^[a-z]{2,3}(-[a-z0-9]+)?$/i).optional().catch(undefined),
  entity: z.string().trim().max(200).optional().catch(undefined),
});

type SearchParams = Record<string, string | string[] | undefined>;

function first(sp: SearchParams): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(sp).map(([k, v]) => [k, (Array.isArray(v) ? v[0] : v) || undefined]));
}

export default async function NewsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const f = filterSchema.parse(first(await searchParams));
  const db = await getDb();
  const filter: NewsFilter = { siteId: f.site, lang: f.lang, entity: f.entity };
  const query = new URLSearchParams();
  if (f.site) query.set("site", String(f.site));
  if (f.lang) query.set("lang", f.lang);
  if (f.entity) query.set("entity", f.entity);
  const [facets, stories, hits, entityRows] = await Promise.all([
    listNewsFacets(db),
    f.q ? Promise.resolve([]) : listNews(db, filter),
    f.q ? searchArticles(db, f.q, { siteId: f.site, lang: f.lang }) : Promise.resolve(null),
    f.entity ? listEntitiesByKey(db, [f.entity]) : Promise.resolve([]),
  ]);
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
      {f.entity ? (
        <p className="muted" data-testid="entity-filter">
          Stories mentioning <strong>{entityName}</strong> ·{" "}
          <Link href={`/?${new URLSearchParams([...query].filter(([k]) => k !== "entity"))}`}>show all</Link>
          {" "}· <span data-testid="entity-languages">names are recognised in {entityLanguageNames()} articles</span>
        </p>
      ) : null}
      {hits ? (
        <section aria-labelledby="results-title">
          <h2 id="results-title" className="sub">{hits.length === 0 ? "No articles match" : `${hits.length}${hits.length >= 30 ? "+" : ""} articles match`} “{f.q}”</h2>
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
        </section>
      ) : (
        <NewsFeed initial={stories} query={query.toString()} />
      )}
    </>
  );
}
