// `npm run bench:ner`: the trained tagger against today's recogniser (compromise + rules), in one run.
//   1. Quality, conlleval (exact token span and type, micro) on CoNLL-2003 eng.testa (the split the tagger
//      was tuned on: its epochs) and on wikigold (Wikipedia, not news): PER/ORG/LOC and all four types.
//      The tagger is scored on the gold tokens and, like the rule-based recogniser, through text: each
//      document's tokens joined by spaces, one sentence a line, names mapped back from character offsets
//      to tokens (a name whose offsets do not fall on token bounds counts as wrong).
//   2. Speed: tokens per CPU second of the tagger through text (tokeniser included); per article, the CPU
//      time of extractEntities over the whole text against today's path (compromise over the title and
//      first 1,200 characters, lib/pipeline/ingest.ts before the tagger) on WCXB article pages.
//   3. Model size on disk and what it holds.
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { loadavg } from "node:os";
import { corpusDir, machineLine, mdTable, writeBenchSection } from "./report.ts";
import { readConll, scoreSpans, spansOf, type LabelledDocument, type Score, type Span } from "../../lib/entities/conll.ts";
import { extractEntities } from "../../lib/entities/extract-entities.ts";
import { extractEntitiesRules } from "../../lib/entities/extract-entities-rules.ts";
import { loadShippedModel } from "../../lib/entities/ner-model.ts";
import { tagDocuments } from "../../lib/entities/ner-train.ts";
import { resolveDocuments } from "../../lib/entities/document-pass.ts";
import { ENTITY_KINDS, type EntityKind } from "../../lib/entities/ner-features.ts";
import type { EntityMention } from "../../lib/entities/types.ts";
import { recogniseEntities } from "../../lib/entities/ner.ts";

const PER_ORG_LOC: readonly EntityKind[] = ["PER", "ORG", "LOC"];
const KIND: Record<EntityMention["type"], EntityKind> = { PERSON: "PER", ORG: "ORG", PLACE: "LOC" };
/** Characters of article text today's path read (lib/pipeline/ingest.ts ENTITY_TEXT_CHARS before the tagger). */
const TODAY_TEXT_CHARS = 1_200;
const SPEED_ARTICLES = 120;
/** Other English WCXB articles read first, unmeasured: a worker that has run a while (code compiled, the word
 * cache holding the common words), not one reading its first page. */
const WARM_ARTICLES = 20;

const cpuMs = (start: NodeJS.CpuUsage) => { const d = process.cpuUsage(start); return (d.user + d.system) / 1000; };
const f = (x: number) => x.toFixed(3);

interface TextDoc { text: string; tokenStarts: Map<number, number>; tokenEnds: Map<number, number>; sentenceOf: number[]; offsetInSentence: number[]; tokens: number }

/** A document as text: tokens joined by spaces, one sentence a line; with the token index of each offset. */
function asText(doc: LabelledDocument): TextDoc {
  let text = "";
  const tokenStarts = new Map<number, number>();
  const tokenEnds = new Map<number, number>();
  const sentenceOf: number[] = [];
  const offsetInSentence: number[] = [];
  let n = 0;
  doc.forEach((s, si) => {
    s.forms.forEach((w, wi) => {
      if (wi > 0) text += " ";
      tokenStarts.set(text.length, n);
      text += w;
      tokenEnds.set(text.length, n);
      sentenceOf.push(si);
      offsetInSentence.push(wi);
      n++;
    });
    text += "\n";
  });
  return { text, tokenStarts, tokenEnds, sentenceOf, offsetInSentence, tokens: n };
}

/** Spans per sentence from character-offset mentions; ones off token bounds or across sentences become (-1) spans that never match. */
function mentionsToSpans(doc: LabelledDocument, td: TextDoc, mentions: { kind: EntityKind; start: number; end: number }[]): Span[][] {
  const out: Span[][] = doc.map(() => []);
  for (const m of mentions) {
    const a = td.tokenStarts.get(m.start);
    const b = td.tokenEnds.get(m.end);
    if (a === undefined || b === undefined || td.sentenceOf[a] !== td.sentenceOf[b]) {
      const s = td.sentenceOf[a ?? b ?? 0] ?? 0;
      out[s]!.push({ kind: m.kind, start: -1, end: -1 - out[s]!.length });
      continue;
    }
    out[td.sentenceOf[a]!]!.push({ kind: m.kind, start: td.offsetInSentence[a]!, end: td.offsetInSentence[b]! + 1 });
  }
  return out;
}

interface Row { who: string; perOrgLoc: Score; all: Score }

