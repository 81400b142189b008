// Unit tests of the extraction modules on small hand-written pages: each case states the outcome
// the module exists for (density finds the article, blocks features, sanitiser, orchestrator).
import { describe, expect, it } from "vitest";
import { parseHtml, bodyOf, type Element } from "../../lib/extract/dom.ts";
import { removeBoilerplate } from "../../lib/extract/clean.ts";
import { scoreDensity, LEVEL_WEIGHT } from "../../lib/extract/density.ts";
import { segmentBlocks, countWords, type TextBlock } from "../../lib/extract/segment.ts";
import { cutAtRelatedHeading, dropDanglingBlocks } from "../../lib/extract/trim.ts";
import { findRepeatedItems } from "../../lib/extract/repeated.ts";
import { blockFeatures, classifyBlocks, loadBlocksModel, scoreBlocks, FEATURE_NAMES } from "../../lib/extract/blocks.ts";
import { fitTree, predictTree } from "../../lib/extract/tree.ts";
import { sanitizeArticleHtml } from "../../lib/extract/sanitize.ts";
import { extractArticle } from "../../lib/extract/index.ts";
import { newTemplate, pageEntries, updateTemplate } from "../../lib/extract/template.ts";

const para = (n: number, word = "story") => `<p>${Array.from({ length: n }, (_, i) => `${word}${i % 7} sentence words here.`).join(" ")}</p>`;

const PAGE = `<html><head><title>T</title></head><body>
  <div id="nav"><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></div>
  <div class="wrap">
    <div class="article-body" id="main">${para(12)}${para(10)}${para(9)}</div>
    <div class="teasers"><p><a href="/x">Another headline that links elsewhere</a></p></div>
  </div>
  <div class="copyright">(c) 2026 Example Media, all rights reserved</div>
</body></html>`;

describe("density", () => {
  it("picks the node holding the paragraphs, not its ancestors", () => {
    const $ = parseHtml(PAGE);
    const body = bodyOf($);
    const { best, scores } = scoreDensity(body);
    expect(best?.attribs.id).toBe("main");
    const wrap = best!.parent as never;
    // the parent gets half of the child's score (plus nothing from the link-only teaser)
    expect(scores.get(wrap)).toBeCloseTo(scores.get(best!)! * LEVEL_WEIGHT, 5);
  });
});

describe("parseHtml", () => {
  it("puts content after </body> and </html> into the body, as browsers do", () => {
    const $ = parseHtml(`<html><head><title>t</title></head><body><header>menu</header></body></html><div class="post"><p>late article</p></div></body></html>`);
    const body = bodyOf($) as Element;
    expect(body.name).toBe("body");
    expect($(body).text()).toContain("menu");
    expect($(body).text()).toContain("late article");
    expect($("html").length).toBe(1);
  });

  it("ends a stray <![CDATA[ in page text at the first > as browsers do, instead of swallowing the rest of the page", () => {
    const $ = parseHtml(`<html><head><script type="application/ld+json">/*<![CDATA[*/{"headline":"kept"}/*]]>*/</script></head><body><p>first post</p><div><![CDATA[ widget </div><p>second post</p><p>third post</p></body></html>`);
    const text = $(bodyOf($)).text();
    for (const post of ["first post", "second post", "third post"]) expect(text).toContain(post);
    expect(text).not.toContain("widget");
    expect($("script").text()).toContain(`{"headline":"kept"}`);
  });
});

