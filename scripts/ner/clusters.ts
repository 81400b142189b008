// Word clusters for the tagger, induced from unlabelled English text: a cheap stand-in for Brown clusters.
//
// 1. Text: Fundus article bodies and titles, WCXB main_content, trafilatura "with" snippets, ECB+ story texts
//    and the Readability test pages' expected article text (documents whose words are mostly not English stop
//    words are skipped), plus the word forms of eng.train (no labels). Never wikigold (the held-out check).
// 2. Each word seen MIN_COUNT times or more (lower case) is described by its left and right neighbours among
//    the CONTEXT_WORDS most frequent words (square-root counts, unit length).
// 3. Hierarchical k-means (BRANCHING clusters a level, DEPTH levels, seeded k-means++): a word's path is its
//    branch at each level, written as bits, so prefixes of the path are coarser clusters (as with Brown's).
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import * as cheerio from "cheerio";
import { join } from "node:path";
import type { LabelledDocument } from "../../lib/entities/conll.ts";
import { tokenize } from "../../lib/entities/tokenize.ts";
import { createRandom } from "../../lib/classify/random.ts";

const MIN_COUNT = 3;
const MAX_WORDS = 40_000;
const CONTEXT_WORDS = 300;
const BRANCHING = 4;
/** Levels of the hierarchy: 2 bits each, so paths of up to 20 bits (Ratinov & Roth read Brown paths at
 * 4, 6, 10 and 20 bits: ner-features.ts CLUSTER_PREFIXES). */
const DEPTH = 10;
const KMEANS_ROUNDS = 8;
const SEED = 7;
/** Share of a document's words that must be English stop words for it to count as English text. */
const MIN_STOPWORD_SHARE = 0.25;
const STOPWORDS = new Set(["the", "of", "and", "to", "a", "in", "is", "that", "for", "it", "on", "was", "with", "as", "he", "be", "at", "by", "this", "are", "from", "has", "have", "said", "his", "not", "but", "an", "they", "were", "which", "or", "will"]);

function englishTexts(corpus: string): string[] {
  const texts: string[] = [];
  const fundus = join(corpus, "extraction", "fundus");
  if (existsSync(fundus)) {
    for (const country of readdirSync(fundus).sort()) {
      const dir = join(fundus, country);
      if (country === "LICENSE" || !existsSync(dir) || !readdirSync(dir).length) continue;
      for (const f of readdirSync(dir).sort()) {
        if (!f.endsWith(".json")) continue;
        const versions = JSON.parse(readFileSync(join(dir, f), "utf8")) as Record<string, { title?: string; body?: { summary?: string[]; sections?: { headline?: string[]; paragraphs?: string[] }[] } }>;
        for (const v of Object.values(versions)) {
          const parts = [v.title ?? "", ...(v.body?.summary ?? []), ...(v.body?.sections ?? []).flatMap((s) => [...(s.headline ?? []), ...(s.paragraphs ?? [])])];
          texts.push(parts.join("\n"));
        }
      }
    }
  }
  const wcxb = join(corpus, "extraction", "wcxb-dev", "ground-truth");
  if (existsSync(wcxb)) {
    for (const f of readdirSync(wcxb).sort()) {
      const gt = JSON.parse(readFileSync(join(wcxb, f), "utf8")) as { ground_truth?: { title?: string; main_content?: string } };
      texts.push(`${gt.ground_truth?.title ?? ""}\n${gt.ground_truth?.main_content ?? ""}`);
    }
  }
  const traf = join(corpus, "extraction", "trafilatura", "eval.json");
  if (existsSync(traf)) {
    const ev = JSON.parse(readFileSync(traf, "utf8")) as Record<string, { with?: string[] }>;
    for (const k of Object.keys(ev).sort()) texts.push((ev[k]!.with ?? []).join("\n"));
  }
  const ecb = join(corpus, "stories", "ecbplus-dev.jsonl");
  if (existsSync(ecb)) {
    for (const line of readFileSync(ecb, "utf8").split("\n")) if (line.trim()) texts.push((JSON.parse(line) as { text: string }).text);
  }
  const readability = join(corpus, "extraction", "readability");
  if (existsSync(readability)) {
    for (const c of readdirSync(readability).sort()) {
      const file = join(readability, c, "expected.html.gz");
      if (!existsSync(file)) continue;
      const $ = cheerio.load(gunzipSync(readFileSync(file)).toString("utf8"));
      texts.push($("p, h1, h2, h3, li").map((_, el) => $(el).text().replace(/\s+/g, " ").trim()).get().join("\n"));
    }
  }
  return texts.filter((t) => {
    const words = t.toLowerCase().match(/\p{L}+/gu) ?? [];
    return words.length >= 30 && words.filter((w) => STOPWORDS.has(w)).length / words.length >= MIN_STOPWORD_SHARE;
  });
}