function scoreAll(docs: LabelledDocument[], predicted: Span[][][]): { perOrgLoc: Score; all: Score } {
  const pairs = docs.flatMap((doc, d) => doc.map((s, i) => ({ gold: spansOf(s.tags), predicted: predicted[d]![i]! })));
  return { perOrgLoc: scoreSpans(pairs, PER_ORG_LOC), all: scoreSpans(pairs, ENTITY_KINDS) };
}

function evaluate(name: string, docs: LabelledDocument[]): { rows: Row[]; tokens: number; taggerCpuMs: number } {
  const model = loadShippedModel();
  const rows: Row[] = [];
  // Tagger on gold tokens (+ document pass).
  const tagged = tagDocuments(model, docs).map((doc, i) => resolveDocuments(docs[i]!.map((s) => s.forms), doc));
  rows.push({ who: "tagger, gold tokens", ...scoreAll(docs, tagged.map((doc) => doc.map(spansOf))) });
  // Through text: the tagger (all four kinds, MISC included) and today's recogniser.
  const texts = docs.map(asText);
  let tokens = 0;
  const start = process.cpuUsage();
  const viaText = docs.map((doc, i) => {
    tokens += texts[i]!.tokens;
    return mentionsToSpans(doc, texts[i]!, recogniseForBench(texts[i]!.text));
  });
  const taggerCpuMs = cpuMs(start);
  rows.push({ who: "tagger, through text", ...scoreAll(docs, viaText) });
  const app = docs.map((doc, i) => mentionsToSpans(doc, texts[i]!, extractEntities(texts[i]!.text, { lang: "en" }).map((m) => ({ kind: KIND[m.type], start: m.start, end: m.end }))));
  rows.push({ who: "the app's entities (tagger + repairs + trimming: extractEntities), through text", ...scoreAll(docs, app) });
  const rules = docs.map((doc, i) => mentionsToSpans(doc, texts[i]!, extractEntitiesRules(texts[i]!.text).map((m) => ({ kind: KIND[m.type], start: m.start, end: m.end }))));
  rows.push({ who: "today's recogniser (compromise + rules), through text", ...scoreAll(docs, rules) });
  process.stderr.write(`${name}: ${rows.map((r) => `${r.who} ${f(r.perOrgLoc.f1)}/${f(r.all.f1)}`).join("; ")}\n`);
  return { rows, tokens, taggerCpuMs };
}

function recogniseForBench(text: string) {
  return recogniseEntities(text).map((s) => ({ kind: s.kind, start: s.start, end: s.end }));
}

function wcxbArticles(corpus: string): { title: string; text: string }[] {
  const dir = join(corpus, "extraction", "wcxb-dev", "ground-truth");
  if (!existsSync(dir)) return [];
  const out: { title: string; text: string }[] = [];
  for (const file of readdirSync(dir).sort()) {
    const gt = JSON.parse(readFileSync(join(dir, file), "utf8")) as { ground_truth?: { title?: string; main_content?: string }; _internal?: { page_type?: { primary?: string } } };
    const text = gt.ground_truth?.main_content ?? "";
    if (gt._internal?.page_type?.primary !== "article" || text.length < 1500) continue;
    if (((text.match(/\b(the|and|of)\b/g) ?? []).length / Math.max(1, text.split(/\s+/).length)) < 0.04) continue; // English
    out.push({ title: gt.ground_truth?.title ?? "", text });
    if (out.length >= SPEED_ARTICLES + WARM_ARTICLES) break;
  }
  return out;
}

function articleSpeed(corpus: string) {
  const all = wcxbArticles(corpus);
  const articles = all.slice(0, SPEED_ARTICLES);
  const warm = all.slice(SPEED_ARTICLES);
  const today = (a: { title: string; text: string }) => {
    const cut = a.text.length > TODAY_TEXT_CHARS ? a.text.slice(0, TODAY_TEXT_CHARS).replace(/\s+\S*$/, "") : a.text;
    return extractEntitiesRules(`${a.title}\n\n${cut}`);
  };
  const ours = (a: { title: string; text: string }) => extractEntities(`${a.title}\n\n${a.text}`, { lang: "en" });
  const oursLead = (a: { title: string; text: string }) => {
    const cut = a.text.length > TODAY_TEXT_CHARS ? a.text.slice(0, TODAY_TEXT_CHARS).replace(/\s+\S*$/, "") : a.text;
    return extractEntities(`${a.title}\n\n${cut}`, { lang: "en" });
  };
  for (const a of warm.length ? warm : articles.slice(0, 1)) { today(a); ours(a); oursLead(a); }
  let todayMs = 0, oursMs = 0, leadMs = 0, words = 0, todayMentions = 0, oursMentions = 0;
  // Alternating article by article, so load on the shared machine falls on both alike.
  for (const a of articles) {
    words += a.text.split(/\s+/).length;
    let s = process.cpuUsage();
    todayMentions += today(a).length;
    todayMs += cpuMs(s);
    s = process.cpuUsage();
    oursMentions += ours(a).length;
    oursMs += cpuMs(s);
    s = process.cpuUsage();
    oursLead(a);
    leadMs += cpuMs(s);
  }
  // The same articles again: every word type now in the cache, as in a worker that has read many pages.
  let againMs = 0;
  for (const a of articles) { const s = process.cpuUsage(); ours(a); againMs += cpuMs(s); }
  return { n: articles.length, words, todayMs, oursMs, leadMs, againMs, todayMentions, oursMentions };
}

