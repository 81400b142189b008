// The page-form gate (lib/classify/page-form.ts) through the real classify path: real media pages of
// news and radio sites (trafilatura set, Apache-2.0; test/fixtures/classify/media/SOURCES.md) are not
// news, articles with an embedded video stay news, and small written pages pin each rule and its
// thresholds, including the articles it must leave alone.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { computeFeatures } from "../../lib/classify/features.ts";
import { prepareHtml, preparePage } from "../../lib/classify/prepare-page.ts";
import { classifyPage } from "../../lib/classify/classify-page.ts";
import { loadDefaultClassifier } from "../../lib/classify/active-model.ts";
import { pageClassifierFor } from "../../lib/pipeline/page-classifier.ts";
import { FRONT_MIN_LINKED_HEADINGS, judgePageForm, MEDIA_CAPTION_WORDS, PAGE_FORM_SCORE_CAP } from "../../lib/classify/page-form.ts";
import { applySiteEvidence, newSiteEvidence } from "../../lib/classify/site-evidence.ts";

const dir = join(import.meta.dirname, "..", "fixtures", "classify", "media");
const urls = JSON.parse(readFileSync(join(dir, "urls.json"), "utf8")) as Record<string, string>;
const page = (file: string) => preparePage({ bytes: gunzipSync(readFileSync(join(dir, file))), url: urls[file]! });
const formOf = (file: string) => { const { vector, facts } = computeFeatures(page(file)); return judgePageForm(vector, facts); };

