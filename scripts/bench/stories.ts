// `npm run bench:stories`: story-grouping quality (B-cubed on the ECB+ dev set) and speed (articles per
// second through the worker's database path with 10k and 100k articles already stored).
//   1. ECB+ dev: the in-memory StoryGrouper over the articles in file order, merging every 200 and at the
//      end (as `lede group`); B-cubed against story_cluster, and the "one story per topic" reference.
//   2. Archive: synthetic articles (sentences of one ECB+ story cluster recombined, a made-up participant
//      and place per event of 5 articles, 1,000 articles a day), one story per event, written into a
//      temporary database.
//   3. Speed: assignStory (lib/db/stories.ts) for new articles on top of each archive; the in-memory
//      grouper for comparison. Options: --quick (smaller samples), LEDE_CORPUS.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { corpusDir, machineLine, mdTable, writeBenchSection } from "./report.ts";
import { StoryGrouper } from "../../lib/stories/story-grouper.ts";
import { scoreBCubed, type BCubed } from "../../lib/stories/bcubed.ts";
import { countEntities, extractEntities, type EntityCount } from "../../lib/entities/extract-entities.ts";
import { DEFAULT_GROUPING } from "../../lib/stories/settings.ts";
import { leadOf, termsOf } from "../../lib/stories/terms.ts";
import { emptyProfile, foldArticle, representativeHeadline, topEntityKeys, type StoryProfile } from "../../lib/stories/profile.ts";
import { DocumentFrequencies } from "../../lib/stories/idf.ts";
import { assignStory } from "../../lib/db/stories.ts";
import { openDb, tuneConnection, type Db } from "../../lib/db/client.ts";
import { applyMigrations } from "../../test/helpers/db.ts";

interface EcbDoc { doc_id: string; topic: number; story_cluster: string; text: string }

const MERGE_EVERY = 200;
const ARTICLES_PER_DAY = 1_000;
const ARTICLES_PER_EVENT = 5;
const quick = process.argv.includes("--quick");

function splitSentences(text: string): string[] {
  return text.split("\n").map((l) => l.trim()).filter((l) => l.length > 40 && !/^https?\s*:/.test(l));
}

/** A deterministic pseudo-random sequence (mulberry32), so runs are comparable. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ["ka", "lo", "mir", "ta", "ven", "so", "rik", "dal", "ne", "vor", "pa", "lun", "ez", "tor", "bi", "gan"];

/** A pronounceable made-up name for an event's participant or place (distinct per seed). */
function madeUpName(seed: number): string {
  let n = seed + 4096;
  let out = "";
  while (n > 0) {
    out += SYLLABLES[n % SYLLABLES.length];
    n = Math.floor(n / SYLLABLES.length);
  }
  return out[0].toUpperCase() + out.slice(1);
}

interface SyntheticArticle { id: number; title: string; text: string; url: string; publishedAt: Date; entities: EntityCount[] }

function syntheticArticles(docs: EcbDoc[], entities: EntityCount[][], start: number, count: number): SyntheticArticle[] {
  const byCluster = new Map<string, number[]>();
  docs.forEach((d, i) => byCluster.set(d.story_cluster, [...(byCluster.get(d.story_cluster) ?? []), i]));
  const clusters = [...byCluster.values()];
  const base = Date.UTC(2025, 0, 1);
  const out: SyntheticArticle[] = [];
  for (let i = start; i < start + count; i++) {
    const event = Math.floor(i / ARTICLES_PER_EVENT);
    const r = rng(event * 7919 + 1);
    const cluster = clusters[Math.floor(r() * clusters.length)];
    const pick = rng(i * 31 + 7);
    const sentences: string[] = [];
    const used = new Set<number>();
    for (let k = 0; k < 6; k++) {
      const doc = cluster[Math.floor(pick() * cluster.length)];
      used.add(doc);
      const ss = splitSentences(docs[doc].text);
      if (ss.length) sentences.push(ss[Math.floor(pick() * ss.length)]);
    }
    // Each event has its own participant and place, named in the title and in some sentences, as real
    // events do; the rest of the vocabulary is shared with every other event of the same ECB+ cluster.
    const person = `${madeUpName(event * 2)} ${madeUpName(event * 2 + 1)}`;
    const place = madeUpName(event * 7 + 3);
    const ents = new Map<string, EntityCount>();
    for (const d of used) for (const e of entities[d]) ents.set(e.key, e);
    ents.set(`person:${person.toLowerCase()}`, { key: `person:${person.toLowerCase()}`, name: person, type: "PERSON", mentions: 2 });
    ents.set(`place:${place.toLowerCase()}`, { key: `place:${place.toLowerCase()}`, name: place, type: "PLACE", mentions: 1 });
    if (sentences.length > 1) sentences[1] = `In ${place}, ${person} was named. ${sentences[1]}`;
    out.push({
      id: i + 1,
      title: `${person} in ${place}: ${sentences[0]?.slice(0, 60) ?? ""}`,
      text: sentences.join("\n"),
      url: `https://site${i % 40}.example/a/${i}`,
      publishedAt: new Date(base + (i / ARTICLES_PER_DAY) * 86_400_000),
      entities: [...ents.values()],
    });
  }
  return out;
}