function main(): void {
  const corpus = corpusDir();
  if (!corpus) return;
  const load = loadavg()[0]!;
  const loadStart = process.cpuUsage();
  const model = loadShippedModel();
  const loadMs = cpuMs(loadStart);
  const testa = readConll(join(corpus, "ner", "conll2003-en", "eng.testa"));
  const wikigold = readConll(join(corpus, "ner", "wikigold", "wikigold.conll.txt"));
  const a = evaluate("eng.testa", testa);
  const w = evaluate("wikigold", wikigold);
  const speed = articleSpeed(corpus);
  const tokensPerSecond = (a.tokens + w.tokens) / ((a.taggerCpuMs + w.taggerCpuMs) / 1000);
  const info = model.header.info;
  const qualityRows = (set: string, rows: Row[]) => rows.map((r) => [set, r.who, f(r.perOrgLoc.precision), f(r.perOrgLoc.recall), `**${f(r.perOrgLoc.f1)}**`, f(r.all.f1)]);
  const md = [
    "## Named entities (`npm run bench:ner`)",
    "",
    `Machine: ${machineLine()}; load average at the start ${load.toFixed(1)} (shared machine: CPU times are inflated, compare the ratios of one run). Command: \`LEDE_CORPUS=/work/shared/corpus npm run bench:ner\`. Model: lib/entities/ner-model.bin.gz, ${(model.bytes / 1024 / 1024).toFixed(2)} MB compressed (${model.header.rows.toLocaleString("en")} features × 9 tags, ${model.header.atoms.toLocaleString("en")} atoms, ${Number(info.clusters ?? 0).toLocaleString("en")} clustered words, ${Number(info.gazetteer ?? 0).toLocaleString("en")} gazetteer phrases; best epoch ${info.epochs}, seed ${info.seed}); loads in ${loadMs.toFixed(0)} CPU ms.`,
    "",
    "Entity F1 as conlleval counts it (exact token span and type, micro). eng.testa is the split the epochs were chosen on (no other tuning); wikigold is Wikipedia text, never seen. The app's entities and today's recogniser predict no MISC, so their four-type figures count every MISC as missed.",
    "",
    mdTable(["set", "recogniser", "P (PER/ORG/LOC)", "R", "F1 PER/ORG/LOC", "F1 all four"], [...qualityRows("eng.testa", a.rows), ...qualityRows("wikigold", w.rows)]),
    "",
    `Speed: the tagger reads **${Math.round(tokensPerSecond).toLocaleString("en")} tokens per CPU second** through text (tokeniser, tagger, document pass; eng.testa + wikigold). Per article (${speed.n} WCXB English article pages, ${speed.words.toLocaleString("en")} words, the two alternating page by page, after ${WARM_ARTICLES} other articles read unmeasured): the whole text with the tagger **${(speed.oursMs / speed.n).toFixed(2)} CPU ms** an article (${(speed.oursMs / (speed.words / 1000)).toFixed(2)} ms per 1,000 words, ${speed.oursMentions} mentions), today's path (compromise + rules over the title and first ${TODAY_TEXT_CHARS.toLocaleString("en")} characters) ${(speed.todayMs / speed.n).toFixed(2)} CPU ms (${speed.todayMentions} mentions): the tagger over the whole article costs **${(speed.todayMs / speed.oursMs).toFixed(2)}×** less than today's path over its lead; over the same title and lead it costs ${(speed.leadMs / speed.n).toFixed(2)} CPU ms, **${(speed.todayMs / speed.leadMs).toFixed(1)}× faster** than today's path. Read a second time (every word type in the tagger's cache, as in a worker that has read many pages): ${(speed.againMs / (speed.words / 1000)).toFixed(2)} ms per 1,000 words.`,
  ].join("\n");
  writeBenchSection("ner", md);
  process.stdout.write(`${md}\n`);
}

main();