describe("media pages of news sites (real pages, never trained on)", () => {
  const model = loadDefaultClassifier();

  it("video pages: the form says media page, with og:type / JSON-LD and the word count in the reason", () => {
    for (const file of ["trafilatura-gamestar-video.html.gz", "trafilatura-ardmediathek-video.html.gz", "trafilatura-zdf-video.html.gz"]) {
      const form = formOf(file);
      expect(form?.form, file).toBe("media");
      expect(form!.reason, file).toMatch(/^media page: .*(og:type video|VideoObject JSON-LD).*\d+ words \(caption-sized/);
    }
  });

  it("video and podcast pages are not news through classifyPage and the pipeline's classifier, each with a reason", () => {
    const classify = pageClassifierFor(model, null);
    for (const file of Object.keys(urls).filter((f) => /video|podcast/.test(f))) {
      const p = page(file);
      const d = classifyPage(model, p);
      expect(d.isNews, `${file}: ${d.score.toFixed(3)} ${d.reason}`).toBe(false);
      expect(d.score).toBeLessThan(model.threshold);
      const viaPipeline = classify({ html: p.html, url: p.url, extraction: p.extraction });
      expect(viaPipeline.isNews, file).toBe(false);
      expect(viaPipeline.reason).toMatch(/\(default model\)$/);
    }
  });

  it("a slideshow that declares NewsArticle beside its ImageGallery: the form defers to the model (known miss, SOURCES.md)", () => {
    const { vector, facts } = computeFeatures(page("trafilatura-economictimes-slideshow.html.gz"));
    expect(facts.jsonLdTypes).toEqual(expect.arrayContaining(["NewsArticle", "ImageGallery"]));
    expect(judgePageForm(vector, facts)).toBeNull(); // an article type beside the media type: as on articles with an embedded video
  });

  it("articles with an embedded video stay news, and the form has nothing against them", () => {
    for (const file of ["trafilatura-citylimits-article.html.gz", "trafilatura-giga-article.html.gz"]) {
      expect(formOf(file), file).toBeNull();
      const d = classifyPage(model, page(file));
      expect(d.isNews, `${file}: ${d.score.toFixed(3)} ${d.reason}`).toBe(true);
    }
  });
});

describe("the page-form rules on written pages", () => {
  const html = (head: string, body: string) => `<!doctype html><html><head><title>The page</title>${head}</head><body>${body}</body></html>`;
  const sentence = "The council voted on Tuesday to close the old bridge after engineers found cracks in two of its piers. ";
  const words = (n: number) => sentence.repeat(Math.ceil(n / 19)).split(" ").slice(0, n).join(" ");
  const judge = (h: string, url = "https://news.example/x/some-story-123456") => {
    const { vector, facts } = computeFeatures(prepareHtml(h, url));
    return judgePageForm(vector, facts);
  };
  const video = `<meta property="og:type" content="video.other"><script type="application/ld+json">{"@type":"VideoObject","name":"Clip"}</script>`;

  it("media rule: og:type video or media JSON-LD without an article type, caption-sized text", () => {
    expect(judge(html(video, `<main><video src="/c.mp4"></video><p>${words(60)}</p></main>`))?.form).toBe("media");
    const gallery = `<script type="application/ld+json">{"@type":"ImageGallery"}</script>`;
    expect(judge(html(gallery, `<main><p>${words(80)}</p></main>`))?.reason).toMatch(/ImageGallery JSON-LD, no article type/);
  });

  it("media rule leaves alone: a story longer than a caption, and a video embedded in an article", () => {
    const long = Array.from({ length: 8 }, (_, i) => `<p>Part ${i + 1}. ${words(60)}</p>`).join("");
    const story = prepareHtml(html(video, `<main><video src="/c.mp4"></video>${long}</main>`), "https://news.example/x/some-story-123456");
    expect(computeFeatures(story).facts.words).toBeGreaterThan(MEDIA_CAPTION_WORDS);
    expect(judge(story.html)).toBeNull();
    const embedded = `<script type="application/ld+json">[{"@type":"NewsArticle","headline":"x"},{"@type":"VideoObject"}]</script>`;
    expect(judge(html(embedded, `<main><video src="/c.mp4"></video><p>${words(120)}</p></main>`))).toBeNull();
  });

  const teaser = (n: number, summary: string) => `<div class="teaser"><h3><a href="/politik/story-${n}">Headline number ${n}</a></h3><p>${summary}</p></div>`;

  it("front rule: many linked headlines, at most one long paragraph, no article JSON-LD — even with one long teaser summary", () => {
    const teasers = Array.from({ length: FRONT_MIN_LINKED_HEADINGS + 5 }, (_, i) => teaser(i, i === 0 ? words(60) : "Short summary."));
    const form = judge(html("", `<main>${teasers.join("")}</main>`), "https://news.example/politik/");
    expect(form?.form).toBe("front");
    expect(form?.reason).toMatch(/^front\/hub page: 25 linked headlines, one long paragraph, no article JSON-LD/);
  });

  it("front rule leaves alone: an article with a related-stories box, and a page that declares NewsArticle", () => {
    const story = Array.from({ length: 6 }, () => `<p>${words(40)}</p>`).join("");
    const related = Array.from({ length: 12 }, (_, i) => teaser(i, "Short summary.")).join("");
    expect(judge(html("", `<article><h1>Bridge closed</h1>${story}</article><aside>${related}</aside>`))).toBeNull();
    const many = Array.from({ length: 30 }, (_, i) => teaser(i, "Short summary.")).join("");
    expect(judge(html(`<script type="application/ld+json">{"@type":"NewsArticle"}</script>`, `<article><h1>Bridge</h1><p>${words(50)}</p></article>${many}`))).toBeNull();
  });

  it("a page-form decision caps the score below the threshold without making it 'sure', so a site's article pattern can still outvote it", () => {
    const model = loadDefaultClassifier();
    const p = prepareHtml(html(video, `<main><video src="/c.mp4"></video><p>${words(60)}</p></main>`), "https://news.example/video/clip-123456");
    const d = classifyPage(model, p);
    expect(d.isNews).toBe(false);
    expect(d.score).toBeLessThanOrEqual(PAGE_FORM_SCORE_CAP);
    if (d.reason.startsWith("media page:")) expect(d.reason).toMatch(/; model P\(news\) \d\.\d\d$/);
    expect(applySiteEvidence(newSiteEvidence(), p.url, d.score).score).toBe(d.score); // no evidence yet: the form's decision stands
  });
});
