import { describe, expect, it } from "vitest";
import { extractPageTokens, tokeniseUrlPath, tokeniseWords } from "../../lib/classify/tokens.ts";
import { TokenScorer } from "../../lib/classify/token-scorer.ts";
import { Classifier, MODEL_FORMAT, type Sample } from "../../lib/classify/model.ts";
import { evaluate, splitHeldOut } from "../../lib/classify/cross-validate.ts";
import { describeTokenScore } from "../../lib/classify/classify-page.ts";
import { createRandom } from "../../lib/classify/random.ts";

describe("page tokens", () => {
  it("splits text into lower-case word sets, dropping one-letter and overlong tokens", () => {
    expect(tokeniseWords("Der Bürgermeister sagt: a 2024 Überraschung!")).toEqual(["der", "bürgermeister", "sagt", "2024", "überraschung"]);
    expect(tokeniseWords(`x ${"a".repeat(31)} ok`)).toEqual(["ok"]);
    const t = extractPageTokens({ url: "https://example.org/news/a", extraction: { title: "Flood, flood!", text: "Water rose. Water fell." } });
    expect(t.title).toEqual(["flood"]);
    expect(t.text).toEqual(["water", "rose", "fell"]);
    expect(t.markup).toEqual([]); // no page given: no markup words
  });

  it("reads markup words from class, id, itemprop and role attributes, camelCase split, short ones dropped", () => {
    const html = `<html><body class="single-post"><div id="commentReplyForm" role="form"><p class="mt-2 js">x</p>
      <span itemprop="articleBody">y</span></div><script class="ignored-script"></script></body></html>`;
    const t = extractPageTokens({ html, url: "https://example.org/a", extraction: { title: "", text: "" } });
    expect(new Set(t.markup)).toEqual(new Set(["single", "post", "comment", "reply", "form", "article", "body"]));
  });

  it("reads markup words in the order the values' joined regular-expression split gives, non-ASCII values included", () => {
    const values = ["mainNavBAR h1Title", "x-ABCdef", "post-body", "\u212aelvin-block", "Über-uns caféMenu", "mainNavBAR h1Title", "aBcDeFgHiJ", "col-md-6 teaser"];
    const html = `<html><body>${values.map((v, i) => `<div ${["class", "id", "itemprop", "role"][i % 4]}="${v}">x</div>`).join("")}</body></html>`;
    const t = extractPageTokens({ html, url: "https://example.org/a", extraction: { title: "", text: "" } });
    const joined = [...new Set(values)].join(" ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
    expect(t.markup).toEqual([...new Set(joined.split(/[^a-z]+/).filter((w) => w.length >= 3 && w.length <= 20))]);
    expect(t.markup).toContain("kelvin"); // the Kelvin sign lower-cases to k
  });

  it("reads URL path words, digit runs by length, depth and query, but not the host", () => {
    expect(tokeniseUrlPath("https://news.example.com/politik/2024/05/wahl-ergebnis-123456789?id=1")).toEqual(
      ["politik", "#d4", "#d2", "wahl", "ergebnis", "#d6", "#depth4", "#query"]);
    expect(tokeniseUrlPath("https://example.com/")).toEqual(["#depth0"]);
    expect(tokeniseUrlPath("https://example.com/caf%C3%A9-m%C3%BCller")).toEqual(["café", "müller", "#depth1"]);
    expect(tokeniseUrlPath("not a url")).toEqual([]);
  });
});

describe("naive-Bayes token scorer", () => {
  const docs = [["election", "vote", "minister"], ["vote", "parliament"], ["election", "poll"], ["cart", "price", "vote"], ["price", "shipping"], ["cart", "shipping", "poll"]];
  const labels = [true, true, true, false, false, false];

  it("scores news words positive and shop words negative, and unknown words zero", () => {
    const s = TokenScorer.fit(docs, labels, { minPages: 2 });
    expect(s.score(["election", "vote"])).toBeGreaterThan(0);
    expect(s.score(["cart", "shipping"])).toBeLessThan(0);
    expect(s.score(["zebra"])).toBe(0);
    expect(s.strongestTokens(["election", "cart", "zebra"], true, 2)).toEqual(["election"]);
  });

  it("drops words seen on fewer pages than minPages", () => {
    expect(TokenScorer.fit(docs, labels, { minPages: 2 }).vocabularySize).toBe(6); // election vote cart price shipping poll
    expect(TokenScorer.fit(docs, labels, { minPages: 1 }).vocabularySize).toBe(8);
  });

  it("round-trips through JSON", () => {
    const s = TokenScorer.fit(docs, labels, { minPages: 1 });
    const copy = TokenScorer.fromJSON(JSON.parse(JSON.stringify(s)));
    for (const d of docs) expect(copy.score(d)).toBeCloseTo(s.score(d), 3);
  });
});

/** x carries a weak signal; the label is decided by which of two word pools the text draws from. */
function wordSamples(n: number, seed: number, informativeWords: boolean): Sample[] {
  const r = createRandom(seed);
  // Noise words come from a large pool, so each is on a few pages only: easy to memorise, useless to generalise.
  const pool = (prefix: string, size = informativeWords ? 40 : 400) => Array.from({ length: size }, (_, i) => `${prefix}${i}`);
  const news = pool("n"), other = pool("o"), shared = pool("s", 40);
  const pick = (words: string[], k: number) => Array.from({ length: k }, () => words[Math.floor(r() * words.length)]!);
  return Array.from({ length: n }, (_, i) => {
    const y = r() < 0.5;
    const own = informativeWords ? (y ? news : other) : (r() < 0.5 ? news : other);
    const x = Float64Array.from([(y ? 0.6 : -0.6) + (r() - 0.5) * 4, r()]);
    return { id: `w:${i}`, y, x, tokens: { text: [...pick(own, 12), ...pick(shared, 10)], url: pick(shared, 3), title: pick(own, 1), markup: pick(shared, 4) } };
  });
}

describe("classifier with word scores", () => {
  it("learns from the words what the features cannot tell", () => {
    const [train, test] = splitHeldOut(wordSamples(500, 3, true), 0.3, 1);
    const withWords = Classifier.fit(train, ["a", "b"], { kind: "mlp", hidden: 6, train: { seed: 2 } }).classifier;
    const without = Classifier.fit(train, ["a", "b"], { kind: "mlp", hidden: 6, train: { seed: 2 }, tokenScores: false }).classifier;
    expect(withWords.usesTokens).toBe(true);
    expect(withWords.inputNames).toEqual(["a", "b", "words_text", "words_url", "words_title", "words_markup"]);
    expect(without.usesTokens).toBe(false);
    expect(evaluate(withWords, test).accuracy).toBeGreaterThan(0.95);
    expect(evaluate(without, test).accuracy).toBeLessThan(0.8);
  });

  it("does not trust words that only fit the training rows (scores are cross-fitted)", () => {
    // Words are noise here: an in-sample naive Bayes would still separate the training rows and
    // the network would lean on it; cross-fitted scores show the words are worthless.
    const [train, test] = splitHeldOut(wordSamples(600, 5, false), 0.3, 1);
    const model = Classifier.fit(train, ["a", "b"], { kind: "logreg", train: { seed: 2 } }).classifier;
    const featuresOnly = Classifier.fit(train, ["a", "b"], { kind: "logreg", train: { seed: 2 }, tokenScores: false }).classifier;
    expect(evaluate(model, test).accuracy).toBeGreaterThan(evaluate(featuresOnly, test).accuracy - 0.05);
    const weights = (model.toJSON().params as number[]).slice(2, 6).map(Math.abs);
    const featureWeight = Math.abs(model.toJSON().params[0]!);
    for (const w of weights) expect(w).toBeLessThan(featureWeight);
  });

  it("round-trips a word model through JSON with the same scores, in the current format", () => {
    const data = wordSamples(200, 7, true);
    const model = Classifier.fit(data, ["a", "b"], { kind: "mlp", hidden: 4, train: { seed: 1 } }).classifier;
    const json = JSON.parse(JSON.stringify(model));
    expect(json.format).toBe(MODEL_FORMAT);
    expect(json.tokenScorers.map((t: { field: string }) => t.field)).toEqual(["text", "url", "title", "markup"]);
    const copy = Classifier.fromJSON(json);
    for (const s of data.slice(0, 20)) expect(copy.score(s)).toBeCloseTo(model.score(s), 3);
    expect(() => Classifier.fromJSON({ ...json, format: "lede-classifier/1" })).toThrow();
    expect(() => Classifier.fromJSON({ ...json, format: "lede-classifier/2" })).toThrow();
  });

  it("names the words behind a word-based decision", () => {
    expect(describeTokenScore("url", ["politics", "#d4", "#depth3"], true)).toBe('news-like URL words ("politics", 4-digit number, path depth 3)');
    expect(describeTokenScore("url", ["#depth0", "#query"], false)).toBe("not-news URL words (site root, query string)");
    expect(describeTokenScore("title", [], false)).toBe("not-news title words");
    expect(describeTokenScore("markup", ["reply"], false)).toBe('not-news page markup words ("reply")');
  });
});