/**
 * Build the archive's stories from the synthetic events directly (one story per event, its articles folded in
 * order with incrementally counted document frequencies: what grouping them would ideally produce, at O(1) per
 * article), write it to the database, and return the in-memory grouper's rate for `fresh` on the same archive.
 */
async function seedArchive(db: Db, articles: SyntheticArticle[], fresh: SyntheticArticle[]): Promise<number> {
  const settings = DEFAULT_GROUPING;
  const idf = new DocumentFrequencies();
  const profiles = new Map<number, StoryProfile>();
  const members = new Map<number, number[]>();
  for (const a of articles) {
    const storyId = Math.floor((a.id - 1) / ARTICLES_PER_EVENT) + 1;
    const raw = termsOf(a, settings);
    idf.addDocument(raw.keys());
    const before = profiles.get(storyId) ?? emptyProfile(a.publishedAt);
    profiles.set(storyId, foldArticle(before, { terms: raw, title: a.title, source: new URL(a.url).hostname, entities: a.entities, seenAt: a.publishedAt }, idf, settings));
    members.set(storyId, [...(members.get(storyId) ?? []), a.id]);
  }
  const state = {
    stories: [...profiles].map(([id, profile]) => ({ id, profile, articleIds: members.get(id)! })),
    documents: idf.documents,
    df: idf.entries(),
  };
  const grouper = new StoryGrouper(settings);
  grouper.loadState(state);
  const t0 = performance.now();
  for (const a of fresh) grouper.add(a);
  const memoryRate = fresh.length / ((performance.now() - t0) / 1000);
  const site = await db.site.create({ data: { seedUrl: "https://bench.example/", host: "bench.example", name: "bench" } });
  const BATCH = 1_000;
  for (let i = 0; i < state.stories.length; i += BATCH) {
    const part = state.stories.slice(i, i + BATCH);
    await db.story.createMany({
      data: part.map((s) => ({
        id: s.id, headline: representativeHeadline(s.profile), firstSeenAt: new Date(s.profile.firstSeen), lastSeenAt: new Date(s.profile.lastSeen),
        articleCount: s.profile.articles, sourceCount: s.profile.sources.length, entityKeys: JSON.stringify(topEntityKeys(s.profile)),
        profile: JSON.stringify(s.profile),
      })),
    });
    const terms = part.flatMap((s) =>
      Object.entries(s.profile.centroid).sort((a, b) => b[1] - a[1]).slice(0, DEFAULT_GROUPING.indexTerms)
        .map(([term, weight]) => ({ term, storyId: s.id, weight, lastSeenAt: new Date(s.profile.lastSeen) })));
    for (let j = 0; j < terms.length; j += 5 * BATCH) await db.storyTerm.createMany({ data: terms.slice(j, j + 5 * BATCH) });
  }
  for (let i = 0; i < articles.length; i += BATCH) {
    const part = articles.slice(i, i + BATCH);
    await db.page.createMany({ data: part.map((a) => ({ id: a.id, url: a.url, siteId: site.id, finalUrl: a.url, status: 200, size: a.text.length, contentHash: `p${a.id}`, rawBody: Buffer.from("") })) });
    await db.article.createMany({
      data: part.map((a) => ({
        id: a.id, pageId: a.id, siteId: site.id, url: a.url, title: a.title, text: a.text, html: "", lead: a.text.slice(0, 300),
        publishedAt: a.publishedAt, storyId: Math.floor((a.id - 1) / ARTICLES_PER_EVENT) + 1, method: "bench", textLength: a.text.length, contentHash: `c${a.id}`, simhash: "0000000000000000",
      })),
    });
  }
  const df = [{ term: "", df: state.documents }, ...[...state.df].map(([term, n]) => ({ term, df: n }))];
  for (let i = 0; i < df.length; i += 5 * BATCH) await db.termStat.createMany({ data: df.slice(i, i + 5 * BATCH) });
  return memoryRate;
}

