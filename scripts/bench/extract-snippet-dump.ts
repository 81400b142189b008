// Per-page error dump of the orchestrator on the TUNING half of trafilatura's evaluation set
// (`trafilaturaTuningHalf`): every leaked `without` snippet and every missed `with` snippet, with the
// page file, the method that won and why, and the DOM context of the snippet in the original page
// (tag path with classes/ids of the innermost element holding it); for a missed snippet also the step of
// the named-container path that lost it (clean — naming the element it removed —, container choice, pruning,
// block score). For error analysis only; the held-out half is scored (totals) but never dumped.
//
//   npx tsx scripts/bench/extract-snippet-dump.ts [--out FILE] [--limit N] [--wcxb]
//     --out FILE   write the dump there (default: stdout); totals go to stderr
//     --wcxb       also score WCXB dev's even ids (the rules' tuning side), orchestrator only
//     --wcxb-out F  …and write each page's word-bag F1 there ("id type f1" lines, to diff two runs)
import { writeFileSync } from "node:fs";
import { corpusDir } from "./report.ts";
import {
  countSnippets, isTrainingId, listWcxbIds, loadTrafilatura, loadWcxb, snippetScores, trafilaturaTuningHalf, wordBagScores,
  type SnippetCounts, type SnippetPage,
} from "./extract-corpus.ts";
import { extractArticle } from "../../lib/extract/index.ts";
import { bodyOf, collapseSpace, isElement, parseHtml, textOf, type Element, type ParentNode } from "../../lib/extract/dom.ts";
import { removeBoilerplate } from "../../lib/extract/clean.ts";
import { findKnownContainers } from "../../lib/extract/known-container.ts";
import { pruneDiscardable } from "../../lib/extract/prune.ts";
import { segmentBlocks } from "../../lib/extract/segment.ts";
import { scoreBlocks } from "../../lib/extract/blocks.ts";

interface Args { out: string | null; limit: number | null; wcxb: boolean; wcxbOut: string | null }

function parseArgs(argv: string[]): Args {
  const a: Args = { out: null, limit: null, wcxb: false, wcxbOut: null };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--out") a.out = argv[++i];
    else if (argv[i] === "--limit") a.limit = Number(argv[++i]);
    else if (argv[i] === "--wcxb") a.wcxb = true;
    else if (argv[i] === "--wcxb-out") { a.wcxb = true; a.wcxbOut = argv[++i]; }
  }
  return a;
}

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();

/**
 * "div#main > article.post > p" for each innermost element whose text holds the snippet (at most
 * MAX_PLACES of them: the same words may stand in the article and in a teaser).
 */
function locate(body: ParentNode, snippet: string): string {
  const want = collapseSpace(snippet);
  const places: string[] = [];
  const walk = (parent: ParentNode, path: string[]) => {
    for (const c of parent.children) {
      if (places.length >= MAX_PLACES) return;
      if (!isElement(c) || c.name === "script" || c.name === "style" || !collapseSpace(textOf(c)).includes(want)) continue;
      const here = [...path, describe(c)];
      const before = places.length;
      walk(c, here);
      if (places.length === before) places.push((here.length > 6 ? ["…", ...here.slice(-6)] : here).join(" > "));
    }
  };
  walk(body, []);
  if (places.length === 0) return "(not found as one element's text: split across elements)";
  return places.join("\n        or ");
}

const MAX_PLACES = 3;

/**
 * Where each missed snippet is lost on the named-container path, replayed step by step on a fresh
 * parse: removed by the strict clean, outside the first named container, pruned inside it, or its
 * block's content probability (the orchestrator drops blocks below 0.3 there, and link lists).
 */
function lossStages(html: string, snippets: string[]): string[] {
  const body = bodyOf(parseHtml(html));
  // the innermost element holding each snippet before the clean, to name the element the clean removed
  const holders = snippets.map((s) => innermostHolder(body, collapseSpace(s)));
  removeBoilerplate(body, { dropFurniture: true });
  // block texts joined by spaces, as the output joins them (textOf would glue neighbouring elements)
  const textIn = (root: ParentNode) => collapseSpace(segmentBlocks(root).map((b) => b.text).join(" "));
  const cleaned = textIn(body);
  const el = findKnownContainers(body)[0];
  const inContainer = el ? textIn(el) : "";
  if (el) pruneDiscardable([el]);
  const pruned = el ? textIn(el) : "";
  const blocks = el ? segmentBlocks(el) : [];
  const probs = scoreBlocks(blocks);
  return snippets.map((s0) => {
    const s = collapseSpace(s0);
    if (!cleaned.includes(s)) return `in the strict clean (clean.ts${removedAncestor(holders[snippets.indexOf(s0)], body)})`;
    if (!el) return "with no named container (density/blocks path)";
    if (!inContainer.includes(s)) return "outside the first named container";
    if (!pruned.includes(s)) return "pruned inside the named container (prune.ts)";
    const i = blocks.findIndex((b) => collapseSpace(b.text).includes(s));
    if (i < 0) return "split across blocks";
    const b = blocks[i];
    return `in block ${i} of ${blocks.length} (${b.kind}, ${b.words} words, ${b.linkWords} linked, p=${probs[i].toFixed(2)})`;
  });
}

