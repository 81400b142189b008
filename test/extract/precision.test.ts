// Precision rules of the extraction (issue 4, snippet F1): the boilerplate that sat inside or next to
// the article and came out in its text on the trafilatura set — picture credits, ... Each case is
// a small hand-written page shaped like the corpus pages where the rule was measured.
import { describe, expect, it } from "vitest";
import { extractArticle } from "../../lib/extract/index.ts";
import { dropDanglingBlocks } from "../../lib/extract/trim.ts";
import type { TextBlock } from "../../lib/extract/segment.ts";

const PARA = "The council met on Tuesday evening and agreed after a long debate to rebuild the old bridge over the river before the winter.";
const article = (inner: string) =>
  `<html><body><nav><a href="/">Home</a></nav><div class="entry-content"><h1>Bridge to be rebuilt</h1><p>${PARA}</p>${inner}<p>${PARA} It will cost more than planned.</p><p>${PARA} Work starts in May.</p></div></body></html>`;

describe("picture credits", () => {
  const block = (text: string, i: number): TextBlock => ({ index: i, text, kind: "paragraph", words: text.split(" ").length, linkWords: 0, density: 1, el: null, depth: 1 });

  it("drops short credit lines and captions carrying a ©, keeps text that merely mentions a photo", () => {
    const texts = ["Foto: Jane Doe", "Crédits photos : Agency", "Beitragsbild", "The mayor at the river. | © Agency/Getty Images", "Photo opportunities were rare that day, said the mayor, who came by bike.", PARA];
    const all = texts.map(block);
    const keep = all.map(() => true);
    dropDanglingBlocks(all, keep);
    expect(all.filter((_, i) => keep[i]).map((b) => b.text)).toEqual([texts[4], PARA]);
  });

  it("leaves the credit under a picture out of the article text", () => {
    const r = extractArticle(article(`<p><img src="a.jpg"></p><p>Titelbild: Stadtarchiv</p>`), { url: "https://example.com/a" });
    expect(r.text).toContain("Work starts in May.");
    expect(r.text).not.toContain("Stadtarchiv");
  });
});

describe("image captions by name", () => {
  it("drops a caption-named line beside a picture, keeps caption-named text without one", async () => {
    const { parseHtml, bodyOf } = await import("../../lib/extract/dom.ts");
    const { segmentBlocks } = await import("../../lib/extract/segment.ts");
    const kept = (inner: string) => {
      const all = segmentBlocks(bodyOf(parseHtml(`<body><p>${PARA}</p>${inner}<p>${PARA}</p></body>`)));
      const keep = all.map(() => true);
      dropDanglingBlocks(all, keep);
      return all.filter((_, i) => keep[i]).map((b) => b.text).join(" ");
    };
    const caption = `<p class="media__caption">The old bridge in 1890, seen from the north bank.</p>`;
    expect(kept(`<div class="media"><img src="a.jpg">${caption}</div>`)).not.toContain("north bank");
    expect(kept(`<div class="media">${caption}</div>`)).toContain("north bank");
  });
});

describe("comment debris", () => {
  const block = (text: string, i: number): TextBlock => ({ index: i, text, kind: "paragraph", words: text.split(" ").length, linkWords: 0, density: 1, el: null, depth: 1 });
  it("drops the lines a comment section leaves behind, keeps sentences about comments", () => {
    const texts = ["Comments are closed.", "Keine Kommentare (Kommentare erscheinen erst nach unserer Freigabe)", "January 13, 2020 | categories: Python | View Comments",
      "Du musst eingeloggt sein um Kommentare zu schreiben!", "The minister declined to comment on the leaked report and left the room.", PARA];
    const all = texts.map(block);
    const keep = all.map(() => true);
    dropDanglingBlocks(all, keep);
    expect(all.filter((_, i) => keep[i]).map((b) => b.text)).toEqual([texts[4], PARA]);
  });
});

describe("ad labels, datelines and notices after the article", () => {
  const block = (text: string, i: number): TextBlock => ({ index: i, text, kind: "paragraph", words: text.split(" ").length, linkWords: 0, density: 1, el: null, depth: 1 });
  const run = (texts: string[]) => {
    const all = texts.map(block);
    const keep = all.map(() => true);
    dropDanglingBlocks(all, keep);
    return all.filter((_, i) => keep[i]).map((b) => b.text);
  };

  it("drops ad labels with an explanation and a lone dateline", () => {
    expect(run(["23.10.2018", "Anzeige, enthält Affiliate Links", PARA, PARA])).toEqual([PARA, PARA]);
  });

  it("drops read-also labels written as paragraphs, with or without their one-line teaser", () => {
    expect(run(["Schon gelesen?", PARA, "Zum Weiterlesen:", "Mire: El cantante da positivo", PARA, "Read more about the bridge in our archive, which goes back to 1890 and holds every council report."]))
      .toEqual([PARA, PARA, "Read more about the bridge in our archive, which goes back to 1890 and holds every council report."]);
  });

  it("keeps the dates of a dated list", () => {
    const dated = ["March 16, 2026", "Release one", "March 17, 2026", "Release two", "March 18, 2026", "Release three"];
    expect(run(dated)).toEqual(dated);
  });

  it("drops follow/subscribe and copyright notices in the tail only", () => {
    const follow = "Follow The Daily on Twitter and Instagram and send us your stories.";
    const early = "The mayor said residents should subscribe to our updates, the council's new text service, to learn of closures.";
    const notice = "This article is the copyrighted property of The Daily. Written permission must be obtained before reprint.";
    expect(run([PARA, early, PARA, PARA, PARA, follow, notice])).toEqual([PARA, early, PARA, PARA, PARA]);
    expect(run([follow, PARA, PARA, PARA, PARA])).toEqual([follow, PARA, PARA, PARA, PARA]);
  });
});

