import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import type { AnyNode, Element, ParentNode } from "domhandler";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { computeFeatures, FEATURE_NAMES, readDocumentFacts, type FeatureName } from "../../lib/classify/features.ts";
import { parseHtml } from "../../lib/extract/dom.ts";
import { extractArticle } from "../../lib/extract/index.ts";
import { preparePage } from "../../lib/classify/prepare-page.ts";
import { classifyPage } from "../../lib/classify/classify-page.ts";
import { loadDefaultClassifier } from "../../lib/classify/active-model.ts";

const dir = join(import.meta.dirname, "..", "fixtures", "classify");
const urls = JSON.parse(readFileSync(join(dir, "urls.json"), "utf8")) as Record<string, string>;
const page = (file: string) => preparePage({ bytes: gunzipSync(readFileSync(join(dir, file))), url: urls[file]! });
const feature = (v: Float64Array, name: FeatureName) => v[FEATURE_NAMES.indexOf(name)]!;

describe("page features on real pages", () => {
  it("gives one finite value per feature name", () => {
    for (const file of Object.keys(urls)) {
      const { vector } = computeFeatures(page(file));
      expect(vector).toHaveLength(FEATURE_NAMES.length);
      expect([...vector].every(Number.isFinite), file).toBe(true);
    }
  });

  it("reads article signals: og:type, author, date, long slug, prose", () => {
    const { vector, facts } = computeFeatures(page("wcxb-4500-article.html.gz"));
    expect(facts.ogType).toBe("article");
    expect(feature(vector, "og_type_article")).toBe(1);
    expect(feature(vector, "has_author")).toBe(1);
    expect(feature(vector, "date_on_page")).toBe(1);
    expect(facts.slugWords).toBeGreaterThanOrEqual(5);
    expect(facts.words).toBeGreaterThan(400);
    expect(feature(vector, "url_trailing_slash")).toBe(1);
  });

  it("sees the listing's repeated link blocks and the docs page's links and code", () => {
    const listing = computeFeatures(page("wcxb-2900-listing.html.gz"));
    const article = computeFeatures(page("wcxb-4249-article.html.gz"));
    const docs = computeFeatures(page("wcxb-2864-documentation.html.gz"));
    expect(listing.facts.similarLinkBlocks).toBeGreaterThan(article.facts.similarLinkBlocks);
    expect(listing.facts.linkDensity).toBeGreaterThan(article.facts.linkDensity);
    expect(docs.facts.codeBlocks).toBeGreaterThan(0);
    expect(feature(docs.vector, "url_nonnews_words")).toBe(1); // /docs/
    expect(feature(article.vector, "url_news_words")).toBe(1); // /blog/
  });

  it("reads og:type product on the shop page", () => {
    const { vector } = computeFeatures(page("wcxb-4720-product.html.gz"));
    expect(feature(vector, "og_type_product")).toBe(1);
  });
});

describe("features on small hand-made pages", () => {
  const make = (title: string, body: string, head = "") =>
    `<html><head><title>${title}</title>${head}</head><body><h1>${title}</h1>${body}</body></html>`;

  it("finds imprint/privacy words in several languages, in title and text", () => {
    for (const [title, word] of [["Impressum", "impressum"], ["Datenschutzerklärung", "datenschutzerklärung"], ["Mentions légales", "mentions légales"], ["Aviso legal", "aviso legal"], ["Privacy Policy", "privacy policy"]] as const) {
      const f = computeFeatures({ html: make(title, "<p>Text.</p>"), url: "https://example.org/x", extraction: { title, text: "Some text about cookies and our terms." } });
      expect(f.facts.legalWordsTitle, title).toContain(word);
      expect(feature(f.vector, "legal_words_title")).toBe(1);
      expect(f.facts.legalWordsText).toBeGreaterThanOrEqual(2);
    }
    const news = computeFeatures({ html: make("Flood hits town", "<p>x</p>"), url: "https://example.org/a", extraction: { title: "Flood hits town", text: "Water rose." } });
    expect(news.facts.legalWordsTitle).toEqual([]);
  });

  it("reads JSON-LD types (including @graph and broken JSON) and dates in URLs", () => {
    const ld = `<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebPage"},{"@type":["NewsArticle"],"datePublished":"2024-05-01"}]}</script>`;
    const f = computeFeatures({ html: make("A", "<p>x</p>", ld), url: "https://example.org/2024/05/01/flood", extraction: { title: "A", text: "x" } });
    expect(f.facts.jsonLdTypes).toEqual(expect.arrayContaining(["WebPage", "NewsArticle"]));
    expect(feature(f.vector, "jsonld_news")).toBe(1);
    expect(feature(f.vector, "date_in_url")).toBe(1);
    const broken = computeFeatures({ html: make("B", "", `<script type="application/ld+json">{"@type": "Product", oops}</script>`), url: "https://example.org/p/123", extraction: { title: "B", text: "" } });
    expect(feature(broken.vector, "jsonld_product")).toBe(1);
    expect(feature(broken.vector, "date_in_url")).toBe(0);
  });

  it("reads meta tags, microdata and author markup from head and body in one pass", () => {
    const head = `<meta property="og:type" content=" article "><meta name="description" content="First."><meta property="og:description" content="Second.">
      <meta property="article:section" content="Politik"><link rel="Author" href="/me">`;
    const f = computeFeatures({ html: make("A", `<div itemscope itemtype="https://schema.org/Product"><span itemprop="dateCreated">2024</span></div>`, head), url: "https://example.org/a", extraction: { title: "A", text: "x" } });
    expect(f.facts.ogType).toBe("article");
    expect(f.facts.jsonLdTypes).toEqual(["Product"]);
    expect(f.facts.dateOnPage).toBe(true);
    expect(f.facts.author).toBe(true);
    expect(feature(f.vector, "article_meta")).toBe(1);
    expect(feature(f.vector, "log_meta_description_chars")).toBeCloseTo(Math.log1p("First.".length));
    const bare = computeFeatures({ html: make("B", `<p class="authority">x</p>`, `<meta name="publisher" content="X">`), url: "https://example.org/b", extraction: { title: "B", text: "x" } });
    expect([bare.facts.ogType, bare.facts.dateOnPage, bare.facts.author]).toEqual([null, false, false]);
    expect(feature(bare.vector, "article_meta")).toBe(0);
    const byline = computeFeatures({ html: make("C", `<p class="meta byline">By X</p>`), url: "https://example.org/c", extraction: { title: "C", text: "x" } });
    expect(byline.facts.author).toBe(true);
  });
});