type Sparse = { idx: Int32Array; val: Float64Array };

function kmeans(vectors: Sparse[], members: number[], k: number, dims: number, random: () => number): number[] {
  // k-means++ seeding on sparse unit vectors (distance = 2 − 2 cos).
  const centroids: Float64Array[] = [];
  const dot = (v: Sparse, c: Float64Array) => { let s = 0; for (let j = 0; j < v.idx.length; j++) s += v.val[j]! * c[v.idx[j]!]!; return s; };
  const toDense = (v: Sparse) => { const c = new Float64Array(dims); for (let j = 0; j < v.idx.length; j++) c[v.idx[j]!] = v.val[j]!; return c; };
  centroids.push(toDense(vectors[members[Math.floor(random() * members.length)]!]!));
  const dist = new Float64Array(members.length).fill(Infinity);
  while (centroids.length < k) {
    const c = centroids[centroids.length - 1]!;
    let total = 0;
    members.forEach((m, i) => { dist[i] = Math.min(dist[i]!, Math.max(0, 2 - 2 * dot(vectors[m]!, c))); total += dist[i]!; });
    let r = random() * total;
    let pick = members.length - 1;
    for (let i = 0; i < members.length; i++) { r -= dist[i]!; if (r <= 0) { pick = i; break; } }
    centroids.push(toDense(vectors[members[pick]!]!));
  }
  const assign = new Array<number>(members.length).fill(0);
  for (let round = 0; round < KMEANS_ROUNDS; round++) {
    members.forEach((m, i) => {
      let best = 0, bestDot = -Infinity;
      for (let c = 0; c < k; c++) { const d = dot(vectors[m]!, centroids[c]!); if (d > bestDot) { bestDot = d; best = c; } }
      assign[i] = best;
    });
    for (const c of centroids) c.fill(0);
    members.forEach((m, i) => { const v = vectors[m]!; const c = centroids[assign[i]!]!; for (let j = 0; j < v.idx.length; j++) c[v.idx[j]!]! += v.val[j]!; });
    for (const c of centroids) { let n = 0; for (const x of c) n += x * x; n = Math.sqrt(n) || 1; for (let j = 0; j < dims; j++) c[j]! /= n; }
  }
  return assign;
}

/** Clusters, read from `cacheFile` when it holds the ones these settings and this text make (a retraining
 * that changes only the tagger skips the k-means), else built and written there. */