describe("clean", () => {
  it("drops scripts, hidden nodes and class/id furniture but keeps the article", () => {
    const $ = parseHtml(`<body><script>x()</script><div style="display:none">hidden</div><div class="sidebar">side</div><nav>menu</nav><article><p>kept text</p></article></body>`);
    const body = bodyOf($);
    removeBoilerplate(body);
    const text = $.text();
    expect(text).toContain("kept text");
    for (const gone of ["x()", "hidden", "side", "menu"]) expect(text).not.toContain(gone);
  });

  it("keeps a furniture-named wrapper that holds the article's paragraphs (div.print), drops a short one", () => {
    const teasers = Array.from({ length: 12 }, (_, i) => `<li><p>Teaser ${i} with a line of text about another story on the site today</p></li>`).join("");
    const $ = parseHtml(`<body><main><div class="print"><h1>Headline</h1>${para(40, "story")}${para(30, "more")}</div><div class="print"><p>Print this page</p></div><ul class="col">${teasers}</ul></main></body>`);
    removeBoilerplate(bodyOf($));
    const text = $.text();
    expect(text).toContain("story0");
    expect(text).not.toContain("Print this page");
  });

  it("reads sidebar layout classes (sidebar-grid__container, has-sidebar) as layout, the sidebar itself as furniture", () => {
    const $ = parseHtml(`<body><article><div class="sidebar-grid"><div class="sidebar-grid__container"><div class="sidebar-grid__content">${para(30, "chunk")}</div></div>
      <div class="sidebar-grid__sidebar"><p>Most read</p></div></div><div class="layout has-sidebar">${para(10, "tail")}</div><div class="sidebar">side</div></article></body>`);
    removeBoilerplate(bodyOf($));
    const text = $.text();
    for (const kept of ["chunk0", "tail0"]) expect(text).toContain(kept);
    for (const gone of ["Most read", "side"]) expect(text).not.toContain(gone);
  });

  it("does not read page builders' widget boxes (Elementor, HubSpot) as furniture", () => {
    const $ = parseHtml(`<body><div class="elementor-widget-wrap elementor-element-populated"><p>builder article</p></div>
      <div class="span12 widget-span widget-type-custom_widget"><p>hubspot article</p></div><div class="sidebar-widget">side</div></body>`);
    removeBoilerplate(bodyOf($));
    const text = $.text();
    for (const kept of ["builder article", "hubspot article"]) expect(text).toContain(kept);
    expect(text).not.toContain("side");
  });

  it("keeps a long element named only '…-widget' (a product box in a best-of article), drops a short one", () => {
    const $ = parseHtml(`<body><article>${para(60)}</article><div class="c-product-widget"><h3>Best dishwasher</h3>${para(20, "box")}</div><div class="c-product-widget">${para(3, "short")}</div></body>`);
    removeBoilerplate(bodyOf($));
    const text = $.text();
    expect(text).toContain("box0");
    expect(text).not.toContain("short0");
  });

  it("keeps a page-wide <form>, server-rendered <noscript> content and React's deferred <div hidden id=S:n>", () => {
    const long = para(8);
    const $ = parseHtml(`<body><form id="aspnet"><div>${long}</div><form><input> search</form></form>
      <noscript><p>Please enable JavaScript.</p></noscript><noscript><div class="post">${para(20, "forum")}</div></noscript>
      <div hidden id="S:0">${para(3, "deferred")}</div><div hidden id="modal">modal text</div></body>`);
    const body = bodyOf($);
    removeBoilerplate(body);
    const text = $.text();
    for (const kept of ["story0", "forum0", "deferred0"]) expect(text).toContain(kept);
    for (const gone of ["search", "enable JavaScript", "modal text"]) expect(text).not.toContain(gone);
  });

  it("drops forum platforms' furniture around posts (poster panel, signature, quoted post) but keeps the posts", () => {
    const $ = parseHtml(`<body><article class="message"><div class="message-cell message-cell--user">Joined Oct 2011, 4,210 posts</div>
      <div class="bbWrapper"><blockquote class="bbCodeBlock bbCodeBlock--quote">earlier post quoted</blockquote><p>my reply to the thread</p></div>
      <div class="message-signature">my signature line</div></article></body>`);
    removeBoilerplate(bodyOf($));
    const text = $.text();
    expect(text).toContain("my reply to the thread");
    for (const gone of ["Joined Oct", "earlier post quoted", "my signature line"]) expect(text).not.toContain(gone);
  });

  it("takes the body with the most text when a page pastes a second document into itself", () => {
    const $ = parseHtml(`<html><body><script type="application/ld+json">{"a":1}</script></body></html><html><body>${para(4)}</body></html>`);
    expect($.text()).toContain("story0");
    const body = bodyOf($);
    expect((body as unknown as { children: unknown[] }).children.length).toBeGreaterThan(0);
  });
});

