// Story grouping against the database (the worker's path). The decisions are lib/stories' pure functions;
// this file reads candidates through indexed queries and writes the result in one transaction.
//
// Pipeline use, per new (non-duplicate) article, after saveArticleEntities:
//   const storyId = await assignStory(db, { id, title, lead, text, publishedAt, url, lang, entities })
// with entities its story evidence (lib/stories/evidence.ts storyEvidence over the tagger's mentions).
// and every few minutes in the worker: await mergeStories(db).
//
// Cost per article is bounded: ≤ queryTerms indexed (term, lastSeenAt) look-ups of ≤ postingLimit rows
// each, ≤ maxCandidates story profiles read, and a fixed number of writes; none of it scans the archive.
import type { Db } from "./client.ts";
import type { StoryArticle } from "../stories/types.ts";
import { DEFAULT_GROUPING, type GroupingSettings } from "../stories/settings.ts";
import type { DocumentFrequencySource } from "../stories/idf.ts";
import { headlineOf, termsOf } from "../stories/terms.ts";
import { weighVector } from "../stories/similarity.ts";
import { chooseStory, queryTermsOf, rankCandidateIds, type Candidate } from "../stories/choose-story.ts";
import {
  emptyProfile, foldArticle, indexTermsOf, parseProfile, representativeHeadline, topEntityKeys, type StoryProfile,
} from "../stories/profile.ts";
import { planMerges } from "../stories/plan-merges.ts";
import { storyEvidenceOf } from "../stories/evidence.ts";
import { alias, join, sql, valueRows } from "./sql.ts";
import { dialect, type Dialect } from "./dialect.ts";
import { engineOf } from "./engine.ts";
import { prismaTx, transaction, type DirectTx } from "./direct.ts";

/** Statements inside the story transaction: the direct adapter's (assignStory) or Prisma's (the rarer paths, through prismaTx). */
type Tx = DirectTx;

/** The TermStat row that counted documents before the count was sharded (still read, never written). */
const DOCUMENT_COUNT_TERM = "";
/**
 * The document count is spread over this many TermStat rows ("\u0001docs:0" … ), one chosen per article:
 * a single row would be locked by every concurrent assignment until its transaction ends. The
 * prefix sorts before every term and never occurs in one (terms are words and entity keys).
 */
const DOCUMENT_COUNT_SHARDS = 16;
const DOCUMENT_SHARD_PREFIX = "\u0001docs:";
const DOCUMENT_COUNT_ROWS = [DOCUMENT_COUNT_TERM, ...Array.from({ length: DOCUMENT_COUNT_SHARDS }, (_, i) => `${DOCUMENT_SHARD_PREFIX}${i}`)];
/** PostgreSQL advisory-lock key of the merge pass (any constant unique within Lede: "LEDM" in ASCII). */
const STORY_MERGE_LOCK_KEY = 0x4c45444d;
/** Live stories the merge pass considers at most (most recent first): bounds its cost and memory. */
const MERGE_MAX_STORIES = 5_000;
/** SQLite host-parameter budget per statement (its default limit is 32766). */
const SQL_PARAMS_PER_STATEMENT = 900;
/** Host parameters per StoryTerm row inserted (term, storyId, weight, lastSeenAt). */
const STORY_TERM_COLUMNS = 4;

export interface AssignableArticle extends StoryArticle {
  id: number;
}