/** The deepest element whose text holds `want` (null when no single element does). */
function innermostHolder(parent: ParentNode, want: string): Element | null {
  for (const c of parent.children) {
    if (!isElement(c) || c.name === "script" || c.name === "style" || !collapseSpace(textOf(c)).includes(want)) continue;
    return innermostHolder(c, want) ?? c;
  }
  return null;
}

/** ": removed div.x" for the detached subtree root holding `el` after the clean, or why there is none. */
function removedAncestor(el: Element | null, body: ParentNode): string {
  if (!el) return ": split across elements";
  let r: ParentNode = el;
  while (r.parent) r = r.parent as ParentNode;
  if (r === rootOf(body)) return ": still attached, lost in segmentation";
  return isElement(r as never) ? `: removed ${describe(r as Element)}` : "";
}

function rootOf(n: ParentNode): ParentNode {
  while (n.parent) n = n.parent as ParentNode;
  return n;
}

function describe(el: Element): string {
  const id = el.attribs.id ? `#${el.attribs.id}` : "";
  const cls = el.attribs.class ? "." + el.attribs.class.trim().split(/\s+/).slice(0, 3).join(".") : "";
  const role = el.attribs.role ? `[role=${el.attribs.role}]` : "";
  return `${el.name}${id}${cls}${role}`;
}

function add(acc: SnippetCounts, c: SnippetCounts): void {
  acc.tp += c.tp; acc.fp += c.fp; acc.fn += c.fn; acc.tn += c.tn;
}

function line(name: string, c: SnippetCounts): string {
  const s = snippetScores(c);
  return `${name}: F1 ${s.f1.toFixed(4)} P ${s.precision.toFixed(4)} R ${s.recall.toFixed(4)} (tp ${c.tp} fp ${c.fp} fn ${c.fn} tn ${c.tn})`;
}

function dumpPage(p: SnippetPage, text: string, method: string, reason: string): string[] {
  const out = collapse(text);
  const leaks = p.without.filter((s) => out.includes(collapse(s)));
  const misses = p.with.filter((s) => !out.includes(collapse(s)));
  if (leaks.length === 0 && misses.length === 0) return [];
  const body = bodyOf(parseHtml(p.html));
  const lines = [`## ${p.id}  ${p.url}`, `method: ${method} — ${reason}`];
  for (const s of leaks) lines.push(`  LEAK  "${collapse(s).slice(0, 100)}"`, `        at ${locate(body, s)}`);
  const stages = misses.length ? lossStages(p.html, misses) : [];
  misses.forEach((s, i) => lines.push(`  MISS  "${collapse(s).slice(0, 100)}"`, `        at ${locate(body, s)}`, `        lost ${stages[i]}`));
  return lines;
}

function main(): number {
  const args = parseArgs(process.argv.slice(2));
  const corpus = corpusDir();
  if (!corpus) return 0;
  const pages = loadTrafilatura(corpus);
  const tuning = new Set(trafilaturaTuningHalf(pages.map((p) => p.id)));
  const tuned: SnippetCounts = { tp: 0, fp: 0, fn: 0, tn: 0 }, held: SnippetCounts = { ...tuned };
  const dump: string[] = [];
  let n = 0;
  for (const p of pages) {
    if (args.limit != null && n >= args.limit) break;
    n++;
    let r;
    try { r = extractArticle(p.html, { url: p.url }); } catch { r = { text: "", method: "crash", methodReason: "" }; }
    const c = countSnippets(r.text, p);
    if (tuning.has(p.id)) {
      add(tuned, c);
      dump.push(...dumpPage(p, r.text, r.method, r.methodReason));
    } else add(held, c);
  }
  const all = { tp: tuned.tp + held.tp, fp: tuned.fp + held.fp, fn: tuned.fn + held.fn, tn: tuned.tn + held.tn };
  const totals = [line("tuning half", tuned), line("held-out half", held), line("all", all)];
  if (args.out) writeFileSync(args.out, [...totals, "", ...dump].join("\n") + "\n");
  else process.stdout.write([...totals, "", ...dump].join("\n") + "\n");
  for (const t of totals) process.stderr.write(t + "\n");
  if (args.wcxb) {
    const ids = listWcxbIds(corpus).filter(isTrainingId);
    const wp = loadWcxb(corpus, ids);
    const byType = new Map<string, number[]>();
    const perPage: string[] = [];
    for (const p of wp) {
      let text = "";
      try { text = extractArticle(p.html, { url: p.url }).text; } catch { /* crash = empty output */ }
      const f1 = wordBagScores(text, p.main).f1;
      perPage.push(`${p.id} ${p.type} ${f1.toFixed(4)}`);
      for (const k of ["all", p.type]) { if (!byType.has(k)) byType.set(k, []); byType.get(k)!.push(f1); }
    }
    if (args.wcxbOut) writeFileSync(args.wcxbOut, perPage.join("\n") + "\n");
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    process.stderr.write(`wcxb even ids (${wp.length}): ${[...byType].map(([k, v]) => `${k} ${mean(v).toFixed(4)}`).join(", ")}\n`);
  }
  return 0;
}

process.exitCode = main();