describe("classifyPage with the shipped default model", () => {
  it("returns a score in [0, 1], a decision that matches it, and a reason naming evidence", () => {
    const model = loadDefaultClassifier();
    for (const file of Object.keys(urls)) {
      const d = classifyPage(model, page(file));
      expect(d.score).toBeGreaterThanOrEqual(0);
      expect(d.score).toBeLessThanOrEqual(1);
      expect(d.isNews).toBe(d.score >= 0.5);
      expect(d.reason.length).toBeGreaterThan(3);
      expect(d.reason.length).toBeLessThan(160);
    }
  });

  it("calls a short privacy-policy page not news", () => {
    const model = loadDefaultClassifier();
    const text = "We use cookies. Contact us about your data. Privacy questions go to our data protection officer.";
    const d = classifyPage(model, { html: `<html><head><title>Privacy Policy</title></head><body><p>${text}</p></body></html>`, url: "https://example.org/privacy-policy/", extraction: { title: "Privacy Policy", text } });
    expect(d.isNews).toBe(false);
  });
});

describe("features from DOM facts read before extraction", () => {
  it("equal the features computed from the html, although the extractor then modifies the parsed page", () => {
    for (const file of Object.keys(urls)) {
      const p = page(file);
      const $ = parseHtml(p.html!);
      const document = readDocumentFacts($);
      const extraction = extractArticle(p.html!, { url: p.url, document: $ });
      expect(extraction, file).toEqual(p.extraction);
      const shared = computeFeatures({ url: p.url, extraction, document });
      const own = computeFeatures(p);
      expect([...shared.vector], file).toEqual([...own.vector]);
      expect(shared.facts, file).toEqual(own.facts);
    }
  });
});

describe("link tests of the page walk", () => {
  // The walk carries each element's depth to its nearest link up the tree; these are the plain definitions it replaced.
  const isEl = (n: AnyNode): n is Element => n.type === "tag" || n.type === "script" || n.type === "style";
  const containsLink = (node: Element, depth: number): boolean =>
    node.children.some((c) => isEl(c) && (c.name === "a" || (depth > 1 && containsLink(c, depth - 1))));
  const SKIP = new Set(["script", "style", "noscript", "template", "svg", "head", "iframe", "object"]);
  function reference(root: ParentNode): { similarLinkBlocks: number; linkedHeadings: number } {
    let similar = 0, linked = 0;
    const walk = (node: AnyNode, inLink: boolean): void => {
      if (!isEl(node) && node.type !== "root") return;
      let link = inLink;
      if (isEl(node)) {
        if (SKIP.has(node.name)) return;
        if (node.name === "a" && node.attribs.href) link = true;
        if (/^h[1-4]$/.test(node.name) && (inLink || containsLink(node, 2))) linked++;
        if (node.children.length >= 3) {
          const groups = new Map<string, number>();
          for (const c of node.children) {
            if (!isEl(c) || c.name === "a" || SKIP.has(c.name) || !containsLink(c, 3)) continue;
            const key = `${c.name}.${(c.attribs.class ?? "").trim().split(/\s+/).slice(0, 2).join(".")}`;
            groups.set(key, (groups.get(key) ?? 0) + 1);
          }
          const best = Math.max(0, ...groups.values());
          if (best >= 3) similar = Math.max(similar, best);
        }
      }
      for (const c of (node as ParentNode).children) walk(c, link);
    };
    walk(root as unknown as AnyNode, false);
    return { similarLinkBlocks: similar, linkedHeadings: linked };
  }

  it("finds the similar link blocks and linked headings of their plain definitions", () => {
    const files = readdirSync(dir).filter((f) => f.endsWith(".html.gz"));
    const made = `<html><body><ul class=" a  b c"><li class="x"><svg><a href="#">s</a></svg></li><li class="x"><span><b><a href="/">1</a></b></span></li>
      <li class="x"><noscript><a href="/">n</a></noscript></li><li class="x"><a>no href</a></li></ul><div><h2><span><a href="/">linked</a></span></h2>
      <h3><span><b><a href="/">too deep</a></b></span></h3><a href="/"><h1>inside</h1></a><p class="\u00a0a\u2003b"></p></div></body></html>`;
    let seen = 0;
    for (const html of [made, ...files.map((f) => page(f).html)]) {
      const $ = parseHtml(html);
      const { page: m } = readDocumentFacts($);
      const want = reference($.root()[0] as unknown as ParentNode);
      expect({ similarLinkBlocks: m.similarLinkBlocks, linkedHeadings: m.linkedHeadings }).toEqual(want);
      seen += want.similarLinkBlocks + want.linkedHeadings;
    }
    expect(seen).toBeGreaterThan(10);
  });
});
