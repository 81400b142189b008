// Demo news sites for the replay web: three made-up newspapers that report the same real events,
// built from the ECB+ articles in test/fixtures/stories (CC BY 3.0, Cybulska & Vossen 2014; each
// page says so). Articles of one ECB+ story cluster are spread over the three sites, so the demo's
// News page shows stories with several sources; one article is syndicated to two sites (a
// duplicate); every site wraps its articles in its own header, navigation and footer (a template
// to learn). Publication dates are set back from the demo's start, minutes apart, so News looks fresh.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

export interface DemoPage {
  host: string;
  path: string;
  title: string;
  type: "article";
  html: string;
}

interface EcbArticle {
  doc_id: string;
  story_cluster: string;
  text: string;
}

/** The demo newspapers: host, masthead, sections in the navigation (the template Lede learns). */
export const DEMO_SITES = [
  { host: "dailyledger.example", name: "The Daily Ledger", sections: ["World", "Nation", "Crime", "Weather", "Opinion"] },
  { host: "morningwire.example", name: "Morning Wire", sections: ["Top stories", "U.S.", "Justice", "Local", "Video"] },
  { host: "harbourtimes.example", name: "Harbour Times", sections: ["News", "Courts", "Community", "Sport", "Letters"] },
] as const;

/** Articles taken per ECB+ story cluster: enough for multi-source stories, few enough for a first minute. */
const PER_CLUSTER = 8;
/** Minutes between two demo articles' publication times. */
const MINUTES_APART = 7;

export const defaultEcbFile = resolve(import.meta.dirname, "..", "..", "test", "fixtures", "stories", "ecbplus-sample.jsonl");

/** ECB+ text is tokenised ("Alaska ’ s", "fire ."): put the spaces back where a reader expects them. */
export function detokenize(s: string): string {
  return s
    .replace(/``\s*/g, "“").replace(/\s*''/g, "”")
    .replace(/\s+([.,;:!?%)\]}])/g, "$1")
    .replace(/([(\[{$])\s+/g, "$1")
    .replace(/\s+(['’])\s*(s|re|ve|ll|d|m|t)\b/gi, "$1$2")
    .replace(/\s+(n['’]t)\b/gi, "$1")
    .replace(/(\d)\s+:\s+(\d)/g, "$1:$2")
    .replace(/\s{2,}/g, " ")
    .trim();
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}

function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 70) || "story";
}

/** Title and paragraphs of one ECB+ article (ECB+ "plus" texts start with their URL, title and date lines). */
export function articleParts(text: string): { title: string; paragraphs: string[] } {
  let lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
  if (/^https?\s*:/.test(lines[0] ?? "")) lines = lines.slice(1);
  // Date and time lines ("12 January 2010 @ 09 : 29 pm", "updated 8 : 41 p . m . EST , Tue March 3 , 2009") are the original's.
  const isDateLine = (l: string) => l.split(/\s+/).length <= 16 && /\b(?:19|20)\d\d\b/.test(l) &&
    /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\d\s*:\s*\d/i.test(l) && !/[.!?]\s*$/.test(l.replace(/\b[ap]\s*\.\s*m\s*\.?$/i, ""));
  while (lines.length > 1 && isDateLine(lines[0])) lines = lines.slice(1);
  let title: string;
  if (lines.length > 2 && lines[0].split(/\s+/).length <= 20 && !/[.!?]$/.test(lines[0])) {
    title = detokenize(lines[0]);
    lines = lines.slice(1);
  } else {
    const first = detokenize(lines[0] ?? "");
    const words = first.split(/\s+/);
    title = words.length > 14 ? `${words.slice(0, 12).join(" ").replace(/[,;:]$/, "")}…` : first.replace(/\.$/, "");
  }
  // A date line under the title ("August 8 , 2012 - 4 : 43 pm") is the original's, not the demo's.
  while (lines.length > 1 && isDateLine(lines[0])) lines = lines.slice(1);
  return { title, paragraphs: lines.map(detokenize).filter((p) => p.length > 0) };
}

function pageHtml(site: (typeof DEMO_SITES)[number], title: string, paragraphs: string[], published: Date, docId: string): string {
  const nav = site.sections.map((s) => `<li><a href="/">${escapeHtml(s)}</a></li>`).join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)} | ${escapeHtml(site.name)}</title>
<meta property="og:site_name" content="${escapeHtml(site.name)}">
<meta property="og:type" content="article">
<meta property="article:published_time" content="${published.toISOString()}">
</head><body>
<header><a href="/" class="masthead">${escapeHtml(site.name)}</a><nav><ul>${nav}</ul></nav></header>
<main><article>
<h1>${escapeHtml(title)}</h1>
<p class="byline">By the ${escapeHtml(site.name)} desk · <time datetime="${published.toISOString()}">${published.toUTCString()}</time></p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
</article></main>
<footer><p>${escapeHtml(site.name)} is a demo site served by Lede's replay web, not a real newspaper. Article text: ECB+ corpus document ${escapeHtml(docId)}
(Cybulska &amp; Vossen, LREC 2014), licensed CC BY 3.0; published here with made-up dates.</p>
<p><a href="/">Home</a> · <a href="/">About us</a> · <a href="/">Contact</a> · <a href="/">Privacy</a></p></footer>
</body></html>`;
}

/** The demo pages, dated back from `now`; the first article of the first cluster is syndicated to a second site. */
export function buildDemoNews(now = new Date(), file = defaultEcbFile): DemoPage[] {
  const rows = readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as EcbArticle);
  const byCluster = new Map<string, EcbArticle[]>();
  for (const r of rows) byCluster.set(r.story_cluster, [...(byCluster.get(r.story_cluster) ?? []), r]);
  const pages: DemoPage[] = [];
  let n = 0;
  for (const articles of [...byCluster.values()]) {
    articles.slice(0, PER_CLUSTER).forEach((a, i) => {
      const { title, paragraphs } = articleParts(a.text);
      if (paragraphs.length === 0) return;
      const published = new Date(now.getTime() - (n++ * MINUTES_APART + 5) * 60_000);
      const targets = pages.length === 0 ? [DEMO_SITES[0], DEMO_SITES[1]] : [DEMO_SITES[i % DEMO_SITES.length]];
      for (const site of targets) {
        const path = `/${published.toISOString().slice(0, 10).replace(/-/g, "/")}/${slug(title)}-${a.doc_id.replace(/[^a-z0-9]+/gi, "")}.html`;
        pages.push({ host: site.host, path, title, type: "article", html: pageHtml(site, title, paragraphs, published, a.doc_id) });
      }
    });
  }
  return pages;
}

export const DEMO_SOURCE_NOTE = join("test", "fixtures", "stories", "SOURCES.md");