async function measureDbPath(docs: EcbDoc[], entities: EntityCount[][], stored: number, measure: number) {
  const dir = mkdtempSync(join(tmpdir(), "lede-bench-stories-"));
  const file = join(dir, "bench.db");
  applyMigrations(file);
  const db = openDb(`file:${file}`);
  await tuneConnection(db);
  try {
    const t0 = performance.now();
    const fresh = syntheticArticles(docs, entities, stored, measure);
    const memoryRate = await seedArchive(db, syntheticArticles(docs, entities, 0, stored), fresh);
    const seedSec = (performance.now() - t0) / 1000;
    const site = await db.site.findFirstOrThrow({ select: { id: true } });
    for (const a of fresh) {
      await db.page.create({ data: { id: a.id, url: a.url, siteId: site.id, finalUrl: a.url, status: 200, size: 1, contentHash: `p${a.id}`, rawBody: Buffer.from("") } });
      await db.article.create({ data: { id: a.id, pageId: a.id, siteId: site.id, url: a.url, title: a.title, text: a.text, html: "", method: "bench", textLength: a.text.length, contentHash: `c${a.id}`, simhash: "0000000000000000" } });
    }
    const t1 = performance.now();
    for (const a of fresh) await assignStory(db, a);
    const dbRate = measure / ((performance.now() - t1) / 1000);
    const stories = await db.story.count({ where: { mergedIntoId: null } });
    return { dbRate, memoryRate, seedSec, stories };
  } finally {
    await db.$disconnect();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const corpus = corpusDir();
  if (!corpus) return 0;
  const docs = readFileSync(join(corpus, "stories", "ecbplus-dev.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as EcbDoc);

  // 1. Quality.
  const tEnt = performance.now();
  const entities = docs.map((d) => countEntities(extractEntities(leadOf({ id: d.doc_id, text: d.text }, DEFAULT_GROUPING))));
  const entityMsPerDoc = (performance.now() - tEnt) / docs.length;
  const gold = new Map(docs.map((d) => [d.doc_id, d.story_cluster]));
  const grouper = new StoryGrouper();
  const assigned = new Map<string, number>();
  docs.forEach((d, i) => {
    assigned.set(d.doc_id, grouper.add({ id: d.doc_id, text: d.text, entities: entities[i] }));
    if ((i + 1) % MERGE_EVERY === 0) grouper.merge();
  });
  const beforeFinalMerge = scoreBCubed(assigned, gold);
  grouper.merge();
  const final = scoreBCubed(new Map([...assigned].map(([k, v]) => [k, grouper.resolve(v)])), gold);
  const byTopic = scoreBCubed(new Map(docs.map((d) => [d.doc_id, d.topic])), gold);
  const storyCount = new Set([...assigned.values()].map((v) => grouper.resolve(v))).size;

  // 2–3. Speed.
  const sizes = quick ? [2_000, 10_000] : [10_000, 100_000];
  const measure = quick ? 50 : 200;
  const speed: (string | number)[][] = sizes.map((n) => [n.toLocaleString("en"), "not run yet", "", "", ""]);
  const report = () => renderReport(docs.length, new Set(gold.values()).size, final, beforeFinalMerge, byTopic, storyCount,
    new Set(docs.map((d) => d.topic)).size, entityMsPerDoc, measure, speed);
  if (!quick) writeBenchSection("stories", report());
  for (const [i, stored] of sizes.entries()) {
    process.stderr.write(`bench:stories: archive of ${stored}…\n`);
    const r = await measureDbPath(docs, entities, stored, measure);
    speed[i] = [stored.toLocaleString("en"), r.stories.toLocaleString("en"), r.dbRate.toFixed(1), r.memoryRate.toFixed(0), r.seedSec.toFixed(0)];
    // Written after each archive size, so a long run leaves its finished rows behind.
    if (!quick) writeBenchSection("stories", report());
  }
  const md = report();
  process.stdout.write(`${md}\n`);
  return 0;
}

function renderReport(
  docCount: number, clusterCount: number, final: BCubed, beforeFinalMerge: BCubed, byTopic: BCubed, storyCount: number,
  topicCount: number, entityMsPerDoc: number, measure: number, speed: (string | number)[][],
): string {

  const f = (x: number) => x.toFixed(3);
  return [
    "## Stories (`npm run bench:stories`)",
    "",
    machineLine(),
    "",
    `ECB+ dev set (${docCount} articles, ${clusterCount} story clusters; no dates, so time decay is inactive). ` +
      `Articles grouped one by one in file order, merge pass every ${MERGE_EVERY} articles and at the end. ` +
      "**Thresholds and weights (lib/stories/settings.ts) were tuned on this same dev set**: it is the only labelled set we have, so this is not a held-out figure.",
    "",
    mdTable(["grouping", "B³ precision", "B³ recall", "B³ F1", "stories"], [
      ["incremental + merge (final)", f(final.precision), f(final.recall), f(final.f1), storyCount],
      ["incremental, before the final merge", f(beforeFinalMerge.precision), f(beforeFinalMerge.recall), f(beforeFinalMerge.f1), "–"],
      ["reference: one story per ECB+ topic", f(byTopic.precision), f(byTopic.recall), f(byTopic.f1), topicCount],
    ]),
    "",
    `Entity extraction (title + lead, compromise + heuristics): ${entityMsPerDoc.toFixed(1)} ms per article (not included below).`,
    "",
    `Speed: new articles grouped on top of an archive of synthetic articles (ECB+ sentences recombined, ${ARTICLES_PER_DAY.toLocaleString("en")} a day, ` +
      `a new event every ${ARTICLES_PER_EVENT} articles); ${measure} new articles measured; entities given. ` +
      "\"DB path\" is `assignStory` (lib/db/stories.ts) on a temporary SQLite file, one transaction per article, as the worker runs it.",
    "",
    mdTable(["articles stored", "stories in DB", "DB path articles/s", "in-memory articles/s", "archive seeding (s)"], speed),
  ].join("\n");
}

process.exitCode = await main();