describe("blocks", () => {
  it("segments text into blocks with word counts and link words", () => {
    const $ = parseHtml(`<body><h1>Big title</h1><p>one two <a href="#">three four</a> five</p><ul><li>item a</li><li>item b</li></ul></body>`);
    const blocks = segmentBlocks(bodyOf($));
    expect(blocks.map((b) => [b.kind, b.text, b.words, b.linkWords])).toEqual([
      ["heading", "Big title", 2, 0], ["paragraph", "one two three four five", 5, 2], ["item", "item a", 2, 0], ["item", "item b", 2, 0],
    ]);
  });

  it("builds previous/current/next features", () => {
    const $ = parseHtml(`<body><p>a b</p><p><a href="#">c d e</a></p><p>f</p></body>`);
    const x = blockFeatures(segmentBlocks(bodyOf($)));
    expect(x[1].length).toBe(FEATURE_NAMES.length);
    expect(x[1].slice(0, 9)).toEqual([2, 0, 2, 3, 1, 3, 1, 0, 1]);
    expect(x[0].slice(0, 3)).toEqual([0, 0, 0]);
  });

  it("counts CJK text by characters", () => {
    expect(countWords("hello world")).toBe(2);
    expect(countWords("日本語の文章です")).toBe(4);
  });

  it("the shipped tree rates long prose above a link menu", () => {
    const $ = parseHtml(`<body><ul><li><a href="/">Home</a></li><li><a href="/a">About</a></li><li><a href="/c">Contact</a></li></ul>${para(8)}${para(8)}<ul><li><a href="/p">Privacy</a></li><li><a href="/t">Terms</a></li></ul></body>`);
    const blocks = segmentBlocks(bodyOf($));
    const probs = scoreBlocks(blocks, loadBlocksModel());
    const prose = probs.filter((_, i) => blocks[i].kind === "paragraph");
    const menu = probs.filter((_, i) => blocks[i].kind === "item");
    expect(prose.length).toBe(2);
    expect(Math.min(...prose)).toBeGreaterThan(Math.max(...menu));
    expect(classifyBlocks(blocks).content.map((b) => b.kind)).toContain("paragraph");
  });

  it("fits a tree that separates a threshold", () => {
    const xs = [[1], [2], [3], [10], [11], [12]];
    const tree = fitTree(xs, [0, 0, 0, 1, 1, 1], [1, 1, 1, 1, 1, 1], { maxDepth: 3, minLeafWeight: 1 });
    expect(predictTree(tree, [0])).toBe(0);
    expect(predictTree(tree, [20])).toBe(1);
  });
});

describe("sanitize", () => {
  it("strips scripts, event handlers, iframes and javascript: links; makes URLs absolute", () => {
    const out = sanitizeArticleHtml(
      `<p onclick="evil()">Hi <a href="javascript:alert(1)">x</a> <a href="/next">next</a><img src="pic.jpg" onerror="bad()"></p><script>alert(1)</script><iframe src="https://e.vil/"></iframe>`,
      "https://example.com/news/a.html",
    );
    expect(out).not.toMatch(/onclick|onerror|script|iframe|javascript:|alert/);
    expect(out).toContain('href="https://example.com/next"');
    expect(out).toContain('src="https://example.com/news/pic.jpg"');
  });
});

describe("extractArticle", () => {
  it("returns the article paragraphs without menus and records the method", () => {
    const r = extractArticle(PAGE, { url: "https://example.com/a" });
    expect(r.text).toContain("story0 sentence words here.");
    expect(r.text.split("\n\n").length).toBe(3);
    expect(r.text).not.toContain("Home");
    expect(r.text).not.toContain("all rights reserved");
    expect(r.method).toBe("container+blocks");
    expect(r.methodReason).toContain("named container <div#main>");
    expect(r.title).toBe("T");
    expect(r.html).toContain("<p>");
  });

  it("relaxes when the strict clean leaves too little text", () => {
    const html = `<body><div class="sidebar">${para(10)}</div><footer>${para(12)}${para(12)}</footer></body>`;
    const r = extractArticle(html, { url: "https://example.com/b" });
    expect(r.text.length).toBeGreaterThan(250);
    expect(r.methodReason).toContain("after");
  });

  it("keeps a furniture-named wrapper that holds most of the page's text", () => {
    const html = `<body><div class="l-outer l-outer--nav"><div>${para(10)}${para(10)}</div></div><div class="sidebar">${para(2)}</div></body>`;
    const r = extractArticle(html, { url: "https://example.com/c" });
    expect(r.text).toContain("story6 sentence words here.");
    expect(r.methodReason).not.toContain("after");
  });

  it("prunes share bars, captions and author boxes inside a named article body", () => {
    const html = `<body><article><div class="entry-content">${para(8)}<figure><img src="a.jpg"><figcaption>Photo caption words here</figcaption></figure>
      <div class="sharedaddy"><h3>Share this:</h3></div>${para(6, "more")}<div class="author-box"><p>About the author who writes a lot of words.</p></div></div></article></body>`;
    const r = extractArticle(html, { url: "https://example.com/d" });
    expect(r.method).toBe("container+blocks");
    expect(r.text).toContain("more5 sentence words here.");
    expect(r.text).not.toMatch(/caption|Share this|About the author/);
  });

  it("uses a ready site template to remove repeated page furniture", () => {
    const page = (n: number) => `<html><body><div><p>Subscribe to our newsletter for the best stories every single morning of the week.</p></div><div>${para(6, `topic${n}x`)}${para(5, `more${n}y`)}</div></body></html>`;
    let t = newTemplate();
    for (const n of [1, 2, 3]) t = updateTemplate(t, pageEntries(page(n)));
    const without = extractArticle(page(4), { url: "https://example.com/4" });
    const withT = extractArticle(page(4), { url: "https://example.com/4", template: t });
    expect(withT.method).toBe("template");
    expect(withT.text).not.toContain("newsletter");
    expect(withT.text).toContain("topic4x0");
    expect(without.method).toBe("density+blocks");
  });
});