export function cachedClusters(corpus: string, trainDocs: LabelledDocument[], log: (s: string) => void, cacheFile?: string): Map<string, string> {
  if (!cacheFile) return buildClusters(corpus, trainDocs, log);
  const key = createHash("sha256").update(JSON.stringify([MIN_COUNT, MAX_WORDS, CONTEXT_WORDS, BRANCHING, DEPTH, KMEANS_ROUNDS, SEED, MIN_STOPWORD_SHARE]))
    .update(englishTexts(corpus).join("\u0001")).update(trainDocs.map((d) => d.map((s) => s.forms.join(" ")).join("\n")).join("\u0002")).digest("hex");
  if (existsSync(cacheFile)) {
    const [head, ...lines] = readFileSync(cacheFile, "utf8").split("\n");
    if (head === key) { log(`clusters: ${lines.length} words read from ${cacheFile}`); return new Map(lines.map((l) => l.split("\t") as [string, string])); }
  }
  const clusters = buildClusters(corpus, trainDocs, log);
  writeFileSync(cacheFile, [key, ...[...clusters].map(([w, p]) => `${w}\t${p}`)].join("\n"));
  return clusters;
}

export function buildClusters(corpus: string, trainDocs: LabelledDocument[], log: (s: string) => void): Map<string, string> {
  const t0 = Date.now();
  const sentences: string[][] = [];
  for (const text of englishTexts(corpus)) {
    for (const line of text.split("\n")) {
      const words = tokenize(line).map((t) => t.form.toLowerCase());
      if (words.length) sentences.push(words);
    }
  }
  for (const doc of trainDocs) for (const s of doc) sentences.push(s.forms.map((f) => f.toLowerCase()));
  const counts = new Map<string, number>();
  let tokens = 0;
  for (const s of sentences) for (const w of s) { counts.set(w, (counts.get(w) ?? 0) + 1); tokens++; }
  const ranked = [...counts].filter(([, n]) => n >= MIN_COUNT).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, MAX_WORDS);
  const wordId = new Map(ranked.map(([w], i) => [w, i]));
  const dims = 2 * CONTEXT_WORDS + 2;
  // Context slot of a neighbour: its frequency rank among the CONTEXT_WORDS commonest, else one shared slot
  // (rarer words and the sentence boundary).
  const ctx = (w: string | undefined) => Math.min(w === undefined ? CONTEXT_WORDS : wordId.get(w) ?? CONTEXT_WORDS, CONTEXT_WORDS);
  const rows = ranked.map(() => new Map<number, number>());
  for (const s of sentences) {
    for (let i = 0; i < s.length; i++) {
      const id = wordId.get(s[i]!);
      if (id === undefined) continue;
      const left = ctx(s[i - 1]);
      const right = CONTEXT_WORDS + 1 + ctx(s[i + 1]);
      const r = rows[id]!;
      r.set(left, (r.get(left) ?? 0) + 1);
      r.set(right, (r.get(right) ?? 0) + 1);
    }
  }
  const vectors: Sparse[] = rows.map((r) => {
    const idx = Int32Array.from([...r.keys()].sort((a, b) => a - b));
    const val = Float64Array.from(idx, (j) => Math.sqrt(r.get(j)!));
    let n = 0; for (const v of val) n += v * v; n = Math.sqrt(n) || 1;
    for (let j = 0; j < val.length; j++) val[j]! /= n;
    return { idx, val };
  });
  const random = createRandom(SEED);
  const paths = new Array<string>(ranked.length).fill("");
  const bits = Math.log2(BRANCHING);
  let groups: number[][] = [ranked.map((_, i) => i)];
  for (let level = 0; level < DEPTH; level++) {
    const next: number[][] = [];
    for (const members of groups) {
      if (members.length < BRANCHING * 2) { next.push(members); continue; }
      const assign = kmeans(vectors, members, BRANCHING, dims, random);
      const parts: number[][] = Array.from({ length: BRANCHING }, () => []);
      members.forEach((m, i) => { parts[assign[i]!]!.push(m); paths[m] += assign[i]!.toString(2).padStart(bits, "0"); });
      next.push(...parts.filter((p) => p.length));
    }
    groups = next;
  }
  log(`clusters: ${sentences.length} sentences, ${tokens} tokens, ${ranked.length} words in ${groups.length} leaf clusters, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  return new Map(ranked.map(([w], i) => [w, paths[i]!]).filter(([, p]) => p.length > 0) as [string, string][]);
}
