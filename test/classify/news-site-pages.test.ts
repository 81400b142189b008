// News-site pages that are not articles (WCXB dev, CC-BY; test/fixtures/classify/news-site/SOURCES.md):
// the page-form features see fronts, sections, hubs and a podcast show page for what they are, and
// the shipped model does not put them on the News page. Media and front evidence on small pages
// written here checks each feature on its own.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { computeFeatures, FEATURE_NAMES, type FeatureName } from "../../lib/classify/features.ts";
import { prepareHtml, preparePage } from "../../lib/classify/prepare-page.ts";
import { classifyPage } from "../../lib/classify/classify-page.ts";
import { loadDefaultClassifier } from "../../lib/classify/active-model.ts";

const dir = join(import.meta.dirname, "..", "fixtures", "classify", "news-site");
const articlesDir = join(import.meta.dirname, "..", "fixtures", "classify");
const urls = JSON.parse(readFileSync(join(dir, "urls.json"), "utf8")) as Record<string, string>;
const articleUrls = JSON.parse(readFileSync(join(articlesDir, "urls.json"), "utf8")) as Record<string, string>;
const page = (file: string) => preparePage({ bytes: gunzipSync(readFileSync(join(dir, file))), url: urls[file]! });
const feature = (v: Float64Array, name: FeatureName) => v[FEATURE_NAMES.indexOf(name)]!;

describe("news-site pages that are not articles", () => {
  it("has a fixture of each kind: front, section, topic collection, podcast show page", () => {
    const kinds = Object.keys(urls).map((f) => f.replace(/^wcxb-\d+-(\w+)\.html\.gz$/, "$1"));
    expect(new Set(kinds)).toEqual(new Set(["front", "section", "topic", "podcast"]));
  });

  it("fronts and sections: many linked headlines, teaser blocks, most text in links", () => {
    for (const file of Object.keys(urls).filter((f) => /front|section/.test(f))) {
      const { vector } = computeFeatures(page(file));
      expect(feature(vector, "log_linked_headings"), file).toBeGreaterThan(Math.log1p(10));
      expect(feature(vector, "linked_heading_ratio"), file).toBeGreaterThan(0.5);
    }
    const article = computeFeatures(preparePage({ bytes: gunzipSync(readFileSync(join(articlesDir, "wcxb-4500-article.html.gz"))), url: articleUrls["wcxb-4500-article.html.gz"]! }));
    const front = computeFeatures(page("wcxb-2962-section.html.gz"));
    expect(feature(front.vector, "log_linked_headings")).toBeGreaterThan(feature(article.vector, "log_linked_headings"));
  });

  it("the shipped model keeps every one of them off the News page, with a reason", () => {
    const model = loadDefaultClassifier();
    for (const file of Object.keys(urls)) {
      const d = classifyPage(model, page(file));
      expect(d.isNews, `${file}: ${d.score.toFixed(3)} ${d.reason}`).toBe(false);
      expect(d.reason.length).toBeGreaterThan(0);
    }
  });
});

describe("page-form evidence of media pages and fronts", () => {
  const html = (head: string, body: string) => `<!doctype html><html><head><title>Clip of the day</title>${head}</head><body>${body}</body></html>`;
  const prose = "<p>" + "A caption that says what the video shows and who filmed it on the day. ".repeat(2) + "</p>";

  it("og:type video, JSON-LD VideoObject / ImageGallery / PodcastEpisode, player elements", () => {
    const video = computeFeatures(prepareHtml(html(`<meta property="og:type" content="video.other"><script type="application/ld+json">{"@type":"VideoObject","name":"x"}</script>`,
      `<main><video src="/clip.mp4" controls></video>${prose}</main>`), "https://news.example/video/clip-of-the-day-123456"));
    expect(feature(video.vector, "og_type_media")).toBe(1);
    expect(feature(video.vector, "jsonld_media")).toBe(1);
    expect(feature(video.vector, "log_media_elements")).toBeCloseTo(Math.log1p(1));
    expect(feature(video.vector, "media_per_paragraph")).toBeGreaterThan(0.4);
    for (const type of ["ImageGallery", "PodcastEpisode"]) {
      const g = computeFeatures(prepareHtml(html(`<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"${type}"},{"@type":"Organization"}]}</script>`, prose), "https://news.example/x"));
      expect(feature(g.vector, "jsonld_media"), type).toBe(1);
    }
    const embed = computeFeatures(prepareHtml(html("", `<iframe src="https://player.example/embed/1"></iframe>${prose}`), "https://news.example/x"));
    expect(feature(embed.vector, "log_media_elements")).toBeGreaterThan(0);
  });

  it("WebPage JSON-LD with no article type; an article type is not 'generic only'", () => {
    const hub = computeFeatures(prepareHtml(html(`<script type="application/ld+json">[{"@type":"WebPage"},{"@type":"BreadcrumbList"}]</script>`, prose), "https://news.example/thema/wahl"));
    expect(feature(hub.vector, "jsonld_generic_only")).toBe(1);
    const story = computeFeatures(prepareHtml(html(`<script type="application/ld+json">[{"@type":"WebPage"},{"@type":"NewsArticle"}]</script>`, prose), "https://news.example/x"));
    expect(feature(story.vector, "jsonld_generic_only")).toBe(0);
    expect(feature(story.vector, "jsonld_news")).toBe(1);
  });

  it("teaser blocks: a linked headline with a summary paragraph beside it", () => {
    const teaser = (n: number) => `<div class="teaser"><h3><a href="/politik/story-${n}">Headline number ${n}</a></h3><p>Summary of story ${n}.</p></div>`;
    const front = computeFeatures(prepareHtml(html("", `<main>${Array.from({ length: 8 }, (_, i) => teaser(i)).join("")}</main>`), "https://news.example/politik/"));
    expect(feature(front.vector, "log_teaser_blocks")).toBeCloseTo(Math.log1p(8));
    expect(feature(front.vector, "linked_heading_ratio")).toBe(1);
  });

  it("URL shape: slug length, digit runs, an id inside the slug, a file extension", () => {
    const f = computeFeatures(prepareHtml(html("", prose), "https://news.example/politik/2024/05/minister-tritt-zurueck-a-1234567.html"));
    expect(feature(f.vector, "log_slug_chars")).toBeCloseTo(Math.log1p("minister-tritt-zurueck-a-1234567".length));
    expect(feature(f.vector, "log_url_digit_runs")).toBeCloseTo(Math.log1p(3));
    expect(feature(f.vector, "url_slug_has_id")).toBe(1);
    expect(feature(f.vector, "url_file_extension")).toBe(1);
  });
});