describe("dropDanglingBlocks", () => {
  const block = (text: string, kind: TextBlock["kind"], i: number): TextBlock => ({ index: i, text, kind, words: text.split(" ").length, linkWords: 0, density: 1, el: null, depth: 1 });
  it("drops ad labels, headings of dropped lists and trailing headings, keeps headings of kept text", () => {
    const all = [
      block("Article title", "heading", 0), block("First paragraph of the article text.", "paragraph", 1), block("Anzeige", "other", 2),
      block("Read also", "heading", 3), block("Some related link", "item", 4), block("Last paragraph of the article.", "paragraph", 5), block("More from us", "heading", 6),
    ];
    const keep = [true, true, true, true, false, true, true];
    expect(dropDanglingBlocks(all, keep)).toBe(3);
    expect(all.filter((_, i) => keep[i]).map((b) => b.text)).toEqual(["Article title", "First paragraph of the article text.", "Last paragraph of the article."]);
  });

  it("cuts the article at a related-reading heading past its middle, not at one near the top", () => {
    const long = "A long paragraph of the article that carries most of its words and goes on for a while.";
    const all = [
      block("Lesen Sie auch:", "heading", 0), block(long, "paragraph", 1), block(long, "paragraph", 2),
      block("Das könnte Sie auch interessieren", "heading", 3), block("Another story entirely", "paragraph", 4), block("And one more", "paragraph", 5),
    ];
    const keep = all.map(() => true);
    expect(cutAtRelatedHeading(all, keep)).toBe(3);
    expect(keep).toEqual([true, true, true, false, false, false]);
  });
});

describe("repeated items", () => {
  const card = (i: number) => `<div class="card card-${i}"><a href="/job/${i}"><h3>Senior engineer number ${i}</h3><span>Remote, full time, posted ${i} days ago</span></a></div>`;
  const LISTING = `<body><div class="menu"><a href="/">Home</a><a href="/a">About</a><a href="/b">Blog</a></div>
    <div class="intro"><p>Remote programming jobs, updated daily.</p></div>
    <div id="jobs">${Array.from({ length: 12 }, (_, i) => card(i)).join("")}</div></body>`;

  it("finds the parent of the largest group of same-kind siblings (digits in classes ignored)", () => {
    const $ = parseHtml(LISTING);
    const rep = findRepeatedItems(bodyOf($));
    expect(rep?.container.attribs.id).toBe("jobs");
    expect(rep?.items).toBe(12);
  });

  it("lets a listing's items win over the densest single block", () => {
    const r = extractArticle(LISTING, { url: "https://jobs.example/remote" });
    expect(r.method).toBe("repeated-items");
    for (const i of [0, 5, 11]) expect(r.text).toContain(`Senior engineer number ${i}`);
    expect(r.text).toContain("Remote programming jobs");
  });

  it("leaves an article alone", () => {
    const r = extractArticle(PAGE, { url: "https://news.example/a" });
    expect(r.method).not.toBe("repeated-items");
  });
});