/** The article to put into a story is not stored; the transaction rolls back (the ORM update raised too). */
export class StoryArticleMissingError extends Error {
  readonly key = "story_article_missing";
  constructor(readonly articleId: number) {
    super(`article ${articleId} not found`);
  }
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Documents counted for the story TF-IDF (every shard, and the pre-shard row). */
export async function countDocuments(db: Db): Promise<number> {
  const rows = await db.termStat.findMany({ where: { term: { in: DOCUMENT_COUNT_ROWS } }, select: { df: true } });
  return rows.reduce((n, r) => n + r.df, 0);
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Terms per statement: bound as one JSON array (one statement text whatever the count; lib/db/direct.ts prepares it once). */
const TERMS_PER_STATEMENT = 5_000;

async function readDocumentFrequencies(tx: Tx, d: Dialect, terms: string[]): Promise<DocumentFrequencySource> {
  const counts = new Map<string, number>();
  for (const part of chunks([...DOCUMENT_COUNT_ROWS, ...terms], TERMS_PER_STATEMENT)) {
    const rows = await tx.queryRows<{ term: string; df: number | bigint }[]>(
      sql`SELECT "term", "df" FROM "TermStat" WHERE "term" IN (${d.jsonTexts(JSON.stringify(part))})`,
    );
    for (const r of rows) counts.set(r.term, Number(r.df));
  }
  const documents = DOCUMENT_COUNT_ROWS.reduce((n, t) => n + (counts.get(t) ?? 0), 0);
  return { documents, df: (t) => counts.get(t) ?? 0 };
}

/**
 * Count one document: df + 1 for each of its terms and for one document-count shard, upserted in one
 * fixed (code-unit) order, and return the document frequencies as counted (the upsert's RETURNING, and the
 * other document-count rows read): what readDocumentFrequencies would read right after, one statement less
 * per article. On PostgreSQL each upserted row stays locked until the transaction ends, so
 * two assignments sharing a term run one after the other (the second then reads the first's story: no
 * two stories for one event), and the fixed order means they can never deadlock. Articles sharing no
 * term cannot join one story anyway, so they run side by side. SQLite: this first write takes the
 * database write lock, which serialises assignments outright.
 */
async function countDocument(tx: Tx, d: Dialect, terms: string[], articleId: number): Promise<DocumentFrequencySource> {
  const shard = `${DOCUMENT_SHARD_PREFIX}${articleId % DOCUMENT_COUNT_SHARDS}`;
  const ordered = [...new Set([shard, ...terms])].sort(byCodeUnit);
  const counts = new Map<string, number>();
  // In the JSON array's order; `WHERE true`: SQLite reads an ON CONFLICT after INSERT … SELECT … FROM as a join's ON without it.
  for (const part of chunks(ordered, TERMS_PER_STATEMENT)) {
    const rows = await tx.queryRows<{ term: string; df: number | bigint }[]>(sql`
      INSERT INTO "TermStat" ("term", "df") SELECT "value", 1 FROM (${d.jsonTexts(JSON.stringify(part))}) AS "t"
      WHERE true ON CONFLICT ("term") DO UPDATE SET "df" = "TermStat"."df" + 1 RETURNING "term", "df"`);
    for (const r of rows) counts.set(r.term, Number(r.df));
  }
  const others = await tx.queryRows<{ term: string; df: number | bigint }[]>(
    sql`SELECT "term", "df" FROM "TermStat" WHERE "term" IN (${join(DOCUMENT_COUNT_ROWS.filter((t) => t !== shard))})`,
  );
  for (const r of others) counts.set(r.term, Number(r.df));
  const documents = DOCUMENT_COUNT_ROWS.reduce((n, t) => n + (counts.get(t) ?? 0), 0);
  return { documents, df: (t) => counts.get(t) ?? 0 };
}

/**
 * Parsed story profiles by story id, with the stored text each was parsed from. An article reads up to
 * maxCandidates profiles and changes one, so the next articles read mostly the same, unchanged ones: a
 * candidate whose stored text is the text parsed last time is not parsed again (a profile rewritten since,
 * by any process or the merge pass, differs and is parsed anew). The parsed profiles are only read
 * (foldArticle and mergeProfiles fold into copies). A profile is ~10–20 KB of JSON and its parsed tables
 * a few times that: 300 stay within ~20 MB per worker; the least recently used goes first.
 */
const PROFILE_CACHE_ENTRIES = 300;
const parsedProfiles = new Map<number, { json: string; profile: StoryProfile }>();

/** parseProfile(json) of story `storyId`, from the cache when this process parsed the same text last time. */
function candidateProfile(storyId: number, json: string): StoryProfile {
  const hit = parsedProfiles.get(storyId);
  parsedProfiles.delete(storyId);
  const entry = hit && hit.json === json ? hit : { json, profile: parseProfile(json) };
  if (parsedProfiles.size >= PROFILE_CACHE_ENTRIES) parsedProfiles.delete(parsedProfiles.keys().next().value!);
  parsedProfiles.set(storyId, entry);
  return entry.profile;
}

async function findCandidates(tx: Tx, vector: Map<string, number>, seenAt: Date, s: GroupingSettings): Promise<Candidate[]> {
  const oldest = new Date(seenAt.getTime() - s.windowHours * 3_600_000);
  const query = queryTermsOf(vector, s);
  if (query.length === 0) return [];
  // One statement: per query term, the most recent postings within the window, from the index
  // StoryTerm(term, lastSeenAt, id, storyId) alone (no row look-up per posting; ties of lastSeenAt: the later write first).
  const parts = query.map(([term], i) => sql`
    SELECT * FROM (SELECT "term", "storyId" FROM "StoryTerm" WHERE "term" = ${term} AND "lastSeenAt" >= ${oldest}
      ORDER BY "lastSeenAt" DESC LIMIT ${s.postingLimit}) ${alias(`p${i}`)}`);
  const postings = await tx.queryRows<{ term: string; storyId: number | bigint }[]>(join(parts, " UNION ALL "));
  const weightOf = new Map(query);
  const hits = new Map<number, number>();
  for (const p of postings) {
    const id = Number(p.storyId);
    hits.set(id, (hits.get(id) ?? 0) + (weightOf.get(p.term) ?? 0));
  }
  const ids = rankCandidateIds(hits, s);
  if (ids.length === 0) return [];
  // Ascending id: the order the ORM's `id IN (…)` look-up returned them in.
  const rows = await tx.queryRows<{ id: number | bigint; profile: string }[]>(
    sql`SELECT "id", "profile" FROM "Story" WHERE "id" IN (${join(ids)}) AND "mergedIntoId" IS NULL ORDER BY "id" ASC`,
  );
  return rows.map((r) => ({ storyId: Number(r.id), profile: candidateProfile(Number(r.id), r.profile) }));
}

async function writeStoryIndex(tx: Tx, storyId: number, profile: StoryProfile, s: GroupingSettings): Promise<void> {
  const lastSeenAt = new Date(profile.lastSeen);
  const centroid = profile.centroid;
  await tx.execute(sql`DELETE FROM "StoryTerm" WHERE "storyId" = ${storyId}`);
  const terms = [...new Set(indexTermsOf(profile, s))].sort(byCodeUnit);
  for (const part of chunks(terms, SQL_PARAMS_PER_STATEMENT / STORY_TERM_COLUMNS)) {
    await tx.execute(sql`
      INSERT INTO "StoryTerm" ("term", "storyId", "weight", "lastSeenAt")
      VALUES ${valueRows(part.map((term) => [term, storyId, centroid[term] ?? 0, lastSeenAt]))}`);
  }
}

/** Insert or update the story row from its profile (raw: the ORM compiles each statement for ~2 ms CPU). */
async function writeStory(tx: Tx, storyId: number | null, profile: StoryProfile): Promise<number> {
  const c = storyColumns(profile);
  const now = new Date();
  const values = [c.headline, c.firstSeenAt, c.lastSeenAt, c.articleCount, c.sourceCount, c.entityKeys, c.profile];
  if (storyId !== null) {
    await tx.execute(sql`
      UPDATE "Story" SET "headline" = ${c.headline}, "firstSeenAt" = ${c.firstSeenAt}, "lastSeenAt" = ${c.lastSeenAt},
        "articleCount" = ${c.articleCount}, "sourceCount" = ${c.sourceCount}, "entityKeys" = ${c.entityKeys},
        "profile" = ${c.profile}, "updatedAt" = ${now} WHERE "id" = ${storyId}`);
    return storyId;
  }
  const [row] = await tx.queryRows<{ id: number | bigint }[]>(sql`
    INSERT INTO "Story" ("headline", "firstSeenAt", "lastSeenAt", "articleCount", "sourceCount", "entityKeys", "profile", "createdAt", "updatedAt")
    VALUES (${join(values)}, ${now}, ${now}) RETURNING "id"`);
  return Number(row!.id);
}

function storyColumns(profile: StoryProfile) {
  return {
    headline: representativeHeadline(profile),
    firstSeenAt: new Date(profile.firstSeen),
    lastSeenAt: new Date(profile.lastSeen),
    articleCount: profile.articles,
    sourceCount: profile.sources.length,
    entityKeys: JSON.stringify(topEntityKeys(profile)),
    profile: JSON.stringify(profile),
  };
}

const hostOf = (url?: string): string | null => {
  if (!url) return null;
  try { return new URL(url).hostname.replace(/^www\./, ""); } catch { return null; }
};

/**
 * Put a stored article into a story and return the story id:
 *   1. terms of title, lead and story evidence (recognised here when not given); document frequencies read and counted;
 *   2. candidate stories from StoryTerm (indexed, window- and posting-limited);
 *   3. join the best above the threshold (chooseStory), else open a new story;
 *   4. write the story's profile, counts and index terms, and Article.storyId.
 */
export async function assignStory(db: Db, article: AssignableArticle, settings: Partial<GroupingSettings> = {}): Promise<number> {
  const s = { ...DEFAULT_GROUPING, ...settings };
  const seenAt = article.publishedAt ?? new Date();
  const entities = article.entities ?? storyEvidenceOf(article);
  const raw = termsOf({ ...article, entities }, s);
  const terms = [...raw.keys()];
  // One transaction on the driver adapter (lib/db/direct.ts): ~10 statements per article, each 0.5–2 ms CPU through Prisma's client.
  return transaction(db, async (tx) => {
    const idf = await countDocument(tx, dialect(db), terms, article.id);
    const vector = weighVector(raw, idf);
    const candidates = await findCandidates(tx, vector, seenAt, s);
    const choice = chooseStory(vector, seenAt, candidates, s);
    const before = candidates.find((c) => c.storyId === choice?.storyId)?.profile ?? emptyProfile(seenAt);
    const contribution = { terms: raw, title: headlineOf(article), source: hostOf(article.url), entities, seenAt };
    const profile = foldArticle(before, contribution, idf, s);
    const storyId = await writeStory(tx, choice?.storyId ?? null, profile);
    await writeStoryIndex(tx, storyId, profile, s);
    const linked = await tx.execute(sql`UPDATE "Article" SET "storyId" = ${storyId} WHERE "id" = ${article.id}`);
    if (linked === 0) throw new StoryArticleMissingError(article.id);
    return storyId;
  });
}

/** Articles refolded when a story is rebuilt after losing one: big stories keep their newest ones. */
const REBUILD_MAX_ARTICLES = 500;

/** What a refold reads of each article the story keeps. */
const REBUILD_SELECT = { id: true, title: true, lead: true, text: true, url: true, lang: true, publishedAt: true, createdAt: true } as const;

/**
 * Take an article out of its story (an admin labelled it "not news"), in one transaction:
 *   1. unlink the article;
 *   2. refold the story's profile from the news articles it still has (their terms, story evidence and
 *      times), so its counts, sources, headline and index terms no longer include the article;
 *   3. a story left without a news article is deleted (its index terms with it).
 * The story evidence is recognised as the pipeline did when the articles arrived (lib/stories/evidence.ts:
 * the tagger's mentions in the title and lead), before the transaction opens (CPU; an article whose title or
 * text changed meanwhile is recognised again inside).
 * Returns the story id and whether the story survived; null when the article was in no story.
 * Document frequencies are not decremented: the page was seen, and a document count is a corpus statistic.
 */
export async function removeArticleFromStory(
  db: Db, articleId: number, settings: Partial<GroupingSettings> = {},
): Promise<{ storyId: number; remaining: number } | null> {
  const s = { ...DEFAULT_GROUPING, ...settings };
  const current = await db.article.findUnique({ where: { id: articleId }, select: { storyId: true } });
  if (!current?.storyId) return null;
  const kept = await db.article.findMany({
    where: { storyId: current.storyId, isNews: true, id: { not: articleId } },
    orderBy: { createdAt: "desc" }, take: REBUILD_MAX_ARTICLES, select: REBUILD_SELECT,
  });
  const recognised = new Map(kept.map((a) => [a.id, { title: a.title, text: a.text, evidence: storyEvidenceOf(a) }]));
  return db.$transaction(async (ptx) => {
    const tx = prismaTx(ptx);
    const article = await ptx.article.findUnique({ where: { id: articleId }, select: { storyId: true } });
    if (!article?.storyId) return null;
    const storyId = article.storyId;
    await ptx.article.update({ where: { id: articleId }, data: { storyId: null } });
    const rest = await ptx.article.findMany({
      where: { storyId, isNews: true },
      orderBy: { createdAt: "desc" },
      take: REBUILD_MAX_ARTICLES,
      select: REBUILD_SELECT,
    });
    if (rest.length === 0) {
      await ptx.storyTerm.deleteMany({ where: { storyId } });
      await ptx.story.updateMany({ where: { mergedIntoId: storyId }, data: { mergedIntoId: null } });
      await ptx.story.delete({ where: { id: storyId } });
      return { storyId, remaining: 0 };
    }
    const contributions = rest.reverse().map((a) => {
      const before = recognised.get(a.id);
      const entities = before && before.title === a.title && before.text === a.text ? before.evidence : storyEvidenceOf(a);
      const terms = termsOf({ id: a.id, title: a.title, lead: a.lead, text: a.text, url: a.url, entities }, s);
      return { terms, title: headlineOf({ id: a.id, title: a.title, text: a.text }), source: hostOf(a.url), entities, seenAt: a.publishedAt ?? a.createdAt };
    });
    const idf = await readDocumentFrequencies(tx, dialect(db), [...new Set(contributions.flatMap((c) => [...c.terms.keys()]))]);
    const oldest = contributions.reduce((m, c) => (c.seenAt < m ? c.seenAt : m), contributions[0]!.seenAt);
    const profile = contributions.reduce((p, c) => foldArticle(p, c, idf, s), emptyProfile(oldest));
    await writeStory(tx, storyId, profile);
    await writeStoryIndex(tx, storyId, profile, s);
    return { storyId, remaining: rest.length };
  });
}

/**
 * The periodic merge (the worker calls it every few minutes): stories seen within the window are re-weighed
 * with current document frequencies and converged ones folded together (lib/stories/plan-merges.ts). The
 * folded story keeps its row with mergedIntoId set; its articles move. Returns the number of merges.
 */
export async function mergeStories(db: Db, settings: Partial<GroupingSettings> = {}, now = new Date()): Promise<number> {
  const s = { ...DEFAULT_GROUPING, ...settings };
  const oldest = new Date(now.getTime() - s.windowHours * 3_600_000);
  return db.$transaction(async (ptx) => {
    const tx = prismaTx(ptx);
    // PostgreSQL: one merge pass at a time across the installation, even if two processes were scheduled at once.
    if (engineOf(db) === "postgresql") {
      const [lock] = await tx.queryRows<{ locked: boolean }[]>(sql`SELECT pg_try_advisory_xact_lock(CAST(${STORY_MERGE_LOCK_KEY} AS BIGINT)) AS "locked"`);
      if (!lock?.locked) return 0;
    }
    const rows = await ptx.story.findMany({
      where: { mergedIntoId: null, lastSeenAt: { gte: oldest } },
      orderBy: { lastSeenAt: "desc" },
      take: MERGE_MAX_STORIES,
      select: { id: true, profile: true },
    });
    const live = new Map(rows.map((r) => [r.id, parseProfile(r.profile)]));
    const allTerms = new Set<string>();
    for (const p of live.values()) for (const t of Object.keys(p.terms)) allTerms.add(t);
    const idf = await readDocumentFrequencies(tx, dialect(db), [...allTerms]);
    const plan = planMerges(live, idf, s);
    const finalOf = new Map<number, number>();
    for (const { keep, fold } of plan.steps) {
      finalOf.set(fold, keep);
      for (const [k, v] of finalOf) if (v === fold) finalOf.set(k, keep);
    }
    for (const [fold, keep] of finalOf) {
      await ptx.article.updateMany({ where: { storyId: fold }, data: { storyId: keep } });
      await ptx.story.update({ where: { id: fold }, data: { mergedIntoId: keep } });
      await ptx.storyTerm.deleteMany({ where: { storyId: fold } });
    }
    for (const keep of new Set(finalOf.values())) {
      const profile = plan.profiles.get(keep)!;
      await ptx.story.update({ where: { id: keep }, data: storyColumns(profile) });
      await writeStoryIndex(tx, keep, profile, s);
    }
    return plan.steps.length;
  }, { timeout: 120_000 });
}

export interface StoryListItem {
  id: number;
  headline: string;
  firstSeenAt: Date;
  lastSeenAt: Date;
  articleCount: number;
  sourceCount: number;
  entityKeys: string[];
}

/** Fresh stories, most recent and largest first (for the News page). */
export async function listStories(db: Db, opts: { limit?: number; since?: Date } = {}): Promise<StoryListItem[]> {
  const rows = await db.story.findMany({
    where: { mergedIntoId: null, articleCount: { gt: 0 }, ...(opts.since ? { lastSeenAt: { gte: opts.since } } : {}) },
    orderBy: [{ lastSeenAt: "desc" }, { articleCount: "desc" }],
    take: opts.limit ?? 50,
    select: { id: true, headline: true, firstSeenAt: true, lastSeenAt: true, articleCount: true, sourceCount: true, entityKeys: true },
  });
  return rows.map((r) => ({ ...r, entityKeys: JSON.parse(r.entityKeys) as string[] }));
}

/** One story with its articles, oldest first (for the story page and its timeline); follows merges. */
export async function getStory(db: Db, storyId: number) {
  let id = storyId;
  for (let hops = 0; hops < 10; hops++) {
    const row = await db.story.findUnique({ where: { id }, select: { mergedIntoId: true } });
    if (!row?.mergedIntoId) break;
    id = row.mergedIntoId;
  }
  return db.story.findUnique({
    where: { id },
    select: {
      id: true, headline: true, firstSeenAt: true, lastSeenAt: true, articleCount: true, sourceCount: true, entityKeys: true,
      articles: {
        orderBy: [{ publishedAt: "asc" }, { id: "asc" }],
        select: { id: true, title: true, url: true, publishedAt: true, siteName: true, duplicateOfId: true, site: { select: { name: true, host: true } } },
      },
    },
  });
}