describe("pruning inside the named container", () => {
  it("reads Drupal's field--label-hidden as layout, so the tag list of a Drupal article is still pruned", async () => {
    const { parseHtml, bodyOf } = await import("../../lib/extract/dom.ts");
    const { pruneDiscardable } = await import("../../lib/extract/prune.ts");
    // three paragraph fields of a third of the text each: read as "hidden", they made the rules stand down
    const field = (i: number) => `<div class="field field--name-field-text-${i} field--label-hidden"><p>${PARA}</p></div>`;
    const $ = parseHtml(`<body><article>${field(1)}${field(2)}${field(3)}<div class="field field--name-field-tag field--label-hidden">Artikel Politik</div></article></body>`);
    const root = bodyOf($);
    pruneDiscardable([root]);
    expect($.text()).not.toContain("Artikel Politik");
    expect($.text().split("rebuild the old bridge").length).toBe(4);
  });
});

describe("pruning when the discard rules stand down", () => {
  it("still removes unambiguous boilerplate (sharing, author box) when ambiguous matches (slides) hold much of the text", async () => {
    const { parseHtml, bodyOf } = await import("../../lib/extract/dom.ts");
    const { pruneDiscardable } = await import("../../lib/extract/prune.ts");
    const slide = (i: number) => `<div class="slide">${PARA} Slide ${i}.</div>`;
    const $ = parseHtml(`<body><div class="entry-content"><p>${PARA}</p>${slide(1)}${slide(2)}<div class="sharedaddy">Teilen mit Freunden</div><div class="author-box">Jane writes about bridges.</div></div></body>`);
    pruneDiscardable([bodyOf($)]);
    const text = $.text();
    expect(text).toContain("Slide 1.");
    expect(text).toContain("Slide 2.");
    expect(text).not.toContain("Teilen mit Freunden");
    expect(text).not.toContain("Jane writes");
  });
});

describe("boxes named as furniture", () => {
  it("drops fact boxes, affiliate disclosures, author boxes and category links inside the article body", () => {
    const more = `<p>${PARA}</p>`.repeat(4);
    const r = extractArticle(article(`${more}<div class="mol-factbox"><p>Fact box: the bridge was built in 1890 and closed twice since.</p></div><section class="editorial-disclosure"><p>This post contains references to products from our advertisers.</p></section><div class="saboxplugin-wrap"><p>Jane likes every kind of photography.</p></div><div class="catlinks">Categories: Bridges</div>`), { url: "https://example.com/b" });
    expect(r.text).toContain("Work starts in May.");
    for (const gone of ["Fact box", "advertisers", "photography", "Categories"]) expect(r.text).not.toContain(gone);
  });
});

describe("lead before the named container", () => {
  it("finds the standfirst under the headline, not a teaser list or the body itself", async () => {
    const { parseHtml, bodyOf, textOf } = await import("../../lib/extract/dom.ts");
    const { findLeadBefore } = await import("../../lib/extract/lead.ts");
    const { findKnownContainers } = await import("../../lib/extract/known-container.ts");
    const html = `<body><article><header><h1>Bridge to be rebuilt</h1><p class="ts-intro">After a long debate the council agreed to rebuild the old bridge before the winter comes.</p></header>
      <div class="article-body"><p>${PARA}</p><p>${PARA}</p></div></article></body>`;
    const body = bodyOf(parseHtml(html));
    const container = findKnownContainers(body)[0];
    const lead = findLeadBefore(container);
    expect(lead && textOf(lead)).toContain("After a long debate");
    const teasers = `<body><div class="teaser-text"><a href="/a">One story that is linked from here and runs on for a while</a> <a href="/b">Another linked story</a></div><div class="article-body"><p>${PARA}</p></div></body>`;
    const b2 = bodyOf(parseHtml(teasers));
    expect(findLeadBefore(findKnownContainers(b2)[0])).toBeNull();
  });
});
